/**
 * The worker pool on piscina threads (the product's). Threads start when tasks arrive, up to
 * `threads`, and stop after `idleTimeoutMs` without work, so a server whose dashboards nobody
 * watches holds no idle thread. Each thread loads `workerFile`, whose default export comes from
 * {@link piscinaTaskHandler}.
 *
 * Concurrency: tasks beyond the free threads wait in piscina's queue, in order. `close()` refuses
 * new tasks at once, lets queued and running tasks finish, then ends the threads.
 */
import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { encodeMessage, transferListOf, type WireMessage } from './messageCodec.js';
import { createTaskRunner, readResult } from './taskRunner.js';
import { lowerThreadPriority } from './threadPriority.js';
import { WorkerPoolClosedError, type OutputOf, type TaskHandlers, type TaskMessage, type WorkerPool } from './workerPool.js';

export interface PiscinaPoolOptions {
  /** The worker module (see {@link workerModuleBeside}). */
  readonly workerFile: URL;
  /** At least 1. */
  readonly threads: number;
  /** A thread without work for this long stops; the next task starts one again. @default 60000 */
  readonly idleTimeoutMs?: number;
}

export function createPiscinaPool<In extends TaskMessage, Out extends TaskMessage>(options: PiscinaPoolOptions): WorkerPool<In, Out> {
  if (!Number.isInteger(options.threads) || options.threads < 1)
    throw new RangeError(`a piscina pool needs at least one thread, got ${options.threads}`);
  const file = fileURLToPath(options.workerFile);
  // Fail at start, not at the first task: a build without its worker file cannot compute anything.
  if (!existsSync(file)) throw new Error(`worker module ${file} does not exist (is the build complete?)`);
  const piscina = new Piscina<WireMessage, WireMessage>({
    filename: options.workerFile.href,
    minThreads: 0,
    maxThreads: options.threads,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
  });
  // Piscina's own close() ends a thread that is still starting even when a task waits for it, so
  // the pool waits for its tasks itself before closing piscina.
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let closing: Promise<void> | undefined;

  const runTask = async <I extends In>(input: I): Promise<OutputOf<Out, I['type']>> => {
    const wire = encodeMessage(input);
    const answer = await piscina.run(wire, { transferList: transferListOf(wire) });
    return readResult<Out, I['type']>(answer, input.type);
  };

  return {
    threads: options.threads,
    stats: () => ({ queued: piscina.queueSize, utilization: piscina.utilization }),
    run<I extends In>(input: I): Promise<OutputOf<Out, I['type']>> {
      if (closed) return Promise.reject(new WorkerPoolClosedError(input.type));
      const task = runTask(input);
      const settled: Promise<unknown> = task.then(
        () => running.delete(settled),
        () => running.delete(settled),
      );
      running.add(settled);
      return task;
    },
    close() {
      closed = true;
      closing ??= Promise.all(running).then(() => piscina.close());
      return closing;
    },
  };
}

/**
 * The default export of a worker module: runs the handlers and moves the result's large arrays
 * back to the calling thread instead of copying them.
 */
export function piscinaTaskHandler<In extends TaskMessage, Out extends TaskMessage>(
  handlers: TaskHandlers<In, Out>,
): (wire: WireMessage) => unknown {
  const runTask = createTaskRunner(handlers);
  // In a pool thread (not when the main thread imports the worker module for its pool): background work.
  if (!isMainThread) lowerThreadPriority();
  return (wire) => {
    const answer = runTask(wire);
    return Piscina.move({ [Piscina.transferableSymbol]: transferListOf(answer), [Piscina.valueSymbol]: answer } as never);
  };
}

/**
 * The URL of the module `name` in the same directory as `moduleUrl`, with the same extension: `.ts`
 * when running from the sources under tsx (which does not remap `.js` URLs given to a worker),
 * `.js` in the compiled build.
 */
export function workerModuleBeside(moduleUrl: string, name: string): URL {
  return new URL(`./${name}${extname(new URL(moduleUrl).pathname)}`, moduleUrl);
}
