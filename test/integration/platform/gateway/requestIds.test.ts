/**
 * Every request has an id and a trace: `X-Request-Id` taken when sane and made otherwise, answered
 * on REST, GraphQL and the WebSocket upgrade, and on every log line of that request; a valid
 * `traceparent` is continued, a bad one ignored.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { SIGN_IN_FAILED_MESSAGE } from '../../../../src/core/auth/signInLog.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql } from '../../../support/graphql.js';
import { eventually } from '../../../support/polling.js';
import { wsUrl } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';

/** The headers of the upgrade's answer (the 101, or a refusal). */
function upgradeHeaders(t: TestServer, headers: Record<string, string>): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(t), 'graphql-transport-ws', { headers });
    socket.on('upgrade', (response) => {
      resolve(response.headers);
      socket.close();
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.headers));
    socket.on('error', reject);
  });
}

for (const backend of testBackends()) {
  describe(`request ids and trace context (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { env: { ...BOOTSTRAP_ENV, SVC_SECURITY_CORS_ALLOWED_ORIGINS: 'https://console.example' } });
      t.server.app.logLevel.set('debug', 'test');
    });
    after(() => t.close());
    const linesOf = (requestId: string) => t.logs.filter((l) => l['requestId'] === requestId);

    it('makes an id for a request that sends none and answers it', async () => {
      const res = await t.call('GET', '/health');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('x-request-id') ?? '', UUID);
    });

    it('answers a sane X-Request-Id as the client sent it, on a refusal too', async () => {
      const ok = await t.call('GET', '/health', undefined, { 'x-request-id': 'client-id-1' });
      const missing = await t.call('GET', '/no/such/path', undefined, { 'x-request-id': 'client-id-2' });
      assert.equal(ok.headers.get('x-request-id'), 'client-id-1');
      assert.equal(missing.status, 404);
      assert.equal(missing.headers.get('x-request-id'), 'client-id-2');
    });

    const insane: Array<[string, string]> = [
      ['too long', 'x'.repeat(129)],
      ['with a space', 'two words'],
      ['with a quote', 'id","level":"error'],
      ['with a semicolon', 'a;b'],
    ];
    for (const [what, id] of insane) {
      it(`replaces an X-Request-Id ${what} by one of its own`, async () => {
        const res = await t.call('GET', '/health', undefined, { 'x-request-id': id });
        assert.match(res.headers.get('x-request-id') ?? '', UUID);
      });
    }

    it('answers the id on POST /graphql', async () => {
      const res = await gql(t, '{ __typename }', undefined, undefined, { 'x-request-id': 'graphql-id-1' });
      assert.equal(res.headers.get('x-request-id'), 'graphql-id-1');
    });

    it('answers the id on the WebSocket upgrade, accepted or refused', async () => {
      const accepted = await upgradeHeaders(t, { 'x-request-id': 'ws-id-1' });
      const refused = await upgradeHeaders(t, { 'x-request-id': 'ws-id-2', origin: 'https://elsewhere.example' });
      assert.equal(accepted['x-request-id'], 'ws-id-1');
      assert.equal(refused['x-request-id'], 'ws-id-2');
    });

    it('names the id on the request line logged at debug, with its status', async () => {
      await t.call('POST', '/api/v1/health/report', { service: 'logged', nodeId: 'eu/a', status: 'DOWN' }, { 'x-request-id': 'push-id-1' });
      const line = await eventually(async () => linesOf('push-id-1').find((l) => l['msg'] === 'request'), 'the request line');
      assert.deepEqual([line['method'], line['path'], line['status']], ['POST', '/api/v1/health/report', 200]);
    });

    it("names the id on a line the request's handler logs, after its awaits", async () => {
      const res = await gql(t, LOGIN, { u: 'admin', p: 'not-the-password' }, undefined, { 'x-request-id': 'login-id-1' });
      assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
      const line = linesOf('login-id-1').find((l) => l['msg'] === SIGN_IN_FAILED_MESSAGE);
      assert.ok(line, 'the failed sign-in is logged under the request id');
    });

    it("names the upgrade's id and continues its traceparent on what its handling logs (a refused origin)", async () => {
      await upgradeHeaders(t, {
        'x-request-id': 'ws-refused-1',
        origin: 'https://logged.example',
        traceparent: `00-${TRACE}-00f067aa0ba902b7-01`,
      });
      const line = linesOf('ws-refused-1').find((l) => String(l['msg']).startsWith('WebSocket upgrade refused'));
      assert.ok(line, 'the refusal is logged under the upgrade id');
      assert.equal(line['origin'], 'https://logged.example');
      assert.equal(line['traceId'], TRACE);
    });

    it("continues a valid traceparent's trace on the request's lines", async () => {
      await t.call('GET', '/health', undefined, {
        'x-request-id': 'traced-1',
        traceparent: `00-${TRACE}-00f067aa0ba902b7-01`,
      });
      const line = await eventually(async () => linesOf('traced-1')[0], 'a line of the request');
      assert.equal(line['traceId'], TRACE);
    });

    it('ignores a bad traceparent: the request starts a trace of its own', async () => {
      await t.call('GET', '/health', undefined, {
        'x-request-id': 'traced-2',
        traceparent: `00-${TRACE.toUpperCase()}-00f067aa0ba902b7-01`,
      });
      const line = await eventually(async () => linesOf('traced-2')[0], 'a line of the request');
      assert.match(String(line['traceId']), /^[0-9a-f]{32}$/);
      assert.notEqual(line['traceId'], TRACE);
    });
  });
}
