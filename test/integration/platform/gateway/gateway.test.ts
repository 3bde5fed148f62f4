/**
 * Gateway hygiene over real sockets (SPEC.md "Machines", "Errors", "Limits"): the API key, error
 * bodies, routing errors, body caps (declared and streamed), rate limiting and the client address
 * behind proxies, the production security headers, and CORS.
 */
import assert from 'node:assert/strict';
import { Agent, request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { SECURITY_HEADERS } from '../../../support/rawHttp.js';
import { call, startTestServer, TEST_API_KEY, type TestResponse, type TestServer } from '../../../support/testServer.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const KEY = { 'x-api-key': TEST_API_KEY };

/** Every machine endpoint with a body, its cap from SPEC.md "Limits", and a valid body for it. */
const CAPPED_ENDPOINTS = [
  { path: '/api/v1/operator/register', cap: 512 * KiB, body: { name: 'padded', nodeId: 'pad/register' }, ok: [200, 201] },
  { path: '/api/v1/operator/status', cap: 2 * MiB, body: { nodeId: 'pad/status', services: [] }, ok: [200] },
  { path: '/api/v1/operator/heartbeat', cap: 64 * KiB, body: { nodeId: 'pad/heartbeat' }, ok: [200] },
  { path: '/api/v1/health/report', cap: 64 * KiB, body: { service: 'padded', nodeId: 'pad/health', status: 'OPERATIONAL' }, ok: [200] },
  {
    path: '/api/v1/storage/report',
    cap: 64 * KiB,
    body: { service: 'padded', nodeId: 'pad/storage', allocatedBytes: 100, usedBytes: 1 },
    ok: [200],
  },
  { path: '/api/v1/backup/report', cap: 64 * KiB, body: { service: 'padded', nodeId: 'pad/backup', status: 'success' }, ok: [200] },
] as const;

/** `body` as JSON of exactly `size` bytes, padded with a field no endpoint reads. */
function paddedJson(body: Readonly<Record<string, unknown>>, size: number): string {
  const base = JSON.stringify({ ...body, padding: '' });
  assert.ok(size >= base.length);
  const text = JSON.stringify({ ...body, padding: 'x'.repeat(size - base.length) });
  assert.equal(Buffer.byteLength(text), size);
  return text;
}

function assertErrorBody(res: TestResponse, status: number): void {
  assert.equal(res.status, status);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.deepEqual(Object.keys(res.json), ['error'], `body of ${status}: ${res.text}`);
  assert.equal(typeof res.json.error, 'string');
  assert.ok(res.json.error.length > 0);
}

interface StreamResult {
  readonly status: number | undefined;
  readonly body: string;
  /** Body bytes the client got to write before the answer (or a closed socket) stopped it. */
  readonly written: number;
}

/**
 * POST `chunks` as a chunked body (no Content-Length), respecting back-pressure, and stop writing
 * as soon as the server answers or the socket closes.
 */
function streamChunked(url: string, path: string, chunks: Iterable<Buffer>): Promise<StreamResult> {
  return new Promise((resolve) => {
    let status: number | undefined;
    let body = '';
    let written = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve({ status, body, written });
    };
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', settle);
      res.on('error', settle);
    });
    req.on('error', settle);
    req.on('close', () => {
      if (status === undefined) settle();
    });
    const iterator = chunks[Symbol.iterator]();
    const pump = () => {
      while (status === undefined && !req.destroyed) {
        const next = iterator.next();
        if (next.done) {
          req.end();
          return;
        }
        written += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** A POST with a Content-Length on `agent`'s (kept-alive) connection. */
function postOn(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function* repeated(chunk: Buffer, total: number): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += chunk.length) yield sent + chunk.length <= total ? chunk : chunk.subarray(0, total - sent);
}

/** `text` cut into pieces of `size` bytes. */
function* pieces(text: string, size: number): Generator<Buffer> {
  const buffer = Buffer.from(text);
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

for (const backend of testBackends()) {
  describe(`gateway (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend);
    });
    after(() => t.close());

    describe('operator API key', () => {
      it('a machine endpoint without a key is answered 401', async () => {
        const res = await call(t.url, 'GET', '/api/v1/operator/nodes');
        assertErrorBody(res, 401);
        assert.match(res.json.error, /missing API key/);
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      });

      it('a wrong key is answered 401, in X-API-Key and as a bearer token', async () => {
        const attempts: Record<string, string>[] = [
          { 'x-api-key': 'not-the-key' },
          { authorization: 'Bearer not-the-key' },
          { 'x-api-key': `${TEST_API_KEY}x` },
        ];
        for (const headers of attempts) {
          const res = await call(t.url, 'GET', '/api/v1/operator/nodes', undefined, headers);
          assertErrorBody(res, 401);
          assert.match(res.json.error, /invalid API key/);
        }
      });

      it('a key in a non-bearer Authorization scheme is answered 401', async () => {
        const res = await call(t.url, 'GET', '/api/v1/operator/nodes', undefined, { authorization: `Basic ${TEST_API_KEY}` });
        assertErrorBody(res, 401);
      });

      it('the key is accepted in X-API-Key', async () => {
        const res = await call(t.url, 'GET', '/api/v1/operator/nodes', undefined, { 'x-api-key': TEST_API_KEY });
        assert.equal(res.status, 200);
        assert.equal(typeof res.json.count, 'number');
      });

      it('the key is accepted as Authorization: Bearer', async () => {
        const res = await call(t.url, 'GET', '/api/v1/operator/nodes', undefined, { authorization: `Bearer ${TEST_API_KEY}` });
        assert.equal(res.status, 200);
      });

      it('a refused push changes nothing in the database', async () => {
        const res = await call(
          t.url,
          'POST',
          '/api/v1/health/report',
          { service: 'sneaky', nodeId: 'x/y', status: 'DOWN' },
          { 'x-api-key': 'wrong' },
        );
        assert.equal(res.status, 401);
        assert.equal((await t.server.database.knex('services').where({ name: 'sneaky' })).length, 0);
      });

      it('/health needs no key', async () => {
        const res = await call(t.url, 'GET', '/health');
        assert.equal(res.status, 200);
        assert.equal(res.json.status, 'healthy');
      });

      it('with SVC_SECURITY_OPERATOR_API_KEY empty the machine endpoints need no key, and a warning is logged at start', async () => {
        const open = await startTestServer(backend, { env: { SVC_SECURITY_OPERATOR_API_KEY: '' } });
        try {
          const res = await call(open.url, 'POST', '/api/v1/operator/heartbeat', { nodeId: 'open/node' });
          assert.equal(res.status, 200);
          assert.deepEqual(res.json.commands, []);
          assert.equal((await open.server.database.knex('agents').where({ node_id: 'open/node' })).length, 1);
          assert.ok(open.logs.some((r) => r['level'] === 'warn' && /SVC_SECURITY_OPERATOR_API_KEY is empty/.test(String(r['msg']))));
        } finally {
          await open.close();
        }
      });
    });

    describe('errors', () => {
      it('an unknown path is answered 404 with an error body', async () => {
        const res = await t.call('GET', '/api/v1/no/such/endpoint');
        assertErrorBody(res, 404);
      });

      it('a wrong method is answered 405 with an Allow header', async () => {
        const post = await t.call('GET', '/api/v1/operator/register');
        assertErrorBody(post, 405);
        assert.equal(post.headers.get('allow'), 'POST');
        const get = await t.call('POST', '/health', {});
        assertErrorBody(get, 405);
        assert.equal(get.headers.get('allow'), 'GET');
      });

      it('a body that is not JSON is answered 400 with an error body', async () => {
        const res = await t.call('POST', '/api/v1/health/report', '{"service": ');
        assertErrorBody(res, 400);
        assert.match(res.json.error, /not valid JSON/);
      });

      it('a JSON body that is not an object is answered 400', async () => {
        for (const body of ['[]', '"text"', 'null', '42']) {
          const res = await t.call('POST', '/api/v1/operator/heartbeat', body);
          assertErrorBody(res, 400);
        }
      });

      it('an empty body is answered 400', async () => {
        const res = await t.call('POST', '/api/v1/operator/heartbeat', '');
        assertErrorBody(res, 400);
      });

      it('a body that is not UTF-8 is answered 400', async () => {
        const res = await t.call('POST', '/api/v1/operator/heartbeat', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
        assertErrorBody(res, 400);
        assert.match(res.json.error, /UTF-8/);
      });

      it('every refusal carries only the error field: 400, 401, 404, 405, 413', async () => {
        const responses = [
          [400, await t.call('POST', '/api/v1/storage/report', { service: 'x', allocatedBytes: 0, usedBytes: 0 })],
          [401, await call(t.url, 'POST', '/api/v1/storage/report', {})],
          [404, await t.call('POST', '/api/v1/storage/reports', {})],
          [405, await t.call('PUT', '/api/v1/storage/report', {})],
          [413, await t.call('POST', '/api/v1/storage/report', 'x'.repeat(64 * KiB + 1))],
        ] as const;
        for (const [status, res] of responses) assertErrorBody(res, status);
      });
    });

    describe('body size limits', () => {
      for (const endpoint of CAPPED_ENDPOINTS) {
        it(`${endpoint.path}: a body of exactly ${endpoint.cap / KiB} KiB is accepted`, async () => {
          const res = await t.call('POST', endpoint.path, paddedJson(endpoint.body, endpoint.cap));
          assert.ok((endpoint.ok as readonly number[]).includes(res.status), `status ${res.status}: ${res.text.slice(0, 200)}`);
        });

        it(`${endpoint.path}: a body of ${endpoint.cap / KiB} KiB + 1 byte is answered 413`, async () => {
          const res = await t.call('POST', endpoint.path, paddedJson(endpoint.body, endpoint.cap + 1));
          assertErrorBody(res, 413);
          assert.match(res.json.error, /limit/);
        });
      }

      it('a body of exactly the cap streamed without Content-Length is accepted', { timeout: 30_000 }, async () => {
        const text = paddedJson({ nodeId: 'pad/chunked' }, 64 * KiB);
        const res = await streamChunked(t.url, '/api/v1/operator/heartbeat', pieces(text, 1000));
        assert.equal(res.status, 200, res.body);
        assert.equal((await t.server.database.knex('agents').where({ node_id: 'pad/chunked' })).length, 1);
      });

      it('a body with Content-Length written in pieces is read whole, each piece in its place', { timeout: 30_000 }, async () => {
        const names = Array.from({ length: 500 }, (_, i) => `piece-${String(i).padStart(4, '0')}`);
        const bytes = Buffer.from(
          JSON.stringify({ reports: names.map((service) => ({ service, nodeId: 'pad/pieces', status: 'DEGRADED' })) }),
        );
        const res = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
          const req = request(`${t.url}/api/v1/health/report/batch`, {
            method: 'POST',
            headers: { ...KEY, 'content-type': 'application/json', 'content-length': String(bytes.length) },
          });
          req.on('response', (answer) => {
            let body = '';
            answer.setEncoding('utf8');
            answer.on('data', (d: string) => (body += d));
            answer.on('end', () => resolve({ status: answer.statusCode, body }));
          });
          req.on('error', reject);
          // Seven uneven pieces, each written once the one before has gone out.
          const cuts = [0, 1, 7, 30, 4_097, 20_000, 31_111, bytes.length].filter((cut, i, all) => i === 0 || cut > all[i - 1]!);
          const write = (i: number): void => {
            if (i + 1 === cuts.length) return void req.end();
            req.write(bytes.subarray(cuts[i], cuts[i + 1]), () => setImmediate(() => write(i + 1)));
          };
          write(0);
        });
        assert.equal(res.status, 200, res.body);
        const stored = await t.server.database.knex('services').where('name', 'like', 'piece-%').orderBy('name').pluck('name');
        assert.deepEqual(stored, names);
      });

      it('a body of the cap + 1 byte streamed without Content-Length is answered 413', { timeout: 30_000 }, async () => {
        const text = paddedJson({ nodeId: 'pad/chunked-over' }, 64 * KiB + 1);
        const res = await streamChunked(t.url, '/api/v1/operator/heartbeat', pieces(text, 1000));
        assert.equal(res.status, 413);
        assert.deepEqual(Object.keys(JSON.parse(res.body)), ['error']);
        assert.equal((await t.server.database.knex('agents').where({ node_id: 'pad/chunked-over' })).length, 0);
      });

      it('a client streaming a huge chunked body is cut off with 413 at the cap, without the server buffering it', {
        timeout: 30_000,
      }, async () => {
        const total = 64 * MiB;
        const before = process.memoryUsage().arrayBuffers;
        const res = await streamChunked(t.url, '/api/v1/health/report', repeated(Buffer.alloc(64 * KiB, 0x78), total));
        const grown = process.memoryUsage().arrayBuffers - before;
        assert.equal(res.status, 413);
        assert.match(JSON.parse(res.body).error, /64 KiB/);
        // The answer came while the client was still sending: the server did not wait for the whole body.
        assert.ok(res.written < total, `client wrote ${res.written} bytes before the answer`);
        // Buffers (the server copies body chunks into Buffers) did not grow by anything like the body.
        assert.ok(grown < 16 * MiB, `Buffer memory grew by ${grown} bytes`);
        const health = await call(t.url, 'GET', '/health');
        assert.equal(health.status, 200);
        const ready = await call(t.url, 'GET', '/ready');
        assert.equal(ready.status, 200);
      });

      it('a declared Content-Length over the cap is answered 413 before the body is read', { timeout: 30_000 }, async () => {
        // The head alone says the body is too large; the server answers without waiting for it.
        const res = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
          const req = request(`${t.url}/api/v1/operator/heartbeat`, {
            method: 'POST',
            headers: { ...KEY, 'content-type': 'application/json', 'content-length': String(100 * MiB) },
          });
          req.on('response', (r) => {
            let body = '';
            r.setEncoding('utf8');
            r.on('data', (d: string) => (body += d));
            r.on('end', () => {
              resolve({ status: r.statusCode, body });
              req.destroy();
            });
          });
          req.on('error', reject);
          req.write('{"nodeId":');
          req.flushHeaders();
        });
        assert.equal(res.status, 413);
        assert.match(JSON.parse(res.body).error, /64 KiB/);
      });
    });

    describe('connections', () => {
      it('the body of a request refused from its head is discarded, never read as a request of its own', { timeout: 30_000 }, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const inner = JSON.stringify({ nodeId: 'smuggled/node' });
          const smuggled =
            `POST /api/v1/operator/heartbeat HTTP/1.1\r\nHost: x\r\nX-API-Key: ${TEST_API_KEY}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(inner)}\r\n\r\n${inner}`;
          const refused = await postOn(agent, `${t.url}/no/such/path`, smuggled, {});
          assert.equal(refused.status, 404);
          const unauthenticated = await postOn(agent, `${t.url}/api/v1/operator/heartbeat`, smuggled, {});
          assert.equal(unauthenticated.status, 401);
          assert.equal(unauthenticated.reusedSocket, true);
          const next = await postOn(agent, `${t.url}/api/v1/operator/heartbeat`, JSON.stringify({ nodeId: 'kept-alive/node' }), KEY);
          assert.equal(next.status, 200);
          assert.equal(next.reusedSocket, true, 'the connection stayed usable');
          const agents = await t.server.database.knex('agents').whereIn('node_id', ['smuggled/node', 'kept-alive/node']).pluck('node_id');
          assert.deepEqual(agents, ['kept-alive/node']);
        } finally {
          agent.destroy();
        }
      });
    });

    describe('security headers', () => {
      it('every response in production carries the six security headers, errors included', async () => {
        const responses = [
          await call(t.url, 'GET', '/health'),
          await call(t.url, 'GET', '/ready'),
          await t.call('GET', '/api/v1/operator/nodes'),
          await t.call('POST', '/api/v1/operator/heartbeat', {}),
          await call(t.url, 'GET', '/api/v1/operator/nodes'),
          await call(t.url, 'GET', '/nope'),
          await call(t.url, 'DELETE', '/health'),
          await t.call('POST', '/api/v1/health/report', 'x'.repeat(64 * KiB + 1)),
        ];
        assert.deepEqual(
          responses.map((r) => r.status),
          [200, 200, 200, 400, 401, 404, 405, 413],
        );
        for (const res of responses) {
          for (const [name, value] of Object.entries(SECURITY_HEADERS))
            assert.equal(res.headers.get(name), value, `${name} on a ${res.status}`);
        }
      });

      it('the security headers are absent in development', async () => {
        const dev = await startTestServer(backend, { env: { SVC_ENV: 'development' } });
        try {
          const responses = [
            await call(dev.url, 'GET', '/health'),
            await call(dev.url, 'GET', '/nope'),
            await call(dev.url, 'GET', '/api/v1/operator/nodes'),
          ];
          assert.deepEqual(
            responses.map((r) => r.status),
            [200, 404, 401],
          );
          for (const res of responses) {
            for (const name of Object.keys(SECURITY_HEADERS)) assert.equal(res.headers.get(name), null, `${name} on a ${res.status}`);
          }
        } finally {
          await dev.close();
        }
      });
    });

    describe('rate limit (1 request/s, burst 3)', () => {
      const clock = createManualClock();
      let limited: TestServer;
      before(async () => {
        limited = await startTestServer(backend, { clock, env: { SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '3' } });
      });
      after(() => limited.close());
      // Each test starts with a full bucket: ten seconds refill far more than the burst of 3.
      const refill = () => clock.advance(10_000);
      const nodes = (headers: Record<string, string> = {}) => limited.call('GET', '/api/v1/operator/nodes', undefined, headers);

      it('the 4th quick request is answered 429 with Retry-After and an error body', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) assert.equal((await nodes()).status, 200, `request ${i}`);
        const res = await nodes();
        assertErrorBody(res, 429);
        assert.equal(res.headers.get('retry-after'), '1');
        assert.match(res.json.error, /rate limit/);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(res.headers.get(name), value);
      });

      it('refused requests count too: unauthenticated ones use up the bucket', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) assert.equal((await call(limited.url, 'GET', '/api/v1/operator/nodes')).status, 401);
        assert.equal((await nodes()).status, 429);
      });

      it('tokens come back at the configured rate', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) await nodes();
        assert.equal((await nodes()).status, 429);
        clock.advance(500);
        assert.equal((await nodes()).status, 429, 'half a token is not enough');
        clock.advance(500);
        assert.equal((await nodes()).status, 200, 'one second later one request passes');
        assert.equal((await nodes()).status, 429);
      });

      it('requests for unknown paths count against the limit too', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) assert.equal((await limited.call('GET', '/api/v1/no-such-thing')).status, 404);
        assert.equal((await limited.call('GET', '/api/v1/no-such-thing')).status, 429);
      });

      it('/ready reaches the database, so it is rate limited', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) assert.equal((await call(limited.url, 'GET', '/ready')).status, 200);
        assert.equal((await call(limited.url, 'GET', '/ready')).status, 429);
      });

      it('/health is not rate limited', async () => {
        refill();
        for (let i = 1; i <= 4; i += 1) await nodes();
        for (let i = 0; i < 20; i += 1) assert.equal((await call(limited.url, 'GET', '/health')).status, 200);
      });

      it('X-Forwarded-For from an untrusted peer is ignored: changing it does not escape the limit', async () => {
        refill();
        for (let i = 1; i <= 3; i += 1) assert.equal((await nodes({ 'x-forwarded-for': `10.0.0.${i}` })).status, 200);
        const res = await nodes({ 'x-forwarded-for': '10.0.0.4' });
        assert.equal(res.status, 429);
        assert.match(res.json.error, /127\.0\.0\.1/);
      });
    });

    describe('rate limit behind a trusted proxy (SVC_TRUSTED_PROXIES=127.0.0.1)', () => {
      const clock = createManualClock();
      let proxied: TestServer;
      before(async () => {
        proxied = await startTestServer(backend, {
          clock,
          env: { SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '3', SVC_TRUSTED_PROXIES: '127.0.0.1' },
        });
      });
      after(() => proxied.close());
      const nodes = (forwardedFor: string) => proxied.call('GET', '/api/v1/operator/nodes', undefined, { 'x-forwarded-for': forwardedFor });

      it('X-Forwarded-For from a trusted proxy is honoured: different forwarded clients get separate buckets', async () => {
        clock.advance(10_000);
        for (let i = 1; i <= 3; i += 1) assert.equal((await nodes('203.0.113.7')).status, 200);
        const limited = await nodes('203.0.113.7');
        assert.equal(limited.status, 429);
        assert.match(limited.json.error, /203\.0\.113\.7/);
        for (let i = 1; i <= 3; i += 1) assert.equal((await nodes('198.51.100.9')).status, 200, `other client, request ${i}`);
        assert.equal((await nodes('198.51.100.9')).status, 429);
      });

      it('addresses a client writes in front of the proxy entry are not believed', async () => {
        clock.advance(10_000);
        for (let i = 1; i <= 3; i += 1) assert.equal((await nodes(`192.0.2.${i}, 203.0.113.50`)).status, 200);
        const res = await nodes('192.0.2.99, 203.0.113.50');
        assert.equal(res.status, 429);
        assert.match(res.json.error, /203\.0\.113\.50/);
      });

      it('without X-Forwarded-For the proxy itself is the client', async () => {
        clock.advance(10_000);
        for (let i = 1; i <= 3; i += 1) assert.equal((await proxied.call('GET', '/api/v1/operator/nodes')).status, 200);
        const res = await proxied.call('GET', '/api/v1/operator/nodes');
        assert.equal(res.status, 429);
        assert.match(res.json.error, /127\.0\.0\.1/);
      });
    });

    describe('CORS (SVC_SECURITY_CORS_ALLOWED_ORIGINS=https://ops.example.com)', () => {
      const ALLOWED = 'https://ops.example.com';
      let cors: TestServer;
      before(async () => {
        cors = await startTestServer(backend, { env: { SVC_SECURITY_CORS_ALLOWED_ORIGINS: ALLOWED } });
      });
      after(() => cors.close());
      const preflight = (origin: string) =>
        call(cors.url, 'OPTIONS', '/api/v1/operator/nodes', undefined, {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-api-key',
        });

      it('a browser form or text/plain POST (no preflight) is refused 415 and changes nothing', async () => {
        for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
          const res = await cors.call(
            'POST',
            '/api/v1/health/report',
            JSON.stringify({ service: 'csrf-probe', nodeId: 'eu/csrf', status: 'DOWN' }),
            {
              origin: 'https://evil.example.net',
              'content-type': type,
            },
          );
          assert.equal(res.status, 415, type);
          assert.deepEqual(Object.keys(res.json), ['error']);
        }
        assert.equal((await cors.server.database.knex('services').where({ name: 'csrf-probe' })).length, 0);
      });

      it('a JSON POST from a browser origin and any POST without an origin are served', async () => {
        const fromBrowser = await cors.call(
          'POST',
          '/api/v1/health/report',
          { service: 'json-ok', nodeId: 'eu/csrf', status: 'OPERATIONAL' },
          { origin: ALLOWED },
        );
        assert.equal(fromBrowser.status, 200);
        const fromScript = await cors.call(
          'POST',
          '/api/v1/health/report',
          JSON.stringify({ service: 'script-ok', nodeId: 'eu/csrf', status: 'OPERATIONAL' }),
          {
            'content-type': 'text/plain',
          },
        );
        assert.equal(fromScript.status, 200);
      });

      it('a preflight from an allowed origin is answered 204 with allow-origin, credentials and max-age 300', async () => {
        const res = await preflight(ALLOWED);
        assert.equal(res.status, 204);
        assert.equal(res.text, '');
        assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
        assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
        assert.equal(res.headers.get('access-control-max-age'), '300');
        assert.match(res.headers.get('access-control-allow-headers') ?? '', /X-API-Key/i);
        assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(res.headers.get(name), value);
      });

      it('a preflight from another origin is answered 403', async () => {
        const res = await preflight('https://evil.example.com');
        assertErrorBody(res, 403);
        assert.equal(res.headers.get('access-control-allow-origin'), null);
      });

      it('an actual response carries allow-origin for an allowed origin', async () => {
        const res = await call(cors.url, 'GET', '/api/v1/operator/nodes', undefined, { ...KEY, origin: ALLOWED });
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
        assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
        assert.match(res.headers.get('vary') ?? '', /Origin/);
      });

      it('an error response carries allow-origin for an allowed origin too', async () => {
        const res = await call(cors.url, 'GET', '/api/v1/operator/nodes', undefined, { origin: ALLOWED });
        assert.equal(res.status, 401);
        assert.equal(res.headers.get('access-control-allow-origin'), ALLOWED);
      });

      it('an actual response carries no CORS header for another origin or no origin', async () => {
        for (const headers of [
          { ...KEY, origin: 'https://evil.example.com' },
          { ...KEY, origin: 'https://ops.example.com.evil.net' },
          KEY,
        ]) {
          const res = await call(cors.url, 'GET', '/api/v1/operator/nodes', undefined, headers);
          assert.equal(res.status, 200);
          assert.equal(res.headers.get('access-control-allow-origin'), null, JSON.stringify(headers));
          assert.equal(res.headers.get('access-control-allow-credentials'), null);
        }
      });
    });
  });
}
