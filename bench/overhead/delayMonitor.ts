/**
 * What the runtime metrics' event-loop delay monitor costs on its own (src/platform/metrics/runtimeMetrics.ts:
 * prom-client's `monitorEventLoopDelay` at its precision): two idle node processes side by side, one with the
 * monitor on, CPU time over the same seconds, in interleaved rounds (median of the differences). Each sample wakes
 * an idle loop, so this is its most; under load, part of its wake-ups fall in turns the loop takes anyway. Set
 * against a push at the bench's rate (`perPushNs`), it is an upper bound of the monitor's share.
 */
import { spawn } from 'node:child_process';
import { EVENT_LOOP_MONITORING_PRECISION_MS } from '../../src/platform/metrics/runtimeMetrics.js';

export interface DelayMonitorFigure {
  readonly precisionMs: number;
  /** CPU ms per second the monitor adds to an idle process (median over the rounds). */
  readonly cpuMsPerSecond: number;
}

const idle = (resolutionMs: number, seconds: number) => `
  const { monitorEventLoopDelay } = require('node:perf_hooks');
  if (${resolutionMs} > 0) monitorEventLoopDelay({ resolution: ${resolutionMs} }).enable();
  setTimeout(() => {
    const start = process.cpuUsage();
    setTimeout(() => {
      const used = process.cpuUsage(start);
      process.stdout.write(String((used.user + used.system) / 1000));
    }, ${seconds * 1000});
  }, 200);
`;

function cpuMsOf(resolutionMs: number, seconds: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', idle(resolutionMs, seconds)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`idle probe exited with ${code}`))));
  });
}

export async function measureDelayMonitor(smoke: boolean): Promise<DelayMonitorFigure> {
  const seconds = smoke ? 1 : 5;
  const rounds = smoke ? 1 : 3;
  const added: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const [on, off] = await Promise.all([cpuMsOf(EVENT_LOOP_MONITORING_PRECISION_MS, seconds), cpuMsOf(0, seconds)]);
    added.push((on - off) / seconds);
  }
  added.sort((a, b) => a - b);
  return { precisionMs: EVENT_LOOP_MONITORING_PRECISION_MS, cpuMsPerSecond: Math.max(0, added[Math.floor((added.length - 1) / 2)]!) };
}
