/**
 * The worker pool's conformance suite: the same tests over every implementation (in-process and
 * piscina threads), with the task kinds of test/support/workerTasks.ts.
 */
import assert from 'node:assert/strict';
import { getPriority } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { TRANSFER_MIN_BYTES } from '../../../../src/platform/workers/messageCodec.js';
import { WORKER_THREAD_NICE } from '../../../../src/platform/workers/threadPriority.js';
import { WorkerPoolClosedError } from '../../../../src/platform/workers/workerPool.js';
import { testPools, type TestPool } from '../../../support/workerTasks.js';

/** A Float64Array whose every element differs, with the values a lossy encoding would change. */
function distinctFloats(length: number, seed: number): Float64Array {
  const values = new Float64Array(length);
  for (let i = 0; i < length; i += 1) values[i] = seed + i * 0.5;
  values[0] = Number.NaN;
  values[1] = -0;
  values[2] = Number.MAX_VALUE;
  return values;
}

for (const implementation of testPools) {
  describe(`worker pool conformance (${implementation.name})`, () => {
    let pool: TestPool;
    before(() => {
      pool = implementation.create();
    });
    after(() => pool.close());

    it('answers a task with its handler result', async () => {
      assert.deepEqual(await pool.run({ type: 'sum', values: new Float64Array([1, 2, 3.5]) }), { type: 'sum', total: 6.5, count: 3 });
    });

    it('answers every one of many concurrent tasks with its own result', async () => {
      const tasks = Array.from({ length: 24 }, (_, i) => new Float64Array(1000 + i).fill(i));
      const expected = tasks.map((values, i) => ({ type: 'sum', total: values.length * i, count: values.length }));
      assert.deepEqual(await Promise.all(tasks.map((values) => pool.run({ type: 'sum', values }))), expected);
    });

    it('brings large typed arrays there and back intact, each with its type', async () => {
      const length = 1_000_000;
      const floats = distinctFloats(length, 7);
      const ids = Uint32Array.from({ length }, (_, i) => (i * 2_654_435_761) >>> 0);
      const codes = Uint8Array.from({ length }, (_, i) => i % 251);
      const wide = BigInt64Array.from({ length: 20_000 }, (_, i) => BigInt(i) * -12_345_678_901n);
      const expected = {
        floats: floats.slice(),
        ids: ids.slice(),
        codes: codes.slice(),
        wide: wide.slice(),
        label: 'march',
        count: length,
      };
      const answer = await pool.run({ type: 'echo', payload: { floats, ids, codes, wide, label: 'march', count: length } });
      assert.deepEqual(answer, { type: 'echo', payload: expected });
    });

    it('brings a view of part of a larger buffer as exactly its own elements', async () => {
      const whole = distinctFloats(200_000, 3);
      const part = whole.subarray(50_000, 150_000);
      const answer = await pool.run({ type: 'echo', payload: { part } });
      assert.deepEqual(answer.payload['part'], whole.slice(50_000, 150_000));
      assert.equal(whole.length, 200_000, 'the larger buffer is copied from, not moved away');
    });

    it("moves the caller's large arrays instead of copying them, and copies small ones", async () => {
      const large = new Float64Array(TRANSFER_MIN_BYTES / 8).fill(1);
      const small = new Float64Array(16).fill(1);
      await pool.run({ type: 'echo', payload: { large, small } });
      assert.equal(large.length, 0, 'a transferred array is detached for the caller');
      assert.equal(small.length, 16);
    });

    const failures: ReadonlyArray<readonly [name: string, kind: ErrorConstructor]> = [
      ['RangeError', RangeError],
      ['TypeError', TypeError],
      ['Error', Error],
      ['QuotaExceededError', Error],
    ];
    for (const [name, kind] of failures) {
      it(`rebuilds a ${name} thrown by a task with its name and message`, async () => {
        await assert.rejects(pool.run({ type: 'fail', name, message: `task failed as ${name}` }), (error: unknown) => {
          assert.ok(error instanceof kind);
          assert.equal((error as Error).name, name);
          assert.equal((error as Error).message, `task failed as ${name}`);
          return true;
        });
      });
    }

    it('refuses a task of a kind it has no handler for, naming the kind', async () => {
      await assert.rejects(pool.run({ type: 'nonsense' } as never), { name: 'TypeError', message: 'unknown worker task type "nonsense"' });
    });

    it('keeps answering after a task failed', async () => {
      await assert.rejects(pool.run({ type: 'fail', name: 'RangeError', message: 'once' }));
      assert.deepEqual(await pool.run({ type: 'sum', values: new Float64Array([2]) }), { type: 'sum', total: 2, count: 1 });
    });
  });

  describe(`worker pool closing (${implementation.name})`, () => {
    it('finishes the tasks already running when it is closed', async () => {
      const pool = implementation.create();
      const running = pool.run({ type: 'sum', values: new Float64Array([4, 5]) });
      await pool.close();
      assert.deepEqual(await running, { type: 'sum', total: 9, count: 2 });
    });

    it('refuses a task after close with an error that says so', async () => {
      const pool = implementation.create();
      await pool.run({ type: 'where' });
      await pool.close();
      await assert.rejects(pool.run({ type: 'sum', values: new Float64Array([1]) }), (error: unknown) => {
        assert.ok(error instanceof WorkerPoolClosedError);
        assert.equal(error.message, 'the worker pool is closed: task "sum" was not run');
        return true;
      });
    });

    it('refuses a task once close has begun, before the running ones finished', async () => {
      const pool = implementation.create();
      const running = pool.run({ type: 'where' });
      const closing = pool.close();
      await assert.rejects(pool.run({ type: 'where' }), WorkerPoolClosedError);
      await running;
      await closing;
    });
  });
}

describe('worker pool threads', () => {
  it('runs piscina tasks off the main thread and in-process tasks on it', async () => {
    for (const implementation of testPools) {
      const pool = implementation.create();
      try {
        const answer = await pool.run({ type: 'where' });
        assert.equal(answer.isMainThread, pool.threads === 0, implementation.name);
      } finally {
        await pool.close();
      }
    }
  });

  it('runs piscina tasks at a lower priority than the main thread, and in-process tasks at its priority', async () => {
    const main = getPriority(0);
    for (const implementation of testPools) {
      const pool = implementation.create();
      try {
        const answer = await pool.run({ type: 'where' });
        const expected = answer.isMainThread ? main : Math.max(main, WORKER_THREAD_NICE);
        assert.equal(answer.nice, expected, implementation.name);
        // The pool's thread lowered its own priority, not the process's.
        assert.equal(getPriority(0), main);
      } finally {
        await pool.close();
      }
    }
  });
});
