/**
 * The only module that imports uWebSockets.js. It turns uWS requests into `RequestHead`s, reads
 * bodies under the limit the application decides (counting bytes as they arrive, so a client that
 * streams a gigabyte is cut off at the cap, not buffered), and writes replies.
 *
 * uWS rules honoured here: every request is answered or has `onAborted`; anything read from `req`
 * is copied before the first await (it is stack-allocated); writes after an await happen in `cork`.
 */
import uWS from 'uWebSockets.js';
import { handleProtocols, makeServer } from 'graphql-ws';
import { catalogReply, type HttpApplication, type Reply, type RequestHead } from './http.js';
import { CloseCode, ErrorCode, toCloseCode } from '../errors/catalog.js';
import { normalizeAddress } from './addressRange.js';
import type { GatewaySocketExtra, WebSocketEndpoint } from './webSocket.js';

export interface HttpServerOptions {
  readonly host: string;
  readonly port: number;
  readonly application: HttpApplication;
  /** graphql-ws on the same port (`/graphql/ws`). */
  readonly webSocket?: WebSocketEndpoint;
}

export interface RunningHttpServer {
  readonly port: number;
  /** Stop accepting connections; requests under way go on. */
  stopAccepting(): void;
  /** Resolves when no request is under way. */
  drained(): Promise<void>;
  /** Close every open connection (after draining). */
  closeConnections(): void;
  /** Requests received since start (background work paces itself by it). */
  readonly requests: number;
  /** Requests under way now. */
  readonly inFlight: number;
}

/** Refuse the slow JavaScript fallback some repackaged builds switch to on an unsupported Node. */
export function assertNativeUws(): void {
  if (typeof (uWS as unknown as { getParts?: unknown }).getParts !== 'function') {
    throw new Error('uWebSockets.js native binary is not loaded for this Node version/platform; refusing to start on the slow fallback');
  }
}

const decoder = new TextDecoder();
const EMPTY = Buffer.alloc(0);

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  assertNativeUws();
  const { application } = options;
  const app = uWS.App();
  let inFlight = 0;
  let requests = 0;
  let accepting = true;
  let drainWaiters: Array<() => void> = [];
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) {
      const waiters = drainWaiters;
      drainWaiters = [];
      for (const w of waiters) w();
    }
  };

  if (options.webSocket) mountWebSocket(app, options.webSocket, application, () => accepting);

  app.any('/*', (res, req) => {
    // Null prototype: a header named "constructor" or "__proto__" is just a header.
    const headers: Record<string, string> = Object.create(null) as Record<string, string>;
    req.forEach((key, value) => {
      const previous = headers[key];
      headers[key] = previous === undefined ? value : `${previous}, ${value}`;
    });
    const head: RequestHead = {
      method: req.getMethod().toUpperCase(),
      path: req.getUrl(),
      query: req.getQuery() ?? '',
      headers,
      peerAddress: normalizeAddress(decoder.decode(res.getRemoteAddressAsText())),
    };
    inFlight += 1;
    requests += 1;
    let aborted = false;
    let done = false;
    res.onAborted(() => {
      aborted = true;
      if (!done) {
        done = true;
        finished();
      }
    });
    const write = (reply: Reply, closeConnection = false) => {
      if (aborted || done) return;
      done = true;
      const final = safeFinalize(application, head, reply);
      res.cork(() => {
        res.writeStatus(statusLine(final.status));
        if (final.headers) for (const name in final.headers) res.writeHeader(name, final.headers[name]!);
        res.end(final.body, closeConnection);
      });
      finished();
    };

    if (!accepting) {
      // Keep-alive connections outlive the listen socket: refuse new work so draining ends.
      write(catalogReply(ErrorCode.Unavailable, 'the server is shutting down; retry on another instance', { 'retry-after': '1' }), true);
      return;
    }
    let decision;
    try {
      decision = application.onRequest(head);
    } catch (error) {
      write(application.onUnexpectedError(head, error));
      return;
    }
    if (decision.kind === 'reply') {
      write(decision.reply);
      return;
    }
    const { limit } = decision;
    const declared = head.headers['content-length'];
    if (declared === undefined && head.headers['transfer-encoding'] === undefined) {
      // HTTP/1.1: a request with neither header has no body.
      decision.handle(EMPTY).then(
        (reply) => write(reply),
        (error: unknown) => write(application.onUnexpectedError(head, error)),
      );
      return;
    }
    if (declared !== undefined && Number(declared) > limit) {
      write(decision.tooLarge(), true);
      return;
    }
    const chunks: Buffer[] = [];
    let received = 0;
    res.onData((chunk, isLast) => {
      if (done) return;
      received += chunk.byteLength;
      if (received > limit) {
        write(decision.tooLarge(), true);
        return;
      }
      // The chunk's memory is reused by uWS after this callback: copy it.
      chunks.push(Buffer.from(new Uint8Array(chunk)));
      if (!isLast) return;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      decision.handle(body).then(
        (reply) => write(reply),
        (error: unknown) => write(application.onUnexpectedError(head, error)),
      );
    });
  });

  const listenSocket = await new Promise<uWS.us_listen_socket>((resolve, reject) => {
    app.listen(options.host, options.port, (socket) => {
      if (socket) resolve(socket);
      else reject(new Error(`cannot listen on ${options.host}:${options.port} (address in use or not permitted)`));
    });
  });
  let listening = true;
  return {
    port: uWS.us_socket_local_port(listenSocket),
    stopAccepting() {
      accepting = false;
      if (!listening) return;
      listening = false;
      uWS.us_listen_socket_close(listenSocket);
    },
    drained() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
    get requests() {
      return requests;
    },
    get inFlight() {
      return inFlight;
    },
    closeConnections() {
      // Present at run time in uWS 20.30 but missing from this build's typings.
      (app as unknown as { close(): void }).close();
    },
  };
}

