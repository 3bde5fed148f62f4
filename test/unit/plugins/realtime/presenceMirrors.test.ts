/**
 * The NATS presence store's memory of its buckets (src/plugins/realtime/presenceMirrors.ts): what a watch entry and
 * the store's own writes do to it, whichever arrives first, and which locks count.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { KvWatchEntry } from '@nats-io/kv';
import { LockMirror, ViewerMirror } from '../../../../src/plugins/realtime/presenceMirrors.js';
import type { LockRecord, ViewersRecord } from '../../../../src/plugins/realtime/presenceRecords.js';

const E = 'service:1';

/** A watch entry as the KV client hands it over: key, operation, revision and the value. */
function entry(key: string, revision: number, value?: object): KvWatchEntry {
  return {
    key,
    revision,
    operation: value === undefined ? 'DEL' : 'PUT',
    json: () => value,
  } as unknown as KvWatchEntry;
}

const lock = (overrides: Partial<LockRecord> = {}): LockRecord => ({
  instanceId: 'a',
  incarnation: 'inc-a',
  entityKey: E,
  field: 'description',
  userId: 'u1',
  username: 'ann',
  sessionId: 's1',
  acquiredAt: 1_000,
  expiresAt: 31_000,
  ...overrides,
});

const alive = () => true;

describe('the lock mirror', () => {
  it("ignores the watch's copy of a write it already holds, and an older write arriving late", () => {
    const mirror = new LockMirror();
    assert.equal(mirror.set('k', lock(), 5), true);
    assert.equal(mirror.apply(entry('k', 5, lock())), undefined);
    assert.equal(mirror.apply(entry('k', 4, lock({ username: 'old' }))), undefined);
    assert.deepEqual(
      mirror.live(E, 2_000, alive).map((l) => l.username),
      ['ann'],
    );
    assert.equal(mirror.apply(entry('k', 6, lock({ username: 'bob', userId: 'u2' }))), E);
    assert.deepEqual(
      mirror.live(E, 2_000, alive).map((l) => l.username),
      ['bob'],
    );
  });

  it('does not take a deleted lock back in when the watch delivers the write before the delete', () => {
    const mirror = new LockMirror();
    mirror.set('k', lock(), 5);
    mirror.set('k', undefined, 5);
    assert.equal(mirror.apply(entry('k', 5, lock())), undefined, 'the write it deleted');
    assert.deepEqual(mirror.live(E, 2_000, alive), []);
    assert.equal(mirror.apply(entry('k', 6)), undefined, 'the delete itself: nothing to announce');
    assert.equal(mirror.apply(entry('k', 7, lock())), E, 'a new write counts');
  });

  it('counts only unexpired locks of live writers, and expires them at their instant', () => {
    const mirror = new LockMirror();
    mirror.set('k1', lock(), 1);
    mirror.set('k2', lock({ field: 'owner', incarnation: 'dead', expiresAt: 21_000 }), 2);
    const isAlive = (incarnation: string) => incarnation !== 'dead';
    assert.deepEqual(
      mirror.live(E, 2_000, isAlive).map((l) => l.field),
      ['description'],
    );
    assert.equal(mirror.nextExpiry(isAlive), 31_000);
    assert.deepEqual(mirror.expire(30_999), [
      { key: 'k2', record: lock({ field: 'owner', incarnation: 'dead', expiresAt: 21_000 }), revision: 2 },
    ]);
    assert.deepEqual(
      mirror.expire(31_000).map((held) => held.key),
      ['k1'],
    );
    assert.equal(mirror.nextExpiry(alive), null);
  });
});

describe('the viewer mirror', () => {
  const list = (incarnation: string, usernames: string[]): ViewersRecord => ({
    instanceId: 'a',
    incarnation,
    entityKey: E,
    viewers: usernames.map((username, i) => ({ userId: username, username, since: i })),
  });

  it("keeps other instances' lists, drops one when deleted, and never keeps its own", () => {
    const mirror = new ViewerMirror();
    assert.equal(mirror.apply(entry('a.e', 1, list('inc-a', ['ann'])), 'mine'), E);
    assert.equal(mirror.apply(entry('b.e', 2, list('mine', ['bob'])), 'mine'), undefined);
    assert.deepEqual(
      mirror.listsOf(E).map((l) => l.viewers.map((v) => v.username)),
      [['ann']],
    );
    assert.equal(mirror.apply(entry('a.e', 3), 'mine'), E);
    assert.deepEqual(mirror.listsOf(E), []);
  });

  it("drops an earlier incarnation's list when this incarnation writes the same key", () => {
    const mirror = new ViewerMirror();
    mirror.apply(entry('a.e', 1, list('before-restart', ['ann'])), 'mine');
    assert.equal(mirror.apply(entry('a.e', 2, list('mine', ['bob'])), 'mine'), E);
    assert.deepEqual(mirror.listsOf(E), []);
  });

  it('ignores a value that is not a viewer list', () => {
    const mirror = new ViewerMirror();
    assert.equal(mirror.apply(entry('a.e', 1, { something: 'else' }), 'mine'), undefined);
    assert.deepEqual(mirror.listsOf(E), []);
  });
});
