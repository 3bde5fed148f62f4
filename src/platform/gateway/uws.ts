/**
 * The only module that imports uWebSockets.js. It listens, turns uWS requests into `RequestHead`s
 * and hands each to an `Exchange` (exchange.ts: body, handler, answer), mounts the WebSocket
 * endpoint, and stops. The application it serves can be replaced (`serve`): the server listens
 * with the probes alone while the product loads, then serves the product.
 *
 * uWS rules honoured here: every request is answered or has `onAborted` (the Exchange attaches it
 * at once); anything read from `req` is copied before the first await (it is stack-allocated).
 */
import uWS from 'uWebSockets.js';
import { handleProtocols, makeServer } from 'graphql-ws';
import { ErrorCode } from '../errors/catalog.js';
import type { Logger } from '../log/logger.js';
import { requestContextOf, runInRequest, type RequestContext } from '../requestContext/requestContext.js';
import { REQUEST_ID_HEADER } from '../requestContext/requestId.js';
import { normalizeAddress } from './addressRange.js';
import { Exchange, safeHeaderBlock, writeHead, type ServerContext } from './exchange.js';
import { catalogReply, type Decision, type HttpApplication, type RequestHead } from './http.js';
import { closeSpread } from './closeSpread.js';
import { systemDeadlineClock } from '../scheduler/index.js';
import { DEFAULT_LINGERING_CLOSE, type LingeringCloseOptions } from './lingeringClose.js';
import type { WebSocketEndpoint } from './webSocket.js';
import { NO_HEADERS, WebSocketClient } from './webSocketClient.js';
import type { SocketStats } from './socketStats.js';
import type { Tracing } from '../tracing/tracing.js';

export interface HttpServerOptions {
  readonly host: string;
  readonly port: number;
  readonly application: HttpApplication;
  /** graphql-ws on the same port (`/graphql/ws`). */
  readonly webSocket?: WebSocketEndpoint;
  /** How long the rest of a body is read after an early answer. @default DEFAULT_LINGERING_CLOSE */
  readonly lingeringClose?: LingeringCloseOptions;
  /** At `debug`, a line per answered request. */
  readonly logger?: Logger;
  /** Counts of the WebSocket edge (metrics); absent: nothing is counted. */
  readonly sockets?: SocketStats;
  /** OpenTelemetry tracing (src/platform/tracing); absent or off: no span is made. */
  readonly tracing?: Tracing;
}

export interface RunningHttpServer {
  readonly port: number;
  /** Stop accepting connections; requests under way go on. */
  stopAccepting(): void;
  /** Resolves when no request is under way. */
  drained(): Promise<void>;
  /** Close every open connection (after draining). */
  closeConnections(): void;
  /**
   * Serve `application` from now on (a request under way was decided by the one before; its answer
   * takes its headers from this one), and mount `webSocket` if given (once).
   */
  serve(application: HttpApplication, webSocket?: WebSocketEndpoint): void;
  /**
   * Close every WebSocket client open now with `code`, in slices spread evenly over `windowMs`
   * (closeSpread.ts); resolves with their number once the last slice was closed.
   */
  closeWebSockets(code: number, reason: string, windowMs: number): Promise<number>;
  /** WebSocket clients connected now. */
  readonly webSockets: number;
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

/**
 * `true`, typed as whichever build is installed types it: a number in 20.30's typings, a boolean in
 * 20.57's; both binaries read it as a flag (docs/adr/0062-request-ids-logs-and-runtime.md).
 */
const CLOSE_ON_BACKPRESSURE_LIMIT = true as unknown as NonNullable<uWS.WebSocketBehavior<unknown>['closeOnBackpressureLimit']>;

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  assertNativeUws();
  const app = uWS.App();
  let inFlight = 0;
  let requests = 0;
  let accepting = true;
  let drainWaiters: Array<() => void> = [];
  const sockets = new Set<WebSocketClient>();
  let webSocketMounted = false;
  const tracing = options.tracing?.enabled ? options.tracing : undefined;
  // Mutable: `serve` replaces the application; an Exchange reads it when it answers.
  const context: { -readonly [K in keyof ServerContext]: ServerContext[K] } = {
    application: options.application,
    lingering: options.lingeringClose ?? DEFAULT_LINGERING_CLOSE,
    ...(options.logger ? { logger: options.logger } : {}),
    finished() {
      inFlight -= 1;
      if (inFlight === 0) {
        const waiters = drainWaiters;
        drainWaiters = [];
        for (const w of waiters) w();
      }
    },
  };

  const mount = (endpoint: WebSocketEndpoint) => {
    if (webSocketMounted) throw new Error('the WebSocket endpoint is mounted already');
    webSocketMounted = true;
    mountWebSocket(app, endpoint, {
      application: () => context.application,
      accepting: () => accepting,
      sockets,
      stats: options.sockets,
      tracing,
    });
  };
  if (options.webSocket) mount(options.webSocket);

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
    // Its id and trace (answered in X-Request-Id); the handler runs inside them (exchange.ts). Traced: its span's.
    const request = requestContextOf(headers);
    let exchange: Exchange;
    if (tracing === undefined) {
      exchange = new Exchange(res, head, context, request);
    } else {
      const span = tracing.request(request, head.method, 'http');
      exchange = new Exchange(res, head, context, span.context, span);
    }
    const { application } = context;
    if (!accepting) {
      // Keep-alive connections outlive the listen socket: refuse new work so draining ends.
      exchange.answer(
        application.refusal(head, ErrorCode.Unavailable, 'the server is shutting down; retry on another instance', { 'retry-after': '1' }),
        true,
      );
      return;
    }
    let decision: Decision;
    try {
      decision = application.onRequest(head);
    } catch (error) {
      exchange.answer(application.onUnexpectedError(head, error));
      return;
    }
    if (decision.kind === 'reply') exchange.answer(decision.reply);
    else exchange.readBody(decision);
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
      // Present at run time in 20.30 and 20.57; only 20.57's typings have it.
      (app as unknown as { close(): void }).close();
    },
    serve(application, webSocket) {
      context.application = application;
      if (webSocket) mount(webSocket);
    },
    async closeWebSockets(code, reason, windowMs) {
      const open = [...sockets];
      // Real time: the shutdown drain (src/platform/scheduler/clock.ts).
      await closeSpread(open, { code, reason, windowMs, clock: systemDeadlineClock });
      return open.length;
    },
    get webSockets() {
      return sockets.size;
    },
  };
}

