/**
 * The SLA event log screen's pure parts: its filters as URL parameters (a narrowed log can be
 * bookmarked and shared), how a kind and who made a change read, and an entry's data made readable.
 */
import type { SlaEventKind, SlaEventLogListQuery } from '../../gql/graphql';
import { EVENT_KIND_ORDER } from './eventKinds';

export type { SlaEventKind };

/** SLAEventKind of the schema, in its order: exactly the generated enum's values (checked here at compile time). */
export const EVENT_KINDS: readonly SlaEventKind[] = EVENT_KIND_ORDER;
type UnlistedKind = Exclude<SlaEventKind, (typeof EVENT_KIND_ORDER)[number]>;
/** Compiles only while EVENT_KIND_ORDER names every generated kind (the line above: and no other). */
export const EVERY_EVENT_KIND_LISTED: [UnlistedKind] extends [never] ? true : UnlistedKind = true;

/** One entry of the log, as the log screen reads it. */
export type SlaEventLogEntry = SlaEventLogListQuery['slaEventLog'][number];

export interface EventLogFilter {
  readonly kinds?: SlaEventKind[];
  readonly definitionId?: string;
  readonly serviceId?: string;
  readonly slaGroup?: string;
}

/** `kind` is comma-separated (unknown values dropped); `definition`, `service` and `group` narrow to one subject. */
export function eventLogFilterFromParams(params: URLSearchParams): EventLogFilter {
  const kinds = (params.get('kind') ?? '')
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((part): part is SlaEventKind => (EVENT_KINDS as readonly string[]).includes(part));
  const definitionId = params.get('definition')?.trim();
  const serviceId = params.get('service')?.trim();
  const slaGroup = params.get('group')?.trim();
  return {
    ...(kinds.length > 0 ? { kinds } : {}),
    ...(definitionId ? { definitionId } : {}),
    ...(serviceId ? { serviceId } : {}),
    ...(slaGroup ? { slaGroup } : {}),
  };
}

const KIND_LABELS: Readonly<Record<SlaEventKind, string>> = {
  DEFINITION_CREATED: 'Definition created',
  DEFINITION_UPDATED: 'Definition changed',
  DEFINITION_DELETED: 'Definition deleted',
  TARGET_SET: 'Target set',
  TARGET_DELETED: 'Target removed',
  ASSIGNED: 'Assigned',
  UNASSIGNED: 'Unassigned',
  GROUP_TARGET_OVERRIDE_SET: 'Group target override set',
  INCIDENT_OPENED: 'Incident opened',
  INCIDENT_UPDATED: 'Incident changed',
  INCIDENT_CLOSED: 'Incident closed',
  ALERT_RAISED: 'Alert raised',
  ALERT_ACKNOWLEDGED: 'Alert acknowledged',
  ALERT_RESOLVED: 'Alert resolved',
  PERIODS_RECOMPUTED: 'Periods recomputed',
};

export function eventKindLabel(kind: SlaEventKind): string {
  return KIND_LABELS[kind] ?? kind;
}

const ORIGIN_LABELS: Readonly<Record<string, string>> = {
  agent: 'an agent',
  timer: 'the server (on time)',
  worker: 'the server (evaluation)',
  api: 'a person',
};

/** Who made the change: the person when there is one, else where it came from. */
export function eventAuthor(entry: Pick<SlaEventLogEntry, 'actor' | 'origin'>): string {
  if (entry.actor) return entry.actor.username;
  return ORIGIN_LABELS[entry.origin] ?? entry.origin;
}

/** The entry's data (JSON text) indented for reading; the text as it came when it is not JSON. */
export function readableData(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}
