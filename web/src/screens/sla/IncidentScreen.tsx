/** One SLA incident: what happened, to which service, against which definitions, and its ticket. */
import { useQuery } from 'urql';
import { Link, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime, formatMinutes } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { incidentMinutes } from './slaFigures';
import { Badge } from '../../ui/kit/Badge';
import { severityBadge } from './slaBadges';
import { INCIDENT, TICKET } from './documents';
import './sla.css';

// Apart: SLAIncident.ticket is the ticketing plugin's field, PLUGIN_INACTIVE while that plugin is off.

function IncidentTicket({ id }: { id: string }) {
  const [result] = useQuery({ query: TICKET, variables: { id } });
  if (result.error) {
    const inactive = result.error.graphQLErrors.some((e) => e.extensions?.['code'] === 'PLUGIN_INACTIVE');
    return inactive ? <span className="muted">— (the ticketing plugin is not active)</span> : <ErrorNotice error={result.error} />;
  }
  const ticket = result.data?.slaIncident?.ticket;
  if (!ticket) return <>—</>;
  return (
    <>
      <Link to={`/tickets/${ticket.id}`}>{ticket.number}</Link> <span className="muted">({ticket.status})</span>
    </>
  );
}

export default function IncidentScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const [result] = useQuery({ query: INCIDENT, variables: { id } });
  const incident = result.data?.slaIncident;
  return (
    <>
      <PageHeader title={incident?.title ?? 'SLA incident'} subtitle={<Link to="/sla/incidents">All incidents</Link>} />
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the incident" /> : null}
      {result.data && !incident ? <p>There is no such incident.</p> : null}
      {incident ? (
        <section className="card sla-incident" aria-label="Incident">
          {incident.description ? <p>{incident.description}</p> : null}
          <dl className="facts">
            <dt>State</dt>
            <dd>{incident.open ? <Badge tone="down">Open</Badge> : 'Closed'}</dd>
            <dt>Severity</dt>
            <dd>
              <Badge {...severityBadge(incident.severity)} />
            </dd>
            <dt>Service</dt>
            <dd>{incident.service ? <Link to={`/services/${incident.service.id}`}>{incident.service.name}</Link> : 'deleted'}</dd>
            <dt>Started</dt>
            <dd>{formatDateTime(incident.startedAt)}</dd>
            <dt>Ended</dt>
            <dd>{incident.endedAt ? formatDateTime(incident.endedAt) : 'still open'}</dd>
            <dt>Duration</dt>
            <dd>{formatMinutes(incidentMinutes(incident))}</dd>
            <dt>Recorded</dt>
            <dd>{incident.source === 'AUTOMATIC' ? 'by the service’s status' : 'by a person'}</dd>
            <dt>Counts against</dt>
            <dd>
              {incident.definitions.length === 0
                ? '—'
                : incident.definitions.map((d, i) => (
                    <span key={d.id}>
                      {i > 0 ? ', ' : ''}
                      <Link to={`/sla/definitions/${d.id}`}>{d.name}</Link>
                    </span>
                  ))}
            </dd>
            <dt>Resolution</dt>
            <dd>{incident.resolution ?? '—'}</dd>
            <dt>Ticket</dt>
            <dd>
              <IncidentTicket id={incident.id} />
            </dd>
          </dl>
        </section>
      ) : null}
    </>
  );
}
