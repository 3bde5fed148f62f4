/** Mapping between alerts and their rows, and the history read from the database (newest first). */
import type { Knex } from 'knex';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { Row } from '../../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import type { AlertKind, AlertStatus, SlaAlert } from './alertRules.js';
import { withoutServices } from '../slaFilters.js';

export function alertToRow(a: SlaAlert): Row {
  return {
    id: a.id,
    kind: a.kind,
    condition_key: a.conditionKey,
    definition_id: a.definitionId,
    service_id: a.serviceId,
    group_name: a.groupName,
    message: a.message,
    details: a.details,
    raised_at: iso(a.raisedAt),
    acknowledged_at: iso(a.acknowledgedAt),
    acknowledged_by: a.acknowledgedBy,
    resolved_at: iso(a.resolvedAt),
  };
}

export function rowToAlert(row: Record<string, unknown>): SlaAlert {
  return {
    id: String(row['id']),
    kind: String(row['kind']) as AlertKind,
    conditionKey: String(row['condition_key']),
    definitionId: textOrNull(row['definition_id']),
    serviceId: textOrNull(row['service_id']),
    groupName: textOrNull(row['group_name']),
    message: String(row['message']),
    details: jsonColumn<Record<string, unknown> | null>(row['details'], null),
    raisedAt: epoch(row['raised_at'])!,
    acknowledgedAt: epoch(row['acknowledged_at']),
    acknowledgedBy: textOrNull(row['acknowledged_by']),
    resolvedAt: epoch(row['resolved_at']),
  };
}

export interface AlertFilter {
  /** Services the viewer may not see (environments): their rows are left out. */
  readonly hiddenServiceIds?: readonly string[];
  readonly kinds: readonly AlertKind[] | null;
  readonly statuses: readonly AlertStatus[] | null;
  readonly definitionId: string | null;
  readonly serviceId: string | null;
  readonly groupName: string | null;
  /** Raised at or after. */
  readonly from: number | null;
  /** Raised before. */
  readonly to: number | null;
}

function filtered(knex: Knex, filter: AlertFilter): Knex.QueryBuilder {
  const query = knex('sla_alerts');
  if (filter.kinds !== null) query.whereIn('kind', filter.kinds as string[]);
  if (filter.statuses !== null) {
    const statuses = filter.statuses;
    query.where((q) => {
      if (statuses.includes('OPEN')) q.orWhere((o) => o.whereNull('resolved_at').whereNull('acknowledged_at'));
      if (statuses.includes('ACKNOWLEDGED')) q.orWhere((o) => o.whereNull('resolved_at').whereNotNull('acknowledged_at'));
      if (statuses.includes('RESOLVED')) q.orWhereNotNull('resolved_at');
      if (statuses.length === 0) q.whereRaw('false');
    });
  }
  if (filter.definitionId !== null) query.where('definition_id', filter.definitionId);
  if (filter.serviceId !== null) query.where('service_id', filter.serviceId);
  withoutServices(query, filter.hiddenServiceIds);
  if (filter.groupName !== null) query.where('group_name', filter.groupName);
  if (filter.from !== null) query.where('raised_at', '>=', iso(filter.from));
  if (filter.to !== null) query.where('raised_at', '<', iso(filter.to));
  return query;
}

export async function readAlerts(knex: Knex, filter: AlertFilter, page: Page): Promise<SlaAlert[]> {
  const rows: Record<string, unknown>[] = await filtered(knex, filter)
    .select('*')
    .orderBy([
      { column: 'raised_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(rowToAlert);
}

export async function countAlerts(knex: Knex, filter: AlertFilter): Promise<number> {
  const [row] = await filtered(knex, filter).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

export async function readAlert(knex: Knex, id: string): Promise<SlaAlert | null> {
  const row: Record<string, unknown> | undefined = await knex('sla_alerts').where('id', id).first();
  return row ? rowToAlert(row) : null;
}

export async function readActiveAlerts(knex: Knex): Promise<SlaAlert[]> {
  const rows: Record<string, unknown>[] = await knex('sla_alerts').whereNull('resolved_at').select('*');
  return rows.map(rowToAlert);
}
