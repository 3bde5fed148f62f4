/**
 * What the runtime metrics' event-loop delay monitor costs on its own (src/platform/metrics/runtimeMetrics.ts:
 * prom-client's `monitorEventLoopDelay` at its precision), two node processes side by side, one with the monitor on,
 * CPU time over the same seconds, in interleaved rounds (median of the differences), two ways:
 *
 * - **idle**: neither does anything, so each of the monitor's samples wakes a sleeping loop: its most;
 * - **busy**: both take a turn every millisecond with 50 µs of work (a loop serving pushes, without sockets), so
 *   its samples can fall in turns the loop takes anyway, as on a server under load.
 *
 * Set against a push at the bench's rate, the busy figure is the monitor's share; the idle one bounds it.
 */
import { spawn } from 'node:child_process';
import { EVENT_LOOP_MONITORING_PRECISION_MS } from '../../src/platform/metrics/runtimeMetrics.js';

export interface DelayMonitorFigure {
  readonly precisionMs: number;
  /** CPU ms per second the monitor adds to an idle process, and to one taking a turn every millisecond (medians). */
  readonly idleCpuMsPerSecond: number;
  readonly busyCpuMsPerSecond: number;
}

const probe = (resolutionMs: number, seconds: number, busy: boolean) => `
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  if (${resolutionMs} > 0) monitorEventLoopDelay({ resolution: ${resolutionMs} }).enable();
  let spun = 0;
  const turns = ${busy} ? setInterval(() => {
    const start = performance.now();
    while (performance.now() - start < 0.05) spun += 1;
  }, 1) : undefined;
  setTimeout(() => {
    const start = process.cpuUsage();
    setTimeout(() => {
      const used = process.cpuUsage(start);
      clearInterval(turns);
      process.stdout.write(String((used.user + used.system) / 1000));
    }, ${seconds * 1000});
  }, 300);
`;

function cpuMsOf(resolutionMs: number, seconds: number, busy: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', probe(resolutionMs, seconds, busy)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`delay monitor probe exited with ${code}`))));
  });
}

async function addedCpuMsPerSecond(busy: boolean, seconds: number, rounds: number): Promise<number> {
  const added: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const [on, off] = await Promise.all([cpuMsOf(EVENT_LOOP_MONITORING_PRECISION_MS, seconds, busy), cpuMsOf(0, seconds, busy)]);
    added.push((on - off) / seconds);
  }
  added.sort((a, b) => a - b);
  return added[Math.floor((added.length - 1) / 2)]!;
}

export async function measureDelayMonitor(smoke: boolean): Promise<DelayMonitorFigure> {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 5;
  return {
    precisionMs: EVENT_LOOP_MONITORING_PRECISION_MS,
    idleCpuMsPerSecond: await addedCpuMsPerSecond(false, seconds, rounds),
    busyCpuMsPerSecond: await addedCpuMsPerSecond(true, seconds, rounds),
  };
}
