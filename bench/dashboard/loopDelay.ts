/**
 * What a stretch of work costs the event loop of this process, measured while it runs:
 * - delay: perf_hooks.monitorEventLoopDelay at 1 ms resolution, i.e. the time between two runs of a
 *   1 ms timer (an idle loop shows about 1 ms: that is the floor; a 30 ms stall is ONE sample of
 *   about 30 ms); p50, p99 and max over the samples. Because a stall is one sample however long it
 *   lasts, this p99 forgives a few long stalls in a long window;
 * - wait p99: so the same gaps are also weighed by time: the wait a request arriving at a random
 *   moment would see before the loop takes it (inside a gap of g ms it waits between 0 and g), the
 *   value 99 % of moments stay under. One 300 ms stall in a 3 s window puts this near 270 ms;
 * - busy: event-loop utilization's active time (the main thread running JavaScript or native code
 *   called from it, as opposed to waiting for I/O); on a shared machine it includes time the thread
 *   was ready but not scheduled, so the CPU time is read too:
 * - main thread CPU: /proc/self/task/<pid>/schedstat (time on a CPU, ns); all threads CPU:
 *   process.cpuUsage (user + system: main, worker threads, libuv pool, GC helpers);
 * - wall: time from start to the result.
 * The window stays open until the timers ran once after the result, so the stretch of work that
 * produced the result is counted too.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

export interface LoopWindow {
  readonly wallMs: number;
  readonly busyMs: number;
  /** NaN where /proc/self/task/<pid>/schedstat cannot be read. */
  readonly mainCpuMs: number;
  readonly allCpuMs: number;
  readonly delayP50Ms: number;
  readonly delayP99Ms: number;
  readonly delayMaxMs: number;
  /** Time-weighted: the wait of a request arriving at a random moment, 99th percentile. */
  readonly waitP99Ms: number;
  readonly samples: number;
}

function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ', 1)[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

const allThreadsCpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Gaps between runs of a 1 ms interval timer, in ms. */
function startGapProbe(): () => Float64Array {
  let gaps = new Float64Array(4096);
  let count = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    if (count === gaps.length) {
      const grown = new Float64Array(gaps.length * 2);
      grown.set(gaps);
      gaps = grown;
    }
    gaps[count++] = now - last;
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    return gaps.subarray(0, count);
  };
}

/** The x with sum(max(0, g - x)) = 1 % of sum(g): 99 % of moments wait less than x. */
export function timeWeightedP99(gaps: Float64Array): number {
  if (gaps.length === 0) return Number.NaN;
  const sorted = Float64Array.from(gaps).sort().reverse();
  let total = 0;
  for (const g of sorted) total += g;
  const budget = total * 0.01;
  // Lower x from the largest gap down; between two sorted gaps the excess grows linearly.
  let excessAbove = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const next = sorted[i + 1] ?? 0;
    const width = sorted[i]! - next;
    const grow = (i + 1) * width;
    if (excessAbove + grow >= budget) return sorted[i]! - (budget - excessAbove) / (i + 1);
    excessAbove += grow;
  }
  return 0;
}

export async function measureLoop<T>(resolutionMs: number, work: () => Promise<T>): Promise<{ value: T; window: LoopWindow }> {
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  const utilization = performance.eventLoopUtilization();
  const stopProbe = startGapProbe();
  const mainCpuStart = mainThreadCpuMs();
  const allCpuStart = allThreadsCpuMs();
  const started = performance.now();
  histogram.enable();
  let value: T;
  let wallMs: number;
  let busyMs: number;
  let mainCpuMs: number;
  let allCpuMs: number;
  try {
    value = await work();
  } finally {
    wallMs = performance.now() - started;
    busyMs = performance.eventLoopUtilization(utilization).active;
    mainCpuMs = mainThreadCpuMs() - mainCpuStart;
    allCpuMs = allThreadsCpuMs() - allCpuStart;
    // Let the timers run once more, so the stall that ended with the result is recorded.
    await sleep(2 * resolutionMs);
    histogram.disable();
  }
  const gaps = stopProbe();
  return {
    value,
    window: {
      wallMs,
      busyMs,
      mainCpuMs,
      allCpuMs,
      delayP50Ms: histogram.percentile(50) / 1e6,
      delayP99Ms: histogram.percentile(99) / 1e6,
      delayMaxMs: histogram.max / 1e6,
      waitP99Ms: timeWeightedP99(gaps),
      samples: histogram.count,
    },
  };
}

/** Idle for `ms` (a timer), measured the same way: the floor. */
export async function measureIdle(resolutionMs: number, ms: number): Promise<LoopWindow> {
  const { window } = await measureLoop(resolutionMs, () => sleep(ms));
  return window;
}
