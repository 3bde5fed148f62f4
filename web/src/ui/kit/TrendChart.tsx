/**
 * The console's one chart: a measured percentage over time (uPlot), with an optional dashed target
 * line, as wide as its container and following its width. The canvas is no text, so the chart
 * carries its words either as a caption under it (`caption`: shown, and read by screen readers; the
 * canvas is hidden from them) or as its accessible name (`label`: an image with that name).
 */
import { useRef } from 'react';
import type uPlot from 'uplot';
import { themeColours, useUplot } from './useUplot';

export interface TrendLines {
  /** Epoch seconds, oldest first. */
  readonly x: readonly number[];
  /** The measured percentage per x; null is a gap (nothing measured), never a zero. */
  readonly actual: readonly (number | null)[];
  /** The target per x, drawn dashed; null: no target line. */
  readonly target: readonly (number | null)[] | null;
}

export interface TrendChartProps {
  readonly lines: TrendLines;
  /** The measured line's name in the legend. */
  readonly lineLabel: string;
  /** The chart in words: `{ caption }` under it, or `{ label }` as its accessible name. */
  readonly words: { readonly caption: string } | { readonly label: string };
  /** The y range; 'auto': from the values and the target, half a point below the lowest. */
  readonly range: readonly [number, number] | 'auto';
  /** Decimals of the legend's values. */
  readonly decimals: number;
  readonly height: number;
  /** The canvas box's class (its area's width and height rules). */
  readonly className: string;
}

function chartOptions(width: number, element: HTMLElement, { lines, lineLabel, range, decimals, height }: TrendChartProps): uPlot.Options {
  const { accent, muted } = themeColours(element);
  const percent = (v: number | null | undefined, none: string) => (v === null || v === undefined ? none : `${v.toFixed(decimals)} %`);
  // Points drawn too: a single measured period is no line.
  const series: uPlot.Series[] = [
    {},
    {
      label: lineLabel,
      stroke: accent,
      width: 2,
      spanGaps: false,
      points: { show: true, size: 5, fill: accent },
      value: (_u, v) => percent(v, 'no data'),
    },
  ];
  if (lines.target)
    series.push({ label: 'Target', stroke: muted, width: 1, dash: [6, 4], points: { show: false }, value: (_u, v) => percent(v, '—') });
  const lowestTarget = lines.target?.find((v) => v !== null) ?? 100;
  return {
    width,
    height,
    series,
    scales: {
      x: { time: true },
      y: {
        range:
          range === 'auto'
            ? (_u, min, max) => [Math.min(min ?? 100, lowestTarget) - 0.5, Math.max(max ?? 100, 100) + 0.2]
            : () => [range[0], range[1]],
      },
    },
    axes: [{ stroke: muted }, { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${tick} %`), size: 86 }],
    legend: { show: true },
  };
}

export function TrendChart(props: TrendChartProps) {
  const { lines, words, className } = props;
  const box = useRef<HTMLDivElement>(null);
  useUplot(
    box,
    200,
    (width, element) => ({
      options: chartOptions(width, element, props),
      data: (lines.target
        ? [[...lines.x], [...lines.actual], [...lines.target]]
        : [[...lines.x], [...lines.actual]]) satisfies uPlot.AlignedData,
    }),
    [lines, props.lineLabel, props.range, props.decimals, props.height],
  );
  if ('label' in words) return <div className={className} ref={box} role="img" aria-label={words.label} />;
  return (
    <figure className="trend-chart">
      <div ref={box} className={className} aria-hidden="true" />
      <figcaption className="trend-summary">{words.caption}</figcaption>
    </figure>
  );
}
