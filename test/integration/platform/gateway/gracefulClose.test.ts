/**
 * After answering 413 to a body that is still arriving, the server closes the connection gracefully
 * (RFC 9112 section 9.6): it keeps reading and discarding the body for a bounded time and number of
 * bytes before it stops. Closing at once, with body bytes unread, makes the kernel reset the
 * connection, and a client that is still writing gets EPIPE or ECONNRESET instead of the answer.
 * A bare socket shows what a client sees: the whole answer, and no error while it arrives.
 * The rules do not depend on the database: one backend is enough.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { embeddedBackend } from '../../../support/backends.js';
import { RawConnection, type RawResponse } from '../../../support/rawHttp.js';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const KiB = 1024;
const MiB = 1024 * KiB;
/** The heartbeat's cap is 64 KiB (SPEC.md "Limits"). */
const PATH = '/api/v1/operator/heartbeat';
const CHUNK = Buffer.alloc(64 * KiB, 0x20);

function head(framing: 'declared' | 'chunked', size: number): string {
  const length = framing === 'declared' ? `content-length: ${size}` : 'transfer-encoding: chunked';
  return `POST ${PATH} HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${TEST_API_KEY}\r\ncontent-type: application/json\r\n${length}\r\n\r\n`;
}

/** `size` body bytes in 64 KiB pieces, framed as chunks when `chunked`, then the last chunk. */
function* body(framing: 'declared' | 'chunked', size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += CHUNK.length) {
    const piece = CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
    yield framing === 'chunked' ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
  }
  if (framing === 'chunked') yield Buffer.from('0\r\n\r\n');
}

function assertTooLarge(res: RawResponse): void {
  assert.equal(res.status, 413);
  assert.equal(res.headers['connection'], 'close');
  assert.deepEqual(Object.keys(JSON.parse(res.body)), ['error']);
  assert.match(JSON.parse(res.body).error, /64 KiB/);
}

describe('413 and a graceful close', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(embeddedBackend);
  });
  after(() => t.close());

  for (const framing of ['declared', 'chunked'] as const) {
    it(`a client writing a ${framing} 4 MiB body while it reads gets the whole 413, every write succeeds and the close is clean`, {
      timeout: 30_000,
    }, async () => {
      const connection = await RawConnection.open(t.server.port);
      try {
        const writing = (async () => {
          const results = [await connection.write(head(framing, 4 * MiB))];
          for (const piece of body(framing, 4 * MiB)) results.push(await connection.write(piece));
          return results;
        })();
        const res = await connection.response();
        assertTooLarge(res);
        assert.ok((await writing).every(Boolean), `a write failed (${connection.error?.code})`);
        connection.socket.end();
        await connection.closed;
        assert.equal(connection.error, undefined, `the socket failed (${connection.error?.code})`);
      } finally {
        connection.close();
      }
    });

    it(`a client that writes its whole ${framing} 4 MiB body before reading gets the 413, every write succeeds and the close is clean`, {
      timeout: 30_000,
    }, async () => {
      const connection = await RawConnection.open(t.server.port);
      try {
        assert.equal(await connection.write(head(framing, 4 * MiB)), true);
        for (const piece of body(framing, 4 * MiB))
          assert.equal(await connection.write(piece), true, `a write failed (${connection.error?.code})`);
        const res = await connection.response();
        assertTooLarge(res);
        // The client was told to close, and the server read the whole body: nothing is left unread.
        connection.socket.end();
        await connection.closed;
        assert.equal(connection.error, undefined, `the socket failed (${connection.error?.code})`);
      } finally {
        connection.close();
      }
    });

    it(`a client that keeps writing a ${framing} body far past what the server drains (64 MiB) still reads the whole 413`, {
      timeout: 30_000,
    }, async () => {
      const connection = await RawConnection.open(t.server.port);
      try {
        let stopped = false;
        const writing = (async () => {
          await connection.write(head(framing, 64 * MiB));
          for (const piece of body(framing, 64 * MiB)) if (stopped || !(await connection.write(piece))) return;
        })();
        const res = await connection.response();
        assert.equal(connection.error, undefined, `the socket failed (${connection.error?.code}) while the answer arrived`);
        assertTooLarge(res);
        stopped = true;
        connection.close();
        await writing;
      } finally {
        connection.close();
      }
    });
  }

  it('the server serves the next client after lingering closes', async () => {
    const connection = await RawConnection.open(t.server.port);
    try {
      await connection.write('GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      assert.equal((await connection.response()).status, 200);
    } finally {
      connection.close();
    }
  });
});
