/**
 * A line chart as inline SVG text (no script, no network): axes with round ticks, one polyline per
 * series (gaps where a value is missing), a legend. For the HTML report.
 */

export interface Series {
  readonly name: string;
  readonly color: string;
  /** `[x, y]`; y null leaves a gap. */
  readonly points: ReadonlyArray<readonly [number, number | null]>;
}

export interface ChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly series: readonly Series[];
  readonly width?: number;
  readonly height?: number;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** About `count` round tick values from 0 to at least `max`. */
export function ticks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const values: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) values.push(Math.round(v * 1e6) / 1e6);
  return values;
}

const label = (value: number) =>
  Math.abs(value) >= 1000 ? `${(value / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : `${value}`;

export function lineChart(options: ChartOptions): string {
  const width = options.width ?? 720;
  const height = options.height ?? 240;
  const left = 56;
  const right = 12;
  const top = 28;
  const bottom = 40;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const all = options.series.flatMap((s) => s.points);
  const xMax = Math.max(1, ...all.map(([x]) => x));
  const yTicks = ticks(Math.max(0, ...all.map(([, y]) => y ?? 0)));
  const yMax = yTicks[yTicks.length - 1]!;
  const xTicks = ticks(xMax, 8);
  const xAt = (x: number) => left + (x / xTicks[xTicks.length - 1]!) * plotW;
  const yAt = (y: number) => top + plotH - (y / yMax) * plotH;
  const parts: string[] = [];
  parts.push(`<text x="${left}" y="16" class="title">${escapeHtml(options.title)}</text>`);
  for (const y of yTicks) {
    parts.push(`<line x1="${left}" x2="${left + plotW}" y1="${yAt(y)}" y2="${yAt(y)}" class="grid"/>`);
    parts.push(`<text x="${left - 6}" y="${yAt(y) + 4}" text-anchor="end">${label(y)}</text>`);
  }
  for (const x of xTicks) parts.push(`<text x="${xAt(x)}" y="${top + plotH + 16}" text-anchor="middle">${label(x)}</text>`);
  parts.push(`<text x="${left + plotW / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(options.xLabel)}</text>`);
  parts.push(
    `<text x="14" y="${top + plotH / 2}" transform="rotate(-90 14 ${top + plotH / 2})" text-anchor="middle">${escapeHtml(options.yLabel)}</text>`,
  );
  parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" class="frame"/>`);
  options.series.forEach((series, index) => {
    // One polyline per run of present values.
    let run: string[] = [];
    const flush = () => {
      if (run.length === 1) run.push(run[0]!);
      if (run.length > 0)
        parts.push(`<polyline points="${run.join(' ')}" stroke="${series.color}" class="line" data-series="${escapeHtml(series.name)}"/>`);
      run = [];
    };
    for (const [x, y] of series.points) {
      if (y === null) flush();
      else run.push(`${xAt(x).toFixed(1)},${yAt(y).toFixed(1)}`);
    }
    flush();
    const lx = left + 8 + index * 110;
    parts.push(`<rect x="${lx}" y="${top + 6}" width="10" height="10" fill="${series.color}"/>`);
    parts.push(`<text x="${lx + 14}" y="${top + 15}">${escapeHtml(series.name)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(options.title)}">${parts.join('')}</svg>`;
}
