/**
 * Slow consumers (issue 5): a client that stops reading is disconnected once more than
 * SVC_REALTIME_MAX_BUFFERED_BYTES wait unsent for it, so it cannot grow the server's memory without
 * bound, while a client that keeps up receives every event.
 */
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, rawSocket, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const BUFFER_LIMIT = 64 * 1024;
const EVENT_BYTES = 64 * 1024;
/** Enough to fill both kernels' socket buffers on loopback (a few MB each) and then the limit. */
const EVENTS = 400;

const [backend] = testBackends();
describe('slow consumers', () => {
  let t: TestServer;
  let admin: SignedIn;
  before(async () => {
    t = await startTestServer(backend!, { env: { ...BOOTSTRAP_ENV, SVC_REALTIME_MAX_BUFFERED_BYTES: String(BUFFER_LIMIT) } });
    admin = await signInAdmin(t);
  });
  after(() => t.close());

  it('drops a client that stops reading while a client that keeps up receives every event', async () => {
    const created = await t.call('POST', '/api/v1/health/report', { service: 'firehose', nodeId: 'eu/load', status: 'OPERATIONAL' });
    const id = created.json.serviceId as string;
    const channel = `entity:service:${id}`;
    const query = 'subscription($id: ID!) { entityEvents(entityType: "service", entityId: $id) { event data } }';

    const slow = rawSocket(t);
    await slow.opened;
    slow.send({ type: 'connection_init', payload: { token: admin.accessToken } });
    await slow.nextOfType('connection_ack');
    slow.send({ id: 'slow', type: 'subscribe', payload: { query, variables: { id } } });
    const healthy = connectClient(t, { token: admin.accessToken });
    const feed = subscribe(healthy, query, { id });
    await waitForSubscribers(t, channel, 2);

    // The slow client stops reading from its socket.
    (slow.ws as unknown as { _socket: Socket })._socket.pause();
    const blob = 'x'.repeat(EVENT_BYTES);
    let dropped = -1;
    for (let i = 0; i < EVENTS; i += 1) {
      t.server.app.realtime.publishEntityEvent('service', id, 'load:test', { i, blob }, Date.now());
      const event = (await feed.data(`event ${i}`)).entityEvents;
      assert.equal(JSON.parse(event.data).i, i);
      if (dropped < 0 && t.server.app.realtime.subscriberCount(channel) === 1) dropped = i;
    }
    assert.ok(dropped > 0, `the slow client was disconnected (after ${dropped} events of ${EVENT_BYTES} bytes)`);
    assert.equal(t.server.app.realtime.subscriberCount(channel), 1);
    assert.equal(feed.error, undefined);

    // Once it reads again it finds its connection closed.
    (slow.ws as unknown as { _socket: Socket })._socket.resume();
    await slow.closed;
    assert.ok(slow.received.filter((m) => m.type === 'next').length < EVENTS);
    await healthy.dispose();
  });
});
