/**
 * The execution records (`workflow_executions`, commit order 716) and the announcements that go
 * with them: each change of a run stages its row and announces its event on commit (the webhook
 * outbox stages its deliveries in the same batch). Records are history in the database, not held
 * in memory; lists wait for the writer to settle so they show what the events announced.
 */
import type { Knex } from 'knex';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { BatchWriter, Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols, epoch, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import type { ExecutionStatus, StepOutcome, WorkflowExecution } from './workflowExecution.js';
import type { WorkflowEventKind } from './workflowEvents.js';

export const workflowExecutionsTable: TableSpec = {
  name: 'workflow_executions',
  key: ['id'],
  order: 716,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    ticket_id: 'text',
    ticket_number: 'text',
    workflow_name: 'text',
    transition: 'text',
    actor_id: 'text',
    status: 'text',
    steps: 'jsonb',
    error: 'text',
    started_at: 'timestamptz',
    finished_at: 'timestamptz',
  }),
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function executionRow(e: WorkflowExecution): Row {
  return {
    id: e.id,
    ticket_id: e.ticketId,
    ticket_number: e.ticketNumber,
    workflow_name: e.workflowName,
    transition: e.transition,
    actor_id: e.actorId,
    status: e.status,
    steps: e.steps,
    error: e.error,
    started_at: iso(e.startedAt),
    finished_at: iso(e.finishedAt),
  };
}

function rowToExecution(r: Record<string, unknown>): WorkflowExecution {
  return {
    id: String(r['id']),
    ticketId: String(r['ticket_id']),
    ticketNumber: String(r['ticket_number']),
    workflowName: String(r['workflow_name']),
    transition: String(r['transition']),
    actorId: textOrNull(r['actor_id']),
    status: String(r['status']) as ExecutionStatus,
    steps: jsonColumn<StepOutcome[]>(r['steps'], []),
    error: textOrNull(r['error']),
    startedAt: epoch(r['started_at'])!,
    finishedAt: epoch(r['finished_at']),
  };
}

/** How long a finished run's record is kept: as long as a webhook's delivery history (src/plugins/webhooks/webhookHistory.ts). */
export const EXECUTION_HISTORY_MS = 30 * 24 * 3_600_000;

export interface ExecutionFilter {
  readonly ticketId?: string;
  readonly status?: ExecutionStatus;
}

export class WorkflowExecutionLog {
  constructor(private readonly deps: { readonly writer: BatchWriter; readonly knex: Knex; readonly bus: EventBus }) {}

  /** Stages the record as it is now and announces `workflow.<kind>` once it committed. */
  record(kind: WorkflowEventKind, execution: WorkflowExecution, step: StepOutcome | null, at: number, origin: Origin): void {
    this.deps.writer.upsert(workflowExecutionsTable, executionRow(execution));
    emitOnCommit(this.deps.writer, this.deps.bus, { type: `workflow.${kind}`, execution, step, at, origin } as never);
  }

  /** Newest first. */
  async list(filter: ExecutionFilter, limit: number, offset: number): Promise<WorkflowExecution[]> {
    await this.deps.writer.settled();
    const query = this.deps.knex(workflowExecutionsTable.name).select('*');
    if (filter.ticketId !== undefined) query.where({ ticket_id: filter.ticketId });
    if (filter.status !== undefined) query.where({ status: filter.status });
    const rows = await query
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .offset(offset);
    return rows.map(rowToExecution);
  }

  /**
   * Deletes the records of finished runs started more than 30 days before `now`; a RUNNING record
   * is never deleted (a start marks it failed first). By start time: runs last seconds, and it is
   * the indexed column. Returns how many went.
   */
  async prune(now: number): Promise<number> {
    await this.deps.writer.settled();
    // Counted in SQL: the drivers disagree on what a delete returns.
    const result = (await this.deps.knex.raw(
      `with gone as (delete from ${workflowExecutionsTable.name} where started_at < ? and status <> 'RUNNING' returning 1) select count(*) as n from gone`,
      [new Date(now - EXECUTION_HISTORY_MS).toISOString()],
    )) as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Runs a stop or crash cut short: the records say so (called once at start, before new runs). */
  async interrupted(): Promise<WorkflowExecution[]> {
    const rows = await this.deps.knex(workflowExecutionsTable.name).where({ status: 'RUNNING' }).select('*');
    return rows.map(rowToExecution);
  }
}
