/**
 * `svc-bench compare a.json b.json`: two runs side by side, per operation and figure, with the
 * change from a to b in per cent (latencies: lower is better; rates: higher is better).
 */
import { fmt, formatTable } from '../lib/table.js';
import type { OperationStats } from './recorder.js';
import type { RunResult } from './result.js';

const FIGURES: ReadonlyArray<readonly [string, (s: OperationStats) => number | null]> = [
  ['per s', (s) => s.ratePerSecond],
  ['p50 ms', (s) => s.p50Ms],
  ['p90 ms', (s) => s.p90Ms],
  ['p99 ms', (s) => s.p99Ms],
  ['p99.9 ms', (s) => s.p999Ms],
  ['max ms', (s) => s.maxMs],
  ['errors', (s) => s.errors],
];

/** The change from a to b in per cent, signed; '-' when either is missing or a is 0. */
export function change(a: number | null | undefined, b: number | null | undefined): string {
  if (a === null || a === undefined || b === null || b === undefined) return '-';
  if (a === 0) return b === 0 ? '0 %' : 'new';
  const percent = ((b - a) / a) * 100;
  return `${percent > 0 ? '+' : ''}${fmt(percent, 1)} %`;
}

export function formatComparison(a: RunResult, b: RunResult, nameA: string, nameB: string): string {
  const rows: string[][] = [];
  const operations = [...new Set([...Object.keys(a.operations), ...Object.keys(b.operations)])].sort();
  const entries: Array<[string, OperationStats | undefined, OperationStats | undefined]> = [
    ...operations.map((name): [string, OperationStats | undefined, OperationStats | undefined] => [
      name,
      a.operations[name],
      b.operations[name],
    ]),
    ['all', a.all, b.all],
  ];
  if (a.events.count > 0 || b.events.count > 0) entries.push(['events', a.events, b.events]);
  for (const [name, x, y] of entries) {
    for (const [figure, read] of FIGURES) {
      const va = x ? read(x) : null;
      const vb = y ? read(y) : null;
      rows.push([`${name} ${figure}`, fmt(va, 2), fmt(vb, 2), change(va, vb)]);
    }
  }
  rows.push(['errors rate %', fmt(a.errors.rate * 100, 3), fmt(b.errors.rate * 100, 3), change(a.errors.rate, b.errors.rate)]);
  rows.push([
    'generator CPU %',
    fmt(a.generator.cpuPercent, 1),
    fmt(b.generator.cpuPercent, 1),
    change(a.generator.cpuPercent, b.generator.cpuPercent),
  ]);
  const head = [
    `a: ${nameA}: ${a.scenario} on ${a.target} (${a.targetVersion}) at ${a.startedAt}, ${a.durationSeconds} s`,
    `b: ${nameB}: ${b.scenario} on ${b.target} (${b.targetVersion}) at ${b.startedAt}, ${b.durationSeconds} s`,
  ];
  if (a.scenario !== b.scenario) head.push('note: the runs are of different scenarios');
  return `${head.join('\n')}\n\n${formatTable(['figure', 'a', 'b', 'change'], rows)}`;
}
