/**
 * Incidents: what a status change does to a service's automatic incident, and what a person may
 * write on one. Pure: definitions, statuses and `now` are arguments.
 *
 * A service has at most one open automatic incident. It opens when the service enters a status that
 * counts as down for at least one definition covering it (DOWN always; DEGRADED when that
 * definition says so), and closes when the service reaches a status that counts as down for none
 * of them. UNKNOWN (the agent lost sight of it) neither opens nor closes one: nobody knows the
 * outage ended. While open, the incident collects every definition it counted against and its
 * severity only rises (DEGRADED: MAJOR, DOWN: CRITICAL).
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { ServiceStatus } from '../../../core/domain/service.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';

export const INCIDENT_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export type IncidentSource = 'AUTOMATIC' | 'MANUAL';

export interface SlaIncident {
  readonly id: string;
  readonly serviceId: string;
  /** The definitions the incident counts against (sorted). */
  readonly definitionIds: readonly string[];
  readonly source: IncidentSource;
  readonly title: string;
  readonly description: string | null;
  readonly severity: IncidentSeverity;
  readonly startedAt: number;
  /** Null while open. */
  readonly endedAt: number | null;
  readonly resolution: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function countsAsDown(status: ServiceStatus, definition: Pick<SlaDefinition, 'degradedCountsAsDown'>): boolean {
  return status === 'DOWN' || (status === 'DEGRADED' && definition.degradedCountsAsDown);
}

const RANK: Record<IncidentSeverity, number> = { MINOR: 0, MAJOR: 1, CRITICAL: 2 };

export function severityOfStatus(status: ServiceStatus): IncidentSeverity {
  return status === 'DOWN' ? 'CRITICAL' : 'MAJOR';
}

export type IncidentMove =
  | { readonly type: 'none' }
  | { readonly type: 'open'; readonly definitionIds: readonly string[]; readonly severity: IncidentSeverity }
  | { readonly type: 'extend'; readonly definitionIds: readonly string[]; readonly severity: IncidentSeverity }
  | { readonly type: 'close' };

/** What the service's new `status` does to its open automatic incident (`open`, or null) given the definitions covering it. */
export function incidentMove(
  open: Pick<SlaIncident, 'definitionIds' | 'severity'> | null,
  status: ServiceStatus,
  covering: readonly Pick<SlaDefinition, 'id' | 'degradedCountsAsDown'>[],
): IncidentMove {
  const downFor = covering.filter((d) => countsAsDown(status, d)).map((d) => d.id);
  if (downFor.length === 0) return open !== null && status !== 'UNKNOWN' ? { type: 'close' } : { type: 'none' };
  const severity = severityOfStatus(status);
  if (open === null) return { type: 'open', definitionIds: [...downFor].sort(), severity };
  const definitionIds = [...new Set([...open.definitionIds, ...downFor])].sort();
  const raised = RANK[severity] > RANK[open.severity] ? severity : open.severity;
  if (raised === open.severity && definitionIds.length === open.definitionIds.length) return { type: 'none' };
  return { type: 'extend', definitionIds, severity: raised };
}

export const MAX_TITLE_LENGTH = 200;
export const MAX_TEXT_LENGTH = 4000;

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export function incidentTitle(value: string): string {
  const title = value.trim();
  if (title.length === 0 || title.length > MAX_TITLE_LENGTH)
    throw bad(`title must be 1 to ${MAX_TITLE_LENGTH} characters (not only spaces)`);
  return title;
}

export function incidentText(value: string | null | undefined, field: string): string | null {
  if (value == null) return null;
  if (value.length > MAX_TEXT_LENGTH) throw bad(`${field} must be at most ${MAX_TEXT_LENGTH} characters`);
  return value.trim() === '' ? null : value;
}

/** An incident's times: not in the future (beyond `now`), and an end after the start. */
export function incidentTimes(startedAt: number, endedAt: number | null, now: number): void {
  if (startedAt > now) throw bad(`startedAt (${new Date(startedAt).toISOString()}) is in the future; an incident records what happened`);
  if (endedAt === null) return;
  if (endedAt > now) throw bad(`endedAt (${new Date(endedAt).toISOString()}) is in the future; leave it out while the incident is open`);
  if (endedAt <= startedAt)
    throw bad(`endedAt (${new Date(endedAt).toISOString()}) must be after startedAt (${new Date(startedAt).toISOString()})`);
}
