/**
 * The live SLA evaluation: every closed 5-minute bucket (a timer on the
 * injected clock, aligned to bucket ends, product time), each definition's open period moves on by
 * that bucket over its covered services, each (definition, service) and each definition pooled gets
 * its status, moves raise and resolve alerts and send `sla.breached` / `sla.at_risk` / `sla.met`,
 * and the multi-window burn rates step the FAST_BURN / SLOW_BURN alerts.
 * docs/adr/0038-sla-live-evaluation.md has the rules.
 *
 * Where the data comes from: no database read per bucket. The recent history of every service is
 * held in memory (liveHistory.ts) from committed `service.status_changed` and window events; a
 * definition's period is loaded from the database only when its evaluation is built: at start,
 * when its services, period rule, counting rule or burn rules change, and when late data (a status
 * change dated before the last evaluated bucket) or a deleted window changes what its closed buckets
 * held. Building loads the period so far (the timeline loader) and catches it up to the last closed
 * bucket in one walk per service (OpenPeriodAccumulator.closeBucketsThrough).
 *
 * The event loop: each definition's services are stepped in shards of `shardSize` (2,000 by default),
 * one shard per turn, and what changed is staged at the end, in slices of `STAGE_SLICE` moves or
 * burn steps per turn (evaluationEffects.ts), and committed. Ticks run one after another; a tick
 * that falls due while one runs follows it once.
 *
 * Catch-up: building a definition is the big job (at start, a month of a fleet's
 * history). The rows are read page by page (the loader lets the loop go between pages), the timeline
 * is built and the open period caught up on the worker pool (`slaCatchUp`, incremental/catchUpTask.ts),
 * the recent history is seeded in slices of the clock (platform/scheduler/timeSlice.ts), and the first
 * tick's alerts are staged in slices: requests are served all along. The first evaluation after
 * start is `caughtUp` (`whenCaughtUp()`); nothing waits for it (not `/ready` either:
 * docs/adr/0038-sla-live-evaluation.md).
 */
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import { conditionKey } from '../alerts/alertRules.js';
import type { SlaGroupStore } from '../../../core/fleet/slaGroupStore.js';
import { type Clock, codeUnitOrder, nextTurn, sortInSlices, timeSlice, type TimerHandle } from '../../../platform/scheduler/index.js';
import type { DomainEvent } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { AlertStore } from '../alerts/alertStore.js';
import type { DefinitionCatalog } from '../definitions/definitionCatalog.js';
import { effectiveTarget, type SlaDefinition } from '../definitions/slaDefinition.js';
import type { PeriodMeasure, PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import { BUCKET_MS, bucketStartOf } from '../arithmetic/periods/calendarPeriods.js';
import { addMeasures, EMPTY_MEASURE } from '../arithmetic/trends/pooledMeasure.js';
import type { BurnAlertStates } from './burnAlertStates.js';
import type { DefinitionEvaluation, BurnStep, StatusMove } from './definitionEvaluation.js';
import { type Coverage, coverageOf } from './coverage.js';
import { type Covered, stageEvaluation, stageUncovered, type EffectDeps } from './evaluationEffects.js';
import { buildFromHistory, type CatchUpPool, type HistoryLoader } from './definitionBuild.js';
import { LiveHistory } from './liveHistory.js';

export type { CatchUpPool, HistoryLoader, LoadedHistory } from './definitionBuild.js';

export const DEFAULT_SHARD_SIZE = 2_000;
/** Runs pruned between two looks at the slice's clock (a run is a few array moves). */
const PRUNE_CHECK_RUNS = 500;
/** Rows waiting for the writer past which staging a large evaluation waits for a commit. */
const STAGE_PENDING_ROWS = 2_000;

export interface SlaEvaluatorDeps {
  readonly clock: Clock;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly logger: Logger;
  readonly catalog: DefinitionCatalog;
  readonly alerts: AlertStore;
  readonly burnStates: BurnAlertStates;
  readonly services: Pick<ServiceRegistry, 'get' | 'idsInSlaGroup'>;
  readonly slaGroups: Pick<SlaGroupStore, 'get'>;
  readonly loadHistory: HistoryLoader;
  /** Where loaded rows become a caught-up period: the product's worker pool. Without it, on the event loop. */
  readonly workers?: CatchUpPool;
  /** Whether the `sla` plugin is active: its webhooks go out only then (alerts are background work, kept regardless). @default always */
  readonly pluginActive?: () => boolean;
  readonly shardSize?: number;
  /**
   * Cluster mode (docs/adr/0071): whether this instance owns a service's shard (null: the definition pooled, by the
   * definition's id). Every instance evaluates every definition from the history it holds (the same statuses
   * everywhere); only the owner stages a move's alerts, events and burn states. @default everything (one process)
   */
  readonly owns?: (serviceId: string | null, definitionId: string) => boolean;
  /**
   * Cluster mode: reads again, for the shards this instance took since, the active alerts and burn states their
   * previous owner committed; runs before the next evaluation stages anything (`shardsTaken`).
   */
  readonly reloadTaken?: () => Promise<void>;
  /** Observer of each evaluation (tick) that ran: its seconds from start to its alerts committed, and whether it failed (metrics). */
  readonly onTick?: (seconds: number, ok: boolean) => void;
}

export class SlaEvaluator {
  private readonly evaluations = new Map<string, DefinitionEvaluation>();
  private readonly live = new LiveHistory();
  /** Definitions whose closed buckets changed (late data, a deleted window): rebuilt at the next tick. */
  private readonly stale = new Set<string>();
  private readonly shardSize: number;
  private readonly effects: EffectDeps;
  private timer: TimerHandle | undefined;
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private stopped = false;
  /** The end of the last bucket evaluated: a change dated before it is late. */
  private evaluatedThrough = Number.NEGATIVE_INFINITY;
  /** Settles when the first evaluation since {@link start} has run and committed (or failed). */
  private firstEvaluation: Promise<void> | undefined;
  private isCaughtUp = false;
  /** Shards were taken since the last evaluation: their committed alerts and burn states are read first. */
  private takenSince = false;

  constructor(private readonly deps: SlaEvaluatorDeps) {
    this.shardSize = deps.shardSize ?? DEFAULT_SHARD_SIZE;
    this.effects = {
      writer: deps.writer,
      bus: deps.bus,
      alerts: deps.alerts,
      burnStates: deps.burnStates,
      sendsWebhooks: deps.pluginActive ?? (() => true),
      ...(deps.owns ? { owns: deps.owns } : {}),
      serviceInfo: (id) => {
        const s = deps.services.get(id);
        return s && { name: s.name, path: `${s.nodePath}/${s.name}`, slaGroup: s.slaGroup };
      },
    };
  }

  /** Evaluates now (building every definition from stored history), then at every bucket end. */
  start(): void {
    const { clock, logger } = this.deps;
    this.stopped = false;
    this.isCaughtUp = false;
    // Wall time for the log line only (diagnostics; the rules use the injected clock).
    const started = performance.now();
    this.schedule();
    this.firstEvaluation = this.chain.then(() => {
      this.isCaughtUp = true;
      if (this.stopped) return;
      let services = 0;
      for (const evaluation of this.evaluations.values()) services += evaluation.serviceIds.length;
      logger.info('SLA evaluation caught up from stored history', {
        definitions: this.evaluations.size,
        services,
        ms: Math.round(performance.now() - started),
      });
    });
    const now = clock.now();
    this.timer = clock.setTimer(bucketStartOf(now) + BUCKET_MS - now, () => {
      this.schedule();
      this.timer = clock.setRepeatingTimer(BUCKET_MS, () => this.schedule());
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.clock.clearTimer(this.timer);
    await this.chain;
  }

  /**
   * Whether the first evaluation since start (every definition built from stored history and
   * judged, its alerts committed) is done. Until then statuses are null and start-up alerts not yet raised.
   */
  get caughtUp(): boolean {
    return this.isCaughtUp;
  }

  /** Resolves once the first evaluation since start has run (tests, benches, diagnostics). */
  whenCaughtUp(): Promise<void> {
    return this.firstEvaluation ?? Promise.resolve();
  }

  /** Resolves once the evaluation asked for so far has run and committed (tests, diagnostics). */
  idle(): Promise<void> {
    return this.chain;
  }

  /** An evaluation as of the last closed bucket, after what is queued. */
  schedule(): void {
    if (this.queued || this.stopped) return;
    this.queued = true;
    this.chain = this.chain
      .then(() => {
        this.queued = false;
        return this.stopped ? undefined : this.timedTick();
      })
      .catch((error: unknown) => this.deps.logger.error('SLA evaluation failed; the next bucket tries again', { error }));
  }

  /** `tick`, timed for `onTick` (real time: how long the evaluation took, not product time). */
  private async timedTick(): Promise<void> {
    const { onTick } = this.deps;
    if (!onTick) return this.tick();
    const started = performance.now();
    try {
      await this.tick();
      onTick((performance.now() - started) / 1000, true);
    } catch (error) {
      onTick((performance.now() - started) / 1000, false);
      throw error;
    }
  }

  /**
   * History written other than by live status changes (an import, the demo seed): every definition
   * is rebuilt from the database at the next evaluation, which runs now.
   */
  replayAll(): void {
    for (const id of this.evaluations.keys()) this.stale.add(id);
    this.schedule();
  }

  /** The status of a (definition, service), or of the definition pooled (serviceId null), as last evaluated. */
  statusOf(definitionId: string, serviceId: string | null): PeriodStatus | null {
    const evaluation = this.evaluations.get(definitionId);
    if (!evaluation) return null;
    return serviceId === null ? evaluation.pooledStatus : evaluation.statusOf(serviceId);
  }

  /**
   * Cluster mode: this instance started owning shards. The next evaluation first reads their committed alerts and
   * burn states (their previous owner staged them; here they were only evaluated), then stages their moves here.
   */
  shardsTaken(): void {
    this.takenSince = true;
  }

  /** Whether the service's recent history is held in memory (a definition covers it, or did). */
  follows(serviceId: string): boolean {
    return this.live.has(serviceId);
  }

  /** The committed-event handler: keeps the recent history current and notices late data. */
  onCommitted(event: DomainEvent): void {
    switch (event.type) {
      case 'service.status_changed': {
        const id = event.service.id;
        // A service no definition covers costs no memory here; once covered, its definition loads it.
        if (!this.live.has(id) && !this.deps.catalog.covers(id, this.deps.services.get(id)?.slaGroup ?? null)) return;
        if (!this.live.recordStatus(id, event.status, event.at) || event.at < this.evaluatedThrough) this.markStale(id);
        return;
      }
      case 'sla.maintenance_window_changed': {
        const { window } = event;
        if (event.change === 'deleted') {
          this.live.forgetWindow(window.serviceId, window.startedAt);
          if (window.startedAt < this.evaluatedThrough) this.markStale(window.serviceId);
          return;
        }
        this.live.recordWindow(window.serviceId, window.startedAt, window.endedAt);
        const changedFrom = event.change === 'started' ? window.startedAt : (window.endedAt ?? window.startedAt);
        if (changedFrom < this.evaluatedThrough) this.markStale(window.serviceId);
        return;
      }
      case 'service.deleted':
        this.live.forget(event.service.id);
        return;
      default:
        return;
    }
  }

  private markStale(serviceId: string): void {
    for (const [id, evaluation] of this.evaluations) if (evaluation.covers(serviceId)) this.stale.add(id);
  }

  private async tick(): Promise<void> {
    const { writer, clock, catalog } = this.deps;
    await writer.settled();
    if (this.takenSince && this.deps.reloadTaken) {
      this.takenSince = false;
      await this.deps.reloadTaken();
    }
    const asOf = bucketStartOf(clock.now());
    const rebuilt = await this.reconcile(asOf);
    const outcomes: Array<{ evaluation: DefinitionEvaluation; moves: StatusMove[]; burn: BurnStep[] }> = [];
    for (const evaluation of this.evaluations.values()) {
      // A clock set back (tests, a corrected host clock): nothing closed since; the next bucket end catches up.
      if (asOf < evaluation.asOf) continue;
      evaluation.rollOver(asOf);
      const from = Math.min(evaluation.timelineFrom(asOf), asOf - this.retentionMs());
      const targetOf = this.targetsOf(evaluation.definition);
      const inputs = {
        asOf,
        targetOf,
        burnStateOf: (serviceId: string, severity: 'fast' | 'slow') =>
          this.deps.burnStates.get(evaluation.definition.id, serviceId, severity),
        burning: this.deps.burnStates.burningUnder(evaluation.definition.id),
        lastDownAt: (serviceId: string, degradedIsDown: boolean) => this.live.lastDownAt(serviceId, degradedIsDown),
      };
      const moves: StatusMove[] = [];
      const burn: BurnStep[] = [];
      let pooled: PeriodMeasure = EMPTY_MEASURE;
      for (const shard of evaluation.shards) {
        const outcome = evaluation.step(shard, this.live.timeline(shard.serviceIds, from), inputs);
        for (const move of outcome.moves) moves.push(move);
        for (const step of outcome.burn) burn.push(step);
        pooled = addMeasures(pooled, outcome.measure);
        if (evaluation.shards.length > 1) await nextTurn();
      }
      const pooledMove = evaluation.judgePooled(pooled);
      if (pooledMove) moves.push(pooledMove);
      outcomes.push(this.ownedOf({ evaluation, moves, burn }));
    }
    this.evaluatedThrough = asOf;
    // Runs older than every definition's burn windows go, in slices of the clock (the seed already left most of them).
    const due = timeSlice();
    for (const _ of this.live.pruneInSlices(asOf - this.retentionMs(), PRUNE_CHECK_RUNS)) if (due()) await nextTurn();

    const at = clock.now();
    for (const { definitionId, covered } of rebuilt)
      if (catalog.definition(definitionId)) stageUncovered(this.effects, definitionId, covered, at, 'timer');
    // Each slice's batch, watched: a large evaluation (the start-up catch-up) commits in several.
    const commits: Array<Promise<void>> = [];
    let failed = false;
    const pause = async () => {
      const commit = writer.committed();
      commits.push(commit);
      commit.catch(() => (failed = true));
      // Slices staged while a commit runs wait for the next one: past a few thousand rows, wait for it, so that no
      // batch grows large (a batch's statements are built in one piece on the event loop).
      if (writer.pendingRows >= STAGE_PENDING_ROWS) await commit.catch(() => undefined);
      else await nextTurn();
    };
    for (const { evaluation, moves, burn } of outcomes) {
      if (moves.length === 0 && burn.length === 0) continue;
      // A definition deleted while this tick ran (or while its effects were staged): its alerts were resolved with it.
      const alive = () => !failed && catalog.definition(evaluation.definition.id) !== undefined;
      if (alive()) await stageEvaluation(this.effects, evaluation, moves, burn, asOf, at, 'timer', { pause, alive });
    }
    try {
      commits.push(writer.committed());
      for (const commit of commits) await commit;
    } catch (error) {
      // The alert store and burn states went back; the statuses held here did not: rebuild them all.
      for (const id of this.evaluations.keys()) this.stale.add(id);
      this.deps.logger.warn('recording SLA statuses and alerts failed; every definition is evaluated again at the next bucket', { error });
    }
  }

  /**
   * The status each service's active alert of the definition says (BREACHED over AT_RISK; `null`: the definition
   * pooled), read from the active alerts in one pass: a lookup per covered service and kind built 500,000 keys for
   * a definition over 250,000 services.
   */
  private alertedStatuses(definitionId: string): Map<string | null, PeriodStatus> {
    const alerted = new Map<string | null, PeriodStatus>();
    for (const alert of this.deps.alerts.activeAlerts()) {
      // The same condition the per-service lookup named (an alert's groupName is its service's SLA group, not part of it).
      if (alert.definitionId !== definitionId) continue;
      if (alert.conditionKey !== conditionKey({ kind: alert.kind, definitionId, serviceId: alert.serviceId })) continue;
      if (alert.kind === 'BREACHED') alerted.set(alert.serviceId, 'BREACHED');
      else if (alert.kind === 'AT_RISK' && !alerted.has(alert.serviceId)) alerted.set(alert.serviceId, 'AT_RISK');
    }
    return alerted;
  }

  /** The moves and burn steps this instance stages: all of them in one process, its shards' in cluster mode. */
  private ownedOf(outcome: { evaluation: DefinitionEvaluation; moves: StatusMove[]; burn: BurnStep[] }) {
    const { owns } = this.deps;
    if (!owns) return outcome;
    const definitionId = outcome.evaluation.definition.id;
    return {
      evaluation: outcome.evaluation,
      moves: outcome.moves.filter((move) => owns(move.serviceId, definitionId)),
      burn: outcome.burn.filter((step) => owns(step.serviceId, definitionId)),
    };
  }

  /** Brings the evaluations in line with the catalog; answers the rebuilt ones with the services they cover. */
  private async reconcile(asOf: number): Promise<Array<{ definitionId: string; covered: Covered }>> {
    const { catalog, burnStates } = this.deps;
    const definitions = catalog.allDefinitions();
    const alive = new Set(definitions.map((d) => d.id));
    for (const id of [...this.evaluations.keys()]) {
      if (alive.has(id)) continue;
      this.evaluations.delete(id);
      burnStates.forgetDefinition(id);
    }
    const rebuilt: Array<{ definitionId: string; covered: Covered }> = [];
    for (const definition of definitions) {
      const live = this.coveredBy(definition.id);
      const current = this.evaluations.get(definition.id);
      if (current && !this.stale.has(definition.id) && current.fits(definition, live)) {
        current.definition = definition;
        continue;
      }
      this.stale.delete(definition.id);
      let evaluation: DefinitionEvaluation;
      try {
        await nextTurn();
        // The coverage as it is now (`live` may be the registry's own set, which goes on changing), in id order.
        const serviceIds = await sortInSlices([...live], codeUnitOrder);
        evaluation = await this.build(definition, serviceIds, asOf, current);
        this.evaluations.set(definition.id, evaluation);
      } catch (error) {
        // The others go on; this one is built again at the next bucket (meanwhile its old evaluation, if any, goes on).
        this.stale.add(definition.id);
        this.deps.logger.warn("building an SLA definition's open period from stored history failed; trying again at the next bucket", {
          definitionId: definition.id,
          error,
        });
        continue;
      }
      rebuilt.push({ definitionId: definition.id, covered: { has: (serviceId) => evaluation.covers(serviceId) } });
    }
    return rebuilt;
  }

  /** A definition's evaluation caught up to `asOf` from stored history; known statuses carried over. */
  private async build(
    definition: SlaDefinition,
    serviceIds: readonly string[],
    asOf: number,
    previous: DefinitionEvaluation | undefined,
  ): Promise<DefinitionEvaluation> {
    const known = previous?.knownStatuses() ?? new Map<string | null, PeriodStatus>();
    const alerted = this.alertedStatuses(definition.id);
    const previousOf = (serviceId: string | null): PeriodStatus | null => known.get(serviceId) ?? alerted.get(serviceId) ?? null;
    const { writer, clock, loadHistory, workers } = this.deps;
    let historyFrom = Number.POSITIVE_INFINITY;
    for (const other of this.evaluations.values()) historyFrom = Math.min(historyFrom, other.timelineFrom(asOf));
    return buildFromHistory(
      { writer, clock, loadHistory, ...(workers ? { workers } : {}), live: this.live, shardSize: this.shardSize },
      { definition, serviceIds, asOf, previousOf, retentionMs: this.retentionMs(), historyFrom },
    );
  }

  /** The services a definition covers now, read live where it can (coverage.ts). */
  private coveredBy(definitionId: string): Coverage {
    return coverageOf(this.deps.catalog.assignmentsOf(definitionId), this.deps.services);
  }

  /** How far back the recent history reaches: the longest burn-rate window of any definition. */
  private retentionMs(): number {
    let longest = 0;
    for (const evaluation of this.evaluations.values()) longest = Math.max(longest, evaluation.longestWindowMs);
    return longest;
  }

  /** Each service's target under the definition (service, group, tier targets, else the definition's). */
  private targetsOf(definition: SlaDefinition): (serviceId: string) => number {
    const targets = this.deps.catalog.targetsOf(definition.id);
    if (targets.length === 0) return () => definition.targetPercent;
    return (serviceId) => {
      const groupName = this.deps.services.get(serviceId)?.slaGroup ?? null;
      const tier = groupName === null ? null : (this.deps.slaGroups.get(groupName)?.tier ?? null);
      return effectiveTarget(definition, targets, { serviceId, groupName, tier });
    };
  }
}
