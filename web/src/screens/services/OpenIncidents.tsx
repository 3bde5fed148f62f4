/** The service's open SLA incidents (sla plugin), newest first. */
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime, formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { useNetworkRefetchOnKeyChange } from '../../ui/kit/refetch';
import { Badge } from '../../ui/kit/Badge';
import { OpenIncidentsDocument } from './documents';

/** `statusKey` changes with the service's status: automatic incidents open and close with it, so the list is asked again. */
export function OpenIncidents({ serviceId, statusKey }: { serviceId: string; statusKey: string }) {
  const [result, reexecute] = useQuery({ query: OpenIncidentsDocument, variables: { serviceId } });
  useNetworkRefetchOnKeyChange(statusKey, reexecute);
  if (result.fetching && !result.data) return <Loading label="Loading incidents" />;
  if (result.error) return <ErrorNotice error={result.error} />;
  const incidents = result.data?.slaIncidents ?? [];
  if (incidents.length === 0) return <p className="muted">No open incidents.</p>;
  return (
    <ul className="incident-list">
      {incidents.map((incident) => (
        <li key={incident.id}>
          <Badge palette={`severity-${incident.severity.toLowerCase()}`}>{incident.severity}</Badge> <strong>{incident.title}</strong>{' '}
          <span className="muted">
            since{' '}
            <time dateTime={incident.startedAt} title={formatDateTime(incident.startedAt)}>
              {formatRelative(incident.startedAt)}
            </time>{' '}
            · {incident.source === 'AUTOMATIC' ? 'opened by the status' : 'recorded by hand'}
          </span>
        </li>
      ))}
    </ul>
  );
}
