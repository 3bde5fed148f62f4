/**
 * One client WebSocket as graphql-ws and the realtime core see it. `uws.ts` hands it the native
 * socket through the few calls below, so this file needs no uWebSockets.js import.
 */
import { systemDeadlineClock, type TimerHandle } from '../scheduler/index.js';
import { CloseCode, ErrorCode, toCloseCode } from '../errors/catalog.js';
import type { SocketStats } from './socketStats.js';
import type { GatewaySocketExtra } from './webSocket.js';

/** The calls of a uWS WebSocket this adapter makes. */
export interface NativeWebSocket {
  subscribe(topic: string): unknown;
  unsubscribe(topic: string): unknown;
  send(frame: string, isBinary: boolean): unknown;
  end(code: number, reason: string): void;
}

export const NO_HEADERS: Readonly<Record<string, string | undefined>> = Object.freeze({});

/**
 * One socket, both as graphql-ws's `WebSocket` (protocol, send, close, onMessage) and as the
 * realtime core's `GatewaySocket`. Every call is a no-op once the socket closed: uWS throws on a
 * closed socket.
 */
export class WebSocketClient implements GatewaySocketExtra {
  private isClosed = false;
  private initTimer: TimerHandle | undefined;
  private onMessageHandler: ((data: string) => Promise<void>) | undefined;
  /** graphql-ws's close callback for this connection. */
  closed_: ((code: number, reason: string) => Promise<void>) | undefined;

  constructor(
    private readonly ws: NativeWebSocket,
    readonly peerAddress: string,
    readonly protocol: string,
    public headers: Readonly<Record<string, string | undefined>>,
    initTimeoutMs: number,
    /** Counts of the WebSocket edge (metrics); absent: nothing is counted. */
    private readonly stats?: SocketStats,
  ) {
    // graphql-ws's own timer would stay referenced for the life of the connection; this one goes.
    // Real time: a socket deadline (src/platform/scheduler/clock.ts).
    this.initTimer = systemDeadlineClock.setTimer(initTimeoutMs, () =>
      this.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout'),
    );
  }

  initialised(): void {
    systemDeadlineClock.clearTimer(this.initTimer);
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
    if (this.isClosed) return;
    const result = this.ws.send(frame, false);
    this.stats?.sent(result);
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
    systemDeadlineClock.clearTimer(this.initTimer);
  }
}
