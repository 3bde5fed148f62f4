/**
 * The end-of-test summary (plain text, k6-like): the run, a table per operation (count, errors,
 * rate, latency percentiles from the intended send time), event delivery, errors by kind, the
 * server's panel, the generator's own health, and every threshold with PASS or FAIL.
 */
import { fmt, formatTable } from '../lib/table.js';
import type { OperationStats } from './recorder.js';
import type { RunResult } from './result.js';

const ms = (value: number | null) => (value === null ? '-' : value < 10 ? fmt(value, 2) : value < 100 ? fmt(value, 1) : fmt(value, 0));

function row(name: string, stats: OperationStats): string[] {
  return [
    name,
    fmt(stats.count),
    fmt(stats.errors),
    fmt(stats.ratePerSecond, 1),
    ms(stats.p50Ms),
    ms(stats.p90Ms),
    ms(stats.p99Ms),
    ms(stats.p999Ms),
    ms(stats.maxMs),
  ];
}

export function formatSummary(result: RunResult): string {
  const lines: string[] = [];
  const model =
    result.model === 'open'
      ? `open model, ${fmt(result.offeredRate, 1)} arrivals/s offered${result.rampSeconds > 0 ? ` after a ${result.rampSeconds} s ramp` : ''}`
      : `closed model, ${result.vus} virtual users (latency from the send: a closed model hides stalls)`;
  lines.push(
    `svc-bench ${result.scenario} against ${result.target} (version ${result.targetVersion}), ${result.durationSeconds} s, ${model}, seed ${result.seed}`,
  );
  lines.push('');
  lines.push('latency in ms from the intended send time');
  const rows = Object.entries(result.operations).map(([name, stats]) => row(name, stats));
  rows.push(row('all', result.all));
  if (result.events.count > 0) rows.push(row(`events (${result.subscribers} subscribers)`, result.events));
  lines.push(formatTable(['operation', 'count', 'errors', 'per s', 'p50', 'p90', 'p99', 'p99.9', 'max'], rows));
  lines.push('');
  const kinds = Object.entries(result.errorKinds);
  lines.push(
    kinds.length === 0
      ? 'errors: none'
      : `errors: ${fmt(result.errors.count)} (${fmt(result.errors.rate * 100, 3)} %): ${kinds.map(([kind, n]) => `${kind} ${fmt(n)}`).join(', ')}`,
  );
  if (result.server.available) {
    const cpu = result.server.samples.map((s) => s.cpuPercent).filter((v): v is number => v !== null);
    const lag = result.server.samples.map((s) => s.eventLoopP99Ms).filter((v): v is number => v !== null);
    const commit = result.server.samples.map((s) => s.commitMeanMs).filter((v): v is number => v !== null);
    const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
    lines.push(
      `server (/metrics): CPU ${fmt(mean(cpu), 0)} % of a core on average (max ${fmt(cpu.length ? Math.max(...cpu) : null, 0)}), ` +
        `event-loop p99 up to ${fmt(lag.length ? Math.max(...lag) : null, 1)} ms, group commit ${fmt(mean(commit), 2)} ms on average`,
    );
  } else lines.push(`server: no /metrics panel (${result.server.problem ?? 'not exposed'})`);
  const g = result.generator;
  lines.push(
    `generator: ${fmt(g.cpuPercent, 0)} % of a core, pump late by ${fmt(g.lagP99Ms, 1)} ms at p99 (max ${fmt(g.lagMaxMs, 0)}), ` +
      `${fmt(g.lateSends)} late sends, ${fmt(g.unsent)} never sent`,
  );
  if (g.warning) lines.push(`WARNING: ${g.warning}`);
  if (result.thresholds.length > 0) {
    lines.push('');
    for (const outcome of result.thresholds)
      lines.push(
        `${outcome.passed ? 'PASS' : 'FAIL'}  ${outcome.threshold}  (measured ${outcome.value === null ? 'nothing: no such figure in this run' : fmt(outcome.value, 3)})`,
      );
    const failed = result.thresholds.filter((outcome) => !outcome.passed);
    lines.push(failed.length === 0 ? 'thresholds: all passed' : `thresholds: FAILED ${failed.map((f) => f.threshold).join(', ')}`);
  }
  return lines.join('\n');
}
