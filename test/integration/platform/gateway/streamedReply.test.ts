/**
 * Streamed answers (src/platform/gateway/http.ts `streamReply`, exchange.ts): a body written as its source
 * gives it, with Content-Length, identical bytes, and a connection dropped (never a wrong body) when
 * the source fails or ends short. Routes are injected as `npm run dev` injects its own; one backend
 * is enough (nothing here touches the database).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { streamReply } from '../../../../src/platform/gateway/http.js';
import type { Route } from '../../../../src/platform/gateway/routes.js';
import { embeddedBackend } from '../../../support/backends.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const MiB = 1024 * 1024;

/** `total` bytes of a known pattern in 64 KiB pieces; fails after `failAfter` bytes if given. */
function pattern(total: number, failAfter?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < total; sent += 64 * 1024) {
        if (failAfter !== undefined && sent >= failAfter) throw new Error('the disk went away');
        const piece = Buffer.alloc(Math.min(64 * 1024, total - sent));
        for (let i = 0; i < piece.length; i++) piece[i] = (sent + i) % 251;
        yield piece;
      }
    })(),
  );
}

const expected = (total: number) =>
  createHash('sha256')
    .update(Buffer.from(Array.from({ length: total }, (_, i) => i % 251)))
    .digest('hex');

const route = (path: string, reply: () => ReturnType<typeof streamReply>): Route => ({
  method: 'GET',
  path,
  auth: 'none',
  rateLimited: false,
  bodyLimit: 0,
  handle: async () => reply(),
});

/** GET on `agent`, the whole body, or the error that ended it. */
function get(
  url: string,
  agent?: Agent,
): Promise<{
  status: number | undefined;
  headers: Record<string, unknown>;
  body: Buffer;
  error: Error | undefined;
  reusedSocket: boolean;
}> {
  return new Promise((resolve) => {
    const req = request(url, agent ? { agent } : {});
    const chunks: Buffer[] = [];
    req.on('response', (res) => {
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          error: undefined,
          reusedSocket: req.reusedSocket,
        }),
      );
      res.on('error', (error) =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), error, reusedSocket: req.reusedSocket }),
      );
    });
    req.on('error', (error) =>
      resolve({ status: undefined, headers: {}, body: Buffer.concat(chunks), error, reusedSocket: req.reusedSocket }),
    );
    req.end();
  });
}

describe('streamed answers', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(embeddedBackend, {
      extraRoutes: () => [
        route('/test/download', () =>
          streamReply(200, { source: pattern(6 * MiB + 17), length: 6 * MiB + 17 }, { 'content-type': 'application/octet-stream' }),
        ),
        route('/test/download/empty', () => streamReply(200, { source: pattern(0), length: 0 })),
        route('/test/download/failing', () => streamReply(200, { source: pattern(4 * MiB, MiB), length: 4 * MiB })),
        route('/test/download/short', () => streamReply(200, { source: pattern(MiB), length: 2 * MiB })),
        route('/test/download/long', () => streamReply(200, { source: pattern(2 * MiB), length: MiB })),
      ],
    });
  });
  after(() => t.close());

  it("a 6 MiB body arrives whole, identical, with its Content-Length and the reply's headers", { timeout: 30_000 }, async () => {
    const res = await get(`${t.url}/test/download`);
    assert.equal(res.error, undefined);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], String(6 * MiB + 17));
    assert.equal(res.headers['content-type'], 'application/octet-stream');
    assert.equal(res.headers['x-content-type-options'], 'nosniff', 'the production security headers are there too');
    assert.equal(createHash('sha256').update(res.body).digest('hex'), expected(6 * MiB + 17));
  });

  it('an empty streamed body is an empty answer with Content-Length 0', async () => {
    const res = await get(`${t.url}/test/download/empty`);
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], '0');
    assert.equal(res.body.length, 0);
  });

  it('a kept-alive connection serves its next request after a streamed answer', { timeout: 30_000 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await get(`${t.url}/test/download`, agent)).body.length, 6 * MiB + 17);
      const next = await get(`${t.url}/test/download/empty`, agent);
      assert.equal(next.status, 200);
      assert.equal(next.reusedSocket, true);
    } finally {
      agent.destroy();
    }
  });

  for (const [what, path] of [
    ['fails midway', '/test/download/failing'],
    ['ends before its length', '/test/download/short'],
    ['runs past its length', '/test/download/long'],
  ] as const) {
    it(`a source that ${what} drops the connection: the client sees a cut answer, never a complete wrong one`, {
      timeout: 30_000,
    }, async () => {
      const res = await get(t.url + path);
      if (path === '/test/download/long') {
        // The announced length went out whole before the extra bytes: what arrived is exactly it, or the answer was cut.
        assert.ok(res.error !== undefined || res.body.length === MiB, `${res.body.length} bytes`);
        if (res.error === undefined) assert.equal(createHash('sha256').update(res.body).digest('hex'), expected(MiB));
      } else {
        assert.ok(res.error, `the answer completed with ${res.body.length} bytes`);
        assert.ok(res.body.length < Number(res.headers['content-length']));
      }
      assert.equal((await get(`${t.url}/test/download/empty`)).status, 200, 'the server goes on');
    });
  }
});
