/**
 * The service filters: statuses apply at once; text fields are a draft applied with Enter or the
 * Apply button (so typing does not refetch on every key). The screen remounts this form when the
 * view changes elsewhere (a saved filter, the URL), so the draft always starts from the view.
 */
import { useState, type FormEvent } from 'react';
import { TextField } from '../../ui/fields';
import { EMPTY_FILTER, STATUSES, STORAGE_STATES, type FleetFilter, type StorageState } from './fleetFilter';
import type { ServiceStatus } from '../../gql/graphql';

const STATUS_WORDS: Record<ServiceStatus, string> = {
  OPERATIONAL: 'Operational',
  DEGRADED: 'Degraded',
  DOWN: 'Down',
  MAINTENANCE: 'Maintenance',
  UNKNOWN: 'Unknown',
};
const STORAGE_WORDS: Record<StorageState, string> = {
  CRITICAL: 'Critical (under 10 % free)',
  WARNING: 'Warning (10 % to 30 % free)',
  HEALTHY: 'Healthy',
};

type TextKey = 'search' | 'criticality' | 'serviceType' | 'tag' | 'namespace' | 'slaGroup';
const TEXT_FIELDS: readonly { key: TextKey; label: string; placeholder?: string }[] = [
  { key: 'search', label: 'Name', placeholder: 'part of the name' },
  { key: 'criticality', label: 'Criticality' },
  { key: 'serviceType', label: 'Service type' },
  { key: 'tag', label: 'Tag' },
  { key: 'namespace', label: 'Namespace' },
  { key: 'slaGroup', label: 'SLA group' },
];

export function FilterBar({ filter, onChange }: { filter: FleetFilter; onChange(filter: FleetFilter): void }) {
  const [draft, setDraft] = useState(filter);
  const toggleStatus = (status: ServiceStatus, on: boolean) => {
    const statuses = on ? [...draft.statuses, status] : draft.statuses.filter((s) => s !== status);
    const next = { ...draft, statuses };
    setDraft(next);
    onChange({ ...filter, statuses });
  };
  const toggleStorage = (state: StorageState, on: boolean) => {
    const chosen = draft.storage ?? [];
    const storage = on ? [...chosen, state] : chosen.filter((s) => s !== state);
    setDraft({ ...draft, storage });
    onChange({ ...filter, storage });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, node: filter.node });
  };
  const anySet = draft.statuses.length > 0 || (draft.storage?.length ?? 0) > 0 || TEXT_FIELDS.some(({ key }) => filter[key] !== '');
  return (
    <form className="filter-bar" onSubmit={submit} aria-label="Service filters">
      <fieldset className="status-choice">
        <legend>Status</legend>
        {STATUSES.map((status) => (
          <label key={status} className="check">
            <input
              type="checkbox"
              checked={draft.statuses.includes(status)}
              onChange={(event) => toggleStatus(status, event.target.checked)}
            />
            {STATUS_WORDS[status]}
          </label>
        ))}
      </fieldset>
      <fieldset className="status-choice">
        <legend>Storage</legend>
        {STORAGE_STATES.map((state) => (
          <label key={state} className="check">
            <input
              type="checkbox"
              checked={draft.storage?.includes(state) ?? false}
              onChange={(event) => toggleStorage(state, event.target.checked)}
            />
            {STORAGE_WORDS[state]}
          </label>
        ))}
      </fieldset>
      <div className="filter-fields">
        {TEXT_FIELDS.map(({ key, label, placeholder }) => (
          <TextField
            key={key}
            label={label}
            type={key === 'search' ? 'search' : 'text'}
            placeholder={placeholder}
            value={draft[key]}
            onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
          />
        ))}
      </div>
      <div className="row">
        <button type="submit" className="button-primary">
          Apply filters
        </button>
        <button type="button" disabled={!anySet} onClick={() => onChange({ ...EMPTY_FILTER, node: filter.node })}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
