/** The attainment trend of a definition as a uPlot line chart against its target. */
import { useRef } from 'react';
import { themeColours, useUplot } from '../../ui/useUplot';
import type { TrendSeries } from './trendSeries';

export function TrendChart({ series, label, height = 220 }: { series: TrendSeries; label: string; height?: number }) {
  const container = useRef<HTMLDivElement>(null);
  useUplot(
    container,
    300,
    (width, element) => {
      const { accent, muted } = themeColours(element);
      return {
        options: {
          width,
          height,
          scales: { x: { time: true }, y: { range: () => series.range } },
          axes: [{ stroke: muted }, { stroke: muted, values: (_u, ticks) => ticks.map((tick) => `${tick} %`), size: 86 }],
          series: [
            {},
            { label: 'Attainment', stroke: accent, width: 2, points: { show: series.data[0].length < 60 }, value: (_u, v) => (v === null ? 'no data' : `${v.toFixed(3)} %`) },
            { label: 'Target', stroke: muted, dash: [6, 4], width: 1, points: { show: false }, value: (_u, v) => (v === null ? '—' : `${v} %`), show: series.data[2].some((v) => v !== null) },
          ],
        },
        data: series.data,
      };
    },
    [series, height],
  );
  return <div className="sla-chart" ref={container} role="img" aria-label={label} />;
}
