/**
 * Both sides of one task hand-over, shared by every pool implementation:
 * - {@link createTaskRunner} (the worker side): decode the task, run its handler, encode the result
 *   or, when anything throws, the error as plain data. It never throws itself.
 * - {@link readResult} (the calling side): decode the answer, rebuild an error, and check that the
 *   result is of the task's kind.
 */
import { decodeMessage, encodeMessage, type WireMessage } from './messageCodec.js';
import { isErrorMessage, rebuildError, toErrorMessage } from './workerError.js';
import type { OutputOf, TaskHandlers, TaskMessage } from './workerPool.js';

export type TaskRunner = (wire: WireMessage) => WireMessage;

export function createTaskRunner<In extends TaskMessage, Out extends TaskMessage>(handlers: TaskHandlers<In, Out>): TaskRunner {
  const table = handlers as unknown as Readonly<Record<string, (input: TaskMessage) => TaskMessage>>;
  return (wire) => {
    try {
      const input = decodeMessage(wire);
      const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
      if (typeof type !== 'string' || !Object.hasOwn(table, type)) throw new TypeError(`unknown worker task type ${JSON.stringify(type)}`);
      return encodeMessage(table[type]!(input as TaskMessage));
    } catch (error) {
      return encodeMessage(toErrorMessage(error));
    }
  };
}

export function readResult<Out extends TaskMessage, K extends string>(wire: WireMessage, taskType: K): OutputOf<Out, K> {
  const output = decodeMessage(wire);
  if (isErrorMessage(output)) throw rebuildError(output);
  const type = typeof output === 'object' && output !== null ? (output as { type?: unknown }).type : undefined;
  if (type !== taskType) throw new TypeError(`worker task "${taskType}" answered with a result of type ${JSON.stringify(type)}`);
  return output as OutputOf<Out, K>;
}
