/** Tables and targets of a fan-out run: every variant against the raw floor and the stock reference of the same size. */
import type { Target } from '../lib/checks.js';
import { fmt, formatTable } from '../lib/table.js';
import type { ScenarioResult } from './scenario.js';

/** Limits of the issue. */
export const LIMITS = {
  /** CPU per delivered frame at most this many times the raw floor's. */
  cpuVsRaw: 2,
  /** ... and at least this many times cheaper than the stock reference's. */
  cheaperThanStock: 5,
  /** p99 at most this many times the raw floor's p99. */
  p99VsRaw: 1.5,
  /** Idle bytes per subscriber (RSS), 3 KB. */
  idleBytesPerSubscriber: 3000,
} as const;

function reference(results: readonly ScenarioResult[], variant: 'raw' | 'stock', subscribers: number): ScenarioResult | undefined {
  return results.find((r) => r.variant === variant && r.plan.subscribers === subscribers);
}

/** The memory target is checked on runs at least this large (when the run has one). */
const MEMORY_TARGET_MIN_SUBSCRIBERS = 5000;

const idsLabel = (r: ScenarioResult) => (r.variant === 'ours' ? r.idMode : '-');
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? Number.NaN : a / b);

export function mainTable(results: readonly ScenarioResult[]): string {
  return formatTable(
    [
      'variant',
      'ids',
      'subscribers',
      'events @ /s',
      'CPU µs/frame',
      'x raw',
      'stock / it',
      'frames/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'p99 x raw',
      'idle B/sub',
      'of it RSS / heap',
      'server CPU %',
      'saturated',
    ],
    results.map((r) => {
      const raw = reference(results, 'raw', r.plan.subscribers);
      const stock = reference(results, 'stock', r.plan.subscribers);
      const p = r.publish;
      return [
        r.label.split(',')[0]!.replace(/ \((shared|unique) ids\)/, ''),
        idsLabel(r),
        fmt(r.plan.subscribers),
        `${fmt(r.plan.events)} @ ${fmt(r.plan.ratePerSecond)}`,
        fmt(p.cpuUsPerFrame, 2),
        fmt(ratio(p.cpuUsPerFrame, raw?.publish.cpuUsPerFrame), 2),
        fmt(ratio(stock?.publish.cpuUsPerFrame, p.cpuUsPerFrame), 1),
        fmt(p.framesPerSecond),
        fmt(p.latency.perFrame.p50Ms, 2),
        fmt(p.latency.perFrame.p99Ms, 2),
        fmt(p.latency.perFrame.maxMs, 1),
        fmt(ratio(p.latency.perFrame.p99Ms, raw?.publish.latency.perFrame.p99Ms), 2),
        fmt(r.memory.bytesPerSubscriber),
        `${fmt(r.memory.rssBytesPerSubscriber)} / ${fmt(r.memory.heapBytesPerSubscriber)}`,
        fmt(p.serverCpuPercent),
        p.saturated ? 'YES' : 'no',
      ];
    }),
  );
}

export function detailTable(results: readonly ScenarioResult[]): string {
  return formatTable(
    [
      'variant',
      'ids',
      'subscribers',
      'frame B',
      'path alone µs/event',
      'net µs/frame',
      'CPU ms (schedstat / ticks)',
      'kernel share',
      'last subscriber p50 / max ms',
      'publish lag p50 / p99 ms',
      'push answered p50 / p99 ms',
      'offered frames/s',
      'clients CPU %',
      'ksoftirqd / PG / bench CPU %',
      'machine CPU %',
      'other CPU %',
      'connect s',
      'RSS MB none / half / all',
      'heap MB none / half / all',
    ],
    results.map((r) => {
      const p = r.publish;
      return [
        r.label.split(',')[0]!.replace(/ \((shared|unique) ids\)/, ''),
        idsLabel(r),
        fmt(r.plan.subscribers),
        fmt(p.frameBytes),
        fmt(r.pathOnly.cpuUsPerEvent),
        fmt(p.netCpuUsPerFrame, 2),
        `${fmt(p.serverCpuUs / 1000, 1)} / ${fmt(p.serverCpuTickUs / 1000)}`,
        `${fmt(p.serverKernelShare * 100)} %`,
        `${fmt(p.latency.lastPerEvent.p50Ms, 1)} / ${fmt(p.latency.lastPerEvent.maxMs, 1)}`,
        `${fmt(p.latency.publishLag.p50Ms, 2)} / ${fmt(p.latency.publishLag.p99Ms, 2)}`,
        r.variant === 'ours' ? `${fmt(p.handOver.p50Ms, 1)} / ${fmt(p.handOver.p99Ms, 1)}` : '-',
        fmt(p.offeredFramesPerSecond),
        fmt(p.clientsCpuPercent),
        `${fmt(p.softirqThreadsCpuPercent)} / ${fmt(p.databaseCpuPercent)} / ${fmt(p.benchCpuPercent)}`,
        fmt(p.machine.busyPercent),
        fmt(p.otherCpuPercent),
        fmt(r.connect.seconds, 1),
        `${fmt(r.memory.baseline.rssBytes / 2 ** 20, 1)} / ${fmt(r.memory.halfway.rssBytes / 2 ** 20, 1)} / ${fmt(r.memory.loaded.rssBytes / 2 ** 20, 1)}`,
        `${fmt(r.memory.baseline.heapUsedBytes / 2 ** 20, 1)} / ${fmt(r.memory.halfway.heapUsedBytes / 2 ** 20, 1)} / ${fmt(r.memory.loaded.heapUsedBytes / 2 ** 20, 1)}`,
      ];
    }),
  );
}

