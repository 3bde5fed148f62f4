/**
 * The worker pool on the calling thread: unit tests, and `SVC_WORKER_THREADS=0` (a one-core
 * machine, or the benchmark's main-thread reference). A task runs in a later turn of the event loop
 * (as a thread's answer would arrive), one at a time, blocking the loop while it computes.
 *
 * Messages take exactly the path they take to a thread: encoded, handed over with structuredClone
 * and the same transfer list (so the caller's large arrays are detached here too), decoded, and the
 * result back the same way. A message that would not survive a thread fails here first.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { encodeMessage, transferListOf, type WireMessage } from './messageCodec.js';
import { createTaskRunner, readResult } from './taskRunner.js';
import { WorkerPoolClosedError, type OutputOf, type TaskHandlers, type TaskMessage, type WorkerPool } from './workerPool.js';

export function createInProcessPool<In extends TaskMessage, Out extends TaskMessage>(handlers: TaskHandlers<In, Out>): WorkerPool<In, Out> {
  const runTask = createTaskRunner(handlers);
  const handOver = (wire: WireMessage): WireMessage => structuredClone(wire, { transfer: transferListOf(wire) });
  const running = new Set<Promise<unknown>>();
  let closed = false;

  return {
    threads: 0,
    run<I extends In>(input: I): Promise<OutputOf<Out, I['type']>> {
      if (closed) return Promise.reject(new WorkerPoolClosedError(input.type));
      let delivered: WireMessage;
      try {
        delivered = handOver(encodeMessage(input));
      } catch (error) {
        return Promise.reject(error);
      }
      const task = nextTurn().then(() => readResult<Out, I['type']>(handOver(runTask(delivered)), input.type));
      const settled: Promise<unknown> = task.then(
        () => running.delete(settled),
        () => running.delete(settled),
      );
      running.add(settled);
      return task;
    },
    async close() {
      closed = true;
      await Promise.all(running);
    },
  };
}
