/** The compact timeline means exactly what the rows mean: the timeline arithmetic against periodArithmetic.ts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { computePeriodResult, measurePeriod } from '../../../../src/core/domain/periodArithmetic.js';
import { measureTimelinePeriod, timelinePeriodResult } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import {
  assertTimeline,
  GAP_CODE,
  sliceTimeline,
  TimelineBuilder,
  timelineOf,
} from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { timelineFromColumns } from '../../../../src/plugins/sla/arithmetic/timeline/timelineFromColumns.js';
import { generatedHistory, MINUTE, seededRandom, shuffled } from '../../../support/slaHistories.js';

const DAY = Date.parse('2026-03-10T00:00:00Z');
const period = { start: DAY, end: DAY + 1440 * MINUTE };

describe('status timeline', () => {
  it('turns rows into runs, with a gap run where a row ended before the next began', () => {
    const timeline = timelineOf([
      {
        intervals: [
          { status: 'DOWN', startedAt: 10, endedAt: 20 },
          { status: 'OPERATIONAL', startedAt: 0, endedAt: 10 },
          { status: 'DEGRADED', startedAt: 30, endedAt: 40 },
        ],
      },
      {
        intervals: [{ status: 'MAINTENANCE', startedAt: 5, endedAt: null }],
        exclusions: [
          [7, null],
          [1, 3],
        ],
      },
    ]);
    assertTimeline(timeline);
    assert.deepEqual([...timeline.offsets], [0, 5, 6]);
    assert.deepEqual([...timeline.starts], [0, 10, 20, 30, 40, 5]);
    assert.deepEqual([...timeline.codes], [1, 3, GAP_CODE, 2, GAP_CODE, 4]);
    assert.deepEqual([...timeline.windowOffsets], [0, 0, 2]);
    assert.deepEqual([...timeline.windowStarts], [1, 7]);
    assert.deepEqual([...timeline.windowEnds], [3, Number.NaN]);
  });

  it('gives a service without rows no runs, and its figures no data', () => {
    const timeline = timelineOf([{ intervals: [] }]);
    const result = timelinePeriodResult(timeline, 0, { period, now: period.end, targetPercent: 99 });
    assert.equal(result.status, 'NO_DATA');
    assert.equal(result.coveragePercent, 0);
  });

  it('rejects a row without a finite start and a service outside the timeline', () => {
    assert.throws(() => new TimelineBuilder().add([{ status: 'DOWN', startedAt: Number.NaN, endedAt: null }]), RangeError);
    assert.throws(() => measureTimelinePeriod(timelineOf([]), 0, { period, now: period.end }), RangeError);
  });

  it('slices services out of a timeline, renumbered from 0, with the same figures', () => {
    const random = seededRandom(11);
    const histories = Array.from({ length: 10 }, () => generatedHistory(random, period.start, 1440));
    const timeline = timelineOf(histories);
    const slice = sliceTimeline(timeline, 4, 7);
    assertTimeline(slice);
    for (let s = 0; s < 3; s += 1) {
      assert.deepEqual(
        measureTimelinePeriod(slice, s, { period, now: period.end }),
        measureTimelinePeriod(timeline, s + 4, { period, now: period.end }),
      );
    }
    assert.throws(() => sliceTimeline(timeline, 7, 4), RangeError);
    assert.throws(() => sliceTimeline(timeline, 0, 11), RangeError);
  });

  const timeline = timelineOf([
    {
      intervals: [
        { status: 'OPERATIONAL', startedAt: 0, endedAt: 10 },
        { status: 'DOWN', startedAt: 10, endedAt: null },
      ],
      exclusions: [[0, 5]],
    },
  ]);
  const broken: ReadonlyArray<readonly [string, object]> = [
    ['codes of another length', { codes: new Uint8Array(0) }],
    ['window offsets of another length', { windowOffsets: new Uint32Array(5) }],
    ['offsets that do not start at 0', { offsets: Uint32Array.of(1, 3) }],
    ['an unknown status code (35 would alias DOWN in a bit mask)', { codes: Uint8Array.of(1, 35) }],
    ['runs out of order', { starts: Float64Array.of(10, 0) }],
    ['a run starting at NaN', { starts: Float64Array.of(Number.NaN, 10) }],
    ['window ends of another length', { windowEnds: new Float64Array(0) }],
  ];
  for (const [name, change] of broken) {
    it(`rejects a timeline with ${name}`, () => assert.throws(() => assertTimeline({ ...timeline, ...change }), RangeError));
  }

  it('rejects runs added out of order or with an unknown code', () => {
    assert.throws(() => new TimelineBuilder().addRuns([10, 0], [1, 1]), RangeError);
    assert.throws(() => new TimelineBuilder().addRuns([0], [9]), RangeError);
    assert.throws(() => new TimelineBuilder().addRuns([0], [1], [5, 1], [6, 2]), RangeError);
  });
});

describe('timeline arithmetic is the row arithmetic', () => {
  it('gives the same measure as measurePeriod on 3,000 generated histories (any now, both DEGRADED rules)', () => {
    const random = seededRandom(20261125);
    for (let round = 0; round < 3000; round += 1) {
      const history = generatedHistory(random, period.start, 1440);
      const nowChoices = [
        period.end,
        period.end + 60 * MINUTE,
        period.start - 5 * MINUTE,
        period.start + Math.floor(random() * 1440) * MINUTE,
      ];
      const now = nowChoices[Math.floor(random() * nowChoices.length)]!;
      const degradedIsDown = random() < 0.5;
      // Both get the same order: rows with equal starts are taken in the order given (a stable sort).
      const intervals = shuffled(random, history.intervals);
      const timeline = timelineOf([{ intervals, exclusions: history.exclusions }]);
      const expected = measurePeriod({ period, now, intervals, exclusions: history.exclusions, degradedIsDown });
      const actual = measureTimelinePeriod(timeline, 0, { period, now, degradedIsDown });
      assert.deepEqual(actual, expected, `round ${round}: ${JSON.stringify({ now, degradedIsDown, history })}`);
    }
  });

  it('gives the same period result for every service of a many-service timeline', () => {
    const random = seededRandom(7);
    const histories = Array.from({ length: 200 }, () => generatedHistory(random, period.start, 1440, 5));
    const timeline = timelineOf(histories);
    histories.forEach((history, service) => {
      const options = { period, now: period.start + 1000 * MINUTE, targetPercent: 99.5 };
      assert.deepEqual(timelinePeriodResult(timeline, service, options), computePeriodResult({ ...options, ...history }));
    });
  });
});

describe('timeline from row columns', () => {
  it('means what the rows mean, in any read order, with rows read twice counting as their last read', () => {
    const random = seededRandom(99);
    const histories = Array.from({ length: 60 }, () => generatedHistory(random, period.start, 1440));
    // Rows as the paged reader sees them: shuffled across services, some read twice (first as still open).
    const read: Array<{ service: number; seq: number; status: number; startedAt: number; endedAt: number }> = [];
    histories.forEach((history, service) => {
      history.intervals.forEach((row, seq) => {
        const status = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'].indexOf(row.status) + 1;
        if (row.endedAt !== null && random() < 0.2) read.push({ service, seq, status, startedAt: row.startedAt, endedAt: Number.NaN });
        read.push({ service, seq, status, startedAt: row.startedAt, endedAt: row.endedAt ?? Number.NaN });
      });
    });
    // Shuffle, then give each (service, seq)'s places back to its reads in their own order, so a
    // twice-read row's open read still comes before its closed one.
    const key = (i: number) => `${read[i]!.service}:${read[i]!.seq}`;
    const queues = new Map<string, number[]>();
    read.forEach((_, i) => {
      queues.set(key(i), [...(queues.get(key(i)) ?? []), i]);
    });
    const sequence = shuffled(
      random,
      read.map((_, i) => i),
    ).map((i) => queues.get(key(i))!.shift()!);
    const rows = {
      service: Uint32Array.from(sequence, (i) => read[i]!.service),
      seq: Int32Array.from(sequence, (i) => read[i]!.seq),
      status: Uint8Array.from(sequence, (i) => read[i]!.status),
      startedAt: Float64Array.from(sequence, (i) => read[i]!.startedAt),
      endedAt: Float64Array.from(sequence, (i) => read[i]!.endedAt),
    };
    const windowRows = histories.flatMap((h, service) => h.exclusions.map(([start, end]) => ({ service, start, end: end ?? Number.NaN })));
    const windows = {
      service: Uint32Array.from(windowRows, (w) => w.service),
      start: Float64Array.from(windowRows, (w) => w.start),
      end: Float64Array.from(windowRows, (w) => w.end),
    };
    const fromColumns = timelineFromColumns(rows, histories.length, windows);
    assertTimeline(fromColumns);
    histories.forEach((history, service) => {
      const options = { period, now: period.start + 1300 * MINUTE, degradedIsDown: service % 2 === 0 };
      assert.deepEqual(
        measureTimelinePeriod(fromColumns, service, options),
        measurePeriod({ ...options, ...history }),
        `service ${service}`,
      );
    });
  });

  it('rejects a row of a service outside the count', () => {
    const one = {
      service: Uint32Array.of(3),
      seq: Int32Array.of(1),
      status: Uint8Array.of(1),
      startedAt: Float64Array.of(0),
      endedAt: Float64Array.of(Number.NaN),
    };
    assert.throws(() => timelineFromColumns(one, 2), RangeError);
  });
});
