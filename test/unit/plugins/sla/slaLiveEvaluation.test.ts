/** The live evaluation's rules without I/O: recent history, buckets, rollover, replay, status moves, burn alerts, the webhook's data. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import {
  DEFAULT_BURN_RATE_POLICY,
  type BurnAlertState,
  type BurnSeverity,
  CLOSED_BURN_ALERT,
} from '../../../../src/plugins/sla/arithmetic/burnRate.js';
import { DEFAULT_BURN_RATES } from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import {
  DefinitionEvaluation,
  periodEndingBucketAt,
  type TickInputs,
} from '../../../../src/plugins/sla/evaluation/definitionEvaluation.js';
import { LiveHistory } from '../../../../src/plugins/sla/evaluation/liveHistory.js';
import {
  MAX_SERVICES_PER_WEBHOOK,
  slaStatusWebhookSource,
  type SlaStatusChangedEvent,
} from '../../../../src/plugins/sla/evaluation/slaStatusEvents.js';
import { burnRatePolicyOf, moveEffects } from '../../../../src/plugins/sla/evaluation/statusRules.js';
import { judgePeriod, type PeriodStatus } from '../../../../src/core/domain/periodArithmetic.js';
import { BUCKET_MS } from '../../../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { measureTimelinePeriod } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { timelineOf } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { generatedHistory, MINUTE, seededRandom } from '../../../support/slaHistories.js';
import { dailyDefinition } from '../../../support/slaDefinitions.js';

const DAY = Date.parse('2026-03-10T00:00:00Z');
const definition = dailyDefinition;

/** A live history fed the way the evaluator feeds it: one status change at a time, in time order. */
function liveOf(changes: ReadonlyArray<readonly [string, ServiceStatus, number]>): LiveHistory {
  const live = new LiveHistory();
  for (const [id, status, at] of [...changes].sort((a, b) => a[2] - b[2])) assert.equal(live.recordStatus(id, status, at), true);
  return live;
}

/** Burn states kept as the evaluator keeps them (put after each step). */
function burnBook() {
  const states = new Map<string, BurnAlertState>();
  return {
    get: (id: string, severity: BurnSeverity) => states.get(`${id}|${severity}`) ?? CLOSED_BURN_ALERT,
    put: (id: string, severity: BurnSeverity, state: BurnAlertState) => states.set(`${id}|${severity}`, state),
    burning: () => new Set([...states].filter(([, state]) => state.open).map(([key]) => key.split('|')[0]!)),
  };
}

function inputs(live: LiveHistory, asOf: number, book = burnBook()): TickInputs {
  return {
    asOf,
    targetOf: () => 99,
    burnStateOf: book.get,
    burning: book.burning(),
    lastDownAt: (id, degraded) => live.lastDownAt(id, degraded),
  };
}

/** Steps every shard of `evaluation` as the evaluator does; the moves and burn steps of that tick. */
function tick(evaluation: DefinitionEvaluation, live: LiveHistory, asOf: number, book = burnBook()) {
  evaluation.rollOver(asOf);
  const from = evaluation.timelineFrom(asOf);
  const outcomes = evaluation.shards.map((shard) =>
    evaluation.step(shard, live.timeline(shard.serviceIds, from), inputs(live, asOf, book)),
  );
  for (const o of outcomes) for (const b of o.burn) book.put(b.serviceId, b.severity, b.state);
  return { moves: outcomes.flatMap((o) => o.moves), burn: outcomes.flatMap((o) => o.burn), outcomes };
}

