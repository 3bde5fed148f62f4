/**
 * The trend chart's data: uPlot wants columns (x in seconds, then one array per series, null for a
 * gap). Periods without covered time stay gaps rather than zeros, so a quiet day never looks like
 * an outage.
 */
import type { TrendPoint } from './slaTypes';

export interface TrendSeries {
  /** [x (epoch seconds), attainment, target] */
  readonly data: [number[], (number | null)[], (number | null)[]];
  /** The y range: tight around the values and the target, never above 100. */
  readonly range: [number, number];
}

/** `targetPercent` null (a group without a target): no target line, the range from the values alone. */
export function trendSeries(points: readonly TrendPoint[], targetPercent: number | null): TrendSeries {
  const xs: number[] = [];
  const actual: (number | null)[] = [];
  const target: (number | null)[] = [];
  for (const point of points) {
    const at = Date.parse(point.periodStart);
    if (Number.isNaN(at)) continue;
    xs.push(at / 1000);
    actual.push(point.actualValue ?? null);
    target.push(targetPercent);
  }
  return { data: [xs, actual, target], range: yRange(actual, targetPercent) };
}

function yRange(values: readonly (number | null)[], targetPercent: number | null): [number, number] {
  let low = targetPercent ?? 100;
  for (const value of values) if (value !== null && value < low) low = value;
  // A margin of a tenth of the distance to 100 (at least 0.01 point) keeps the target line off the edge.
  const margin = Math.max((100 - low) * 0.1, 0.01);
  return [Math.max(0, low - margin), 100];
}
