/**
 * `slaSnapshotTrend(serviceId, hoursBack)` (SPEC.md "Snapshot trend point"): one point per 5-minute
 * bucket from the bucket `hoursBack` hours before `now` through the bucket containing `now` (that
 * last one as of `now`). Each bucket is a period of its own: its actual value, its downtime, the
 * incidents that began in it and its status against the target (with a bucket's tiny budget, any
 * downtime in a bucket below a 100 % actual value is BREACHED when it takes the actual value under
 * the target).
 */
import type { PeriodStatus } from '../../../../core/domain/periodArithmetic.js';
import { BUCKET_MS, bucketKey, bucketStartOf } from '../periods/calendarPeriods.js';
import type { StatusTimeline } from '../timeline/statusTimeline.js';
import { trendSeries, type SlaAssignment } from './trendSeries.js';

export interface SnapshotTrendPoint {
  /** `2026-11-25T14:05Z` (periods/calendarPeriods.ts). */
  readonly periodKey: string;
  /** Epoch ms. */
  readonly periodStart: number;
  readonly actualValue: number | null;
  readonly targetValue: number;
  readonly incidentCount: number;
  readonly downtimeMinutes: number;
  readonly status: PeriodStatus;
}

/** At most a week of 5-minute buckets per request (2,016 points). */
export const MAX_SNAPSHOT_HOURS = 168;

/** The bucket edges of a snapshot trend: from `hoursBack` before `now` through the bucket holding `now`. */
export function snapshotBounds(now: number, hoursBack: number): Float64Array {
  if (!(Number.isFinite(hoursBack) && hoursBack > 0 && hoursBack <= MAX_SNAPSHOT_HOURS)) {
    throw new RangeError(`hoursBack must be more than 0 and at most ${MAX_SNAPSHOT_HOURS}, got ${hoursBack}`);
  }
  const first = bucketStartOf(now - hoursBack * 3_600_000);
  const last = bucketStartOf(now);
  const count = (last - first) / BUCKET_MS + 1;
  return Float64Array.from({ length: count + 1 }, (_, i) => first + i * BUCKET_MS);
}

export function snapshotTrend(timeline: StatusTimeline, assignment: SlaAssignment, now: number, hoursBack: number): SnapshotTrendPoint[] {
  const bounds = snapshotBounds(now, hoursBack);
  const [row] = trendSeries(timeline, [assignment], bounds, now);
  return row!.map(({ result }, i) => ({
    periodKey: bucketKey(bounds[i]!),
    periodStart: bounds[i]!,
    actualValue: result.actualValue,
    targetValue: assignment.targetPercent,
    incidentCount: result.incidentCount,
    downtimeMinutes: result.downtimeMinutes,
    status: result.status,
  }));
}
