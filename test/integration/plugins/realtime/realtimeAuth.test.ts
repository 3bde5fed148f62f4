/**
 * Who may hold a graphql-ws connection at /graphql/ws (SPEC.md "Events", issue 5): the token as
 * connection parameter or as the upgrade's Authorization header; refusals with the protocol's close
 * codes; no connection_init means closed; an ended session or a deactivated person loses the
 * connection within 5 seconds; the Origin is checked; the per-connection subscription cap; only
 * subscriptions travel over the socket.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, rawSocket, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const STATUS = 'subscription { serviceStatusChanged { event status } }';
const ALLOWED_ORIGIN = 'https://ops.example.com';
const CAP = 3;

for (const backend of testBackends()) {
  describe(`graphql-ws connection rules (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, {
        clock,
        env: { ...BOOTSTRAP_ENV, SVC_SECURITY_CORS_ALLOWED_ORIGINS: ALLOWED_ORIGIN, SVC_REALTIME_MAX_SUBSCRIPTIONS: String(CAP) },
        connectionInitTimeoutMs: 300,
      });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    async function acknowledged(headers: Record<string, string>, payload?: unknown) {
      const socket = rawSocket(t, headers);
      await socket.opened;
      socket.send({ type: 'connection_init', ...(payload ? { payload } : {}) });
      return { socket, ack: await Promise.race([socket.nextOfType('connection_ack').then(() => true), socket.closed.then(() => false)]) };
    }

    it('accepts the access token as the connection parameter "token"', async () => {
      const { socket, ack } = await acknowledged({}, { token: admin.accessToken });
      assert.equal(ack, true);
      socket.ws.close();
    });

    it('accepts the access token as Authorization: Bearer on the upgrade request', async () => {
      const { socket, ack } = await acknowledged({ authorization: `Bearer ${admin.accessToken}` });
      assert.equal(ack, true);
      socket.ws.close();
    });

    it('closes a connection without a token with 4401', async () => {
      const { socket, ack } = await acknowledged({});
      assert.equal(ack, false);
      const closed = await socket.closed;
      assert.equal(closed.code, 4401);
      assert.match(closed.reason, /token/);
    });

    it('closes a connection with a forged token with 4403', async () => {
      const { socket, ack } = await acknowledged({}, { token: `${admin.accessToken.slice(0, -4)}AAAA` });
      assert.equal(ack, false);
      assert.equal((await socket.closed).code, 4403);
    });

    it('closes a connection with an expired token with 4403 and says to refresh', async () => {
      const person = await personWithRole(t, admin, 'USER');
      clock.advance(16 * 60_000);
      try {
        const { socket, ack } = await acknowledged({}, { token: person.accessToken });
        assert.equal(ack, false);
        const closed = await socket.closed;
        assert.equal(closed.code, 4403);
        assert.match(closed.reason, /expired/);
      } finally {
        clock.advance(-16 * 60_000);
      }
    });

    it('closes a connection that sends no connection_init with 4408', async () => {
      const socket = rawSocket(t);
      await socket.opened;
      assert.equal((await socket.closed).code, 4408);
    });

    it('refuses a socket without the graphql-transport-ws subprotocol', async () => {
      const socket = rawSocket(t, {}, null);
      assert.equal((await socket.closed).code, 4406);
    });

    it('closes the connection within 5 seconds when its session is logged out', async () => {
      const person = await personWithRole(t, admin, 'USER');
      const client = connectClient(t, { token: person.accessToken });
      const feed = subscribe(client, STATUS);
      await waitForSubscribers(t, 'service-status:*', 1);
      const loggedOutAt = Date.now();
      assert.equal((await gql(t, 'mutation { logout }', undefined, person.accessToken)).status, 200);
      const closed = await client.closed;
      assert.equal(closed.code, 4403);
      assert.match(closed.reason, /session ended/);
      assert.ok(Date.now() - loggedOutAt < 5000);
      feed.dispose();
    });

    it('closes the connection when an admin revokes the session', async () => {
      const person = await personWithRole(t, admin, 'OPERATOR');
      const client = connectClient(t, { token: person.accessToken });
      subscribe(client, STATUS);
      await waitForSubscribers(t, 'service-status:*', 1);
      const revoked = await gql(t, 'mutation($id: ID!) { revokeSession(sessionId: $id) }', { id: person.sessionId }, admin.accessToken);
      assert.equal(revoked.errors, undefined);
      assert.equal((await client.closed).code, 4403);
    });

    it('closes the connection when the person is deactivated', async () => {
      const person = await personWithRole(t, admin, 'USER');
      const client = connectClient(t, { token: person.accessToken });
      subscribe(client, STATUS);
      await waitForSubscribers(t, 'service-status:*', 1);
      const res = await gql(t, 'mutation($id: ID!) { deactivateUser(id: $id) { id } }', { id: person.userId }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const closed = await client.closed;
      assert.equal(closed.code, 4403);
    });

    it('closes the connection when the session expires while connected', async () => {
      const person = await personWithRole(t, admin, 'USER');
      const client = connectClient(t, { token: person.accessToken });
      subscribe(client, STATUS);
      await waitForSubscribers(t, 'service-status:*', 1);
      clock.advance(8 * 24 * 60 * 60_000);
      try {
        assert.equal((await client.closed).code, 4403);
      } finally {
        clock.advance(-8 * 24 * 60 * 60_000);
        // The session prune ran on the way (it follows this clock): every session of then is gone for good.
        admin = await signInAdmin(t);
      }
    });

    it('refuses the upgrade from an origin not in SVC_SECURITY_CORS_ALLOWED_ORIGINS with 403', async () => {
      const socket = rawSocket(t, { origin: 'https://evil.example.net' });
      assert.equal(await socket.refused, 403);
    });

    it('accepts the upgrade from an allowed origin and from clients that send no Origin', async () => {
      const allowed = await acknowledged({ origin: ALLOWED_ORIGIN }, { token: admin.accessToken });
      assert.equal(allowed.ack, true);
      allowed.socket.ws.close();
      const agent = await acknowledged({}, { token: admin.accessToken });
      assert.equal(agent.ack, true);
      agent.socket.ws.close();
    });

    it(`refuses subscription number ${CAP + 1} on one connection with LIMIT_EXCEEDED and keeps the others`, async () => {
      const { socket } = await acknowledged({}, { token: admin.accessToken });
      for (let i = 1; i <= CAP + 1; i += 1) socket.send({ id: `s${i}`, type: 'subscribe', payload: { query: STATUS } });
      const refusal = await socket.nextOfType('error');
      assert.equal(refusal.id, `s${CAP + 1}`);
      assert.equal(refusal.payload[0].extensions.code, 'LIMIT_EXCEEDED');
      assert.match(refusal.payload[0].message, new RegExp(`at most ${CAP} subscriptions`));
      await waitForSubscribers(t, 'service-status:*', CAP);
      // Completing one frees a place.
      socket.send({ id: 's1', type: 'complete' });
      socket.send({ id: 's5', type: 'subscribe', payload: { query: STATUS } });
      await waitForSubscribers(t, 'service-status:*', CAP);
      assert.equal(socket.received.filter((m) => m.type === 'error').length, 0);
      socket.ws.close();
      await socket.closed;
    });

    it('answers a query or mutation sent over the socket with an error pointing to POST /graphql', async () => {
      const { socket } = await acknowledged({}, { token: admin.accessToken });
      socket.send({ id: 'q', type: 'subscribe', payload: { query: '{ me { id } }' } });
      const refusal = await socket.nextOfType('error');
      assert.equal(refusal.payload[0].extensions.code, 'BAD_USER_INPUT');
      assert.match(refusal.payload[0].message, /POST \/graphql/);
      socket.ws.close();
    });

    it('answers an invalid subscription document with validation errors, not a closed socket', async () => {
      const { socket } = await acknowledged({}, { token: admin.accessToken });
      socket.send({ id: 'bad', type: 'subscribe', payload: { query: 'subscription { serviceStatusChanged { nope } }' } });
      const refusal = await socket.nextOfType('error');
      assert.match(refusal.payload[0].message, /nope/);
      socket.send({ id: 'good', type: 'subscribe', payload: { query: STATUS } });
      await waitForSubscribers(t, 'service-status:*', 1);
      socket.ws.close();
    });

    it('cuts off a connection whose message is larger than 256 KiB', async () => {
      const { socket } = await acknowledged({}, { token: admin.accessToken });
      socket.send({
        id: 'big',
        type: 'subscribe',
        payload: { query: `subscription { serviceStatusChanged { event } } #${'x'.repeat(256 * 1024)}` },
      });
      // uWS drops the connection without a close frame: the client sees 1006.
      assert.ok([1006, 1009].includes((await socket.closed).code));
      assert.equal(socket.received.filter((m) => m.type === 'error' || m.type === 'next').length, 0);
    });
  });
}
