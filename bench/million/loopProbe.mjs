/**
 * Loaded into a server under measurement with `node --import ./bench/million/loopProbe.mjs` (a preload; the server
 * has no code for it): samples the event loop's delay (monitorEventLoopDelay, 1 ms resolution) from the start, and
 * on SIGUSR2 writes its percentiles and the window's garbage collections (count, total and longest pause by kind) to
 * BENCH_LOOP_PROBE_FILE, then starts a new window. The bench reads the window
 * it opened and closed (probe.ts).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** The collections' pauses by kind: what holds the main thread that is not our code. */
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let collections = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = KINDS[entry.detail?.kind] ?? 'other';
      const seen = (collections[kind] ??= { count: 0, totalMs: 0, maxMs: 0 });
      seen.count += 1;
      seen.totalMs += entry.duration;
      seen.maxMs = Math.max(seen.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let window = 0;
  process.on('SIGUSR2', () => {
    window += 1;
    const ms = (ns) => ns / 1e6;
    const figures = {
      window,
      samples: delay.count,
      p50Ms: ms(delay.percentile(50)),
      p99Ms: ms(delay.percentile(99)),
      maxMs: ms(delay.max),
      collections,
    };
    collections = {};
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    delay.reset();
  });
}
