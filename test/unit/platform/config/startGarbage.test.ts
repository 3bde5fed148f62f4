/** The full collection after the start-up load (src/platform/config/startGarbage.ts, docs/adr/0082). */
import assert from 'node:assert/strict';
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

  it('skips the pause when the heap holds less than the limit', () => {
    assert.equal(collectStartGarbage(Number.MAX_SAFE_INTEGER), undefined);
  });

  it('does not put gc on the global object', () => {
    collectStartGarbage(0);
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined');
  });
});
