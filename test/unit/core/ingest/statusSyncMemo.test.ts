/**
 * What each node's last status sync found (src/core/ingest/statusSyncMemo.ts): kept per node within a byte
 * budget, the least recently synced node's dropped first, small bodies copied out of Node's shared pool.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeSyncMemo, StatusSyncMemo } from '../../../../src/core/ingest/statusSyncMemo.js';

function memoOf(body: Buffer, entries = 1): NodeSyncMemo {
  const none = new Array<undefined>(entries);
  return new NodeSyncMemo(body, new Int32Array(entries), new Int32Array(entries), new Uint8Array(entries), none, none);
}

describe('status sync memo', () => {
  it("keeps a node's last sync and replaces it with the next", () => {
    const memo = new StatusSyncMemo(1024);
    memo.remember('a', memoOf(Buffer.alloc(100)));
    memo.remember('a', memoOf(Buffer.alloc(200)));
    assert.equal(memo.previous('a')?.body.length, 200);
    assert.deepEqual(memo.size, { nodes: 1, bytes: 216 });
  });

  it('drops the least recently synced nodes beyond its byte budget', () => {
    const memo = new StatusSyncMemo(1000);
    for (const node of ['a', 'b', 'c']) memo.remember(node, memoOf(Buffer.alloc(384)));
    assert.equal(memo.previous('a'), undefined);
    assert.ok(memo.previous('b'));
    assert.ok(memo.previous('c'));
    memo.remember('b', memoOf(Buffer.alloc(384)));
    memo.remember('d', memoOf(Buffer.alloc(384)));
    assert.equal(memo.previous('c'), undefined, 'c was synced before b again');
    assert.deepEqual(memo.size, { nodes: 2, bytes: 800 });
  });

  it('keeps nothing of a body larger than the whole budget', () => {
    const memo = new StatusSyncMemo(100);
    memo.remember('a', memoOf(Buffer.alloc(101)));
    assert.equal(memo.previous('a'), undefined);
    assert.deepEqual(memo.size, { nodes: 0, bytes: 0 });
  });

  it("copies a small body out of Node's shared buffer pool, and keeps a body of its own as it is", () => {
    const memo = new StatusSyncMemo(1 << 20);
    const pooled = Buffer.from('{"nodeId":"x","services":[]}');
    assert.ok(pooled.buffer.byteLength > pooled.length, 'a small Buffer.from is a slice of the pool');
    memo.remember('a', memoOf(pooled));
    const kept = memo.previous('a')!.body;
    assert.notEqual(kept.buffer, pooled.buffer);
    assert.equal(kept.buffer.byteLength, pooled.length);
    assert.deepEqual(kept, pooled);
    const own = Buffer.alloc(64 * 1024);
    memo.remember('b', memoOf(own));
    assert.equal(memo.previous('b')!.body, own);
  });
});
