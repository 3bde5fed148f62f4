/**
 * A stop closes every WebSocket client with 1012 (Service Restart), which graphql-ws clients treat
 * as "reconnect", spread evenly over the window rather than all in one instant (no reconnect storm).
 * Bare sockets show the close codes.
 * One backend is enough: no database behaviour involved.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { embeddedBackend } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, signInAdmin } from '../../../support/graphql.js';
import { rawSocket, type RawSocket } from '../../../support/realtime.js';
import { startTestServer } from '../../../support/testServer.js';

const SOCKETS = 20;
const WINDOW_MS = 1000;

describe('WebSocket clients at a stop', () => {
  it(`are closed with 1012 spread over the window (${SOCKETS} sockets over ${WINDOW_MS} ms)`, async () => {
    const t = await startTestServer(embeddedBackend, { env: BOOTSTRAP_ENV });
    let closing: Promise<void> | undefined;
    const sockets: RawSocket[] = [];
    try {
      const admin = await signInAdmin(t);
      for (let i = 0; i < SOCKETS; i += 1) {
        const socket = rawSocket(t);
        await socket.opened;
        socket.send({ type: 'connection_init', payload: { token: admin.accessToken } });
        await socket.nextOfType('connection_ack');
        sockets.push(socket);
      }
      const closedAt = sockets.map((socket) => socket.closed.then((event) => ({ ...event, at: performance.now() })));
      const stopAt = performance.now();
      closing = t.server.close({ webSocketWindowMs: WINDOW_MS });

      const closes = await Promise.all(closedAt);
      for (const close of closes)
        assert.deepEqual({ code: close.code, reason: close.reason }, { code: 1012, reason: 'the server is restarting; reconnect' });
      const times = closes.map((close) => close.at - stopAt).sort((a, b) => a - b);
      const span = times.at(-1)! - times[0]!;
      assert.ok(times[0]! < 300, `the first slice closes at once (${times[0]!.toFixed(0)} ms)`);
      assert.ok(span >= 0.6 * WINDOW_MS, `closes spread over the window, not at once: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
      assert.ok(times.at(-1)! <= WINDOW_MS + 500, `the last close comes within the window: ${times.at(-1)!.toFixed(0)} ms`);
      const firstHalf = times.filter((time) => time - times[0]! < WINDOW_MS / 2).length;
      assert.ok(
        firstHalf >= SOCKETS / 4 && firstHalf <= (SOCKETS * 3) / 4,
        `about half close in the first half of the window: ${firstHalf}`,
      );
    } finally {
      for (const socket of sockets) socket.ws.terminate();
      await closing;
      await t.close();
    }
  });
});
