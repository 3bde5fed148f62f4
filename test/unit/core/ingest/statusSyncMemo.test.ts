/**
 * What each node's last status sync found (src/core/ingest/statusSyncMemo.ts): kept per node within a byte
 * budget, a newcomer left out rather than a node that synced recently (agents sync in turns), a silent node's
 * place given up, small bodies copied out of Node's shared pool.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeSyncMemo, StatusSyncMemo } from '../../../../src/core/ingest/statusSyncMemo.js';

function memoOf(body: Buffer, entries = 1): NodeSyncMemo {
  const none = new Array<undefined>(entries);
  return new NodeSyncMemo(body, new Int32Array(entries), new Int32Array(entries), new Uint8Array(entries), none, none);
}

const MINUTE = 60_000;

describe('status sync memo', () => {
  it("keeps a node's last sync and replaces it with the next", () => {
    const memo = new StatusSyncMemo(1024);
    memo.remember('a', memoOf(Buffer.alloc(100)), 0);
    memo.remember('a', memoOf(Buffer.alloc(200)), 0);
    assert.equal(memo.previous('a')?.body.length, 200);
    assert.deepEqual(memo.size, { nodes: 1, bytes: 216 });
  });

  it('keeps the nodes it holds when a newcomer does not fit and they synced within the stale time', () => {
    const memo = new StatusSyncMemo(1000, 5 * MINUTE);
    for (const node of ['a', 'b', 'c']) memo.remember(node, memoOf(Buffer.alloc(384)), 0);
    assert.ok(memo.previous('a'));
    assert.ok(memo.previous('b'));
    assert.equal(memo.previous('c'), undefined, 'c did not fit');
    assert.deepEqual(memo.size, { nodes: 2, bytes: 800 });
  });

  it('finds every held node again when the fleet syncs in turns and is larger than the budget (plain LRU finds none)', () => {
    const memo = new StatusSyncMemo(1000, 5 * MINUTE);
    const nodes = ['a', 'b', 'c', 'd'];
    let found = 0;
    for (let cycle = 0; cycle < 3; cycle += 1)
      for (const node of nodes) {
        if (memo.previous(node)) found += 1;
        memo.remember(node, memoOf(Buffer.alloc(384)), cycle * 30_000);
      }
    assert.equal(found, 4, 'a and b, in each of the two cycles after the first');
  });

  it('drops the least recently synced node to make room once it has not synced for the stale time', () => {
    const memo = new StatusSyncMemo(1000, 5 * MINUTE);
    memo.remember('a', memoOf(Buffer.alloc(384)), 0);
    memo.remember('b', memoOf(Buffer.alloc(384)), 60_000);
    memo.remember('c', memoOf(Buffer.alloc(384)), 5 * MINUTE - 1);
    assert.equal(memo.previous('c'), undefined, 'a synced less than 5 minutes ago');
    memo.remember('c', memoOf(Buffer.alloc(384)), 5 * MINUTE);
    assert.equal(memo.previous('a'), undefined, 'a went silent for 5 minutes');
    assert.ok(memo.previous('b'));
    assert.ok(memo.previous('c'));
    assert.deepEqual(memo.size, { nodes: 2, bytes: 800 });
  });

  it('keeps nothing of a body larger than the whole budget', () => {
    const memo = new StatusSyncMemo(100);
    memo.remember('a', memoOf(Buffer.alloc(101)), 0);
    assert.equal(memo.previous('a'), undefined);
    assert.deepEqual(memo.size, { nodes: 0, bytes: 0 });
  });

  it("copies a small body out of Node's shared buffer pool, and keeps a body of its own as it is", () => {
    const memo = new StatusSyncMemo(1 << 20);
    const pooled = Buffer.from('{"nodeId":"x","services":[]}');
    assert.ok(pooled.buffer.byteLength > pooled.length, 'a small Buffer.from is a slice of the pool');
    memo.remember('a', memoOf(pooled), 0);
    const kept = memo.previous('a')!.body;
    assert.notEqual(kept.buffer, pooled.buffer);
    assert.equal(kept.buffer.byteLength, pooled.length);
    assert.deepEqual(kept, pooled);
    const own = Buffer.alloc(64 * 1024);
    memo.remember('b', memoOf(own), 0);
    assert.equal(memo.previous('b')!.body, own);
  });
});
