/**
 * A real HTTP receiver on a port from the OS (127.0.0.1 unless the test names another host), the one
 * every test that needs something to call uses: outbound requests, webhooks. It records each request
 * once its body has arrived (method, path, headers, the exact body bytes, which TCP connection it came
 * on), counts the connections it accepted and the ones that closed, and hands the request to the
 * test's handler, which answers it (or does not).
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after } from 'node:test';

export interface ReceivedRequest {
  readonly method: string;
  /** The request target as sent: path and query. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact body bytes. */
  readonly bytes: Buffer;
  /** The body as UTF-8 text. */
  readonly body: string;
  /** The TCP connection it came on, numbered from 1 in the order they were accepted. */
  readonly connection: number;
  /** Its place among that connection's requests, from 1. */
  readonly nthOnConnection: number;
}

/** Answers a request (or leaves it hanging); `received` is what the receiver recorded of it. */
export type Handler = (request: IncomingMessage, response: ServerResponse, received: ReceivedRequest) => void;

export interface HttpReceiver {
  readonly port: number;
  /** http://host:port, without a path. */
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  /** Of those, the ones closed so far. */
  readonly closed: number;
  /** Ends every connection (answered or not) and stops listening. */
  close(): Promise<void>;
}

export interface ReceiverOptions {
  readonly host?: string;
  readonly port?: number;
}

export async function startReceiver(
  handler: Handler = (_, response) => void response.end('ok'),
  options: ReceiverOptions = {},
): Promise<HttpReceiver> {
  const host = options.host ?? '127.0.0.1';
  const requests: ReceivedRequest[] = [];
  const sockets = new Map<Socket, { id: number; served: number }>();
  let connections = 0;
  let closed = 0;
  const server = createServer((request, response) => {
    const socket = sockets.get(request.socket);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const seen = socket ?? { id: 0, served: 0 };
      seen.served += 1;
      const received: ReceivedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        bytes,
        body: bytes.toString('utf8'),
        connection: seen.id,
        nthOnConnection: seen.served,
      };
      requests.push(received);
      handler(request, response, received);
    });
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.set(socket, { id: connections, served: 0 });
    socket.on('close', () => {
      closed += 1;
      sockets.delete(socket);
    });
  });
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    get connections() {
      return connections;
    },
    get closed() {
      return closed;
    },
    async close() {
      for (const socket of sockets.keys()) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Receivers for a suite: call it in a `describe` body (or at the top of a file); the function it
 * returns starts one, and every one it started is closed after the suite.
 */
export function useReceivers(): (handler?: Handler, options?: ReceiverOptions) => Promise<HttpReceiver> {
  const started: HttpReceiver[] = [];
  after(() => Promise.all(started.map((receiver) => receiver.close())));
  return async (handler, options) => {
    const receiver = await startReceiver(handler, options);
    started.push(receiver);
    return receiver;
  };
}
