/**
 * Closed periods' results in `sla_period_results`: a definition's period is stored once it has ended
 * (`final`), as one row for the definition (subject `definition`, its services pooled) and one per
 * covered service (subject `service`). The definition's row is the mark that the period is stored:
 * without it (never computed, or invalidated by late data or a window) the period is computed again
 * and every row of it written anew.
 *
 * Which stored periods exist is also held in memory (per definition, key -> [start, end) and the
 * pooled verdict), so late data, window and definition changes find what they invalidate without a
 * query, inside the batch of the change; a definition change recomputes what it invalidated and logs
 * the verdicts before and after (storedPeriodRecompute.ts).
 */
import type { Knex } from 'knex';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { iso } from '../../../core/storage/tables.js';
import { PERIOD_STATUSES, type PeriodResult, type PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import { slaPeriodResultsTable } from '../slaTables.js';

/** The SPEC period-result fields and status (a stored row has no covered minutes). */
export type StoredResult = Omit<PeriodResult, 'coveredMinutes'>;

export interface StoredSubjectResult {
  readonly subjectType: 'definition' | 'service';
  readonly subjectId: string;
  readonly targetValue: number;
  readonly result: StoredResult;
}

export interface StoredPeriod {
  readonly periodKey: string;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly computedAt: number;
  readonly definition: StoredSubjectResult;
  /** By service id. */
  readonly services: readonly StoredSubjectResult[];
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/** The pooled verdict of a stored period, as kept in memory: what a recompute compares with. */
export interface StoredVerdict {
  readonly status: PeriodStatus;
  readonly actualValue: number | null;
  readonly targetValue: number;
}

/** A stored period an invalidation removed: its span and, when known, its verdict. */
export interface InvalidatedPeriod extends Span {
  readonly key: string;
  readonly verdict: StoredVerdict | null;
}

interface StoredSpan extends Span {
  readonly verdict: StoredVerdict | null;
}

export class PeriodResultStore {
  /** Stored (final) periods per definition id: key -> span and pooled verdict. */
  private readonly stored = new Map<string, Map<string, StoredSpan>>();
  /** Bumped by every invalidation of a definition: a computation that began before one must not store what it read. */
  private readonly generations = new Map<string, number>();

  constructor(private readonly deps: { readonly knex: Knex; readonly writer: BatchWriter }) {}

  async hydrate(): Promise<void> {
    const rows = await this.deps
      .knex('sla_period_results')
      .where({ subject_type: 'definition', final: true })
      .select('definition_id', 'period_key', 'period_start', 'period_end', 'status', 'actual_value', 'target_value');
    for (const row of rows) {
      this.remember(row.definition_id, row.period_key, {
        start: new Date(row.period_start).getTime(),
        end: new Date(row.period_end).getTime(),
        verdict: verdictOf(row),
      });
    }
  }

  /** The stored periods of a definition among `keys`, by key. */
  async read(definitionId: string, keys: readonly string[]): Promise<Map<string, StoredPeriod>> {
    const known = this.stored.get(definitionId);
    const wanted = keys.filter((k) => known?.has(k));
    const out = new Map<string, StoredPeriod>();
    if (wanted.length === 0) return out;
    await this.deps.writer.settled();
    const rows = await this.deps
      .knex('sla_period_results')
      .where({ definition_id: definitionId, final: true })
      .whereIn('period_key', wanted)
      .select('*');
    const byKey = new Map<string, PeriodResultRow[]>();
    for (const row of rows) {
      let list = byKey.get(row.period_key);
      if (!list) byKey.set(row.period_key, (list = []));
      list.push(row);
    }
    for (const [key, list] of byKey) {
      const head = list.find((r) => r.subject_type === 'definition');
      if (!head) continue;
      out.set(key, {
        periodKey: key,
        periodStart: new Date(head.period_start).getTime(),
        periodEnd: new Date(head.period_end).getTime(),
        computedAt: new Date(head.computed_at).getTime(),
        definition: subjectOf(head),
        services: list
          .filter((r) => r.subject_type === 'service')
          .map(subjectOf)
          .sort((a, b) => a.subjectId.localeCompare(b.subjectId)),
      });
    }
    return out;
  }

  /** Take it before loading the timeline; {@link write} ignores a computation an invalidation overtook. */
  generation(definitionId: string): number {
    return this.generations.get(definitionId) ?? 0;
  }

  /** Stages a closed period's rows (the caller acknowledges the batch); false when `generation` is stale. */
  write(
    definitionId: string,
    generation: number,
    period: Omit<StoredPeriod, 'definition' | 'services'>,
    subjects: readonly StoredSubjectResult[],
  ): boolean {
    if (generation !== this.generation(definitionId)) return false;
    const base = {
      definition_id: definitionId,
      period_key: period.periodKey,
      period_start: iso(period.periodStart),
      period_end: iso(period.periodEnd),
      final: true,
      computed_at: iso(period.computedAt),
    };
    // Service rows first: the definition's row marks the period stored, and a batch commits whole.
    for (const s of [...subjects].sort((a, b) => (a.subjectType === b.subjectType ? 0 : a.subjectType === 'definition' ? 1 : -1))) {
      this.deps.writer.upsert(slaPeriodResultsTable, {
        ...base,
        subject_type: s.subjectType,
        subject_id: s.subjectId,
        target_value: s.targetValue,
        ...resultColumns(s.result),
      });
    }
    const head = subjects.find((s) => s.subjectType === 'definition');
    const verdict = head ? { status: head.result.status, actualValue: head.result.actualValue, targetValue: head.targetValue } : null;
    this.remember(definitionId, period.periodKey, { start: period.periodStart, end: period.periodEnd, verdict });
    return true;
  }

  /** The service rows stored for `keys` of a definition, by period key (what a recompute may leave behind). */
  async storedServices(definitionId: string, keys: readonly string[]): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    if (keys.length === 0) return out;
    await this.deps.writer.settled();
    const rows = await this.deps
      .knex('sla_period_results')
      .where({ definition_id: definitionId, subject_type: 'service' })
      .whereIn('period_key', keys)
      .select('period_key', 'subject_id');
    for (const row of rows) {
      let ids = out.get(row.period_key);
      if (!ids) out.set(row.period_key, (ids = new Set()));
      ids.add(String(row.subject_id));
    }
    return out;
  }

  /** Stages the delete of service rows of a period (services the definition no longer covers), in the caller's batch. */
  dropServices(definitionId: string, periodKey: string, serviceIds: Iterable<string>): void {
    for (const id of serviceIds) {
      this.deps.writer.delete(slaPeriodResultsTable, {
        definition_id: definitionId,
        subject_type: 'service',
        subject_id: id,
        period_key: periodKey,
      });
    }
  }

  /**
   * Stages the invalidation of the stored periods of `definitionId` that overlap `[from, to)`
   * (their definition rows go; they are computed again when next read). In the caller's batch.
   */
  invalidate(definitionId: string, from: number, to: number): number {
    return this.invalidated(definitionId, from, to).length;
  }

  /** {@link invalidate}, answering the periods it removed (with their verdicts). */
  invalidated(definitionId: string, from: number, to: number): InvalidatedPeriod[] {
    this.generations.set(definitionId, this.generation(definitionId) + 1);
    const known = this.stored.get(definitionId);
    if (!known) return [];
    const removed: InvalidatedPeriod[] = [];
    for (const [key, span] of [...known]) {
      if (!(span.start < to && from < span.end)) continue;
      known.delete(key);
      removed.push({ key, start: span.start, end: span.end, verdict: span.verdict });
      this.deps.writer.delete(
        slaPeriodResultsTable,
        { definition_id: definitionId, subject_type: 'definition', subject_id: definitionId, period_key: key },
        {
          onRollback: () => this.remember(definitionId, key, span),
        },
      );
    }
    return removed;
  }

  /** A deleted definition's rows went with it (cascade). */
  forget(definitionId: string): void {
    this.stored.delete(definitionId);
  }

  private remember(definitionId: string, key: string, span: StoredSpan): void {
    let known = this.stored.get(definitionId);
    if (!known) this.stored.set(definitionId, (known = new Map()));
    known.set(key, span);
  }
}

function resultColumns(r: StoredResult): Record<string, unknown> {
  return {
    actual_value: r.actualValue,
    coverage_percent: r.coveragePercent,
    downtime_minutes: r.downtimeMinutes,
    excluded_minutes: r.excludedMinutes,
    error_budget_minutes: r.errorBudgetMinutes,
    error_budget_used_minutes: r.errorBudgetUsedMinutes,
    error_budget_remaining_minutes: r.errorBudgetRemainingMinutes,
    burn_rate: r.burnRate,
    incident_count: r.incidentCount,
    mttr_minutes: r.mttrMinutes,
    mtbf_minutes: r.mtbfMinutes,
    status: r.status,
  };
}

/** A row of sla_period_results as the driver reads it (numeric columns may come back as strings). */
interface PeriodResultRow {
  readonly period_key: string;
  readonly subject_type: 'definition' | 'service';
  readonly subject_id: string;
  readonly status: string;
  readonly period_start: Date | string;
  readonly period_end: Date | string;
  readonly computed_at: Date | string;
  readonly [column: string]: unknown;
}

const isStatus = (s: string): s is PeriodStatus => (PERIOD_STATUSES as readonly string[]).includes(s);

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function verdictOf(row: PeriodResultRow): StoredVerdict {
  return {
    status: isStatus(row.status) ? row.status : 'NO_DATA',
    actualValue: num(row.actual_value),
    targetValue: Number(row.target_value),
  };
}

function subjectOf(row: PeriodResultRow): StoredSubjectResult {
  const status = isStatus(row.status) ? row.status : 'NO_DATA';
  return {
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    targetValue: Number(row.target_value),
    result: {
      actualValue: num(row.actual_value),
      coveragePercent: num(row.coverage_percent),
      downtimeMinutes: Number(row.downtime_minutes),
      excludedMinutes: Number(row.excluded_minutes),
      errorBudgetMinutes: Number(row.error_budget_minutes),
      errorBudgetUsedMinutes: Number(row.error_budget_used_minutes),
      errorBudgetRemainingMinutes: Number(row.error_budget_remaining_minutes),
      burnRate: num(row.burn_rate),
      incidentCount: Number(row.incident_count),
      mttrMinutes: num(row.mttr_minutes),
      mtbfMinutes: num(row.mtbf_minutes),
      status,
    },
  };
}
