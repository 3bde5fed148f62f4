/**
 * The worker pool seam (DESIGN.md "Seams"): CPU work runs as typed tasks, in batches, off the event
 * loop. A task is a message `{ type: K, ... }` and its result a message of the same `type`; a pool
 * is typed by the two discriminated unions (the product's are `WorkerInput` / `WorkerOutput` in
 * productTasks.ts) and runs one handler per task kind.
 *
 * Implementations: piscinaPool.ts (worker threads, the product) and inProcessPool.ts (the main
 * thread: unit tests, and `SVC_WORKER_THREADS=0`). Both hand messages over the same way (msgpackr,
 * large typed arrays transferred; see messageCodec.ts) and pass the same conformance suite
 * (test/unit/platform/workers/workerPool.test.ts).
 */

/** A task or a result: discriminated by `type`. */
export interface TaskMessage {
  readonly type: string;
}

/** The result message of the task kind `K`. */
export type OutputOf<Out extends TaskMessage, K extends string> = Extract<Out, { readonly type: K }>;

export interface WorkerPool<In extends TaskMessage, Out extends TaskMessage> {
  /**
   * Runs one task and resolves with its result. Typed arrays of 64 KiB or more in `input` are
   * transferred, not copied: they are detached (length 0) for the caller once this returns. An error
   * thrown by the handler rejects with an error of the same name and message; a pool that is closed
   * (or closing) rejects with {@link WorkerPoolClosedError} without running anything.
   */
  run<I extends In>(input: I): Promise<OutputOf<Out, I['type']>>;
  /** Refuses new tasks, lets the tasks already running finish, then stops the threads. */
  close(): Promise<void>;
  /** Threads that run tasks; 0: tasks run on the calling (main) thread. */
  readonly threads: number;
  /** The threads' queue and use now (metrics); absent on a pool without threads. */
  stats?(): WorkerPoolStats;
}

export interface WorkerPoolStats {
  /** Tasks waiting for a free thread. */
  readonly queued: number;
  /** Share of the threads' capacity spent running tasks since the pool started, 0 to 1 (piscina's `utilization`). */
  readonly utilization: number;
}

/** One handler per task kind: pure functions of the input message (they run in a worker thread). */
export type TaskHandlers<In extends TaskMessage, Out extends TaskMessage> = {
  readonly [K in In['type']]: (input: Extract<In, { readonly type: K }>) => OutputOf<Out, K>;
};

/** A task refused because the pool was closed. */
export class WorkerPoolClosedError extends Error {
  constructor(readonly taskType: string) {
    super(`the worker pool is closed: task "${taskType}" was not run`);
    this.name = 'WorkerPoolClosedError';
  }
}
