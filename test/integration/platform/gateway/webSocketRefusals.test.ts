/**
 * A refused WebSocket upgrade is an HTTP response like any other (SPEC.md "Limits"): in production
 * it carries the six security headers, whatever refused it (origin, rate limit, shutdown, a path
 * that is not the endpoint). The upgrade goes over a bare socket so the test sees the exact answer.
 * The rules do not depend on the database: one backend is enough.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { jsonReply } from '../../../../src/platform/gateway/http.js';
import type { Route } from '../../../../src/platform/gateway/routes.js';
import { embeddedBackend } from '../../../support/backends.js';
import { assertSecurityHeaders, RawConnection, upgradeRequest } from '../../../support/rawHttp.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const ALLOWED_ORIGIN = 'https://ops.example.com';

async function refusal(t: TestServer, path: string, headers: Record<string, string> = {}) {
  const connection = await RawConnection.open(t.server.port);
  try {
    await connection.write(upgradeRequest(path, headers));
    return await connection.response();
  } finally {
    connection.close();
  }
}

describe('WebSocket upgrade refusals carry the production security headers', () => {
  describe('origin and path', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(embeddedBackend, { env: { SVC_SECURITY_CORS_ALLOWED_ORIGINS: ALLOWED_ORIGIN } });
    });
    after(() => t.close());

    it('an upgrade from an origin that is not allowed is refused 403 with the security headers', async () => {
      const res = await refusal(t, '/graphql/ws', { origin: 'https://evil.example.net' });
      assert.equal(res.status, 403);
      assert.match(JSON.parse(res.body).error, /origin/);
      assertSecurityHeaders(res.headers, 'origin refusal');
    });

    it('an upgrade on a path that is not the WebSocket endpoint is refused 404 with the security headers', async () => {
      const res = await refusal(t, '/graphql/wsx');
      assert.equal(res.status, 404);
      assertSecurityHeaders(res.headers, 'unknown path');
    });
  });

  describe('rate limit (burst 1, the clock stands still)', () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(embeddedBackend, {
        clock: createManualClock(Date.now()),
        env: { SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '1' },
      });
    });
    after(() => t.close());

    it('an upgrade over the rate limit is refused 429 with Retry-After and the security headers', async () => {
      const first = await refusal(t, '/no/such/path');
      assert.equal(first.status, 404, 'the one token is used by a request');
      const res = await refusal(t, '/graphql/ws');
      assert.equal(res.status, 429);
      assert.equal(res.headers['retry-after'], '1');
      assertSecurityHeaders(res.headers, 'rate limited upgrade');
    });
  });

  describe('shutting down', () => {
    let t: TestServer;
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holdRoute: Route = {
      method: 'GET',
      path: '/test/hold',
      auth: 'none',
      rateLimited: false,
      bodyLimit: 0,
      async handle() {
        entered();
        await gate;
        return jsonReply(200, { held: true });
      },
    };
    before(async () => {
      t = await startTestServer(embeddedBackend, { extraRoutes: () => [holdRoute] });
    });
    after(async () => {
      release();
      await t.close();
    });

    it('an upgrade on a kept-alive connection while the server drains is refused 503 with the security headers', async () => {
      // A connection opened (and used) before the stop: the listen socket closes, this one stays.
      const kept = await RawConnection.open(t.server.port);
      try {
        await kept.write('GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
        assert.equal((await kept.response()).status, 200);
        // A request under way keeps the server draining while the upgrade arrives.
        const pending = fetch(`${t.url}/test/hold`);
        await held;
        const closing = t.close();
        await kept.write(upgradeRequest('/graphql/ws'));
        const res = await kept.response();
        assert.equal(res.status, 503);
        assert.match(JSON.parse(res.body).error, /shutting down/);
        assertSecurityHeaders(res.headers, 'upgrade while shutting down');
        release();
        assert.equal((await pending).status, 200);
        await closing;
      } finally {
        kept.close();
      }
    });
  });
});
