/**
 * Task kinds for the worker pool conformance suite (test/unit/platform/workers/workerPool.test.ts): small pure jobs
 * that make the pool's promises visible (results, errors, large arrays both ways, which thread).
 * testWorker.ts runs them in piscina threads; the in-process pool takes the table directly.
 */
import { getPriority } from 'node:os';
import { isMainThread, threadId } from 'node:worker_threads';
import type { TypedArray } from '../../src/platform/workers/messageCodec.js';
import { createInProcessPool } from '../../src/platform/workers/inProcessPool.js';
import { createPiscinaPool, workerModuleBeside } from '../../src/platform/workers/piscinaPool.js';
import type { TaskHandlers, WorkerPool } from '../../src/platform/workers/workerPool.js';

export type TestInput =
  | { readonly type: 'sum'; readonly values: Float64Array }
  | { readonly type: 'echo'; readonly payload: Readonly<Record<string, TypedArray | string | number | null>> }
  | { readonly type: 'fail'; readonly name: string; readonly message: string }
  | { readonly type: 'where' };

export type TestOutput =
  | { readonly type: 'sum'; readonly total: number; readonly count: number }
  | { readonly type: 'echo'; readonly payload: Readonly<Record<string, TypedArray | string | number | null>> }
  | { readonly type: 'fail' }
  | { readonly type: 'where'; readonly isMainThread: boolean; readonly threadId: number; readonly nice: number };

const BUILT_IN: Record<string, new (message: string) => Error> = { RangeError, TypeError, Error };

export const testTasks: TaskHandlers<TestInput, TestOutput> = {
  sum: ({ values }) => {
    let total = 0;
    for (const value of values) total += value;
    return { type: 'sum', total, count: values.length };
  },
  echo: ({ payload }) => ({ type: 'echo', payload }),
  fail: ({ name, message }) => {
    const Kind = BUILT_IN[name];
    if (Kind) throw new Kind(message);
    const error = new Error(message);
    error.name = name;
    throw error;
  },
  where: () => ({ type: 'where', isMainThread, threadId, nice: getPriority(0) }),
};

export type TestPool = WorkerPool<TestInput, TestOutput>;

/** The implementations the conformance suite runs over. */
export const testPools: ReadonlyArray<{ readonly name: string; create(): TestPool }> = [
  { name: 'in-process', create: () => createInProcessPool(testTasks) },
  {
    name: 'piscina',
    create: () => createPiscinaPool<TestInput, TestOutput>({ workerFile: workerModuleBeside(import.meta.url, 'testWorker'), threads: 2 }),
  },
];
