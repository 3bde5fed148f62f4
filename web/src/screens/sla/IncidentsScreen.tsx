/** SLA incidents, newest first: open, closed or all, changing live as outages open and close. */
import { useCallback, useState } from 'react';
import { useQuery } from 'urql';
import { Link, useQueryParams, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { formatDateTime, formatMinutes } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { incidentMinutes } from './slaFigures';
import { useCoalesced, useSlaEvents } from './useSlaEvents';
import { Badge } from '../../ui/kit/Badge';
import { severityBadge } from './slaBadges';
import { INCIDENTS } from './documents';
import './sla.css';

const STATES = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

export default function IncidentsScreen(_props: ScreenProps) {
  const [params, setParam] = useQueryParams();
  const state = params.get('state') ?? '';
  const filter = state === 'open' ? { open: true } : state === 'closed' ? { open: false } : {};
  const [limit, setLimit] = useState(100);
  const [result, reexecute] = useQuery({ query: INCIDENTS, variables: { filter, limit } });
  const [announcement, setAnnouncement] = useState('');
  const refetch = useCoalesced(() => reexecute({ requestPolicy: 'network-only' }));
  const onEvent = useCallback(
    (event: { event: string; data: string }) => {
      if (event.event !== 'sla:incident') return;
      setAnnouncement('Incidents changed.');
      refetch();
    },
    [refetch],
  );
  const liveError = useSlaEvents(onEvent, Boolean(result.error));
  const incidents = result.data?.slaIncidents;
  const count = result.data?.slaIncidentCount;
  return (
    <>
      <PageHeader title="SLA incidents" subtitle="Outages of covered services: opened and closed by their status, or recorded by people." />
      <form className="row sla-filters" aria-label="Filter incidents" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="State" value={state} options={STATES} onChange={(e) => setParam('state', e.target.value)} />
        {count !== undefined ? (
          <span className="muted">
            {count} incident{count === 1 ? '' : 's'}
          </span>
        ) : null}
      </form>
      <div className="sla-live" aria-live="polite">
        {announcement}
      </div>
      <ErrorNotice error={result.error} />
      <ErrorNotice error={liveError} title="Live updates stopped (reload to try again)" />
      {!incidents && result.fetching ? <Loading label="Loading incidents" /> : null}
      {incidents && incidents.length === 0 ? <p className="muted">No incidents.</p> : null}
      {incidents && incidents.length > 0 ? (
        <table className="table" aria-label="SLA incidents">
          <thead>
            <tr>
              <th scope="col">Incident</th>
              <th scope="col">Severity</th>
              <th scope="col">Service</th>
              <th scope="col">Started</th>
              <th scope="col">Duration</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {incidents.map((incident) => (
              <tr key={incident.id}>
                <td>
                  <Link to={`/sla/incidents/${incident.id}`}>{incident.title}</Link>{' '}
                  {incident.open ? <Badge tone="down">Open</Badge> : null}
                </td>
                <td>
                  <Badge {...severityBadge(incident.severity)} />
                </td>
                <td>
                  {incident.service ? (
                    <Link to={`/services/${incident.service.id}`}>{incident.service.name}</Link>
                  ) : (
                    <span className="muted">deleted</span>
                  )}
                </td>
                <td>{formatDateTime(incident.startedAt)}</td>
                <td>
                  {formatMinutes(incidentMinutes(incident))}
                  {incident.open ? ' so far' : ''}
                </td>
                <td>{incident.source.toLowerCase()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {incidents && count !== undefined && count > incidents.length ? (
        <button type="button" onClick={() => setLimit((l) => l + 100)} disabled={result.fetching}>
          Show more
        </button>
      ) : null}
    </>
  );
}
