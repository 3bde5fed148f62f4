/**
 * One uPlot line chart that follows its container's width (ResizeObserver) and carries a text
 * summary: the canvas is hidden from screen readers, the summary is what they read.
 */
import { useRef } from 'react';
import type uPlot from 'uplot';
import { themeColours, useUplot } from '../../ui/useUplot';
import type { TrendColumns } from './trendData';

const HEIGHT = 200;

function chartOptions(width: number, columns: TrendColumns, label: string): uPlot.Options {
  const { accent, muted } = themeColours(document.documentElement);
  // Points drawn too: a day-old service has a single measured bucket, which is no line.
  const series: uPlot.Series[] = [{}, { label, stroke: accent, width: 2, spanGaps: false, points: { show: true, size: 5, fill: accent }, value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} %`) }];
  if (columns.target) series.push({ label: 'Target', stroke: muted, width: 1, dash: [6, 4], value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} %`) });
  return {
    width,
    height: HEIGHT,
    series,
    scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(min ?? 100, columns.target?.[0] ?? 100) - 0.5, Math.max(max ?? 100, 100) + 0.2] } },
    axes: [{ stroke: muted }, { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${tick.toFixed(1)} %`), size: 64 }],
    legend: { show: true },
  };
}

export function TrendChart({ columns, label, summary }: { columns: TrendColumns; label: string; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useUplot(
    box,
    200,
    (width) => ({ options: chartOptions(width, columns, label), data: columns.target ? [columns.x, columns.actual, columns.target] : [columns.x, columns.actual] }),
    [columns, label],
  );
  return (
    <figure className="trend-chart">
      <div ref={box} className="trend-canvas" aria-hidden="true" />
      <figcaption className="trend-summary">{summary}</figcaption>
    </figure>
  );
}