/** The targets, for every run of this server; n/a when a reference is missing. */
export function targets(results: readonly ScenarioResult[], oursSkipped: string | undefined): Target[] {
  const list: Target[] = [];
  const ours = results.filter((r) => r.variant === 'ours');
  if (ours.length === 0) {
    list.push({
      target: 'this server: all fan-out targets',
      measured: `not run (${oursSkipped ?? 'not selected'})`,
      limit: '-',
      met: null,
    });
  }
  const largest = Math.max(0, ...results.map((r) => r.plan.subscribers));
  for (const r of ours) {
    const name = `${r.idMode} ids, ${fmt(r.plan.subscribers)} subscribers`;
    const raw = reference(results, 'raw', r.plan.subscribers);
    const stock = reference(results, 'stock', r.plan.subscribers);
    const cpu = r.publish.cpuUsPerFrame;
    const vsRaw = ratio(cpu, raw?.publish.cpuUsPerFrame);
    list.push({
      target: `CPU per delivered frame vs the raw floor (${name})`,
      measured: raw
        ? `${fmt(vsRaw, 2)}x (${fmt(cpu, 2)} vs ${fmt(raw.publish.cpuUsPerFrame, 2)} µs; net of the path ${fmt(ratio(r.publish.netCpuUsPerFrame, raw.publish.netCpuUsPerFrame), 2)}x)`
        : 'raw not run',
      limit: `<= ${LIMITS.cpuVsRaw}x`,
      met: raw ? vsRaw <= LIMITS.cpuVsRaw : null,
    });
    const vsStock = ratio(stock?.publish.cpuUsPerFrame, cpu);
    list.push({
      target: `CPU per delivered frame, stock reference / this server (${name})`,
      measured: stock
        ? `${fmt(vsStock, 1)}x (${fmt(stock.publish.cpuUsPerFrame, 2)} vs ${fmt(cpu, 2)} µs)${stock.publish.saturated ? '; stock saturated' : ''}`
        : 'stock not run',
      limit: `>= ${LIMITS.cheaperThanStock}x`,
      met: stock ? vsStock >= LIMITS.cheaperThanStock : null,
    });
    const p99 = ratio(r.publish.latency.perFrame.p99Ms, raw?.publish.latency.perFrame.p99Ms);
    list.push({
      target: `publish-to-delivery p99 vs the raw floor's p99 (${name})`,
      measured: raw
        ? `${fmt(p99, 2)}x (${fmt(r.publish.latency.perFrame.p99Ms, 2)} vs ${fmt(raw.publish.latency.perFrame.p99Ms, 2)} ms)`
        : 'raw not run',
      limit: `<= ${LIMITS.p99VsRaw}x`,
      met: raw ? p99 <= LIMITS.p99VsRaw : null,
    });
    // A few thousand bytes per subscriber are within the noise of RSS below a few thousand subscribers.
    const memoryCounts = r.plan.subscribers >= MEMORY_TARGET_MIN_SUBSCRIBERS || largest < MEMORY_TARGET_MIN_SUBSCRIBERS;
    list.push({
      target: `idle memory per subscriber, marginal, after GC (${name})${memoryCounts ? '' : ' (informational: too few subscribers to resolve)'}`,
      measured: `${fmt(r.memory.bytesPerSubscriber)} B (RSS ${fmt(r.memory.rssBytesPerSubscriber)} B, JS heap ${fmt(r.memory.heapBytesPerSubscriber)} B + external ${fmt(r.memory.externalBytesPerSubscriber)} B)`,
      limit: `<= ${fmt(LIMITS.idleBytesPerSubscriber)} B`,
      met: memoryCounts ? r.memory.bytesPerSubscriber <= LIMITS.idleBytesPerSubscriber : null,
    });
  }
  return list;
}
