/**
 * What the bench reads of a server process from outside: the event loop's delay over a window (loopProbe.mjs,
 * preloaded into the server), its resident memory now and at its peak (/proc), with the peak reset at a window's
 * start where the kernel allows it (`clear_refs` 5).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoopWindow {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** The window's garbage collections by kind (minor, major, incremental, weakcb): count, pause total and longest. */
  readonly collections: Readonly<Record<string, { readonly count: number; readonly totalMs: number; readonly maxMs: number }>>;
}

/** The window's collections in a line: "major 3 (max 250 ms, 600 ms in all), minor 120 (...)". */
export function collectionsLine(window: LoopWindow): string {
  const kinds = Object.entries(window.collections ?? {});
  if (kinds.length === 0) return 'none';
  return kinds.map(([kind, c]) => `${kind} ${c.count} (max ${c.maxMs.toFixed(1)} ms, ${Math.round(c.totalMs)} ms in all)`).join(', ');
}

/** The node arguments and environment that load the probe into a server. */
export function loopProbeSetup(root: string, file: string): { nodeArgs: string[]; env: Record<string, string> } {
  return { nodeArgs: ['--import', join(root, 'bench/million/loopProbe.mjs')], env: { BENCH_LOOP_PROBE_FILE: file } };
}

export class ServerProbe {
  private window = 0;

  constructor(
    readonly pid: number,
    private readonly file: string,
  ) {}

  /** Ends the probe's current window (discarding it) and resets the resident peak: a measurement starts. */
  async open(): Promise<void> {
    await this.close();
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    } catch {
      // Not allowed here: the peak is then the process's since its start (an upper bound).
    }
  }

  /** The loop's delay since `open` (the server writes it when signalled). */
  async close(): Promise<LoopWindow> {
    this.window += 1;
    process.kill(this.pid, 'SIGUSR2');
    const deadline = performance.now() + 10_000;
    for (;;) {
      if (existsSync(this.file)) {
        const figures = JSON.parse(readFileSync(this.file, 'utf8')) as LoopWindow & { window: number };
        if (figures.window >= this.window) return figures;
      }
      if (performance.now() > deadline) throw new Error('the server did not answer the loop probe (was it started with loopProbe.mjs?)');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Resident memory now, bytes. */
  resident(): number {
    return this.statusField('VmRSS');
  }

  /** Peak resident memory since `open` (or since start), bytes. */
  residentPeak(): number {
    return this.statusField('VmHWM');
  }

  private statusField(name: string): number {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  }
}
