/**
 * Choosing a person or a service by typing part of the name: a search box and the matches as a
 * select (labelled, keyboard-usable without a custom listbox). The query waits until the text has
 * settled, so typing does not send a request per key.
 */
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import type { TicketsServiceSearchQuery, TicketsUserSearchQuery, TicketsUserSearchQueryVariables } from '../../gql/graphql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField, TextField } from '../../ui/fields';
import { SERVICES, USERS } from './documents';

function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

interface PickerProps {
  readonly label: string;
  readonly value: string | null;
  readonly onChange: (id: string | null) => void;
  /** The choice meaning "nobody"/"none", e.g. "Anyone". */
  readonly emptyLabel: string;
  /** Shown for `value` when the matches do not contain it (the current choice's name). */
  readonly currentLabel?: string | null;
}

function Picker({ label, value, onChange, emptyLabel, currentLabel, kind }: PickerProps & { kind: 'user' | 'service' }) {
  const [text, setText] = useState('');
  const search = useSettled(text.trim());
  const [result] = useQuery<Partial<TicketsUserSearchQuery & TicketsServiceSearchQuery>, TicketsUserSearchQueryVariables>({
    query: kind === 'user' ? USERS : SERVICES,
    variables: { search: search || null },
  });
  const matches =
    kind === 'user'
      ? (result.data?.users ?? []).map((u) => ({ value: u.id, label: u.displayName ? `${u.displayName} (${u.username})` : u.username }))
      : (result.data?.services ?? []).map((s) => ({ value: s.id, label: `${s.displayName ?? s.name} — ${s.nodeId}` }));
  const options = [{ value: '', label: emptyLabel }, ...matches];
  if (value && !matches.some((m) => m.value === value)) options.splice(1, 0, { value, label: currentLabel ?? value });
  return (
    <div className="picker">
      <TextField
        label={`Search ${label.toLowerCase()}`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Part of the name"
      />
      <SelectField label={label} value={value ?? ''} options={options} onChange={(e) => onChange(e.target.value || null)} />
      <ErrorNotice error={result.error} />
    </div>
  );
}

export function UserPicker(props: PickerProps) {
  return <Picker {...props} kind="user" />;
}

export function ServicePicker(props: PickerProps) {
  return <Picker {...props} kind="service" />;
}
