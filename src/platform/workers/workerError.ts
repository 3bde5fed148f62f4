/**
 * Errors cross the thread boundary as plain data (STYLE.md practice 11): the worker turns what a
 * handler threw into `{ type: 'error', name, message }`, the main thread rebuilds an Error with the
 * same name and message (a built-in kind as its own class, so `instanceof RangeError` still holds).
 * Stacks stay in the worker: the rebuilt error's stack is where the main thread awaited the task.
 */

export interface WorkerErrorMessage {
  readonly type: 'error';
  readonly name: string;
  readonly message: string;
}

export function toErrorMessage(error: unknown): WorkerErrorMessage {
  if (error instanceof Error) return { type: 'error', name: error.name, message: error.message };
  return { type: 'error', name: 'Error', message: `non-error thrown in a worker task: ${String(error)}` };
}

const BUILT_IN: Readonly<Record<string, new (message: string) => Error>> = {
  Error,
  RangeError,
  TypeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
};

export function rebuildError(message: WorkerErrorMessage): Error {
  const Kind = Object.hasOwn(BUILT_IN, message.name) ? BUILT_IN[message.name]! : Error;
  const error = new Kind(message.message);
  if (error.name !== message.name) error.name = message.name;
  return error;
}

export function isErrorMessage(value: unknown): value is WorkerErrorMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'error';
}
