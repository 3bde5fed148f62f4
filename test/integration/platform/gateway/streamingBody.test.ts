/**
 * Streaming request bodies (issue 15, part 6): a route whose handler reads the body while it arrives,
 * with the route's cap enforced while reading, and such a body streamed into the blob store, where a
 * failed request leaves nothing. Routes are injected as `npm run dev` injects its own
 * (`extraRoutes`), a real HTTP client sends, and each handler records what it saw.
 * The rules do not depend on the database: one backend is enough.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Readable } from 'node:stream';
import type { BlobStore } from '../../../../src/platform/blobs/blobStore.js';
import { openDataDirBlobStore } from '../../../../src/platform/blobs/dataDirBlobStore.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { jsonReply } from '../../../../src/platform/gateway/http.js';
import { BodyTooLargeError, RequestAbortedError } from '../../../../src/platform/gateway/requestBody.js';
import type { StreamingRoute } from '../../../../src/platform/gateway/routes.js';
import { embeddedBackend } from '../../../support/backends.js';
import { RawConnection } from '../../../support/rawHttp.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const CAP = 256 * KiB;

/** What one handler run saw of its body. */
interface Reading {
  readonly bytes: number;
  readonly chunks: number;
  readonly sha256: string;
  /** The largest read: async iteration takes everything the stream holds, so this is the most it held at once. */
  readonly largestRead: number;
  readonly error: unknown;
}

/** What handler runs recorded, in order, awaited one by one. */
class Recorded<T> {
  private readonly done: T[] = [];
  private waiters: Array<(value: T) => void> = [];
  started = 0;

  record(value: T): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.done.push(value);
  }

  next(): Promise<T> {
    return this.done.length > 0 ? Promise.resolve(this.done.shift()!) : new Promise((resolve) => this.waiters.push(resolve));
  }
}

/**
 * Reads `body` to its end (or its failure). `slow` makes a reader much slower than a client on the
 * loopback: it waits 5 ms after each read, as a busy disk would hold it up.
 */
async function read(body: Readable, slow: boolean): Promise<Reading> {
  const hash = createHash('sha256');
  let bytes = 0;
  let chunks = 0;
  let largestRead = 0;
  let error: unknown;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      largestRead = Math.max(largestRead, chunk.length);
      hash.update(chunk);
      bytes += chunk.length;
      chunks += 1;
      if (slow) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } catch (caught) {
    error = caught;
  }
  return { bytes, chunks, sha256: hash.digest('hex'), largestRead, error };
}

function readingRoute(path: string, bodyLimit: number, readings: Recorded<Reading>, slow = false): StreamingRoute {
  return {
    method: 'POST',
    path,
    auth: 'none',
    rateLimited: false,
    bodyLimit,
    body: 'stream',
    async handle({ body }) {
      readings.started += 1;
      const reading = await read(body, slow);
      readings.record(reading);
      if (reading.error) throw reading.error;
      return jsonReply(200, { bytes: reading.bytes, sha256: reading.sha256 });
    },
  };
}

