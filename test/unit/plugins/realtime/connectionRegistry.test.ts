import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Viewer } from '../../../../src/core/auth/roles.js';
import { ConnectionRegistry, type ClientSocket } from '../../../../src/plugins/realtime/connections.js';

const socket: ClientSocket = { subscribe() {}, unsubscribe() {}, send() {}, close() {} };
const client = { address: '10.0.0.1', userAgent: 'dashboard' };
const viewer = (userId: string, sessionId: string, role: Viewer['role'] = 'user'): Viewer => ({
  userId,
  username: userId,
  role,
  sessionId,
});

describe('connection registry', () => {
  it("asks about each session's shared viewer record once, however many connections share it", () => {
    const registry = new ConnectionRegistry();
    for (let i = 0; i < 50; i += 1) registry.open(viewer('ann', 's1'), socket, client, 0);
    registry.open(viewer('bob', 's2'), socket, client, 0);
    const asked: string[] = [];
    const failing = registry.failing((v) => {
      asked.push(v.sessionId);
      return null;
    });
    assert.deepEqual(failing, []);
    assert.deepEqual(asked.sort(), ['s1', 's2']);
  });

  it('lists every connection of a viewer that fails, with the reason, and none of the others', () => {
    const registry = new ConnectionRegistry();
    const a1 = registry.open(viewer('ann', 's1'), socket, client, 0);
    const a2 = registry.open(viewer('ann', 's1'), socket, client, 0);
    registry.open(viewer('bob', 's2'), socket, client, 0);
    const failing = registry.failing((v) => (v.userId === 'ann' ? 'session ended' : null));
    assert.deepEqual(
      failing.map(([c, reason]) => [c.id, reason]),
      [
        [a1.id, 'session ended'],
        [a2.id, 'session ended'],
      ],
    );
  });

  it('asks again for a connection of the same session with another viewer record (a role change)', () => {
    const registry = new ConnectionRegistry();
    registry.open(viewer('ann', 's1', 'user'), socket, client, 0);
    const promoted = registry.open(viewer('ann', 's1', 'admin'), socket, client, 0);
    const failing = registry.failing((v) => (v.role === 'admin' ? 'your role changed' : null));
    assert.deepEqual(
      failing.map(([c]) => c.id),
      [promoted.id],
    );
  });

  it('forgets a closed connection: it is never asked about again', () => {
    const registry = new ConnectionRegistry();
    const connection = registry.open(viewer('ann', 's1'), socket, client, 0);
    assert.equal(registry.forget(connection), true);
    assert.deepEqual(
      registry.failing(() => 'anything'),
      [],
    );
    assert.equal(registry.size, 0);
  });
});
