/**
 * The SLA event log: every change of the plugin's model appended as one row, staged in the batch of
 * the change it records (so the log never shows a change that did not commit, nor misses one).
 * `slaEventLog` reads it back, newest first.
 */
import type { Knex } from 'knex';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import { withoutServices } from '../slaFilters.js';
import { slaEventsTable } from '../slaTables.js';

export const SLA_EVENT_KINDS = [
  'DEFINITION_CREATED',
  'DEFINITION_UPDATED',
  'DEFINITION_DELETED',
  'TARGET_SET',
  'TARGET_DELETED',
  'ASSIGNED',
  'UNASSIGNED',
  'GROUP_TARGET_OVERRIDE_SET',
  'INCIDENT_OPENED',
  'INCIDENT_UPDATED',
  'INCIDENT_CLOSED',
  'ALERT_RAISED',
  'ALERT_ACKNOWLEDGED',
  'ALERT_RESOLVED',
  // Stored closed periods recomputed after a change of what their definition measures (figures/storedPeriodRecompute.ts).
  'PERIODS_RECOMPUTED',
] as const;
export type SlaEventKind = (typeof SLA_EVENT_KINDS)[number];

export interface SlaEventSubjects {
  readonly definitionId?: string | null;
  readonly serviceId?: string | null;
  readonly groupName?: string | null;
  readonly incidentId?: string | null;
  readonly alertId?: string | null;
}

export interface SlaEventEntry extends Required<{ [K in keyof SlaEventSubjects]: string | null }> {
  readonly id: string;
  readonly at: number;
  readonly kind: SlaEventKind;
  readonly origin: Origin;
  /** The person who made the change; null for the product's own (a status change, a timer). */
  readonly actorId: string | null;
  /** What changed, as the GraphQL shapes show it (JSON). */
  readonly data: Readonly<Record<string, unknown>>;
}

export interface SlaEventFilter {
  /** Services the viewer may not see (environments): their entries are left out. */
  readonly hiddenServiceIds?: readonly string[];
  readonly kinds: readonly SlaEventKind[] | null;
  readonly definitionId: string | null;
  readonly serviceId: string | null;
  readonly groupName: string | null;
  readonly from: number | null;
  readonly to: number | null;
}

export interface RecordedChange {
  readonly kind: SlaEventKind;
  readonly at: number;
  readonly origin: Origin;
  readonly actorId: string | null;
  readonly subjects: SlaEventSubjects;
  readonly data: Readonly<Record<string, unknown>>;
}

export class SlaEventLog {
  constructor(private readonly deps: { readonly writer: BatchWriter; readonly knex: Knex; readonly newId: () => string }) {}

  /** Stage the entry in the open batch: call it beside the rows of the change it records. */
  record(change: RecordedChange): void {
    const s = change.subjects;
    this.deps.writer.insert(slaEventsTable, {
      id: this.deps.newId(),
      at: iso(change.at),
      kind: change.kind,
      origin: change.origin,
      actor_id: change.actorId,
      definition_id: s.definitionId ?? null,
      service_id: s.serviceId ?? null,
      group_name: s.groupName ?? null,
      incident_id: s.incidentId ?? null,
      alert_id: s.alertId ?? null,
      data: change.data,
    });
  }

  async list(filter: SlaEventFilter, page: Page): Promise<SlaEventEntry[]> {
    await this.deps.writer.settled();
    const rows: Record<string, unknown>[] = await this.filtered(filter)
      .select('*')
      .orderBy([
        { column: 'at', order: 'desc' },
        { column: 'seq', order: 'desc' },
      ])
      .limit(page.limit)
      .offset(page.offset);
    return rows.map(rowToEntry);
  }

  async count(filter: SlaEventFilter): Promise<number> {
    await this.deps.writer.settled();
    const [row] = await this.filtered(filter).count({ n: '*' });
    return Number(row?.['n'] ?? 0);
  }

  private filtered(filter: SlaEventFilter): Knex.QueryBuilder {
    const query = this.deps.knex('sla_events');
    if (filter.kinds !== null) query.whereIn('kind', filter.kinds as string[]);
    if (filter.definitionId !== null) {
      const id = filter.definitionId;
      // An incident counted against several definitions is logged once; its definitions are in its data.
      query.where((q) => q.where('definition_id', id).orWhereRaw(`data->'incident'->'definitionIds' @> ?::jsonb`, [JSON.stringify([id])]));
    }
    if (filter.serviceId !== null) query.where('service_id', filter.serviceId);
    withoutServices(query, filter.hiddenServiceIds);
    if (filter.groupName !== null) query.where('group_name', filter.groupName);
    if (filter.from !== null) query.where('at', '>=', iso(filter.from));
    if (filter.to !== null) query.where('at', '<', iso(filter.to));
    return query;
  }
}

function rowToEntry(row: Record<string, unknown>): SlaEventEntry {
  return {
    id: String(row['id']),
    at: epoch(row['at'])!,
    kind: String(row['kind']) as SlaEventKind,
    origin: String(row['origin']) as Origin,
    actorId: textOrNull(row['actor_id']),
    definitionId: textOrNull(row['definition_id']),
    serviceId: textOrNull(row['service_id']),
    groupName: textOrNull(row['group_name']),
    incidentId: textOrNull(row['incident_id']),
    alertId: textOrNull(row['alert_id']),
    data: jsonColumn(row['data'], {}),
  };
}
