/** The SLA overview: the fleet's figures this period, open alerts and open incidents, live. */
import { useCallback, useState } from 'react';
import { useQuery } from 'urql';
import { Link } from '../../app/router';
import type { ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { formatAttainment, notJudgedCount } from './slaFigures';
import type { DashboardStats } from './slaTypes';
import { useCoalesced, useSlaEvents } from './useSlaEvents';
import { Badge } from '../../ui/kit/Badge';
import { alertKindBadge, alertStatusBadge, severityBadge } from './slaBadges';
import { OVERVIEW } from './documents';
import './sla.css';

export default function OverviewScreen(_props: ScreenProps) {
  const [result, reexecute] = useQuery({ query: OVERVIEW });
  const [announcement, setAnnouncement] = useState('');
  const refetch = useCoalesced(() => reexecute({ requestPolicy: 'network-only' }));
  const onEvent = useCallback(
    (event: { event: string }) => {
      setAnnouncement(event.event === 'sla:alert' ? 'SLA alerts changed.' : 'SLA incidents changed.');
      refetch();
    },
    [refetch],
  );
  const liveError = useSlaEvents(onEvent, Boolean(result.error));
  const data = result.data;
  return (
    <>
      <PageHeader title="SLA overview" subtitle="This period's figures of every service an SLA definition covers." />
      <ErrorNotice error={result.error} />
      <ErrorNotice error={liveError} title="Live updates stopped (reload to try again)" />
      <div className="sla-live" aria-live="polite">
        {announcement}
      </div>
      {!data && result.fetching ? <Loading label="Loading the SLA figures" /> : null}
      {data ? (
        <>
          <StatsCards stats={data.slaDashboardStats} />
          <div className="grid sla-overview-lists">
            <section className="card" aria-labelledby="sla-open-alerts">
              <h2 id="sla-open-alerts">
                Alerts needing attention <Badge>{data.openAlertCount} open</Badge>
              </h2>
              {data.slaAlerts.length === 0 ? <p className="muted">No open or acknowledged alerts.</p> : null}
              <ul className="sla-list">
                {data.slaAlerts.map((alert) => (
                  <li key={alert.id}>
                    <Badge {...alertStatusBadge(alert.status)} /> <Badge {...alertKindBadge(alert.kind)} /> {alert.message}{' '}
                    <span className="muted">{formatRelative(alert.raisedAt)}</span>
                  </li>
                ))}
              </ul>
              <Link to="/sla/alerts">All alerts</Link>
            </section>
            <section className="card" aria-labelledby="sla-open-incidents">
              <h2 id="sla-open-incidents">
                Open incidents <Badge>{data.openIncidentCount}</Badge>
              </h2>
              {data.slaIncidents.length === 0 ? <p className="muted">No open incidents.</p> : null}
              <ul className="sla-list">
                {data.slaIncidents.map((incident) => (
                  <li key={incident.id}>
                    <Badge {...severityBadge(incident.severity)} /> <Link to={`/sla/incidents/${incident.id}`}>{incident.title}</Link>
                    {incident.service ? (
                      <>
                        {' '}
                        on <Link to={`/services/${incident.service.id}`}>{incident.service.name}</Link>
                      </>
                    ) : null}{' '}
                    <span className="muted">since {formatRelative(incident.startedAt)}</span>
                  </li>
                ))}
              </ul>
              <Link to="/sla/incidents">All incidents</Link>
            </section>
          </div>
        </>
      ) : null}
    </>
  );
}

function StatsCards({ stats }: { stats: DashboardStats }) {
  const figures: [string, string, string?][] = [
    // Without a covered service the server's mean has nothing behind it: say so rather than "100 %".
    ['Average uptime', stats.servicesWithSla === 0 ? 'No data' : formatAttainment(stats.averageUptime)],
    ['Services with an SLA', `${stats.servicesWithSla} of ${stats.totalServices}`],
    ['Met', String(stats.metCount), 'sla-figure-met'],
    ['At risk', String(stats.atRiskCount), 'sla-figure-risk'],
    ['Breached', String(stats.breachedCount), 'sla-figure-breached'],
    // Covered services without a verdict yet (no data, or too little of the period seen): counted, not hidden.
    ['Insufficient data', String(notJudgedCount(stats)), 'sla-figure-unjudged'],
  ];
  return (
    <dl className="sla-stats" data-testid="sla-stats">
      {figures.map(([label, value, className]) => (
        <div className={`card sla-stat ${className ?? ''}`} key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
