/** The attainment trend of a definition as a uPlot line chart against its target. */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TrendSeries } from './trendSeries';

export function TrendChart({ series, label, height = 220 }: { series: TrendSeries; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const styles = getComputedStyle(element);
    const accent = styles.getPropertyValue('--accent').trim() || '#2563eb';
    const muted = styles.getPropertyValue('--muted').trim() || '#6b7280';
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 300),
        height,
        scales: { x: { time: true }, y: { range: () => series.range } },
        axes: [{ stroke: muted }, { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${tick} %`), size: 86 }],
        series: [
          {},
          { label: 'Attainment', stroke: accent, width: 2, points: { show: series.data[0].length < 60 }, value: (_u, v) => (v === null ? 'no data' : `${v.toFixed(3)} %`) },
          { label: 'Target', stroke: muted, dash: [6, 4], width: 1, points: { show: false }, value: (_u, v) => (v === null ? '—' : `${v} %`), show: series.data[2].some((v) => v !== null) },
        ],
      },
      series.data,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 300), height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, height]);
  return <div className="sla-chart" ref={container} role="img" aria-label={label} />;
}
