/**
 * CPU time of a process with nanosecond resolution: the sum over its threads of the first field of
 * /proc/<pid>/task/<tid>/schedstat (time spent on a CPU, ns). lib/processCpu.ts reads utime+stime
 * in clock ticks (10 ms), which is too coarse for the short windows here (a 1,000-subscriber raw
 * publish run uses a few hundred ms). A thread that exits inside a window takes its time with it;
 * the servers' threads (main, libuv pool, V8 helpers) live as long as the process. Both figures are
 * reported; they agree within a tick or two.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from '../lib/processCpu.js';

export function schedstatAvailable(): boolean {
  try {
    readFileSync(`/proc/${process.pid}/task/${process.pid}/schedstat`, 'utf8');
    return true;
  } catch {
    return false;
  }
}

/** Nanoseconds on a CPU so far, all threads of `pid`. */
export function processCpuNanos(pid: number): number {
  let total = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ', 1)[0]);
    } catch {
      // the thread exited between the listing and the read
    }
  }
  return total;
}

export interface CpuSample {
  readonly ns: number;
  readonly tickUs: number;
  /** stime alone (kernel), clock ticks as microseconds. */
  readonly systemTickUs: number;
}

let ticksPerSecond = 0;

/** stime of /proc/<pid>/stat in microseconds (tick resolution). */
function systemMicros(pid: number): number {
  if (ticksPerSecond === 0) ticksPerSecond = clockTicks();
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[12]) * 1e6) / ticksPerSecond;
}

function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

export function sampleCpu(pid: number): CpuSample {
  return { ns: processCpuNanos(pid), tickUs: processCpuMicros(pid), systemTickUs: systemMicros(pid) };
}

/** CPU used between two samples: microseconds from schedstat and from /proc/<pid>/stat ticks, and the kernel's share of the ticks. */
export function cpuSince(start: CpuSample, end: CpuSample): { us: number; tickUs: number; systemShare: number } {
  const tickUs = end.tickUs - start.tickUs;
  return {
    us: (end.ns - start.ns) / 1000,
    tickUs,
    systemShare: tickUs > 0 ? (end.systemTickUs - start.systemTickUs) / tickUs : Number.NaN,
  };
}

let softirqPids: number[] | undefined;

/**
 * Nanoseconds the kernel's ksoftirqd threads have run. Loopback delivery mostly runs in the
 * sending process's context (and is counted there), but under load the kernel defers part of it to
 * these threads, where no process's figure sees it. Reported beside the figures as a caveat.
 */
export function softirqThreadsNanos(): number {
  if (softirqPids === undefined) {
    softirqPids = [];
    for (const entry of readdirSync('/proc')) {
      if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('ksoftirqd')) softirqPids.push(Number(entry));
      } catch {
        // gone
      }
    }
  }
  let total = 0;
  for (const pid of softirqPids) {
    try {
      total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ', 1)[0]);
    } catch {
      // not readable: counted as 0
    }
  }
  return total;
}
