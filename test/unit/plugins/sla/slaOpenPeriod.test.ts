/** The open period kept bucket by bucket equals the period computed in full at every bucket end. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OpenPeriodAccumulator } from '../../../../src/plugins/sla/arithmetic/openPeriodAccumulator.js';
import { measurePeriod } from '../../../../src/core/domain/periodArithmetic.js';
import { BUCKET_MS } from '../../../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { measureTimelinePeriod } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { timelineOf } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { generatedHistory, MINUTE, seededRandom } from '../../../support/slaHistories.js';

const DAY = Date.parse('2026-03-10T00:00:00Z');
const period = { start: DAY, end: DAY + 1440 * MINUTE };

describe('open period accumulator', () => {
  for (const [name, grid] of [
    ['changes on whole minutes', 1],
    ['changes on bucket boundaries', 5],
  ] as const) {
    it(`equals the full computation after every closed bucket (${name})`, () => {
      const random = seededRandom(grid * 1000 + 3);
      const histories = Array.from({ length: 120 }, () => generatedHistory(random, period.start, 1440, grid));
      const timeline = timelineOf(histories);
      const degradedIsDown = Uint8Array.from(histories, () => (random() < 0.5 ? 1 : 0));
      const accumulator = new OpenPeriodAccumulator({ period, services: histories.length, degradedIsDown });
      for (let bucket = period.start; bucket < period.end; bucket += BUCKET_MS) {
        accumulator.closeBucket(timeline, bucket);
        const now = bucket + BUCKET_MS;
        for (let s = 0; s < histories.length; s += 1) {
          const full = measureTimelinePeriod(timeline, s, { period, now, degradedIsDown: degradedIsDown[s] === 1 });
          assert.deepEqual(accumulator.measure(s), full, `service ${s} at ${new Date(now).toISOString()}`);
        }
      }
      // And at the end, the row arithmetic's month as well.
      for (let s = 0; s < histories.length; s += 1) {
        assert.deepEqual(
          accumulator.measure(s),
          measurePeriod({ period, now: period.end, ...histories[s]!, degradedIsDown: degradedIsDown[s] === 1 }),
        );
      }
    });
  }

  it('catching up several buckets at once reaches the state of closing them one by one', () => {
    const random = seededRandom(77);
    const histories = Array.from({ length: 80 }, () => generatedHistory(random, period.start, 1440, 1));
    const timeline = timelineOf(histories);
    const byBucket = new OpenPeriodAccumulator({ period, services: histories.length, degradedIsDown: true });
    const caughtUp = new OpenPeriodAccumulator({ period, services: histories.length, degradedIsDown: true });
    // Catch up in uneven steps (1, 7, 30, ... buckets), then go on bucket by bucket on both.
    let bucket = period.start;
    for (const step of [1, 7, 30, 2, 60]) {
      for (let b = 0; b < step; b += 1, bucket += BUCKET_MS) byBucket.closeBucket(timeline, bucket);
      caughtUp.closeBucketsThrough(timeline, bucket);
      for (let s = 0; s < histories.length; s += 1)
        assert.deepEqual(caughtUp.measure(s), byBucket.measure(s), `service ${s} as of ${new Date(bucket).toISOString()}`);
    }
    byBucket.closeBucket(timeline, bucket);
    caughtUp.closeBucket(timeline, bucket);
    for (let s = 0; s < histories.length; s += 1) assert.deepEqual(caughtUp.measure(s), byBucket.measure(s));
    assert.throws(() => caughtUp.closeBucketsThrough(timeline, bucket - BUCKET_MS), RangeError);
  });

  it('counts an incident that closes exactly at a bucket end in that bucket, once', () => {
    const timeline = timelineOf([
      {
        intervals: [
          { status: 'OPERATIONAL', startedAt: DAY, endedAt: DAY + 2 * MINUTE },
          { status: 'DOWN', startedAt: DAY + 2 * MINUTE, endedAt: DAY + 5 * MINUTE },
          { status: 'OPERATIONAL', startedAt: DAY + 5 * MINUTE, endedAt: null },
        ],
      },
    ]);
    const accumulator = new OpenPeriodAccumulator({ period, services: 1 });
    accumulator.closeBucket(timeline, DAY);
    assert.equal(accumulator.result(0, 99).mttrMinutes, 3);
    accumulator.closeBucket(timeline, DAY + BUCKET_MS);
    assert.deepEqual([accumulator.measure(0).closedIncidentCount, accumulator.measure(0).incidentCount], [1, 1]);
  });

  const invalid: ReadonlyArray<readonly [string, () => void]> = [
    [
      'a bucket out of order',
      () => new OpenPeriodAccumulator({ period, services: 1 }).closeBucket(timelineOf([{ intervals: [] }]), DAY + BUCKET_MS),
    ],
    [
      'a timeline of another size',
      () => new OpenPeriodAccumulator({ period, services: 2 }).closeBucket(timelineOf([{ intervals: [] }]), DAY),
    ],
    ['a period not on bucket boundaries', () => new OpenPeriodAccumulator({ period: { start: DAY + 1, end: period.end }, services: 1 })],
    [
      'a degradedIsDown column of another size',
      () => new OpenPeriodAccumulator({ period, services: 2, degradedIsDown: new Uint8Array(1) }),
    ],
  ];
  for (const [name, call] of invalid) it(`rejects ${name} with a RangeError`, () => assert.throws(call, RangeError));
});
