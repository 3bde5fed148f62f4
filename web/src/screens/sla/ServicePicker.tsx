/** Find a service by part of its name and pick it (for assignments and service-scoped targets). */
import type { SlaServiceSearchQuery } from '../../gql/graphql';
import { useDeferredValue, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { SEARCH } from './documents';

export type PickedService = SlaServiceSearchQuery['services'][number];

export function ServicePicker({
  label,
  onPick,
  disabled,
}: {
  label: string;
  onPick: (service: PickedService) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const [result] = useQuery({ query: SEARCH, variables: { search }, pause: search.length < 2 });
  const services = search.length >= 2 ? result.data?.services : undefined;
  return (
    <div className="sla-picker">
      <TextField
        label={label}
        type="search"
        value={text}
        hint="Two or more letters of its name"
        onChange={(e) => setText(e.target.value)}
        disabled={disabled}
      />
      <ErrorNotice error={result.error} />
      {services && services.length === 0 ? <p className="muted">No service matches “{search}”.</p> : null}
      {services && services.length > 0 ? (
        <ul className="sla-picker-results" aria-label={`Services matching ${search}`}>
          {services.map((service) => (
            <li key={service.id}>
              <button type="button" className="button-link" disabled={disabled} onClick={() => onPick(service)}>
                {service.name}
              </button>{' '}
              <span className="muted">{service.path}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
