import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PresenceTable } from '../../../../src/plugins/realtime/presence.js';

const E = 'service:1';

describe('presence', () => {
  it('lists each watching person once, earliest first', () => {
    const table = new PresenceTable();
    table.watch(E, 'u2', 'bob', 20);
    table.watch(E, 'u1', 'ann', 10);
    table.watch(E, 'u2', 'bob', 5);
    assert.deepEqual(table.viewersOf(E), [
      { userId: 'u2', username: 'bob', since: 5 },
      { userId: 'u1', username: 'ann', since: 10 },
    ]);
  });

  it("reports a change only when a person's first watch begins or last watch ends", () => {
    const table = new PresenceTable();
    const first = table.watch(E, 'u1', 'ann', 0);
    assert.equal(table.isOnlyWatchOf(E, first), true);
    const second = table.watch(E, 'u1', 'ann', 1);
    assert.equal(table.isOnlyWatchOf(E, second), false);
    assert.equal(table.unwatch(E, first), false);
    assert.equal(table.unwatch(E, second), true);
    assert.deepEqual(table.viewersOf(E), []);
  });

  it('ignores ending a watch twice', () => {
    const table = new PresenceTable();
    const token = table.watch(E, 'u1', 'ann', 0);
    assert.equal(table.unwatch(E, token), true);
    assert.equal(table.unwatch(E, token), false);
  });
});
