/** The list's filters: every field of TicketFilter, each change written to the URL at once. */
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { SelectField, TextField } from '../../ui/fields';
import { hasFilters, withFilter, type ListState } from './ticketFilters';
import {
  CATEGORY_LABEL,
  optionsOf,
  PRIORITIES,
  SEVERITY_LABEL,
  TYPE_LABEL,
  type Priority,
  type Severity,
  type StatusCategory,
  type TicketType,
} from './ticketModel';
import { ServicePicker, UserPicker } from './pickers';
import { TICKETS_GROUPS } from './documents';

const EMPTY: Omit<ListState, 'sort' | 'direction' | 'page'> = {
  statusCategory: null,
  priority: null,
  type: null,
  impact: null,
  assigneeId: null,
  groupId: null,
  serviceId: null,
  text: '',
};

export function TicketFilterBar({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  const viewer = useViewer();
  const [groups] = useQuery({ query: TICKETS_GROUPS });
  const [text, setText] = useState(state.text);
  useEffect(() => setText(state.text), [state.text]);
  const set = (change: Partial<ListState>) => onChange(withFilter(state, change));
  const submitText = (event: FormEvent) => {
    event.preventDefault();
    set({ text: text.trim() });
  };
  return (
    <form className="ticket-filters" role="search" aria-label="Filter tickets" onSubmit={submitText}>
      <TextField
        label="Title or number"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() !== state.text && set({ text: text.trim() })}
      />
      <SelectField
        label="Status"
        value={state.statusCategory ?? ''}
        options={optionsOf(CATEGORY_LABEL, 'Any status')}
        onChange={(e) => set({ statusCategory: (e.target.value || null) as StatusCategory | null })}
      />
      <SelectField
        label="Priority"
        value={state.priority ?? ''}
        options={[{ value: '', label: 'Any priority' }, ...PRIORITIES.map((p) => ({ value: p, label: p }))]}
        onChange={(e) => set({ priority: (e.target.value || null) as Priority | null })}
      />
      <SelectField
        label="Type"
        value={state.type ?? ''}
        options={optionsOf(TYPE_LABEL, 'Any type')}
        onChange={(e) => set({ type: (e.target.value || null) as TicketType | null })}
      />
      <SelectField
        label="Impact"
        value={state.impact ?? ''}
        options={optionsOf(SEVERITY_LABEL, 'Any impact')}
        onChange={(e) => set({ impact: (e.target.value || null) as Severity | null })}
      />
      <SelectField
        label="Group"
        value={state.groupId ?? ''}
        options={[{ value: '', label: 'Any group' }, ...(groups.data?.availableGroups ?? []).map((g) => ({ value: g.id, label: g.name }))]}
        onChange={(e) => set({ groupId: e.target.value || null })}
      />
      <UserPicker
        label="Assignee"
        value={state.assigneeId}
        onChange={(assigneeId) => set({ assigneeId })}
        emptyLabel="Anyone"
        currentLabel={state.assigneeId === viewer.id ? 'Me' : null}
      />
      <ServicePicker label="Service" value={state.serviceId} onChange={(serviceId) => set({ serviceId })} emptyLabel="Any service" />
      <div className="field">
        <button type="submit">Apply</button>
      </div>
      {hasFilters(state) ? (
        <div className="field">
          <button type="button" onClick={() => onChange({ ...state, ...EMPTY, page: 0 })}>
            Clear filters
          </button>
        </div>
      ) : null}
    </form>
  );
}
