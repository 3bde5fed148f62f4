/**
 * HTTP/1.1 over a bare `net` socket, for tests that need what an HTTP client library hides: a body
 * written while the answer is read, the exact framing of the answer, how the connection ended
 * (a clean FIN or a reset), and the production security headers every answer must carry.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';

/** The production security headers of SPEC.md "Limits", as a client must see them. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
} as const;

export function assertSecurityHeaders(headers: Readonly<Record<string, string | undefined>>, what: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(headers[name], value, `${what}: ${name}`);
}

export interface RawResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** `chunked` or `length`: how the body was framed. */
  readonly framing: 'chunked' | 'length';
}

const WAIT_MS = 15_000;

/**
 * One client connection. Reads everything the server sends from the start, so a response that
 * arrives while the test is still writing a body is not lost; `error` keeps the first socket error
 * (EPIPE, ECONNRESET) instead of throwing it.
 */
export class RawConnection {
  private received = Buffer.alloc(0);
  private readonly waiters: Array<() => void> = [];
  /** The first socket error, if any. */
  error: NodeJS.ErrnoException | undefined;
  /** The server ended or closed the connection. */
  readonly closed: Promise<void>;
  private isClosed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (data: Buffer) => {
      this.received = Buffer.concat([this.received, data]);
      this.wake();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error ??= error;
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        this.wake();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Write, waiting for the socket to drain; false when the socket is gone (the server closed it). */
  async write(data: string | Buffer): Promise<boolean> {
    if (this.socket.destroyed || this.error) return false;
    if (this.socket.write(data)) return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        this.socket.off('drain', onDrain);
        this.socket.off('close', onClose);
        resolve(ok);
      };
      const onDrain = () => done(true);
      const onClose = () => done(false);
      this.socket.on('drain', onDrain);
      this.socket.on('close', onClose);
    });
  }

  /** A response head has arrived (the status line and headers). */
  get answered(): boolean {
    return this.received.includes('\r\n\r\n');
  }

  /** Resolves when the first response's head has arrived. */
  async head(): Promise<void> {
    await this.until(() => this.answered, 'a response head');
  }

  /** The next complete response; the bytes it used are consumed. */
  async response(): Promise<RawResponse> {
    let parsed: { response: RawResponse; length: number } | undefined;
    await this.until(() => (parsed = parseResponse(this.received)) !== undefined, 'a complete response');
    this.received = this.received.subarray(parsed!.length);
    return parsed!.response;
  }

  close(): void {
    this.socket.destroy();
  }

  private async until(condition: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!condition()) {
      if (this.isClosed)
        assert.fail(
          `the connection closed before ${what} arrived (${this.error?.code ?? 'no error'}); received ${JSON.stringify(this.received.toString('latin1').slice(0, 300))}`,
        );
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        assert.fail(`timed out waiting for ${what}; received ${JSON.stringify(this.received.toString('latin1').slice(0, 300))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

/** A complete response at the start of `data`, or undefined while it is incomplete. */
function parseResponse(data: Buffer): { response: RawResponse; length: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.1 (\d{3})/.exec(statusLine!);
  assert.ok(match, `not an HTTP/1.1 status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let offset = headEnd + 4;
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf('\r\n', offset);
      if (lineEnd < 0) return undefined;
      const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16);
      assert.ok(Number.isInteger(size), `bad chunk size line ${JSON.stringify(data.subarray(offset, lineEnd).toString('latin1'))}`);
      offset = lineEnd + 2;
      if (size === 0) {
        // No trailers are sent: the last chunk is followed by an empty line.
        if (data.length < offset + 2) return undefined;
        assert.equal(data.subarray(offset, offset + 2).toString('latin1'), '\r\n', 'the empty line after the last chunk');
        offset += 2;
        break;
      }
      if (data.length < offset + size + 2) return undefined;
      parts.push(data.subarray(offset, offset + size));
      assert.equal(data.subarray(offset + size, offset + size + 2).toString('latin1'), '\r\n', 'CRLF after a chunk');
      offset += size + 2;
    }
    return {
      response: { status: Number(match[1]), headers, body: Buffer.concat(parts).toString('utf8'), framing: 'chunked' },
      length: offset,
    };
  }
  const length = Number(headers['content-length'] ?? '0');
  if (data.length < offset + length) return undefined;
  const body = data.subarray(offset, offset + length).toString('utf8');
  return { response: { status: Number(match[1]), headers, body, framing: 'length' }, length: offset + length };
}

/** The head of a WebSocket upgrade request for graphql-ws. */
export function upgradeRequest(path: string, headers: Readonly<Record<string, string>> = {}): string {
  const all: Record<string, string> = {
    host: '127.0.0.1',
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    'sec-websocket-protocol': 'graphql-transport-ws',
    ...headers,
  };
  return `GET ${path} HTTP/1.1\r\n${Object.entries(all)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
}
