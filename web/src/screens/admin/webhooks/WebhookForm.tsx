/**
 * Create or edit a webhook. The secret field is write-only: it starts empty and, on edit, says
 * whether one is set; typing one replaces it, the checkbox removes it.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { BACKOFFS, METHODS, validateWebhook, type WebhookErrors, type WebhookValues } from './webhookForm';
import { WEBHOOK_EVENT_TYPES } from './documents';

export function WebhookForm({
  initial,
  hasSecret,
  busy,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: WebhookValues;
  /** Editing a webhook that has a secret (null: creating). */
  hasSecret: boolean | null;
  busy: boolean;
  serverError?: ReactNode;
  submitLabel: string;
  onSubmit: (values: WebhookValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WebhookErrors>({});
  const [types] = useQuery({ query: WEBHOOK_EVENT_TYPES });
  const set = (name: keyof WebhookValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const toggleEvent = (type: string, on: boolean) =>
    setValues((v) => ({ ...v, events: on ? [...v.events, type] : v.events.filter((e) => e !== type) }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateWebhook(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values);
  };
  const eventTypes = [...new Set([...(types.data?.webhookEventTypes ?? []), ...values.events])];
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label={submitLabel} noValidate>
      <TextField
        label="Receiver URL"
        value={values.url}
        onChange={set('url')}
        error={errors.url}
        placeholder="https://hooks.example.com/svc"
        required
      />
      <TextField label="Name" value={values.name} onChange={set('name')} hint="Defaults to the URL's host." />
      <fieldset className="checkbox-list" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend>Events</legend>
        <ErrorNotice error={types.error} />
        {eventTypes.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={values.events.includes(type)} onChange={(event) => toggleEvent(type, event.target.checked)} />
            {type}
          </label>
        ))}
        {errors.events ? (
          <div className="field-error" id="webhook-events-error" role="alert">
            {errors.events}
          </div>
        ) : null}
      </fieldset>
      <TextField
        label="Signing secret"
        type="password"
        autoComplete="new-password"
        value={values.secret}
        onChange={set('secret')}
        error={errors.secret}
        disabled={values.removeSecret}
        hint={
          hasSecret === null
            ? 'Optional, 16 to 256 characters: deliveries are signed with it. It is never shown again.'
            : hasSecret
              ? 'A secret is set (never shown). Type a new one to replace it, or leave empty to keep it.'
              : 'No secret is set. Type one to sign deliveries.'
        }
      />
      {hasSecret ? (
        <label className="row">
          <input
            type="checkbox"
            checked={values.removeSecret}
            onChange={(event) => setValues((v) => ({ ...v, removeSecret: event.target.checked, secret: '' }))}
          />
          Remove the secret (deliveries are no longer signed)
        </label>
      ) : null}
      <label className="row">
        <input type="checkbox" checked={values.enabled} onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))} />
        Active (unchecked: paused, sends nothing)
      </label>
      <details>
        <summary>Delivery settings</summary>
        <SelectField label="Method" value={values.method} onChange={set('method')} options={METHODS.map((m) => ({ value: m, label: m }))} />
        <TextAreaField
          label="Headers"
          value={values.headers}
          onChange={set('headers')}
          error={errors.headers}
          hint={
            hasSecret === null
              ? 'One per line, "Name: value". Values are write-only: never shown again.'
              : 'One per line, "Name: value". Stored values are never shown: "Name:" with nothing after it keeps the stored value; type a value to replace it; delete the line to remove the header.'
          }
        />
        <TextAreaField
          label="Filters"
          value={values.filters}
          onChange={set('filters')}
          error={errors.filters}
          hint='JSON object of path: value, e.g. {"service.status": "DOWN"}; empty: every event.'
        />
        <TextAreaField
          label="Payload template"
          value={values.customPayloadTemplate}
          onChange={set('customPayloadTemplate')}
          error={errors.customPayloadTemplate}
          hint="JSON template text; empty: the default body."
        />
        <TextField label="Timeout (ms)" inputMode="numeric" value={values.timeoutMs} onChange={set('timeoutMs')} error={errors.timeoutMs} />
        <TextField label="Retries" inputMode="numeric" value={values.retryMax} onChange={set('retryMax')} error={errors.retryMax} />
        <TextField
          label="Retry delay (ms)"
          inputMode="numeric"
          value={values.retryDelayMs}
          onChange={set('retryDelayMs')}
          error={errors.retryDelayMs}
        />
        <SelectField
          label="Backoff"
          value={values.retryBackoff}
          onChange={set('retryBackoff')}
          options={BACKOFFS.map((b) => ({ value: b, label: b.charAt(0) + b.slice(1).toLowerCase() }))}
        />
      </details>
      {serverError}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
