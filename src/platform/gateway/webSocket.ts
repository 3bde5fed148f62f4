/**
 * The WebSocket endpoint as the gateway sees it (uws.ts mounts it; nothing here imports uWS):
 * who may upgrade, the graphql-ws server behind the socket, the per-connection limits, and the
 * topic publisher handed back once the app exists.
 */
import type { ServerOptions } from 'graphql-ws';
import type { Reply } from './http.js';

export interface UpgradeHead {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly peerAddress: string;
}

/** A client socket, adapted from uWS: what the realtime core may do with it. */
export interface GatewaySocket {
  readonly peerAddress: string;
  readonly closed: boolean;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  send(frame: string): void;
  close(code: number, reason: string): void;
}

/** `ctx.extra` of every graphql-ws callback: the adapted socket with the upgrade headers it kept. */
export interface GatewaySocketExtra extends GatewaySocket {
  /** `authorization`, `user-agent` and `x-forwarded-for` of the upgrade request. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /**
   * `connection_init` arrived: stops the initialisation timer and drops the upgrade headers, which
   * are not read again (an idle connection should not carry its token).
   */
  initialised(): void;
}

export interface TopicPublisher {
  publish(topic: string, frame: string): void;
}

export interface WebSocketEndpoint {
  readonly path: string;
  readonly server: ServerOptions<Record<string, unknown> | undefined, GatewaySocketExtra>;
  /** `null` lets the upgrade proceed; a reply refuses it (origin not allowed, rate limit). */
  admit(head: UpgradeHead): Reply | null;
  /** A client message larger than this closes the connection (1009). */
  readonly maxMessageBytes: number;
  /** A client that lets more than this pile up unsent (a slow consumer) is disconnected. */
  readonly maxBufferedBytes: number;
  readonly idleTimeoutSeconds: number;
  /** A socket that sends no `connection_init` within this is closed with 4408. */
  readonly connectionInitTimeoutMs: number;
  attach(publisher: TopicPublisher): void;
}
