/** The full collection after the start-up load (src/platform/config/startGarbage.ts, docs/adr/0082). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { collectStartGarbage } from '../../../../src/platform/config/startGarbage.js';

describe('start-up garbage collection', () => {
  it('frees what nothing holds any more, without node started with --expose-gc', async () => {
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'the test runs without a global gc');
    let loaded: object | undefined = { rows: Array.from({ length: 1000 }, (_, i) => ({ i })) };
    const watch = new WeakRef(loaded);
    loaded = undefined;
    // A WeakRef's target is kept until the end of the turn that made it.
    await nextTurn();
    const ms = collectStartGarbage(0);
    assert.equal(watch.deref(), undefined);
    assert.ok(ms !== undefined && ms >= 0);
  });

  it('gives the freed memory back before it returns, not after readiness', async () => {
    // Swept concurrently, the freed pages stayed resident for a moment after the collection: at a million services
    // the first start read 1,015-1,032 MiB at /ready and 898 MiB a second later.
    const residentMiB = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
    const before = residentMiB();
    let garbage: object[] | undefined = Array.from({ length: 2_000_000 }, (_, i) => ({ i, text: `row ${i}`, list: [i] }));
    const held = residentMiB() - before;
    assert.ok(held > 150, `the garbage made the process ${held.toFixed(0)} MiB bigger`);
    garbage = undefined;
    await nextTurn();
    collectStartGarbage(0);
    const left = residentMiB() - before;
    assert.ok(left < held / 3, `${left.toFixed(0)} of the ${held.toFixed(0)} MiB still resident when the collection returned`);
    assert.equal(garbage, undefined);
  });

  it('skips the pause when the heap holds less than the limit', () => {
    assert.equal(collectStartGarbage(Number.MAX_SAFE_INTEGER), undefined);
  });

  it('does not put gc on the global object', () => {
    collectStartGarbage(0);
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  });
});