describe('live history', () => {
  it('measures any recent window as the stored history does', () => {
    const random = seededRandom(5);
    const ids = ['a', 'b', 'c', 'd'];
    const changes: Array<[string, ServiceStatus, number]> = [];
    const stored = ids.map((id) => {
      const statuses: ServiceStatus[] = ['OPERATIONAL', 'DOWN', 'DEGRADED', 'MAINTENANCE', 'UNKNOWN'];
      const intervals = [];
      for (let at = DAY; at < DAY + 600 * MINUTE; ) {
        const status = statuses[Math.floor(random() * statuses.length)]!;
        const length = Math.ceil(random() * 40) * MINUTE;
        intervals.push({ status, startedAt: at, endedAt: at + length });
        changes.push([id, status, at]);
        at += length;
      }
      intervals[intervals.length - 1] = { ...intervals[intervals.length - 1]!, endedAt: null };
      return { intervals };
    });
    const live = liveOf(changes);
    const reference = timelineOf(stored);
    for (const now of [DAY + 300 * MINUTE, DAY + 555 * MINUTE]) {
      const from = now - 120 * MINUTE;
      const recent = live.timeline(ids, from);
      for (let i = 0; i < ids.length; i += 1) {
        const options = { period: { start: from, end: now }, now, degradedIsDown: true };
        assert.deepEqual(
          measureTimelinePeriod(recent, i, options),
          measureTimelinePeriod(reference, i, options),
          `${ids[i]} over [${from}, ${now})`,
        );
      }
    }
  });

  it('refuses a status dated before the last one it holds (late data), changing nothing', () => {
    const live = liveOf([
      ['a', 'OPERATIONAL', DAY],
      ['a', 'DOWN', DAY + 10 * MINUTE],
    ]);
    assert.equal(live.recordStatus('a', 'OPERATIONAL', DAY + 5 * MINUTE), false);
    assert.deepEqual([...live.timeline(['a'], DAY).starts], [DAY, DAY + 10 * MINUTE]);
  });

  it('a seed takes the stored runs before its cut-off and keeps the followed ones after it, so a change seen both ways counts once', () => {
    const live = liveOf([
      ['a', 'DOWN', DAY + 20 * MINUTE],
      ['a', 'OPERATIONAL', DAY + 30 * MINUTE],
    ]);
    const stored = timelineOf([
      {
        intervals: [
          { status: 'OPERATIONAL', startedAt: DAY, endedAt: DAY + 20 * MINUTE },
          { status: 'DOWN', startedAt: DAY + 20 * MINUTE, endedAt: null },
        ],
      },
    ]);
    live.seed('a', stored, 0, DAY + 20 * MINUTE);
    const seeded = live.timeline(['a'], DAY);
    assert.deepEqual([...seeded.starts], [DAY, DAY + 20 * MINUTE, DAY + 30 * MINUTE]);
    assert.deepEqual([...seeded.codes], [1, 3, 1]);
  });

  it('a seed from a keep-from instant holds what seeding everything and then pruning from that instant holds', () => {
    const random = seededRandom(41);
    const histories = Array.from({ length: 40 }, () => generatedHistory(random, DAY, 1440, 5));
    const ids = histories.map((_, i) => `s${i}`);
    const stored = timelineOf(histories);
    const cutOff = DAY + 1400 * MINUTE;
    for (const keepFrom of [DAY - 60 * MINUTE, DAY + 300 * MINUTE, DAY + 1000 * MINUTE, DAY + 1390 * MINUTE, DAY + 2000 * MINUTE]) {
      const whole = new LiveHistory();
      const kept = new LiveHistory();
      ids.forEach((id, i) => {
        whole.seed(id, stored, i, cutOff);
        kept.seed(id, stored, i, cutOff, keepFrom);
      });
      whole.prune(keepFrom);
      for (const from of [Number.NEGATIVE_INFINITY, keepFrom])
        assert.deepEqual(kept.timeline(ids, from), whole.timeline(ids, from), `kept from ${keepFrom}, read from ${from}`);
      for (const id of ids) assert.equal(kept.lastDownAt(id, true), whole.lastDownAt(id, true), id);
    }
  });

  it('pruning keeps the down spell that covers the cut, so a period starting inside an outage does not count it as a new incident', () => {
    const live = liveOf([
      ['a', 'OPERATIONAL', DAY - 60 * MINUTE],
      ['a', 'DOWN', DAY - 30 * MINUTE],
      ['a', 'DEGRADED', DAY - 20 * MINUTE],
      ['a', 'OPERATIONAL', DAY + 10 * MINUTE],
    ]);
    live.prune(DAY);
    const recent = live.timeline(['a'], DAY);
    const measure = measureTimelinePeriod(recent, 0, {
      period: { start: DAY, end: DAY + 60 * MINUTE },
      now: DAY + 60 * MINUTE,
      degradedIsDown: true,
    });
    assert.deepEqual([measure.incidentCount, measure.downtimeMs], [0, 10 * MINUTE]);
    assert.equal(recent.starts[0], DAY - 60 * MINUTE, 'the run before the spell stays too');
  });

  it("knows when a service was last down by a definition's rule: now, at the end of its last outage, or never", () => {
    const live = liveOf([
      ['up', 'OPERATIONAL', DAY],
      ['was', 'DOWN', DAY],
      ['was', 'OPERATIONAL', DAY + 7 * MINUTE],
      ['is', 'DEGRADED', DAY],
    ]);
    const last = (degradedIsDown: boolean) => ['up', 'was', 'is', 'unknown'].map((id) => live.lastDownAt(id, degradedIsDown));
    assert.deepEqual(last(true), [Number.NEGATIVE_INFINITY, DAY + 7 * MINUTE, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]);
    assert.deepEqual(last(false), [Number.NEGATIVE_INFINITY, DAY + 7 * MINUTE, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY]);
  });
});