/**
 * graphql-ws's protocol server (`makeServer`) on uWS. graphql-ws's own uWS starter
 * (`graphql-ws/use/uWebSockets`) keeps every upgrade header, a keep-alive timer and a suspended
 * message handler per connection; this adapter keeps the three headers the endpoint reads, lets
 * uWS ping idle sockets, and does not await the handler, so an idle subscriber costs less. Before
 * upgrading, the endpoint may refuse (origin, rate limit); a refusal is an HTTP response like any
 * other, so it goes through `application.finalize` (security headers, CORS).
 */
function mountWebSocket(app: uWS.TemplatedApp, endpoint: WebSocketEndpoint, application: HttpApplication, accepting: () => boolean): void {
  const server = makeServer(endpoint.server);
  app.ws<UpgradeData>(endpoint.path, {
    maxPayloadLength: endpoint.maxMessageBytes,
    maxBackpressure: endpoint.maxBufferedBytes,
    // Typed as a number in this build's typings; uWS reads it as a flag.
    closeOnBackpressureLimit: 1,
    idleTimeout: endpoint.idleTimeoutSeconds,
    sendPingsAutomatically: true,
    upgrade(res, req, context) {
      const headers: Record<string, string> = Object.create(null) as Record<string, string>;
      req.forEach((key, value) => {
        headers[key] = value;
      });
      const head: RequestHead = {
        method: 'GET',
        path: req.getUrl(),
        query: req.getQuery() ?? '',
        headers,
        peerAddress: normalizeAddress(decoder.decode(res.getRemoteAddressAsText())),
      };
      const refusal = accepting()
        ? endpoint.admit(head)
        : catalogReply(ErrorCode.Unavailable, 'the server is shutting down; reconnect to another instance');
      if (refusal) {
        const final = safeFinalize(application, head, refusal);
        res.cork(() => {
          res.writeStatus(statusLine(final.status));
          if (final.headers) for (const name in final.headers) res.writeHeader(name, final.headers[name]!);
          res.end(final.body, true);
        });
        return;
      }
      const protocol = handleProtocols(headers['sec-websocket-protocol'] ?? '') || '';
      const kept: Record<string, string | undefined> = { authorization: headers['authorization'], 'user-agent': headers['user-agent'], 'x-forwarded-for': headers['x-forwarded-for'] };
      res.upgrade<UpgradeData>({ headers: kept, protocol, client: undefined }, headers['sec-websocket-key'] ?? '', protocol, headers['sec-websocket-extensions'] ?? '', context);
    },
    open(ws) {
      const data = ws.getUserData();
      const client = new UwsClient(ws, data.protocol, data.headers, endpoint.connectionInitTimeoutMs);
      data.client = client;
      // The client holds the headers until connection_init; the upgrade data must not keep them (or the token) longer.
      data.headers = NO_HEADERS;
      client.closed_ = server.opened(client, client);
    },
    message(ws, message) {
      const client = ws.getUserData().client!;
      client.handle(Buffer.from(message).toString());
    },
    close(ws, code, message) {
      const client = ws.getUserData().client;
      if (!client) return;
      client.markClosed();
      void client.closed_?.(code, Buffer.from(message).toString());
    },
  });
  endpoint.attach({ publish: (topic, frame) => void app.publish(topic, frame, false) });
}

