/**
 * The alert list's filters as URL parameters (a filtered list can be bookmarked and shared) and how
 * a live `sla:alert` event changes the list on screen.
 */
import { enumValues } from '../../ui/kit/enumValues';
import { enumListParam } from '../../ui/kit/queryParams';
import type { SlaAlert, SlaAlertKind, SlaAlertStatus } from './slaTypes';

export const ALERT_STATUSES = enumValues<SlaAlertStatus>({ OPEN: true, ACKNOWLEDGED: true, RESOLVED: true });
export const ALERT_KINDS = enumValues<SlaAlertKind>({
  BREACHED: true,
  AT_RISK: true,
  FAST_BURN: true,
  SLOW_BURN: true,
  BACKUP_OVERDUE: true,
});

export interface AlertFilter {
  readonly statuses?: SlaAlertStatus[];
  readonly kinds?: SlaAlertKind[];
  readonly slaGroup?: string;
  readonly definitionId?: string;
}

/**
 * `status` and `kind` are comma-separated; unknown values are dropped. No `status` means open and
 * acknowledged. `group` and `definition` narrow to one SLA group's or one definition's alerts.
 */
export function alertFilterFromParams(params: URLSearchParams): AlertFilter {
  const statusParam = params.get('status');
  const statuses =
    statusParam === 'all' ? [] : statusParam === null ? ['OPEN', 'ACKNOWLEDGED'] : enumListParam(statusParam, ALERT_STATUSES);
  const kinds = enumListParam(params.get('kind') ?? '', ALERT_KINDS);
  const slaGroup = params.get('group')?.trim();
  const definitionId = params.get('definition')?.trim();
  return {
    ...(statuses.length > 0 ? { statuses: statuses as SlaAlertStatus[] } : {}),
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(slaGroup ? { slaGroup } : {}),
    ...(definitionId ? { definitionId } : {}),
  };
}

export function alertMatches(filter: AlertFilter, alert: Pick<SlaAlert, 'status' | 'kind' | 'slaGroup' | 'definitionId'>): boolean {
  return (
    (!filter.statuses || filter.statuses.includes(alert.status)) &&
    (!filter.kinds || filter.kinds.includes(alert.kind)) &&
    (filter.slaGroup === undefined || filter.slaGroup === alert.slaGroup) &&
    (filter.definitionId === undefined || filter.definitionId === alert.definitionId)
  );
}

/** The `alert` of an sla:alert event's data (the shape GraphQL shows, with ids instead of objects). */
export interface AlertEventData {
  readonly change: 'raised' | 'acknowledged' | 'resolved';
  readonly alert: Pick<SlaAlert, 'id' | 'kind' | 'status' | 'message' | 'slaGroup' | 'definitionId' | 'acknowledgedAt' | 'resolvedAt'>;
}

export function parseAlertEvent(event: { event: string; data: string }): AlertEventData | null {
  if (event.event !== 'sla:alert') return null;
  try {
    const data = JSON.parse(event.data) as AlertEventData;
    return data && typeof data.alert?.id === 'string' ? data : null;
  } catch {
    return null;
  }
}

/**
 * The list after an event: a listed alert takes its new status in place (or leaves when the filter no
 * longer holds it). The event names people and services by id only, so `refetch` says when the list
 * needs the server's full record: an alert not listed that the filter holds, or who acknowledged one.
 */
export function applyAlertEvent(
  alerts: readonly SlaAlert[],
  filter: AlertFilter,
  event: AlertEventData,
): { alerts: SlaAlert[]; refetch: boolean } {
  const index = alerts.findIndex((alert) => alert.id === event.alert.id);
  if (index === -1) return { alerts: [...alerts], refetch: alertMatches(filter, event.alert) };
  const updated: SlaAlert = {
    ...alerts[index]!,
    status: event.alert.status,
    acknowledgedAt: event.alert.acknowledgedAt,
    resolvedAt: event.alert.resolvedAt,
  };
  const next = [...alerts];
  if (alertMatches(filter, updated)) next[index] = updated;
  else next.splice(index, 1);
  return {
    alerts: next,
    refetch: updated.status === 'ACKNOWLEDGED' && alerts[index]!.acknowledgedBy === null && alertMatches(filter, updated),
  };
}
