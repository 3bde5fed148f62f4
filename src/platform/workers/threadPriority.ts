/**
 * The pool's threads compute in the background (a dashboard's month, an SLA definition's catch-up, figures), while the
 * main thread answers requests and PostgreSQL's backends commit them, on the same few cores. At a million services on
 * two cores, a definition's catch-up on a worker thread took a whole core for seconds and status syncs' commits of 31
 * rows took 55-210 ms beside it (bench:storm; ADR 0092). So each worker thread lowers its own scheduling priority
 * (Linux keeps a nice value per thread; `os.setPriority(0, ...)` sets the calling thread's): when the cores are
 * contended the requests' work runs first, and when they are not the thread computes as fast as before.
 */
import { getPriority, setPriority } from 'node:os';

/** The nice value of a worker thread: well behind the main thread (0) when the CPU is contended, never starved. */
export const WORKER_THREAD_NICE = 10;

/**
 * Lowers the calling thread's priority to {@link WORKER_THREAD_NICE} (never raises it: a process started nicer stays
 * so). Where the system refuses, the thread keeps the process's priority: slower requests under contention, nothing else.
 */
export function lowerThreadPriority(): void {
  try {
    if (getPriority(0) < WORKER_THREAD_NICE) setPriority(0, WORKER_THREAD_NICE);
  } catch {
    // Not permitted here (a sandbox without setpriority): the thread runs at the process's priority.
  }
}
