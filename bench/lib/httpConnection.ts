/**
 * One keep-alive HTTP/1.1 connection on a raw socket, for load generation: requests are written
 * pre-encoded, one at a time, and responses delimited by Content-Length (what the server sends),
 * so the generator spends little CPU per request. Each request carries a ticket (its due time, or
 * what the caller needs to account for it) that comes back with its answer. Shared by
 * pacedLoad.ts (the fixed-rate benches) and the load-test kit's engine (bench/kit/engine.ts).
 */
import { connect, type Socket } from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

export type ResponseHandler<T> = (connection: HttpConnection<T>, status: number, body: Buffer, ticket: T) => void;
export type FailureHandler<T> = (connection: HttpConnection<T>, error: Error, ticket: T | undefined) => void;

export class HttpConnection<T> {
  private buffer: Buffer = Buffer.alloc(0);
  private ticket: T | undefined;
  busy = false;
  dead = false;

  constructor(
    private readonly socket: Socket,
    private readonly onResponse: ResponseHandler<T>,
    private readonly onFailure: FailureHandler<T>,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  send(request: Buffer, ticket: T): void {
    this.busy = true;
    this.ticket = ticket;
    this.socket.write(request);
  }

  close(): void {
    this.dead = true;
    this.socket.destroy();
  }

  private fail(error: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.onFailure(this, error, this.busy ? this.ticket : undefined);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = this.buffer.toString('latin1', 0, headerEnd);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) {
        this.fail(new Error(`response without Content-Length: ${head.slice(0, 200)}`));
        this.socket.destroy();
        return;
      }
      const bodyStart = headerEnd + HEADER_END.length;
      const total = bodyStart + Number(length[1]);
      if (this.buffer.length < total) return;
      const body = this.buffer.subarray(bodyStart, total);
      this.buffer = this.buffer.subarray(total);
      this.busy = false;
      const ticket = this.ticket as T;
      this.ticket = undefined;
      this.onResponse(this, Number(head.slice(9, 12)), body, ticket);
    }
  }
}

/** Opens a connection to host:port; rejects with the socket's error (ECONNREFUSED ...). */
export function openHttpConnection<T>(
  host: string,
  port: number,
  onResponse: ResponseHandler<T>,
  onFailure: FailureHandler<T>,
): Promise<HttpConnection<T>> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port }, () => {
      socket.removeListener('error', reject);
      resolve(new HttpConnection(socket, onResponse, onFailure));
    });
    socket.once('error', reject);
  });
}

/** A request as bytes: method, path, Host, JSON content type, the given headers and the body. */
export function encodeRequest(
  method: string,
  path: string,
  host: string,
  headers: Readonly<Record<string, string>>,
  body: string | undefined,
): Buffer {
  const length = body === undefined ? 0 : Buffer.byteLength(body);
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n` +
    (body === undefined ? '' : 'content-type: application/json\r\n') +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    `content-length: ${length}\r\n\r\n`;
  return body === undefined ? Buffer.from(head) : Buffer.concat([Buffer.from(head), Buffer.from(body)]);
}
