import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EditLockTable } from '../../../../src/plugins/realtime/editLocks.js';

const ann = { userId: 'u-ann', username: 'ann', sessionId: 's-ann-1' };
const annOtherTab = { ...ann, sessionId: 's-ann-2' };
const ben = { userId: 'u-ben', username: 'ben', sessionId: 's-ben' };
const E = 'service:1';

describe('edit locks', () => {
  it('gives a free field to the first person who asks, for the ttl', () => {
    const table = new EditLockTable();
    const outcome = table.acquire(E, 'description', ann, 1000, 30_000);
    assert.ok(outcome.ok);
    assert.deepEqual(outcome.lock, { ...ann, entityKey: E, field: 'description', acquiredAt: 1000, expiresAt: 31_000 });
  });

  it('refuses a held field to another person, naming the holder', () => {
    const table = new EditLockTable();
    table.acquire(E, 'description', ann, 0, 30_000);
    const outcome = table.acquire(E, 'description', ben, 10, 30_000);
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.reason === 'held' && outcome.heldBy.username, 'ann');
  });

  it('lets the holder take their lock over from another of their sessions, keeping acquiredAt', () => {
    const table = new EditLockTable();
    table.acquire(E, 'description', ann, 0, 30_000);
    const outcome = table.acquire(E, 'description', annOtherTab, 5, 30_000);
    assert.ok(outcome.ok);
    assert.equal(outcome.lock.sessionId, 's-ann-2');
    assert.equal(outcome.lock.acquiredAt, 0);
  });

  it('names the earliest expiry among the locks held, null without locks', () => {
    const table = new EditLockTable();
    assert.equal(table.nextExpiry(), null);
    table.acquire(E, 'a', ann, 0, 30_000);
    table.acquire('service:2', 'b', ben, 0, 10_000);
    assert.equal(table.nextExpiry(), 10_000);
    table.release('service:2', 'b', ben.userId);
    assert.equal(table.nextExpiry(), 30_000);
  });

  it('frees a field at expiresAt exactly', () => {
    const table = new EditLockTable();
    table.acquire(E, 'f', ann, 0, 1000);
    assert.equal(table.acquire(E, 'f', ben, 999, 1000).ok, false);
    assert.equal(table.acquire(E, 'f', ben, 1000, 1000).ok, true);
  });

  it('renews only a live lock of the same person', () => {
    const table = new EditLockTable();
    table.acquire(E, 'f', ann, 0, 1000);
    assert.equal(table.renew(E, 'f', ben, 10, 1000).ok, false);
    const renewed = table.renew(E, 'f', ann, 500, 1000);
    assert.ok(renewed.ok && renewed.lock.expiresAt === 1500);
    const late = table.renew(E, 'f', ann, 1500, 1000);
    assert.equal(!late.ok && late.reason, 'not-held');
  });

  it('releases only for the holder', () => {
    const table = new EditLockTable();
    table.acquire(E, 'f', ann, 0, 1000);
    assert.equal(table.release(E, 'f', ben.userId), false);
    assert.equal(table.release(E, 'f', ann.userId), true);
    assert.equal(table.size, 0);
  });

  it("drops a session's locks and reports the entities touched", () => {
    const table = new EditLockTable();
    table.acquire('service:1', 'a', ann, 0, 1000);
    table.acquire('service:2', 'b', ann, 0, 1000);
    table.acquire('service:2', 'c', ben, 0, 1000);
    assert.deepEqual(table.releaseSession(ann.sessionId).sort(), ['service:1', 'service:2']);
    assert.deepEqual(
      table.locksOf('service:2', 0).map((l) => l.field),
      ['c'],
    );
  });

  it('expires what is due and reports the entities touched', () => {
    const table = new EditLockTable();
    table.acquire('service:1', 'a', ann, 0, 1000);
    table.acquire('service:2', 'b', ben, 0, 5000);
    assert.deepEqual(table.expire(1000), ['service:1']);
    assert.equal(table.size, 1);
  });

  it('says who is editing an entity', () => {
    const table = new EditLockTable();
    table.acquire(E, 'f', ann, 0, 1000);
    assert.equal(table.isEditing(E, ann.userId, 10), true);
    assert.equal(table.isEditing(E, ben.userId, 10), false);
    assert.equal(table.isEditing(E, ann.userId, 1000), false);
  });
});
