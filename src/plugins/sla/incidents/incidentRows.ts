/** Mapping between incidents and their rows, and the history read from the database (newest first). */
import type { Knex } from 'knex';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { Row } from '../../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import type { IncidentSeverity, IncidentSource, SlaIncident } from './incidentRules.js';
import { withoutServices } from '../slaFilters.js';

export function incidentToRow(i: SlaIncident): Row {
  return {
    id: i.id,
    service_id: i.serviceId,
    definition_ids: i.definitionIds,
    source: i.source,
    title: i.title,
    description: i.description,
    severity: i.severity,
    started_at: iso(i.startedAt),
    ended_at: iso(i.endedAt),
    resolution: i.resolution,
    created_at: iso(i.createdAt),
    updated_at: iso(i.updatedAt),
  };
}

export function rowToIncident(row: Record<string, unknown>): SlaIncident {
  return {
    id: String(row['id']),
    serviceId: String(row['service_id']),
    definitionIds: jsonColumn<string[]>(row['definition_ids'], []),
    source: String(row['source']) as IncidentSource,
    title: String(row['title']),
    description: textOrNull(row['description']),
    severity: String(row['severity']) as IncidentSeverity,
    startedAt: epoch(row['started_at'])!,
    endedAt: epoch(row['ended_at']),
    resolution: textOrNull(row['resolution']),
    createdAt: epoch(row['created_at'])!,
    updatedAt: epoch(row['updated_at'])!,
  };
}

export interface IncidentFilter {
  /** Services the viewer may not see (environments): their rows are left out. */
  readonly hiddenServiceIds?: readonly string[];
  readonly serviceId: string | null;
  readonly definitionId: string | null;
  /** true: open only; false: closed only; null: both. */
  readonly open: boolean | null;
  /** Incidents that overlap [from, to): started before `to`, and open or ended at or after `from`. */
  readonly from: number | null;
  readonly to: number | null;
}

function filtered(knex: Knex, filter: IncidentFilter): Knex.QueryBuilder {
  const query = knex('sla_incidents');
  if (filter.serviceId !== null) query.where('service_id', filter.serviceId);
  withoutServices(query, filter.hiddenServiceIds);
  if (filter.definitionId !== null) query.whereRaw('definition_ids @> ?::jsonb', [JSON.stringify([filter.definitionId])]);
  if (filter.open === true) query.whereNull('ended_at');
  if (filter.open === false) query.whereNotNull('ended_at');
  if (filter.to !== null) query.where('started_at', '<', iso(filter.to));
  if (filter.from !== null) query.where((q) => q.whereNull('ended_at').orWhere('ended_at', '>=', iso(filter.from)));
  return query;
}

export async function readIncidents(knex: Knex, filter: IncidentFilter, page: Page): Promise<SlaIncident[]> {
  const rows: Record<string, unknown>[] = await filtered(knex, filter)
    .select('*')
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(rowToIncident);
}

export async function countIncidents(knex: Knex, filter: IncidentFilter): Promise<number> {
  const [row] = await filtered(knex, filter).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

export async function readIncident(knex: Knex, id: string): Promise<SlaIncident | null> {
  const row: Record<string, unknown> | undefined = await knex('sla_incidents').where('id', id).first();
  return row ? rowToIncident(row) : null;
}

export async function readOpenAutomaticIncidents(knex: Knex): Promise<SlaIncident[]> {
  const rows: Record<string, unknown>[] = await knex('sla_incidents').whereNull('ended_at').where('source', 'AUTOMATIC').select('*');
  return rows.map(rowToIncident);
}