/** POST `pieces` as a chunked body with Node's client, respecting back-pressure. */
function postChunked(url: string, pieces: readonly Buffer[]): Promise<{ status: number | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' } });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    let i = 0;
    const pump = () => {
      while (i < pieces.length) {
        if (!req.write(pieces[i++]!)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** A POST with a Content-Length on `agent`'s (kept-alive) connection. */
function postOn(agent: Agent, url: string, body: Buffer): Promise<{ status: number | undefined; reusedSocket: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: 'POST', headers: { 'content-length': String(body.length) } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function piecesOf(data: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) pieces.push(data.subarray(i, i + size));
  return pieces;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

describe('streaming request bodies', () => {
  const readings = new Recorded<Reading>();
  let t: TestServer;
  before(async () => {
    t = await startTestServer(embeddedBackend, {
      extraRoutes: () => [
        readingRoute('/test/stream', 64 * MiB, readings),
        readingRoute('/test/stream/capped', CAP, readings),
        readingRoute('/test/stream/slow', 64 * MiB, readings, true),
        {
          method: 'POST',
          path: '/test/stream/refuse',
          auth: 'none',
          rateLimited: false,
          bodyLimit: 64 * MiB,
          body: 'stream',
          // Answers from what it knows before the body: the rest of the body is never read.
          handle: async () => jsonReply(403, { error: 'uploads are closed' }),
        } satisfies StreamingRoute,
      ],
    });
  });
  after(() => t.close());

  it('a chunked 6 MiB body reaches the handler whole, in many pieces, while it arrives', { timeout: 30_000 }, async () => {
    const data = randomBytes(6 * MiB);
    const res = await postChunked(`${t.url}/test/stream`, piecesOf(data, 64 * KiB));
    assert.equal(res.status, 200, res.body);
    assert.deepEqual(JSON.parse(res.body), { bytes: data.length, sha256: sha256(data) });
    const reading = await readings.next();
    assert.equal(reading.error, undefined);
    assert.ok(reading.chunks > 1, `the handler got ${reading.chunks} chunk(s)`);
  });

  it('a body with a Content-Length reaches the handler whole', { timeout: 30_000 }, async () => {
    const data = randomBytes(3 * MiB + 17);
    const res = await fetch(`${t.url}/test/stream`, {
      method: 'POST',
      body: data,
      headers: { 'content-type': 'application/octet-stream' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { bytes: data.length, sha256: sha256(data) });
    assert.equal((await readings.next()).bytes, data.length);
  });

  it('a request without a body gives the handler an empty stream', async () => {
    const res = await fetch(`${t.url}/test/stream`, { method: 'POST' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { bytes: 0, sha256: sha256(Buffer.alloc(0)) });
    await readings.next();
  });

  it('a reader slower than the client holds the socket back: the stream never buffers more than a little of a 16 MiB body', {
    timeout: 30_000,
  }, async () => {
    const data = randomBytes(16 * MiB);
    const res = await postChunked(`${t.url}/test/stream/slow`, piecesOf(data, 64 * KiB));
    assert.equal(res.status, 200, res.body);
    assert.deepEqual(JSON.parse(res.body), { bytes: data.length, sha256: sha256(data) });
    const reading = await readings.next();
    // uWS hands over up to one socket read (about 512 KiB) at a time; without backpressure the
    // stream holds several MiB by the time this reader comes back.
    assert.ok(reading.largestRead <= 1 * MiB, `the stream held ${reading.largestRead} bytes unread`);
  });

  it('a kept-alive connection serves its next request after a streamed body the reader fell behind on', { timeout: 30_000 }, async () => {
    // Regression: the socket is paused while the reader is behind. A stream asks for nothing more
    // once its body ended, so had the socket stayed paused, the next request on this connection
    // would never be read.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const data = randomBytes(4 * MiB);
      const first = await postOn(agent, `${t.url}/test/stream/slow`, data);
      assert.equal(first.status, 200);
      assert.equal((await readings.next()).bytes, data.length);
      const second = await postOn(agent, `${t.url}/test/stream`, Buffer.from('next'));
      assert.equal(second.status, 200);
      assert.equal(second.reusedSocket, true);
      assert.equal((await readings.next()).bytes, 4);
    } finally {
      agent.destroy();
    }
  });

  it("a body over the cap is answered 413 {error} and the handler's stream fails with BodyTooLargeError, having delivered no more than the cap", {
    timeout: 30_000,
  }, async () => {
    const res = await postChunked(`${t.url}/test/stream/capped`, piecesOf(randomBytes(4 * MiB), 64 * KiB));
    assert.equal(res.status, 413);
    assert.deepEqual(Object.keys(JSON.parse(res.body)), ['error']);
    assert.match(JSON.parse(res.body).error, /256 KiB/);
    const reading = await readings.next();
    assert.ok(reading.error instanceof BodyTooLargeError, `the stream failed with ${String(reading.error)}`);
    assert.equal(reading.error.code, 'PAYLOAD_TOO_LARGE');
    assert.ok(reading.bytes <= CAP, `the handler read ${reading.bytes} bytes`);
  });

  it('a declared Content-Length over the cap is answered 413 and the handler never runs', { timeout: 30_000 }, async () => {
    const started = readings.started;
    const res = await fetch(`${t.url}/test/stream/capped`, { method: 'POST', body: randomBytes(CAP + 1) });
    assert.equal(res.status, 413);
    assert.equal(readings.started, started);
  });

  it("a client that goes away mid-body fails the handler's stream with RequestAbortedError", { timeout: 30_000 }, async () => {
    const connection = await RawConnection.open(t.server.port);
    await connection.write(`POST /test/stream HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${4 * MiB}\r\n\r\n`);
    await connection.write(randomBytes(256 * KiB));
    connection.close();
    const reading = await readings.next();
    assert.ok(reading.error instanceof RequestAbortedError, `the stream failed with ${String(reading.error)}`);
    assert.ok(reading.bytes <= 256 * KiB);
  });

  it('a handler that answers without reading the body gets its answer out, and the connection closes cleanly', {
    timeout: 30_000,
  }, async () => {
    const connection = await RawConnection.open(t.server.port);
    try {
      const size = 4 * MiB;
      const writing = (async () => {
        const results = [await connection.write(`POST /test/stream/refuse HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${size}\r\n\r\n`)];
        for (let sent = 0; sent < size; sent += 64 * KiB) results.push(await connection.write(Buffer.alloc(64 * KiB)));
        return results;
      })();
      const res = await connection.response();
      assert.equal(res.status, 403);
      assert.deepEqual(JSON.parse(res.body), { error: 'uploads are closed' });
      assert.equal(res.headers['connection'], 'close');
      assert.ok((await writing).every(Boolean), `a write failed (${connection.error?.code})`);
      connection.socket.end();
      await connection.closed;
      assert.equal(connection.error, undefined);
    } finally {
      connection.close();
    }
  });
});

describe('a streamed upload into the data-directory blob store', () => {
  const UPLOAD_CAP = 4 * MiB;
  const outcomes = new Recorded<{ readonly error: unknown }>();
  let root: string;
  let store: BlobStore;
  let t: TestServer;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-upload-'));
    store = await openDataDirBlobStore({ root, clock: createManualClock() });
    const upload: StreamingRoute = {
      method: 'POST',
      path: '/test/upload',
      auth: 'none',
      rateLimited: false,
      bodyLimit: UPLOAD_CAP,
      body: 'stream',
      async handle({ body }) {
        try {
          const stored = await store.put(body, { maxBytes: UPLOAD_CAP });
          outcomes.record({ error: undefined });
          return jsonReply(201, stored);
        } catch (error) {
          outcomes.record({ error });
          throw error;
        }
      },
    };
    t = await startTestServer(embeddedBackend, { extraRoutes: () => [upload] });
  });
  after(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Every file in the store's directory: blobs and temporary files alike. */
  const files = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

  it('an upload streamed in pieces is stored whole and reads back the same', { timeout: 30_000 }, async () => {
    const data = randomBytes(3 * MiB);
    const res = await postChunked(`${t.url}/test/upload`, piecesOf(data, 64 * KiB));
    assert.equal(res.status, 201, res.body);
    const stored = JSON.parse(res.body);
    assert.deepEqual(stored, { key: stored.key, size: data.length, sha256: sha256(data) });
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get(stored.key))!) chunks.push(chunk as Buffer);
    assert.equal(sha256(Buffer.concat(chunks)), sha256(data));
    await outcomes.next();
    await store.delete(stored.key);
  });

  it('an upload over the cap is answered 413 and leaves nothing in the store, not even a temporary file', { timeout: 30_000 }, async () => {
    const res = await postChunked(`${t.url}/test/upload`, piecesOf(randomBytes(6 * MiB), 64 * KiB));
    assert.equal(res.status, 413);
    assert.ok((await outcomes.next()).error instanceof BodyTooLargeError);
    assert.deepEqual(await files(), []);
  });

  it('an upload whose client goes away midway leaves nothing in the store, not even a temporary file', { timeout: 30_000 }, async () => {
    const connection = await RawConnection.open(t.server.port);
    await connection.write(`POST /test/upload HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${3 * MiB}\r\n\r\n`);
    await connection.write(randomBytes(MiB));
    connection.close();
    assert.ok((await outcomes.next()).error instanceof RequestAbortedError);
    assert.deepEqual(await files(), []);
  });
});
