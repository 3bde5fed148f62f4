/**
 * Reading the delivery history from the database (executions, figures) and pruning it: executions
 * and finished deliveries are kept 30 days (SPEC.md "Limits"). Callers read after
 * `writer.settled()`, so a reply never shows less than what was acknowledged.
 */
import type { Knex } from 'knex';
import type { Page } from '../../platform/graphql/pagination.js';
import { epoch, iso } from '../../core/storage/tables.js';
import type { ExecutionStatus } from './webhookRecord.js';
import { executionFromRow, type ExecutionRecord } from './webhookTables.js';

export const HISTORY_DAYS = 30;
export const HISTORY_MS = HISTORY_DAYS * 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ExecutionFilter {
  readonly webhookId?: string | null;
  readonly status?: ExecutionStatus | null;
  readonly event?: string | null;
  readonly eventId?: string | null;
  /** Epoch ms. */
  readonly from?: number | null;
  readonly to?: number | null;
}

function filtered(knex: Knex, filter: ExecutionFilter): Knex.QueryBuilder {
  const query = knex('webhook_executions');
  for (const [column, value] of [
    ['webhook_id', filter.webhookId],
    ['event_id', filter.eventId],
  ] as const) {
    if (value == null) continue;
    // Not a uuid: nothing can match (and PostgreSQL would refuse the comparison).
    if (UUID.test(value)) query.where(column, value);
    else query.whereRaw('false');
  }
  if (filter.status != null) query.where('status', filter.status);
  if (filter.event != null) query.where('event', filter.event);
  if (filter.from != null) query.where('at', '>=', iso(filter.from)!);
  if (filter.to != null) query.where('at', '<', iso(filter.to)!);
  return query;
}

/** Newest first. */
export async function readExecutions(knex: Knex, filter: ExecutionFilter, page: Page): Promise<ExecutionRecord[]> {
  const rows: Record<string, unknown>[] = await filtered(knex, filter)
    .select('*')
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'seq', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(executionFromRow);
}

export async function countExecutions(knex: Knex, filter: ExecutionFilter): Promise<number> {
  const [row] = await filtered(knex, filter).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

export interface WebhookStats {
  readonly webhookId: string | null;
  /** Deliveries (events to send) in the history window, by state. */
  readonly deliveries: number;
  readonly delivered: number;
  readonly failed: number;
  readonly pending: number;
  readonly cancelled: number;
  /** Attempts in the history window (test sends not included), by outcome. */
  readonly attempts: number;
  readonly successes: number;
  readonly failures: number;
  readonly refused: number;
  readonly averageDurationMs: number | null;
  readonly lastSuccessAt: number | null;
  readonly lastFailureAt: number | null;
  readonly since: number;
}

/**
 * Figures of one webhook, or of all (`webhookId` null), over the last 30 days. `pending` comes from
 * the dispatcher (deliveries owed and not yet settled): most have no row yet, only a line on an
 * outbox page.
 */
export async function readStats(knex: Knex, webhookId: string | null, now: number, pending: number): Promise<WebhookStats> {
  const since = now - HISTORY_MS;
  const valid = webhookId === null || UUID.test(webhookId);
  const deliveries = knex('webhook_deliveries').where('state', '<>', 'pending').where('updated_at', '>=', iso(since)!);
  const executions = knex('webhook_executions').where('test', false).where('at', '>=', iso(since)!);
  if (webhookId !== null) {
    if (valid) {
      deliveries.where('webhook_id', webhookId);
      executions.where('webhook_id', webhookId);
    } else {
      deliveries.whereRaw('false');
      executions.whereRaw('false');
    }
  }
  const [d] = await deliveries.select(
    knex.raw('count(*) as total'),
    knex.raw(`count(*) filter (where state = 'delivered') as delivered`),
    knex.raw(`count(*) filter (where state = 'failed') as failed`),
    knex.raw(`count(*) filter (where state = 'cancelled') as cancelled`),
  );
  const [e] = await executions.select(
    knex.raw('count(*) as attempts'),
    knex.raw(`count(*) filter (where status = 'SUCCESS') as successes`),
    knex.raw(`count(*) filter (where status = 'FAILED') as failures`),
    knex.raw(`count(*) filter (where status = 'ExecFailed') as refused`),
    knex.raw('avg(duration_ms) as average'),
    knex.raw(`max(at) filter (where status = 'SUCCESS') as last_success`),
    knex.raw(`max(at) filter (where status <> 'SUCCESS') as last_failure`),
  );
  const n = (row: Record<string, unknown> | undefined, key: string) => Number(row?.[key] ?? 0);
  const average = e?.['average'];
  return {
    webhookId,
    deliveries: n(d, 'total') + pending,
    delivered: n(d, 'delivered'),
    failed: n(d, 'failed'),
    pending,
    cancelled: n(d, 'cancelled'),
    attempts: n(e, 'attempts'),
    successes: n(e, 'successes'),
    failures: n(e, 'failures'),
    refused: n(e, 'refused'),
    averageDurationMs: average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
    lastSuccessAt: epoch(e?.['last_success']),
    lastFailureAt: epoch(e?.['last_failure']),
    since,
  };
}

/** Deletes executions and finished deliveries older than 30 days; pending deliveries are never pruned. Sweep settled pages first. */
export async function pruneHistory(knex: Knex, now: number): Promise<{ executions: number; deliveries: number }> {
  const cutoff = iso(now - HISTORY_MS)!;
  // Counted in SQL: the drivers disagree on what a delete returns.
  const count = async (sql: string) => {
    const result = (await knex.raw(`with gone as (${sql} returning 1) select count(*) as n from gone`, [cutoff])) as {
      rows: Array<{ n: unknown }>;
    };
    return Number(result.rows[0]?.n ?? 0);
  };
  const executions = await count('delete from webhook_executions where at < ?');
  // An end-state row is what tells a restart that a delivery listed on a live outbox page was settled:
  // the rows of deliveries still listed on a page stay (pages normally live for seconds, so few).
  const deliveries = await count(
    `delete from webhook_deliveries d where d.state <> 'pending' and d.updated_at < ? and not exists (
       select 1 from webhook_outbox o, jsonb_array_elements(o.deliveries::jsonb -> 'deliveries') listed where listed ->> 0 = d.id::text)`,
  );
  return { executions, deliveries };
}
