/**
 * Machine-wide CPU use from /proc/stat (Linux), to show when something outside the bench shares
 * the cores (another build, a test run) and the figures of a window are not clean. Units: percent of
 * one core (200 = both of 2 cores busy), like the per-process figures. `steal`: time the hypervisor
 * gave this VM's vCPUs to someone else.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface Sample {
  readonly busy: number;
  readonly steal: number;
  readonly at: number;
}

function sample(): Sample {
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user)
  const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return { busy: user + nice + system + irq + softirq, steal, at: performance.now() };
}

export interface MachineCpu {
  /** All processes together, percent of one core. */
  readonly busyPercent: number;
  readonly stealPercent: number;
}

export class MachineCpuWindow {
  private readonly start = sample();

  close(): MachineCpu {
    const end = sample();
    const seconds = (end.at - this.start.at) / 1000;
    const percent = (ticks: number) => (seconds > 0 ? (ticks / clockTicks() / seconds) * 100 : Number.NaN);
    return { busyPercent: percent(end.busy - this.start.busy), stealPercent: percent(end.steal - this.start.steal) };
  }
}

/** Machine CPU use over `ms` while the bench itself does nothing. */
export async function idleMachineCpu(ms: number): Promise<MachineCpu> {
  const window = new MachineCpuWindow();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return window.close();
}
