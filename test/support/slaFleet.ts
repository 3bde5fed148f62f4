/**
 * A generated month of 5-minute status history for a fleet, as a compact timeline: each service's
 * status is drawn per 5-minute bucket by a sticky random walk (mostly OPERATIONAL; rare DOWN spells,
 * frequent short DEGRADED, MAINTENANCE, a rare silence), consecutive equal buckets merged into one run, as
 * `status_intervals` holds them; a third of the services also have an exclusion window. Used by the
 * worker tests and bench/sla.ts.
 */
import { BUCKET_MS } from '../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import {
  DEGRADED_CODE,
  DOWN_CODE,
  GAP_CODE,
  MAINTENANCE_CODE,
  OPERATIONAL_CODE,
  TimelineBuilder,
  type StatusTimeline,
} from '../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { seededRandom } from './slaHistories.js';

export interface GeneratedFleet {
  readonly timeline: StatusTimeline;
  readonly period: { readonly start: number; readonly end: number };
  readonly services: number;
  readonly runs: number;
}

/** November 2026 (30 days, 8,640 buckets), every service with a run at the period start. */
export const FLEET_PERIOD = { start: Date.parse('2026-11-01T00:00:00Z'), end: Date.parse('2026-12-01T00:00:00Z') };

export function generatedFleet(services: number, seed = 1, period = FLEET_PERIOD): GeneratedFleet {
  const random = seededRandom(seed);
  const builder = new TimelineBuilder();
  const buckets = Math.round((period.end - period.start) / BUCKET_MS);
  const starts: number[] = [];
  const codes: number[] = [];
  for (let s = 0; s < services; s += 1) {
    starts.length = 0;
    codes.length = 0;
    // Outages are rare (about 0.3 to 4 a month, 15 minutes on average), so a month at 99.9 % spreads
    // over MET, AT_RISK and BREACHED; DEGRADED flickers more often (20 to 50 times), which is what
    // gives a service its 50 to 110 runs.
    const downRate = 0.00003 + random() * 0.00045;
    const degradedRate = 0.0025 + random() * 0.0035;
    let code = OPERATIONAL_CODE;
    for (let b = 0; b < buckets; b += 1) {
      let next = code;
      if (code === OPERATIONAL_CODE) {
        const r = random();
        if (r < downRate) next = DOWN_CODE;
        else if (r < downRate + degradedRate) next = DEGRADED_CODE;
        else if (r < downRate + degradedRate + 0.0002) next = MAINTENANCE_CODE;
        else if (r < downRate + degradedRate + 0.00025) next = GAP_CODE;
      } else if (random() < (code === DOWN_CODE ? 0.35 : 0.4)) {
        next = OPERATIONAL_CODE;
      }
      if (b === 0 || next !== code) {
        starts.push(period.start + b * BUCKET_MS);
        codes.push(next);
      }
      code = next;
    }
    const windowStarts: number[] = [];
    const windowEnds: number[] = [];
    if (s % 3 === 0) {
      const from = period.start + Math.floor(random() * (buckets - 24)) * BUCKET_MS;
      windowStarts.push(from);
      windowEnds.push(from + (1 + Math.floor(random() * 24)) * BUCKET_MS);
    }
    builder.addRuns(starts, codes, windowStarts, windowEnds);
  }
  const timeline = builder.build();
  return { timeline, period, services, runs: timeline.starts.length };
}
