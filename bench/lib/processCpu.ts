/**
 * CPU time of other processes, read from /proc (Linux only): utime + stime of the whole process
 * (every thread: main loop, libuv pool, GC helpers, uWS), in microseconds. The resolution is one
 * clock tick (CLK_TCK, 100/s on Linux: 10 ms), so measured windows are kept at hundreds of ticks.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/** `[comm, utime+stime ticks]` from /proc/<pid>/stat, or undefined when the process is gone. */
function readStat(pid: number | string): { comm: string; ticks: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // Field 2 (comm) is in parentheses and may contain spaces: split after the last ')'.
  const close = text.lastIndexOf(')');
  const comm = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // fields[0] is field 3 (state); utime is field 14, stime field 15.
  return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
}

export function assertProcFs(): void {
  if (readStat(process.pid) === undefined) {
    throw new Error('this bench reads server CPU time from /proc/<pid>/stat and needs Linux');
  }
}

/** CPU time (user + system) the process has used so far, in microseconds. */
export function processCpuMicros(pid: number): number {
  const stat = readStat(pid);
  if (stat === undefined) throw new Error(`process ${pid} is gone; cannot read its CPU time`);
  return (stat.ticks * 1e6) / clockTicks();
}

/** utime + stime ticks of every process named `postgres` (the local cluster), by pid. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
    const stat = readStat(entry);
    if (stat !== undefined && stat.comm === 'postgres') ticks.set(entry, stat.ticks);
  }
  return ticks;
}

/**
 * CPU microseconds PostgreSQL used between two samples (backends, WAL writer, checkpointer...).
 * Informational, and a lower bound: a process that exits between the samples (an autovacuum
 * worker, a closed pool connection) takes the CPU time it used in the window with it.
 */
function postgresCpuSince(start: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (start.get(pid) ?? 0);
  return (ticks * 1e6) / clockTicks();
}

/** Measures the CPU time of a server process and of PostgreSQL over a window. */
export class CpuWindow {
  private readonly serverStart: number;
  private readonly databaseStart: Map<string, number>;
  private readonly selfStart: NodeJS.CpuUsage;
  private readonly wallStart = performance.now();

  constructor(private readonly pid: number) {
    this.serverStart = processCpuMicros(pid);
    this.databaseStart = postgresTicks();
    this.selfStart = process.cpuUsage();
  }

  /** CPU microseconds used since the window opened: server, PostgreSQL, this (load-generating) process. */
  close(): { serverUs: number; databaseUs: number; loadGeneratorUs: number; wallMs: number } {
    const self = process.cpuUsage(this.selfStart);
    return {
      serverUs: processCpuMicros(this.pid) - this.serverStart,
      databaseUs: postgresCpuSince(this.databaseStart),
      loadGeneratorUs: self.user + self.system,
      wallMs: performance.now() - this.wallStart,
    };
  }
}
