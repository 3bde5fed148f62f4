/**
 * Loaded into a server under measurement with `node --import ./bench/million/loopProbe.mjs` (a preload; the server
 * has no code for it): samples the event loop's delay (monitorEventLoopDelay, 1 ms resolution) from the start, and
 * on SIGUSR2 writes its percentiles to BENCH_LOOP_PROBE_FILE, then starts a new window. The bench reads the window
 * it opened and closed (probe.ts).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
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
    };
    writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    renameSync(`${file}.tmp`, file);
    delay.reset();
  });
}
