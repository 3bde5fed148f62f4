/**
 * A small inline SVG line chart of one SLA's daily values against its target, for the printable
 * report. Static markup only (no script, no external reference), so the page stays CSP-safe.
 * Days without data leave a gap in the line rather than dropping it to zero.
 */
import type { DailyValue } from './dailyReport.js';

export interface ChartSize {
  readonly width: number;
  readonly height: number;
}

const DEFAULT_SIZE: ChartSize = { width: 240, height: 48 };
const PADDING = 3;

/**
 * The y axis runs from a floor to 100 %: the floor is a little under the lower of the target and
 * the worst day, so both the target line and every point are drawn and a 99.9 % target is not
 * squashed against a 0 % axis.
 */
export function chartFloor(values: readonly DailyValue[], targetPercent: number): number {
  let lowest = targetPercent;
  for (const { actualValue } of values) if (actualValue !== null && actualValue < lowest) lowest = actualValue;
  const span = Math.max(100 - lowest, 0.1);
  return Math.max(0, lowest - span * 0.25);
}

export function renderChartSvg(
  values: readonly DailyValue[],
  targetPercent: number,
  label: string,
  size: ChartSize = DEFAULT_SIZE,
): string {
  const { width, height } = size;
  const floor = chartFloor(values, targetPercent);
  const x = (index: number): number => (values.length <= 1 ? width / 2 : PADDING + (index * (width - 2 * PADDING)) / (values.length - 1));
  const y = (percent: number): number => PADDING + ((100 - percent) * (height - 2 * PADDING)) / (100 - floor);
  const segments: string[] = [];
  let current: string[] = [];
  values.forEach(({ actualValue }, index) => {
    if (actualValue === null) {
      if (current.length > 0) segments.push(current.join(' '));
      current = [];
      return;
    }
    current.push(`${fixed(x(index))},${fixed(y(actualValue))}`);
  });
  if (current.length > 0) segments.push(current.join(' '));
  const lines = segments.map((points) =>
    points.includes(' ')
      ? `<polyline points="${points}" fill="none" stroke="#1f6feb" stroke-width="1.5"/>`
      : `<circle cx="${points.split(',')[0]}" cy="${points.split(',')[1]}" r="1.5" fill="#1f6feb"/>`,
  );
  const targetY = fixed(y(targetPercent));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">`,
    `<line x1="0" y1="${targetY}" x2="${width}" y2="${targetY}" stroke="#cf222e" stroke-width="1" stroke-dasharray="3 2"/>`,
    ...lines,
    '</svg>',
  ].join('');
}

function fixed(value: number): string {
  return value.toFixed(1);
}
