/** Audit records from the database, filtered and paged (newest first). */
import type { Knex } from 'knex';
import type { Page } from '../../platform/graphql/pagination.js';
import { epoch, jsonColumn } from '../../core/storage/tables.js';

export interface AuditFilter {
  readonly actor?: string | null;
  readonly actorId?: string | null;
  readonly action?: string | null;
  readonly outcome?: 'success' | 'failure' | null;
  readonly kind?: string | null;
  /** The X-Request-Id of the request (the one in its answer and its log lines). */
  readonly requestId?: string | null;
  /** Epoch ms (the DateTime scalar). */
  readonly from?: number | null;
  readonly to?: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtered(knex: Knex, filter: AuditFilter): Knex.QueryBuilder {
  const query = knex('audit_events');
  if (filter.actor != null) query.where('actor', filter.actor);
  if (filter.actorId != null) {
    // Not a uuid: nothing can match (and PostgreSQL would refuse the comparison).
    if (UUID.test(filter.actorId)) query.where('actor_id', filter.actorId);
    else query.whereRaw('false');
  }
  if (filter.action != null) query.where('action', filter.action);
  if (filter.outcome != null) query.where('outcome', filter.outcome);
  if (filter.kind != null) query.where('kind', filter.kind);
  if (filter.requestId != null) query.where('request_id', filter.requestId);
  if (filter.from != null) query.where('at', '>=', new Date(filter.from).toISOString());
  if (filter.to != null) query.where('at', '<', new Date(filter.to).toISOString());
  return query;
}

export async function readAuditEvents(knex: Knex, filter: AuditFilter, page: Page) {
  const rows: Record<string, unknown>[] = await filtered(knex, filter)
    .select('*')
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'seq', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    id: String(r['id']),
    at: epoch(r['at']),
    kind: String(r['kind']),
    action: String(r['action']),
    actorId: r['actor_id'] === null ? null : String(r['actor_id']),
    actor: (r['actor'] as string | null) ?? null,
    sourceAddress: (r['source_address'] as string | null) ?? null,
    outcome: String(r['outcome']),
    errorCode: (r['error_code'] as string | null) ?? null,
    errorMessage: (r['error_message'] as string | null) ?? null,
    detail: r['detail'] === null || r['detail'] === undefined ? null : JSON.stringify(jsonColumn(r['detail'], null)),
    requestId: (r['request_id'] as string | null | undefined) ?? null,
  }));
}

export async function countAuditEvents(knex: Knex, filter: AuditFilter): Promise<number> {
  const [row] = await filtered(knex, filter).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}
