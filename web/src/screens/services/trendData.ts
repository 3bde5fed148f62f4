/**
 * Shaping SLA trend points for the charts: uPlot's column arrays (x in epoch seconds, gaps as
 * null) and a sentence that says what the chart shows, for screen readers and for anyone who
 * cannot see the lines. Pure.
 */
import type { ServicesSlaTrendsQuery } from '../../gql/graphql';

/** What the chart reads of a trend point (the trend query's). */
export type TrendPoint = Pick<ServicesSlaTrendsQuery['slaTrendData'][number], 'periodStart' | 'actualValue' | 'status'>;

export interface TrendColumns {
  readonly x: number[];
  readonly actual: (number | null)[];
  /** Present when the points carry a target (the 5-minute trend does). */
  readonly target: number[] | null;
}

export function trendColumns(points: readonly (TrendPoint & { readonly targetValue?: number })[]): TrendColumns {
  const ordered = [...points].sort((a, b) => Date.parse(a.periodStart) - Date.parse(b.periodStart));
  const hasTarget = ordered.length > 0 && ordered.every((point) => typeof point.targetValue === 'number');
  return {
    x: ordered.map((point) => Math.floor(Date.parse(point.periodStart) / 1000)),
    actual: ordered.map((point) => point.actualValue),
    target: hasTarget ? ordered.map((point) => point.targetValue as number) : null,
  };
}

export interface TrendSummaryOptions {
  /** What the points are, e.g. "5-minute points over the last 24 hours". */
  readonly what: string;
  /** How to write a point's time. */
  readonly formatTime: (iso: string) => string;
}

const percent = (value: number) => `${value.toFixed(2)} %`;

export function trendSummary(
  points: readonly (TrendPoint & { readonly targetValue?: number })[],
  { what, formatTime }: TrendSummaryOptions,
): string {
  const measured = points.filter(
    (point): point is TrendPoint & { actualValue: number; targetValue?: number } => point.actualValue !== null,
  );
  if (measured.length === 0) return `${capitalize(what)}: none measured yet.`;
  const ordered = [...measured].sort((a, b) => Date.parse(a.periodStart) - Date.parse(b.periodStart));
  const latest = ordered[ordered.length - 1]!;
  const lowest = ordered.reduce((low, point) => (point.actualValue < low.actualValue ? point : low));
  const parts = [
    `${capitalize(what)}: ${measured.length} measured`,
    `latest ${percent(latest.actualValue)} (${formatTime(latest.periodStart)})`,
    `lowest ${percent(lowest.actualValue)} (${formatTime(lowest.periodStart)})`,
  ];
  const target = latest.targetValue;
  if (typeof target === 'number') {
    const below = ordered.filter((point) => point.actualValue < (point.targetValue ?? target)).length;
    parts.push(`target ${percent(target)}, ${below === 0 ? 'never missed' : `missed in ${below} of them`}`);
  }
  return `${parts.join('; ')}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
