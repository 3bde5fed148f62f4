/**
 * A service's page: its live status, what it reports (replicas, images, dependencies, backups,
 * storage), its SLA figures and trends, open incidents and maintenance windows; who else is viewing,
 * and the hand-edited fields behind edit locks.
 */
import { useState } from 'react';
import { useQuery, useSubscription } from 'urql';
import type { ScreenProps } from '../../app/router';
import { AlsoViewing } from '../../realtime/AlsoViewing';
import { useEditLocks } from '../../realtime/useEditLocks';
import { usePresence } from '../../realtime/usePresence';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime, formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { newestStatus } from './liveStatus';
import { MaintenanceWindows } from './MaintenanceWindows';
import { OpenIncidents } from './OpenIncidents';
import { ServiceDetailsForm } from './ServiceDetailsForm';
import { Backups, Dependencies, Storage, Workload } from './ServiceFacts';
import type { ServicesStatusChangedSubscription } from '../../gql/graphql';
import { ServicePageDocument, ServiceStatusDocument, type StatusChange } from './documents';
import { SlaFigures } from './SlaFigures';
import { SlaTrends } from './SlaTrends';
import { useNetworkRefetchOnKeyChange } from '../../ui/kit/refetch';
import { useOnLiveRecovered } from '../../api/useLiveConnection';
import { PluginNotice } from '../../app/PluginNotice';
import { usePluginGate } from '../../app/PluginsContext';
import { Badge } from '../../ui/kit/Badge';
import { serviceStatusBadge } from '../../ui/badges';
import './services.css';

/** The entity type the server's presence and locks know services by (README "Live updates"). */
const ENTITY_TYPE = 'service';

export default function ServicePage({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  // A new key per service: presence, locks and forms start over when the page moves to another service.
  return <ServiceView key={id} id={id} />;
}

function ServiceView({ id }: { id: string }) {
  const viewer = useViewer();
  const canAct = viewer.role !== 'USER';
  const [result, reexecute] = useQuery({ query: ServicePageDocument, variables: { id } });
  const [live] = useSubscription<ServicesStatusChangedSubscription, StatusChange>(
    { query: ServiceStatusDocument, variables: { serviceId: id } },
    (_previous, event) => event.serviceStatusChanged,
  );
  const presence = usePresence(ENTITY_TYPE, id);
  const locks = useEditLocks(ENTITY_TYPE, id);
  const [windowsChanged, setWindowsChanged] = useState(0);
  // SLA figures, incidents, maintenance windows and trends are the sla plugin's: one notice while it is off.
  const sla = usePluginGate('sla');
  const liveKey = live.data?.changedAt ?? '';
  // Someone else's lock going away usually means they saved: the fields are asked again then.
  const othersEditing = locks.locks
    .filter((lock) => lock.userId !== viewer.id)
    .map((lock) => lock.field)
    .sort()
    .join(',');
  // A status change may come with new replicas, incidents, a window's start or end: ask again.
  useNetworkRefetchOnKeyChange(`${liveKey}|${windowsChanged}|${othersEditing}`, reexecute);
  // Changes sent while live updates were cut off are lost: ask again when they are back.
  useOnLiveRecovered(() => reexecute({ requestPolicy: 'network-only' }));

  if (result.fetching && !result.data) return <Loading label="Loading the service" />;
  if (result.error) return <ErrorNotice error={result.error} />;
  const service = result.data?.service;
  if (!service) {
    return (
      <>
        <PageHeader title="Service not found" />
        <p>No service has the id “{id}”: it may have been deleted. Find it in the hierarchy.</p>
      </>
    );
  }
  const shown = newestStatus({ status: service.status, message: service.statusMessage, since: service.statusSince }, live.data ?? null);
  return (
    <>
      <PageHeader title={service.displayName ?? service.name} subtitle={service.path}>
        <AlsoViewing others={presence.others} />
      </PageHeader>
      <ErrorNotice error={presence.error ?? locks.error} title="Live presence is unavailable" />
      <section className="card status-card" aria-labelledby="status-heading">
        <h2 id="status-heading" className="visually-hidden">
          Status
        </h2>
        <div className="status-line" aria-live="polite" data-testid="service-status">
          <Badge {...serviceStatusBadge(shown.status)} />
          <span className="status-message">{shown.message ?? 'No message.'}</span>
          <span className="muted">
            since{' '}
            <time dateTime={shown.since} title={formatDateTime(shown.since)}>
              {formatRelative(shown.since)}
            </time>
          </span>
        </div>
        {service.tags.length > 0 ? (
          <ul className="tag-list" aria-label="Tags">
            {service.tags.map((tag) => (
              <li key={tag} className="badge">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="service-grid">
        <Section title="Details">
          <ServiceDetailsForm
            service={service}
            locks={locks}
            canEdit={canAct}
            onSaved={() => reexecute({ requestPolicy: 'network-only' })}
          />
          <dl className="facts">
            <dt>Name</dt>
            <dd>{service.name}</dd>
            <dt>Owner</dt>
            <dd>{service.owner?.username ?? '—'}</dd>
            <dt>Team</dt>
            <dd>{service.team?.name ?? '—'}</dd>
            <dt>SLA group</dt>
            <dd>{service.slaGroup ?? '—'}</dd>
          </dl>
        </Section>
        <Section title="Replicas and images">
          <Workload service={service} />
        </Section>
        <Section title="Dependencies">
          <Dependencies service={service} />
        </Section>
        <Section title="Backups">
          <Backups service={service} />
        </Section>
        <Section title="Storage">
          <Storage service={service} />
        </Section>
        {sla === 'on' ? (
          <>
            <Section title="SLA">
              <SlaFigures serviceId={service.id} slaGroup={service.slaGroup} statusKey={liveKey} />
            </Section>
            <Section title="Open incidents">
              <OpenIncidents serviceId={service.id} statusKey={liveKey} />
            </Section>
            <Section title="Maintenance">
              <MaintenanceWindows
                serviceId={service.id}
                canAct={canAct}
                statusKey={liveKey}
                onChanged={() => setWindowsChanged((n) => n + 1)}
              />
            </Section>
          </>
        ) : (
          <Section title="SLA">{sla === 'off' ? <PluginNotice plugin="sla" /> : <Loading label="Loading SLA figures" />}</Section>
        )}
      </div>
      {sla === 'on' ? (
        <Section title="Trends" wide>
          <SlaTrends serviceId={service.id} slaGroup={service.slaGroup} />
        </Section>
      ) : null}
    </>
  );
}

function Section({ title, wide, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  const headingId = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className={`card${wide ? ' card-wide' : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
