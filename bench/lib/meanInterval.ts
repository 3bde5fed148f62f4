/**
 * The 95 % confidence interval of a mean from a few rounds (Student's t): what a same-run ratio measured in
 * interleaved rounds can tell apart from its target on a machine whose rounds spread. A target inside the interval
 * is not resolved by the run, whichever side the point estimate falls on.
 */

/** Two-sided 95 % quantiles of Student's t by degrees of freedom (1 to 30); beyond, the normal's 1.96. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export interface MeanInterval {
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

/** The mean of `values` and its 95 % interval; undefined for fewer than two values. */
export function meanInterval(values: readonly number[]): MeanInterval | undefined {
  const n = values.length;
  if (n < 2) return undefined;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const half = (T95[n - 2] ?? 1.96) * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}

/** At most `limit`: met when the whole interval is, missed when none of it is, else not resolved (null). */
export function atMost(interval: MeanInterval, limit: number): boolean | null {
  if (interval.high <= limit) return true;
  if (interval.low > limit) return false;
  return null;
}