interface UpgradeData {
  headers: Readonly<Record<string, string | undefined>>;
  readonly protocol: string;
  client: UwsClient | undefined;
}

/**
 * One socket, both as graphql-ws's `WebSocket` (protocol, send, close, onMessage) and as the
 * realtime core's `GatewaySocket`. Every call is a no-op once the socket closed: uWS throws on a
 * closed socket.
 */
class UwsClient implements GatewaySocketExtra {
  readonly peerAddress: string;
  private isClosed = false;
  private initTimer: NodeJS.Timeout | undefined;
  private onMessageHandler: ((data: string) => Promise<void>) | undefined;
  /** graphql-ws's close callback for this connection. */
  closed_: ((code: number, reason: string) => Promise<void>) | undefined;

  constructor(
    private readonly ws: uWS.WebSocket<UpgradeData>,
    readonly protocol: string,
    public headers: Readonly<Record<string, string | undefined>>,
    initTimeoutMs: number,
  ) {
    this.peerAddress = normalizeAddress(decoder.decode(ws.getRemoteAddressAsText()));
    // graphql-ws's own timer would stay referenced for the life of the connection; this one goes.
    this.initTimer = setTimeout(() => this.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout'), initTimeoutMs);
  }

  initialised(): void {
    clearTimeout(this.initTimer);
    this.initTimer = undefined;
    this.headers = NO_HEADERS;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  subscribe(topic: string): void {
    if (!this.isClosed) this.ws.subscribe(topic);
  }

  unsubscribe(topic: string): void {
    if (!this.isClosed) this.ws.unsubscribe(topic);
  }

  send(frame: string): void {
    if (!this.isClosed) this.ws.send(frame, false);
  }

  close(code: number, reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.ws.end(code, reason);
  }

  onMessage(handler: (data: string) => Promise<void>): void {
    this.onMessageHandler = handler;
  }

  /** Not awaited: a subscription's handler stays pending while the subscription lives. */
  handle(data: string): void {
    this.onMessageHandler?.(data).catch(() => this.close(toCloseCode(ErrorCode.Internal), 'Internal server error'));
  }

  markClosed(): void {
    this.isClosed = true;
    clearTimeout(this.initTimer);
  }
}

const NO_HEADERS: Readonly<Record<string, string | undefined>> = Object.freeze({});

function safeFinalize(application: HttpApplication, head: RequestHead, reply: Reply): Reply {
  try {
    return application.finalize(head, reply);
  } catch {
    return reply;
  }
}

const REASONS: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden',
  404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large', 415: 'Unsupported Media Type',
  429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable',
};

function statusLine(status: number): string {
  return `${status} ${REASONS[status] ?? ''}`;
}
