/**
 * Tokens where popular graphql-ws clients put them (issue 27, item 6), with the real graphql-ws
 * client: Apollo's `connectionParams: { authorization: "Bearer ..." }` and Hasura's
 * `{ headers: { Authorization: "Bearer ..." } }` connect and stream like our `token`; any other
 * spelling is closed with 4401 and a reason naming what is read. Before, only `token` and the
 * upgrade's Authorization header worked and both popular spellings got 4401. Also: a query sent
 * over the socket is answered in plain English ("queries are not sent over /graphql/ws").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, rawSocket, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const STATUS = 'subscription { serviceStatusChanged { event status service { name } } }';

for (const backend of testBackends()) {
  describe(`graphql-ws access token spellings (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    let n = 0;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    const accepted: ReadonlyArray<readonly [string, (token: string) => Record<string, unknown>]> = [
      ['{ authorization: "Bearer ..." } (Apollo)', (token) => ({ authorization: `Bearer ${token}` })],
      ['{ Authorization: "Bearer ..." }', (token) => ({ Authorization: `Bearer ${token}` })],
      ['{ headers: { Authorization: "Bearer ..." } } (Hasura)', (token) => ({ headers: { Authorization: `Bearer ${token}` } })],
      ['{ headers: { authorization: "bearer ..." } }', (token) => ({ headers: { authorization: `bearer ${token}` } })],
    ];
    for (const [spelling, params] of accepted) {
      it(`connectionParams ${spelling} connects and streams`, async () => {
        const client = connectClient(t, { connectionParams: params(admin.accessToken) });
        try {
          const name = `spelling-${++n}`;
          assert.equal(
            (await t.call('POST', '/api/v1/health/report', { service: name, nodeId: 'eu/prod', status: 'OPERATIONAL' })).status,
            200,
          );
          await Promise.race([client.connected, client.closed.then((c) => assert.fail(`closed with ${c.code}: ${c.reason}`))]);
          const feed = subscribe(client, STATUS);
          await waitForSubscribers(t, 'service-status:*', 1);
          assert.equal((await t.call('POST', '/api/v1/health/report', { service: name, nodeId: 'eu/prod', status: 'DOWN' })).status, 200);
          const event = await feed.data();
          assert.deepEqual(event.serviceStatusChanged, { event: 'service:status_changed', status: 'DOWN', service: { name } });
          feed.dispose();
          await waitForSubscribers(t, 'service-status:*', 0);
        } finally {
          await client.dispose();
        }
      });
    }

    const refused: ReadonlyArray<readonly [string, (token: string) => Record<string, unknown>]> = [
      ['{ accessToken: ... }', (token) => ({ accessToken: token })],
      ['{ authorization: ... } without Bearer', (token) => ({ authorization: token })],
      ['{ headers: { "X-Token": ... } }', (token) => ({ headers: { 'X-Token': token } })],
      ['{ headers: "Bearer ..." }', (token) => ({ headers: `Bearer ${token}` })],
    ];
    for (const [spelling, params] of refused) {
      it(`connectionParams ${spelling} is closed with 4401 naming the spellings read`, async () => {
        const client = connectClient(t, { connectionParams: params(admin.accessToken) });
        const closed = await client.closed;
        assert.equal(closed.code, 4401);
        assert.equal(
          closed.reason,
          'Unauthorized: send the token as connectionParams token, authorization or headers.Authorization, or Authorization: Bearer',
        );
        await client.dispose();
      });
    }

    it('a query sent over the socket is refused with "queries are not sent over /graphql/ws"', async () => {
      const socket = rawSocket(t);
      await socket.opened;
      socket.send({ type: 'connection_init', payload: { token: admin.accessToken } });
      await socket.nextOfType('connection_ack');
      socket.send({ id: 'q', type: 'subscribe', payload: { query: '{ me { id } }' } });
      const refusal = await socket.nextOfType('error');
      assert.equal(refusal.payload[0].message, 'queries are not sent over /graphql/ws; send them to POST /graphql');
      socket.ws.close();
    });
  });
}