/**
 * graphql-ws's protocol server (`makeServer`) on uWS. graphql-ws's own uWS starter
 * (`graphql-ws/use/uWebSockets`) keeps every upgrade header, a keep-alive timer and a suspended
 * message handler per connection; this adapter keeps the three headers the endpoint reads, lets
 * uWS ping idle sockets, and does not await the handler, so an idle subscriber costs less. Before
 * upgrading, the endpoint may refuse (origin, rate limit); a refusal is an HTTP response like any
 * other, so it carries `application.headersFor` (security headers, CORS).
 */
interface MountedWith {
  /** The application in force (its headers go on a refused upgrade). */
  readonly application: () => HttpApplication;
  readonly accepting: () => boolean;
  /** Every client open now (a stop closes them). */
  readonly sockets: Set<WebSocketClient>;
  /** The metrics' tallies of connections and frames (absent when metrics are off). */
  readonly stats: SocketStats | undefined;
  /** Tracing when on: the upgrade's span, whose context the connection's messages run in. */
  readonly tracing: Tracing | undefined;
}

function mountWebSocket(app: uWS.TemplatedApp, endpoint: WebSocketEndpoint, edge: MountedWith): void {
  const { stats } = edge;
  const server = makeServer(endpoint.server);
  app.ws<UpgradeData>(endpoint.path, {
    maxPayloadLength: endpoint.maxMessageBytes,
    maxBackpressure: endpoint.maxBufferedBytes,
    closeOnBackpressureLimit: CLOSE_ON_BACKPRESSURE_LIMIT,
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
      // The upgrade's id and trace stay with the connection: every line its messages log names them.
      const span = edge.tracing?.request(requestContextOf(headers), 'GET', 'websocket');
      const request = span?.context ?? requestContextOf(headers);
      const refusal = edge.accepting()
        ? runInRequest(request, () => endpoint.admit(head))
        : catalogReply(ErrorCode.Unavailable, 'the server is shutting down; reconnect to another instance', { 'retry-after': '1' });
      if (refusal) {
        const block = safeHeaderBlock(edge.application(), head, refusal);
        res.cork(() => {
          writeHead(res, refusal, block, request.requestId);
          res.end(refusal.body, true);
        });
        span?.end(refusal.status, () => endpoint.path);
        return;
      }
      const protocol = handleProtocols(headers['sec-websocket-protocol'] ?? '') || '';
      const kept: Record<string, string | undefined> = {
        authorization: headers['authorization'],
        'user-agent': headers['user-agent'],
        'x-forwarded-for': headers['x-forwarded-for'],
      };
      // A status written before `upgrade` is kept by uWS, which then adds its own headers after ours.
      res.writeStatus('101 Switching Protocols');
      res.writeHeader(REQUEST_ID_HEADER, request.requestId);
      res.upgrade<UpgradeData>(
        { headers: kept, protocol, client: undefined, request },
        headers['sec-websocket-key'] ?? '',
        protocol,
        headers['sec-websocket-extensions'] ?? '',
        context,
      );
      span?.end(101, () => endpoint.path);
    },
    open(ws) {
      const data = ws.getUserData();
      const peerAddress = normalizeAddress(decoder.decode(ws.getRemoteAddressAsText()));
      const client = new WebSocketClient(ws, peerAddress, data.protocol, data.headers, endpoint.connectionInitTimeoutMs, stats);
      if (stats) stats.opened += 1;
      data.client = client;
      edge.sockets.add(client);
      // The client holds the headers until connection_init; the upgrade data must not keep them (or the token) longer.
      data.headers = NO_HEADERS;
      client.closed_ = runInRequest(data.request, () => server.opened(client, client));
    },
    message(ws, message) {
      const data = ws.getUserData();
      const text = Buffer.from(message).toString();
      runInRequest(data.request, () => data.client!.handle(text));
    },
    close(ws, code, message) {
      const data = ws.getUserData();
      const client = data.client;
      if (!client) return;
      if (stats) stats.closed += 1;
      edge.sockets.delete(client);
      client.markClosed();
      const reason = Buffer.from(message).toString();
      runInRequest(data.request, () => void client.closed_?.(code, reason));
    },
  });
  endpoint.attach({
    publish: stats
      ? (topic, frame) => {
          // One frame per subscriber of the topic: what a direct send to each would have counted.
          stats.framesSent += app.numSubscribers(topic);
          app.publish(topic, frame, false);
        }
      : (topic, frame) => void app.publish(topic, frame, false),
  });
}

interface UpgradeData {
  headers: Readonly<Record<string, string | undefined>>;
  readonly protocol: string;
  client: WebSocketClient | undefined;
  /** The upgrade request's id and trace. */
  readonly request: RequestContext;
}