describe('definition evaluation', () => {
  it('after every closed bucket, each service and the definition pooled equal the full computation of the day so far (shards of 3)', () => {
    const random = seededRandom(11);
    const ids = Array.from({ length: 8 }, (_, i) => `s${i}`);
    const histories = ids.map(() => generatedHistory(random, DAY, 1440, 5));
    // The live history sees each history as a sequence of status changes (the timeline's runs).
    const reference = timelineOf(histories.map((h) => ({ intervals: h.intervals })));
    const changes: Array<[string, ServiceStatus, number]> = [];
    ids.forEach((id, i) => {
      for (let k = reference.offsets[i]!; k < reference.offsets[i + 1]!; k += 1) {
        changes.push([
          id,
          reference.codes[k] === 0
            ? 'UNKNOWN'
            : (['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const)[reference.codes[k]! - 1]!,
          reference.starts[k]!,
        ]);
      }
    });
    const live = new LiveHistory();
    const pending = changes.sort((a, b) => a[2] - b[2]);
    const evaluation = new DefinitionEvaluation(
      definition({ degradedCountsAsDown: true }),
      ids,
      periodEndingBucketAt(definition(), DAY + BUCKET_MS),
      3,
      () => null,
    );
    assert.equal(evaluation.shards.length, 3);
    const period = evaluation.period;
    let next = 0;
    for (let asOf = period.start + BUCKET_MS; asOf <= period.end; asOf += BUCKET_MS) {
      while (next < pending.length && pending[next]![2] < asOf) live.recordStatus(...pending[next++]!);
      const { outcomes } = tick(evaluation, live, asOf);
      let covered = 0;
      let down = 0;
      ids.forEach((id, i) => {
        const full = judgePeriod(measureTimelinePeriod(reference, i, { period, now: asOf, degradedIsDown: true }), 99);
        assert.equal(evaluation.statusOf(id), full.status, `${id} as of ${new Date(asOf).toISOString()}`);
        const m = measureTimelinePeriod(reference, i, { period, now: asOf, degradedIsDown: true });
        covered += m.coveredMs;
        down += m.downtimeMs;
      });
      const pooled = outcomes.reduce((sum, o) => sum + o.measure.coveredMs, 0);
      assert.equal(pooled, covered);
      assert.equal(
        outcomes.reduce((sum, o) => sum + o.measure.downtimeMs, 0),
        down,
      );
    }
  });

  it('reports a status move once, at the bucket it happens, against the status known before (an active alert after a restart)', () => {
    const live = liveOf([
      ['a', 'OPERATIONAL', DAY - 60 * MINUTE],
      ['b', 'OPERATIONAL', DAY - 60 * MINUTE],
      ['a', 'DOWN', DAY + 10 * MINUTE],
    ]);
    const known: Record<string, PeriodStatus> = { b: 'BREACHED' };
    const evaluation = new DefinitionEvaluation(definition(), ['a', 'b'], periodEndingBucketAt(definition(), DAY + BUCKET_MS), 10, (id) =>
      id === null ? null : (known[id] ?? null),
    );
    const moves = (asOf: number) => tick(evaluation, live, asOf).moves.map((m) => `${m.serviceId}:${m.previous}->${m.status}`);
    assert.deepEqual(moves(DAY + 5 * MINUTE), ['a:null->MET', 'b:BREACHED->MET']);
    assert.deepEqual(moves(DAY + 10 * MINUTE), []);
    // 5 of the day's 14.4 budget minutes down: the open day is at risk (burn rate 96), not yet breached (issue 27).
    assert.deepEqual(moves(DAY + 15 * MINUTE), ['a:MET->AT_RISK']);
    assert.deepEqual(moves(DAY + 20 * MINUTE), []);
  });

  it('rolls over at the period end: the new day starts from nothing, an outage going on is no new incident of it', () => {
    const live = liveOf([
      ['a', 'OPERATIONAL', DAY - 60 * MINUTE],
      ['a', 'DOWN', DAY + 1430 * MINUTE],
      ['a', 'OPERATIONAL', DAY + 1445 * MINUTE],
    ]);
    const evaluation = new DefinitionEvaluation(
      definition(),
      ['a'],
      periodEndingBucketAt(definition(), DAY + 1425 * MINUTE),
      10,
      () => null,
    );
    evaluation.shards[0]!.accumulator.closeBucketsThrough(live.timeline(['a'], DAY), DAY + 1425 * MINUTE);
    tick(evaluation, live, DAY + 1440 * MINUTE);
    assert.equal(evaluation.period.key, '2026-03-10');
    assert.equal(evaluation.shards[0]!.accumulator.measure(0).downtimeMs, 10 * MINUTE);
    tick(evaluation, live, DAY + 1450 * MINUTE);
    assert.equal(evaluation.period.key, '2026-03-11');
    const measure = evaluation.shards[0]!.accumulator.measure(0);
    assert.deepEqual(
      [measure.elapsedMs, measure.downtimeMs, measure.incidentCount, measure.closedIncidentCount],
      [10 * MINUTE, 5 * MINUTE, 0, 0],
    );
  });

  it('caught up from stored history in one step (start-up, replay after late data), it equals the evaluation kept bucket by bucket', () => {
    const random = seededRandom(23);
    const histories = Array.from({ length: 30 }, () => generatedHistory(random, DAY, 1440, 1));
    const ids = histories.map((_, i) => `s${i}`);
    const period = periodEndingBucketAt(definition(), DAY + BUCKET_MS);
    const kept = new DefinitionEvaluation(definition(), ids, period, 7, () => null);
    const replayed = new DefinitionEvaluation(definition(), ids, period, 7, () => null);
    const asOf = DAY + 700 * MINUTE;
    for (let b = DAY; b < asOf; b += BUCKET_MS) {
      let at = 0;
      for (const shard of kept.shards) {
        const slice = timelineOf(histories.slice(at, at + shard.serviceIds.length));
        shard.accumulator.closeBucket(slice, b);
        at += shard.serviceIds.length;
      }
    }
    let at = 0;
    for (const shard of replayed.shards) {
      shard.accumulator.closeBucketsThrough(timelineOf(histories.slice(at, at + shard.serviceIds.length)), asOf);
      at += shard.serviceIds.length;
    }
    for (let s = 0; s < kept.shards.length; s += 1) {
      for (let i = 0; i < kept.shards[s]!.serviceIds.length; i += 1)
        assert.deepEqual(replayed.shards[s]!.accumulator.measure(i), kept.shards[s]!.accumulator.measure(i));
    }
  });

  it('opens a fast burn when both windows burn, holds it through a short lull, and resolves it 15 minutes after it last fired', () => {
    const changes: Array<[string, ServiceStatus, number]> = [
      ['a', 'OPERATIONAL', DAY - 120 * MINUTE],
      ['a', 'DOWN', DAY],
      ['a', 'OPERATIONAL', DAY + 10 * MINUTE],
      ['a', 'DOWN', DAY + 15 * MINUTE],
      ['a', 'OPERATIONAL', DAY + 20 * MINUTE],
    ];
    const live = new LiveHistory();
    const evaluation = new DefinitionEvaluation(definition(), ['a'], periodEndingBucketAt(definition(), DAY + BUCKET_MS), 10, () => null);
    const book = burnBook();
    const log: string[] = [];
    for (let asOf = DAY + BUCKET_MS; asOf <= DAY + 45 * MINUTE; asOf += BUCKET_MS) {
      for (const c of changes) if (c[2] >= asOf - BUCKET_MS && c[2] < asOf) live.recordStatus(...c);
      if (asOf === DAY + BUCKET_MS) live.recordStatus(...changes[0]!);
      for (const step of tick(evaluation, live, asOf, book).burn)
        if (step.change && step.severity === 'fast') log.push(`${(asOf - DAY) / MINUTE}:${step.change}`);
    }
    // 5 min down of the hour is 8.3x (not yet); 10 min is 16.7x with the last 5 all down: opens at 10. Fires again at 20; resolves at 35.
    assert.deepEqual(log, ['10:opened', '35:resolved']);
  });

  it('skips the burn-rate evaluation of a service calm for the longest window, unless its alert is open', () => {
    const live = liveOf([['a', 'OPERATIONAL', DAY - 600 * MINUTE]]);
    const evaluation = new DefinitionEvaluation(definition(), ['a'], periodEndingBucketAt(definition(), DAY + BUCKET_MS), 10, () => null);
    assert.deepEqual(tick(evaluation, live, DAY + BUCKET_MS).burn, []);
    const book = burnBook();
    book.put('a', 'slow', { open: true, lastFiringAt: DAY - 100 * MINUTE });
    const [step] = tick(evaluation, live, DAY + 2 * BUCKET_MS, book).burn;
    assert.deepEqual([step!.severity, step!.change], ['slow', 'resolved']);
  });
});

describe('status rules', () => {
  const table: ReadonlyArray<readonly [PeriodStatus | null, PeriodStatus, string | null, string, string | null]> = [
    [null, 'MET', null, 'BREACHED,AT_RISK', null],
    ['MET', 'BREACHED', 'BREACHED', 'AT_RISK', 'sla.breached'],
    [null, 'BREACHED', 'BREACHED', 'AT_RISK', 'sla.breached'],
    ['MET', 'AT_RISK', 'AT_RISK', 'BREACHED', 'sla.at_risk'],
    ['BREACHED', 'AT_RISK', 'AT_RISK', 'BREACHED', 'sla.at_risk'],
    ['AT_RISK', 'MET', null, 'BREACHED,AT_RISK', 'sla.met'],
    ['BREACHED', 'MET', null, 'BREACHED,AT_RISK', 'sla.met'],
    ['NO_DATA', 'MET', null, 'BREACHED,AT_RISK', null],
    ['BREACHED', 'NO_DATA', null, 'BREACHED,AT_RISK', null],
  ];
  for (const [previous, status, raise, resolve, webhook] of table) {
    it(`${previous ?? 'unknown'} -> ${status}: raises ${raise ?? 'nothing'}, sends ${webhook ?? 'nothing'}`, () => {
      const effects = moveEffects(previous, status);
      assert.deepEqual([effects?.raise, effects?.resolve.join(','), effects?.webhook], [raise, resolve, webhook]);
    });
  }

  it('no move, no effect', () => assert.equal(moveEffects('BREACHED', 'BREACHED'), null));

  it("a definition's default burn rules are the pure defaults, holds of three short windows", () => {
    assert.deepEqual(burnRatePolicyOf(DEFAULT_BURN_RATES), DEFAULT_BURN_RATE_POLICY);
  });
});

describe('sla status webhooks', () => {
  const result = judgePeriod(
    {
      periodMs: 1440 * MINUTE,
      elapsedMs: 60 * MINUTE,
      excludedMs: 0,
      coveredMs: 60 * MINUTE,
      downtimeMs: MINUTE,
      incidentCount: 1,
      closedIncidentCount: 0,
      closedIncidentMs: 0,
    },
    100,
  );
  const event = (services: number): SlaStatusChangedEvent => ({
    type: 'sla.status_changed',
    webhook: 'sla.breached',
    status: 'BREACHED',
    definition: { id: 'd1', name: 'Gold', targetPercent: 100, period: 'DAY', timeZone: null },
    period: { type: 'day', key: '2026-03-10', start: DAY, end: DAY + 1440 * MINUTE },
    asOf: DAY + 60 * MINUTE,
    definitionStatus: { previousStatus: 'MET', changed: true, result },
    services: Array.from({ length: services }, (_, i) => ({
      id: `s${i}`,
      name: `svc-${String(services - i).padStart(4, '0')}`,
      path: `eu/svc-${i}`,
      previousStatus: 'MET',
      targetPercent: 100,
      result,
    })),
    at: DAY + 60 * MINUTE,
    origin: 'timer',
  });

  it('lists at most 100 services, by name, with the count of all; an unbounded burn rate is null', () => {
    const translated = slaStatusWebhookSource.translate(event(250), { service: () => undefined, user: () => undefined })!;
    const data = translated.data as any;
    assert.equal(translated.name, 'sla.breached');
    assert.equal(data.services.length, MAX_SERVICES_PER_WEBHOOK);
    assert.equal(data.services[0].name, 'svc-0001');
    assert.deepEqual([data.servicesCount, data.servicesTruncated], [250, true]);
    assert.equal(data.services[0].burnRate, null);
    assert.equal(data.definitionStatus.burnRate, null);
    assert.deepEqual(data.period, {
      key: '2026-03-10',
      start: '2026-03-10T00:00:00.000Z',
      end: '2026-03-11T00:00:00.000Z',
      asOf: '2026-03-10T01:00:00.000Z',
    });
  });
});
