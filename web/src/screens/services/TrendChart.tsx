/**
 * One uPlot line chart that follows its container's width (ResizeObserver) and carries a text
 * summary: the canvas is hidden from screen readers, the summary is what they read.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrendColumns } from './trendData';

const HEIGHT = 200;

function chartOptions(width: number, columns: TrendColumns, label: string): uPlot.Options {
  const styles = getComputedStyle(document.documentElement);
  const accent = styles.getPropertyValue('--accent').trim() || '#2563eb';
  const muted = styles.getPropertyValue('--muted').trim() || '#6b7280';
  const series: uPlot.Series[] = [{}, { label, stroke: accent, width: 2, spanGaps: false, value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} %`) }];
  if (columns.target) series.push({ label: 'Target', stroke: muted, width: 1, dash: [6, 4], value: (_u, v) => (v === null ? '—' : `${v.toFixed(2)} %`) });
  return {
    width,
    height: HEIGHT,
    series,
    scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(min ?? 100, columns.target?.[0] ?? 100) - 0.5, Math.min(100.5, Math.max(max ?? 100, 100))] } },
    axes: [{ stroke: muted }, { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${tick.toFixed(1)} %`), size: 64 }],
    legend: { show: true },
  };
}

export function TrendChart({ columns, label, summary }: { columns: TrendColumns; label: string; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = columns.target ? [columns.x, columns.actual, columns.target] : [columns.x, columns.actual];
    const chart = new uPlot(chartOptions(Math.max(200, element.clientWidth), columns, label), data, element);
    const observer = new ResizeObserver(() => {
      const width = Math.max(200, element.clientWidth);
      if (width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [columns, label]);
  return (
    <figure className="trend-chart">
      <div ref={box} className="trend-canvas" aria-hidden="true" />
      <figcaption className="trend-summary">{summary}</figcaption>
    </figure>
  );
}
