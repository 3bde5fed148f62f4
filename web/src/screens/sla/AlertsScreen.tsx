/**
 * SLA alerts, newest first, filtered by status and kind (kept in the URL), changing live: an alert
 * raised, acknowledged or resolved anywhere shows here the moment the server publishes it
 * (`sla:alert` on the plugin's entity channel). Operators and admins acknowledge open ones.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, type CombinedError } from 'urql';
import { Link, useQueryParams, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { formatDateTime, formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { ALERT_KINDS, alertFilterFromParams, applyAlertEvent, parseAlertEvent } from './alertFilters';
import { canEditSla } from './slaAccess';
import { alertKindLabel } from './slaFigures';
import type { SlaAlert } from './slaTypes';
import { useCoalesced, useSlaEvents } from './useSlaEvents';
import { Badge } from '../../ui/kit/Badge';
import { ShowMore } from '../../ui/kit/ShowMore';
import { useQueryPatch } from '../../ui/kit/useQueryPatch';
import { alertKindBadge, alertStatusBadge } from './slaBadges';
import { ACKNOWLEDGE, ALERTS } from './documents';
import './sla.css';

const STATUS_CHOICES = [
  { value: '', label: 'Needs attention (open, acknowledged)' },
  { value: 'OPEN', label: 'Open' },
  { value: 'ACKNOWLEDGED', label: 'Acknowledged' },
  { value: 'RESOLVED', label: 'Resolved' },
  { value: 'all', label: 'All' },
];
const PAGE = 100;

export default function AlertsScreen(_props: ScreenProps) {
  const viewer = useViewer();
  const [params, setParam] = useQueryParams();
  const filter = alertFilterFromParams(params);
  const filterKey = JSON.stringify(filter);
  const [limit, setLimit] = useState(PAGE);
  const [result, reexecute] = useQuery({ query: ALERTS, variables: { filter, limit }, requestPolicy: 'cache-and-network' });
  const [alerts, setAlerts] = useState<SlaAlert[] | null>(null);
  const shown = useRef<SlaAlert[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!result.data) return;
    shown.current = result.data.slaAlerts;
    setAlerts(result.data.slaAlerts);
  }, [result.data]);
  const refetch = useCoalesced(() => reexecute({ requestPolicy: 'network-only' }));
  const onEvent = useCallback(
    (raw: { event: string; data: string }) => {
      const event = parseAlertEvent(raw);
      if (!event) return;
      setAnnouncement(`Alert ${event.change}: ${event.alert.message}`);
      // From a ref, not a state updater: the decision to refetch must not depend on when React runs it.
      const next = applyAlertEvent(shown.current ?? [], JSON.parse(filterKey), event);
      shown.current = next.alerts;
      setAlerts(next.alerts);
      if (next.refetch) refetch();
    },
    [filterKey, refetch],
  );
  const liveError = useSlaEvents(onEvent, Boolean(result.error));

  // One navigation for both parameters: two setParam calls would each start from the same old URL.
  const patchQuery = useQueryPatch();
  const showEveryAlert = () => patchQuery({ group: null, definition: null });
  const statusValue = params.get('status') ?? '';
  const kindValue = params.get('kind') ?? '';
  const count = result.data?.slaAlertCount;
  return (
    <>
      <PageHeader
        title="SLA alerts"
        subtitle="Breaches, risks, fast and slow burns, overdue backups: one alert per condition while it holds."
      />
      <form className="row sla-filters" aria-label="Filter alerts" onSubmit={(e) => e.preventDefault()}>
        <SelectField label="Status" value={statusValue} options={STATUS_CHOICES} onChange={(e) => setParam('status', e.target.value)} />
        <SelectField
          label="Kind"
          value={kindValue}
          options={[{ value: '', label: 'Any kind' }, ...ALERT_KINDS.map((k) => ({ value: k, label: alertKindLabel(k) }))]}
          onChange={(e) => setParam('kind', e.target.value)}
        />
        {filter.slaGroup || filter.definitionId ? (
          <span>
            Only {filter.slaGroup ? `group ${filter.slaGroup}` : 'one definition'}{' '}
            <button type="button" className="button-link" onClick={showEveryAlert}>
              show every alert
            </button>
          </span>
        ) : null}
        {count !== undefined ? (
          <span className="muted" data-testid="sla-alert-count">
            {count} alert{count === 1 ? '' : 's'}
          </span>
        ) : null}
      </form>
      <div className="sla-live" aria-live="polite" data-testid="sla-alert-live">
        {announcement}
      </div>
      <ErrorNotice error={result.error} />
      <ErrorNotice error={liveError} title="Live updates stopped (reload to try again)" />
      {!alerts && result.fetching ? <Loading label="Loading alerts" /> : null}
      {alerts && alerts.length === 0 ? <p className="muted">No alert matches these filters.</p> : null}
      {alerts && alerts.length > 0 ? <AlertTable alerts={alerts} canAcknowledge={canEditSla(viewer.role)} /> : null}
      <ShowMore shown={alerts?.length} total={count} page={PAGE} busy={result.fetching} onMore={() => setLimit((l) => l + PAGE)} />
    </>
  );
}

function AlertTable({ alerts, canAcknowledge }: { alerts: readonly SlaAlert[]; canAcknowledge: boolean }) {
  const [acknowledged, acknowledge] = useMutation(ACKNOWLEDGE);
  const [pending, setPending] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ id: string; error: CombinedError } | null>(null);
  const ack = async (id: string) => {
    setPending(id);
    setFailure(null);
    const answer = await acknowledge({ id });
    setPending(null);
    if (answer.error) setFailure({ id, error: answer.error });
  };
  return (
    <table className="table" aria-label="SLA alerts">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Kind</th>
          <th scope="col">Alert</th>
          <th scope="col">About</th>
          <th scope="col">Raised</th>
          <th scope="col">Acknowledged</th>
        </tr>
      </thead>
      <tbody>
        {alerts.map((alert) => (
          <tr key={alert.id} data-alert-id={alert.id}>
            <td>
              <Badge {...alertStatusBadge(alert.status)} />
            </td>
            <td>
              <Badge {...alertKindBadge(alert.kind)} />
            </td>
            <td>{alert.message}</td>
            <td>
              {alert.service ? (
                <div>
                  Service <Link to={`/services/${alert.service.id}`}>{alert.service.name}</Link>
                </div>
              ) : null}
              {alert.definition ? (
                <div>
                  Definition <Link to={`/sla/definitions/${alert.definition.id}`}>{alert.definition.name}</Link>
                </div>
              ) : null}
              {alert.slaGroup ? (
                <div>
                  Group <Link to={`/sla/groups/${encodeURIComponent(alert.slaGroup)}`}>{alert.slaGroup}</Link>
                </div>
              ) : null}
            </td>
            <td title={formatDateTime(alert.raisedAt)}>{formatRelative(alert.raisedAt)}</td>
            <td>
              {alert.acknowledgedAt ? (
                <span title={formatDateTime(alert.acknowledgedAt)}>
                  {alert.acknowledgedBy ? `by ${alert.acknowledgedBy.username} ` : ''}
                  {formatRelative(alert.acknowledgedAt)}
                </span>
              ) : alert.status === 'OPEN' && canAcknowledge ? (
                <button
                  type="button"
                  disabled={acknowledged.fetching && pending === alert.id}
                  onClick={() => void ack(alert.id)}
                  aria-label={`Acknowledge: ${alert.message}`}
                >
                  {pending === alert.id ? 'Acknowledging…' : 'Acknowledge'}
                </button>
              ) : (
                '—'
              )}
              {failure?.id === alert.id ? <ErrorNotice error={failure.error} title="Not acknowledged" /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
