/**
 * Stored closed periods follow a change of what their definition measures: its or a
 * scope's target, the DEGRADED rule, its assignments (`sla.definition_changed`, definitionEvents.ts).
 *
 * The path is late data's (slaFigures.ts `onStatusChanged`): in the batch of the change, the
 * definition's stored periods are invalidated (periodResultStore.ts: their marks deleted, the
 * generation bumped), so nothing computed under the old rule is served once the change committed;
 * a read meanwhile computes them afresh. Then, after the commit, they are recomputed at once, on the
 * worker pool (definitionPeriods.ts `periodFigures`, the read's computation), and stored with one
 * `PERIODS_RECOMPUTED` entry in the SLA event log naming the cause and each period's verdict before
 * and after, in one commit. Service rows of services the definition no longer covers go with it.
 *
 * A period or time-zone change makes the stored periods another calendar's: they are invalidated and
 * not recomputed (the new calendar's periods are computed and stored when first read).
 *
 * Concurrency: one recompute at a time (a chain); changes of a definition arriving meanwhile merge into
 * its pending set and the recompute runs again. A computation overtaken by an invalidation (another
 * change, late data, a window) stores nothing (the store's generation) and is tried again, at most
 * {@link MAX_ATTEMPTS} times; after that the periods are computed when next read, as late data's are.
 */
import type { Clock } from '../../../platform/scheduler/index.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { DefinitionCatalog } from '../definitions/definitionCatalog.js';
import type { DefinitionChange, SlaDefinitionChangedEvent } from '../definitions/definitionEvents.js';
import type { SlaEventKind, SlaEventLog } from '../eventLog/slaEventLog.js';
import { periodFigures, storePeriod } from './definitionPeriods.js';
import { periodTypeOf, type FigureDeps } from './figureDeps.js';
import type { InvalidatedPeriod } from './periodResultStore.js';

/** Tries of one recompute overtaken by invalidations before it is left to the next read. */
export const MAX_ATTEMPTS = 3;

export interface StoredPeriodRecomputeDeps extends FigureDeps {
  readonly catalog: DefinitionCatalog;
  readonly log: Pick<SlaEventLog, 'record'>;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly logger: Logger;
}

interface Cause {
  readonly kind: SlaEventKind;
  readonly fields?: readonly string[];
  readonly changes: readonly DefinitionChange[];
  readonly at: number;
  readonly actorId: string | null;
}

interface Pending {
  /** By period key; the verdict is the one stored before the first change not yet recomputed. */
  readonly periods: Map<string, InvalidatedPeriod>;
  readonly causes: Cause[];
}

export class StoredPeriodRecompute {
  private readonly pending = new Map<string, Pending>();
  private readonly queued = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly deps: StoredPeriodRecomputeDeps) {}

  /** Staged, in the batch of the definition's change. */
  onDefinitionChanged(event: SlaDefinitionChangedEvent): void {
    const id = event.definition.id;
    const removed = this.deps.store.invalidated(id, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    const cause: Cause = {
      kind: event.cause.kind,
      ...(event.cause.fields ? { fields: event.cause.fields } : {}),
      changes: event.changes,
      at: event.at,
      actorId: event.actorId,
    };
    // Only once the change committed (a refused one restores the invalidated marks itself).
    this.deps.writer.afterCommit(() => {
      if (event.changes.includes('calendar')) {
        this.pending.delete(id);
        return;
      }
      let entry = this.pending.get(id);
      if (removed.length === 0 && !entry) return;
      if (!entry) this.pending.set(id, (entry = { periods: new Map(), causes: [] }));
      for (const period of removed) if (!entry.periods.has(period.key)) entry.periods.set(period.key, period);
      entry.causes.push(cause);
      this.schedule(id);
    });
  }

  /** Resolves once the recomputes asked for so far have run (tests, shutdown). */
  idle(): Promise<void> {
    return this.chain;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.chain;
  }

  private schedule(definitionId: string): void {
    if (this.stopped || this.queued.has(definitionId)) return;
    this.queued.add(definitionId);
    this.chain = this.chain
      .then(() => {
        this.queued.delete(definitionId);
        return this.stopped ? undefined : this.run(definitionId);
      })
      .catch((error: unknown) =>
        this.deps.logger.warn('recomputing stored SLA periods failed; they are computed again when next read', { definitionId, error }),
      );
  }

  private async run(definitionId: string): Promise<void> {
    const { store, catalog, clock, writer, log } = this.deps;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const entry = this.pending.get(definitionId);
      if (!entry) return;
      const definition = catalog.definition(definitionId);
      if (!definition) {
        this.pending.delete(definitionId);
        return;
      }
      const periods = [...entry.periods.values()].sort((a, b) => a.start - b.start);
      const generation = store.generation(definitionId);
      const storedServices = await store.storedServices(
        definitionId,
        periods.map((p) => p.key),
      );
      const now = clock.now();
      const type = periodTypeOf(definition);
      const figures = await periodFigures(
        this.deps,
        definition,
        periods.map((p) => ({ type, key: p.key, start: p.start, end: p.end })),
        now,
      );
      // From here to the acknowledge, synchronous: the rows, the stale service rows and the log entry in one batch.
      if (store.generation(definitionId) !== generation || catalog.definition(definitionId) !== definition) continue;
      const recomputed = [...figures.values()].filter((p) => p.final);
      for (const period of recomputed) {
        storePeriod(this.deps, definition, generation, period);
        const covered = new Set(period.services.map((s) => s.subjectId));
        store.dropServices(
          definitionId,
          period.periodKey,
          [...(storedServices.get(period.periodKey) ?? [])].filter((id) => !covered.has(id)),
        );
      }
      const last = entry.causes[entry.causes.length - 1]!;
      log.record({
        kind: 'PERIODS_RECOMPUTED',
        at: now,
        origin: 'worker',
        actorId: last.actorId,
        subjects: { definitionId },
        data: {
          causes: entry.causes.map((c) => ({
            kind: c.kind,
            ...(c.fields ? { fields: c.fields } : {}),
            changes: c.changes,
            at: new Date(c.at).toISOString(),
          })),
          periods: recomputed.map((p) => ({
            periodKey: p.periodKey,
            before: entry.periods.get(p.periodKey)?.verdict ?? null,
            after: { status: p.result.status, actualValue: p.result.actualValue, targetValue: p.targetValue },
          })),
        },
      });
      this.pending.delete(definitionId);
      try {
        await writer.acknowledge();
      } catch (error) {
        // Nothing was stored: they stay invalidated and are computed when next read.
        this.deps.logger.warn('storing recomputed SLA periods failed; they are computed again when next read', { definitionId, error });
      }
      return;
    }
    this.pending.delete(definitionId);
    this.deps.logger.warn('stored SLA periods kept changing while being recomputed; they are computed again when next read', {
      definitionId,
    });
  }
}
