/**
 * Create or edit an SLA definition: every field of CreateSLADefinitionInput, checked here first
 * (definitionForm.ts), then the server's answer (a taken name, FORBIDDEN) shown beside the form.
 */
import { useState, type FormEvent } from 'react';
import type { CombinedError } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField, TextAreaField, TextField } from '../../ui/fields';
import {
  PERIODS,
  validateDefinition,
  type DefinitionFields,
  type DefinitionInput,
  type FieldErrors,
  type RuleFields,
} from './definitionForm';

const PERIOD_LABEL: Record<string, string> = { DAY: 'Day', WEEK: 'Week (from Monday)', MONTH: 'Month', QUARTER: 'Quarter', YEAR: 'Year' };

export interface DefinitionFormProps {
  readonly initial: DefinitionFields;
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly error?: CombinedError | undefined;
  readonly onSubmit: (input: DefinitionInput) => void;
  readonly onCancel?: () => void;
}

export function DefinitionForm({ initial, submitLabel, busy, error, onSubmit, onCancel }: DefinitionFormProps) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof DefinitionFields>(key: K, value: DefinitionFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const setRule = (which: 'fast' | 'slow', key: keyof RuleFields, value: string) =>
    setFields((current) => ({ ...current, [which]: { ...current[which], [key]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateDefinition(fields);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.input);
  };

  const rule = (which: 'fast' | 'slow', title: string) => (
    <fieldset className="sla-fieldset">
      <legend>{title}</legend>
      <div className="sla-form-row">
        <TextField
          label="Threshold (×)"
          inputMode="decimal"
          value={fields[which].threshold}
          error={errors[`${which}.threshold`]}
          onChange={(e) => setRule(which, 'threshold', e.target.value)}
        />
        <TextField
          label="Long window (min)"
          inputMode="numeric"
          value={fields[which].longWindowMinutes}
          error={errors[`${which}.longWindowMinutes`]}
          onChange={(e) => setRule(which, 'longWindowMinutes', e.target.value)}
        />
        <TextField
          label="Short window (min)"
          inputMode="numeric"
          value={fields[which].shortWindowMinutes}
          error={errors[`${which}.shortWindowMinutes`]}
          onChange={(e) => setRule(which, 'shortWindowMinutes', e.target.value)}
        />
      </div>
    </fieldset>
  );

  return (
    <form className="card sla-form" onSubmit={submit} noValidate aria-label="SLA definition">
      <TextField
        label="Name"
        value={fields.name}
        error={errors['name']}
        maxLength={200}
        required
        onChange={(e) => set('name', e.target.value)}
      />
      <TextAreaField label="Description" value={fields.description} onChange={(e) => set('description', e.target.value)} />
      <div className="sla-form-row">
        <TextField
          label="Target (%)"
          inputMode="decimal"
          value={fields.targetPercent}
          error={errors['targetPercent']}
          hint="Above 0, at most 100, e.g. 99.9"
          required
          onChange={(e) => set('targetPercent', e.target.value)}
        />
        <SelectField
          label="Period"
          value={fields.period}
          options={PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] ?? p }))}
          onChange={(e) => set('period', e.target.value as DefinitionFields['period'])}
        />
        <TextField
          label="Time zone"
          value={fields.timeZone}
          error={errors['timeZone']}
          hint="IANA name such as Europe/Berlin; empty for UTC"
          onChange={(e) => set('timeZone', e.target.value)}
        />
      </div>
      <label className="sla-check">
        <input type="checkbox" checked={fields.degradedCountsAsDown} onChange={(e) => set('degradedCountsAsDown', e.target.checked)} />{' '}
        DEGRADED time counts as downtime
      </label>
      <details className="sla-details">
        <summary>Burn-rate alerts</summary>
        <p className="muted">An alert opens when the error budget burns faster than the threshold over both windows.</p>
        {rule('fast', 'Fast burn')}
        {rule('slow', 'Slow burn')}
      </details>
      <details className="sla-details">
        <summary>Tickets (ticketing plugin)</summary>
        <label className="sla-check">
          <input type="checkbox" checked={fields.raiseTicket} onChange={(e) => set('raiseTicket', e.target.checked)} /> Raise an INCIDENT
          ticket when an SLA incident opens
        </label>
        <TextField
          label="Catalog item for those tickets"
          value={fields.ticketCatalogItem}
          hint="An INCIDENT catalog item's name; empty for none"
          onChange={(e) => set('ticketCatalogItem', e.target.value)}
        />
      </details>
      {Object.keys(errors).length > 0 ? (
        <div className="notice notice-warn" role="status">
          Correct the marked fields, then save again.
        </div>
      ) : null}
      <ErrorNotice error={error} title="Not saved" />
      <div className="row">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
