/**
 * The part every server variant's process shares: it records the publish stamp of each sequence
 * number (`process.hrtime.bigint()`, CLOCK_MONOTONIC, so the load clients' receipt times in other
 * processes on this machine compare with it), answers the bench's requests (publish, stamps,
 * memory after a forced GC, stop) and exits 0 after a clean stop. Start the process with
 * `--expose-gc`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { announceReady, serveIpc } from './ipc.js';

export interface VariantServer {
  readonly port: number;
  /** Publishes sequence `seq` (raw and stock; this server's events come from health pushes the bench sends instead). */
  publish?(seq: number): void;
  close(): Promise<void>;
  /** Counters worth reporting (e.g. events the bus carried). */
  info?(): Record<string, unknown>;
}

/** Publish stamps by sequence number, nanoseconds of CLOCK_MONOTONIC. */
export class Stamps {
  private readonly bySeq = new Map<number, number>();
  duplicates = 0;

  record(seq: number): void {
    const now = Number(process.hrtime.bigint());
    if (this.bySeq.has(seq)) this.duplicates += 1;
    else this.bySeq.set(seq, now);
  }

  entries(): Array<[number, number]> {
    return [...this.bySeq];
  }
}

export interface MemoryReading {
  /** VmRSS of /proc/self/status after GC. */
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
  readonly heapTotalBytes: number;
  readonly externalBytes: number;
  readonly arrayBuffersBytes: number;
  /** Committed bytes of each V8 heap space (new_space, old_space, ...): which one grew. */
  readonly heapSpaces: Record<string, number>;
  /** How long the reading waited for V8 to give back the young generation (see youngGenerationReturned). */
  readonly settleMs: number;
}

/** New space as V8 starts it (two 512 KiB semi-spaces); anything above is growth it gives back when idle. */
const SETTLED_NEW_SPACE_BYTES = 2 * 1024 * 1024;

const newSpaceBytes = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/**
 * A burst of allocation (thousands of handshakes in a few seconds) grows V8's young generation to
 * its cap, 32 MB here, and a forced GC does not shrink it: V8's memory reducer gives it back once
 * the process has been idle for about 20-25 s. Memory read before that counts the burst, not the
 * subscribers (it made one half of a run look 1-1.5 KB per subscriber heavier than the other, at
 * random). Idle memory is what an idle server holds, so the reading waits for the reducer.
 */
async function youngGenerationReturned(limitMs: number): Promise<number> {
  const start = Date.now();
  while (newSpaceBytes() > SETTLED_NEW_SPACE_BYTES && Date.now() - start < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return Date.now() - start;
}

let snapshotCount = 0;

async function memoryAfterGc(settleLimitMs: number): Promise<MemoryReading> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') throw new Error('start the server variant with --expose-gc');
  const settleMs = await youngGenerationReturned(settleLimitMs);
  // Several full collections with pauses, so concurrent sweeping finishes and freed pages go back.
  for (const pauseMs of [20, 20, 200, 20]) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  // BENCH_FANOUT_HEAP_SNAPSHOTS=<dir>: a heap snapshot at every memory reading, to see what an idle subscriber holds.
  const snapshots = process.env['BENCH_FANOUT_HEAP_SNAPSHOTS'];
  if (snapshots) writeHeapSnapshot(join(snapshots, `fanout-${process.pid}-${++snapshotCount}.heapsnapshot`));
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  const usage = process.memoryUsage();
  return {
    rssBytes: match ? Number(match[1]) * 1024 : usage.rss,
    heapUsedBytes: usage.heapUsed,
    heapTotalBytes: usage.heapTotal,
    externalBytes: usage.external,
    arrayBuffersBytes: usage.arrayBuffers,
    heapSpaces: Object.fromEntries(getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size])),
    settleMs,
  };
}

/** Runs a variant: starts it, announces `{ port }`, then serves the bench's requests until told to stop. */
export async function runServerChild(start: (stamps: Stamps) => Promise<VariantServer>): Promise<void> {
  process.on('unhandledRejection', (error) =>
    process.stderr.write(`unhandled rejection: ${error instanceof Error ? error.stack : String(error)}\n`),
  );
  const stamps = new Stamps();
  const server = await start(stamps);
  let stopping = false;
  serveIpc({
    publish: ({ seq }: { seq: number }) => {
      if (!server.publish) throw new Error('this variant does not publish on command');
      stamps.record(seq);
      server.publish(seq);
    },
    stamps: () => ({ stamps: stamps.entries(), duplicates: stamps.duplicates, info: server.info?.() ?? {} }),
    memory: ({ settleLimitMs }: { settleLimitMs: number }) => memoryAfterGc(settleLimitMs),
    stop: async () => {
      if (stopping) return;
      stopping = true;
      await server.close();
      setTimeout(() => process.exit(0), 100);
    },
  });
  announceReady({ port: server.port });
}
