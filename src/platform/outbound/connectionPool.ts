import { Agent as HttpAgent, type AgentOptions, type ClientRequestArgs } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * Keep-alive connections for outbound calls, keyed so that a socket is only ever reused for the
 * destination it was opened to AND the exact address it is connected to.
 *
 * Key: scheme, host name as validated (or the address literal), port, peer address, TLS servername.
 * The peer address is the address the socket is actually connected to (read from the socket after
 * connecting, never taken from DNS), so an attempt may only reuse a socket whose peer is one of the
 * addresses validated for that attempt: hopExchange looks up free sockets under the keys of the
 * attempt's own validated addresses and nothing else. DNS rebinding therefore cannot steer a request
 * onto a socket to an address this attempt did not validate, and a name whose answer changed gets
 * a new socket to the new (validated) address.
 *
 * Bounded: at most `maxFreePerKey` idle sockets per key and `maxFreeTotal` over all keys (beyond
 * that, a finished socket is closed instead of kept), idle sockets close after `idleMs` (or sooner
 * when the receiver's `Keep-Alive: timeout=N` says so: Node closes them a second before that), and
 * idle sockets do not keep the process alive. `close()` destroys every socket, idle or busy; the
 * pool then keeps nothing more (later calls get one-off sockets).
 */

export interface ConnectionPoolOptions {
  /** @default 5000 */
  readonly idleMs?: number;
  /** @default 64 (the dispatcher's global concurrency: one receiver taking every slot keeps them warm) */
  readonly maxFreePerKey?: number;
  /** @default 256 */
  readonly maxFreeTotal?: number;
}

export interface OutboundConnectionPool {
  /** The agent for a scheme, or undefined once the pool is closed. */
  agent(secure: boolean): PinnedAgent | undefined;
  /** Destroys every socket, idle or in use; afterwards the pool hands out no agent. */
  close(): void;
}

/** Request options the pinned agents understand (passed through http.request). */
export interface PinnedRequestOptions {
  /** The pool key, from `poolKey`. */
  readonly pinKey: string;
  /** A socket hopExchange already connected to the key's address (a fresh connection); used instead of dialling. */
  readonly preconnected?: Socket;
}

export interface PinnedAgent extends HttpAgent {
  /** True when a live idle socket waits under `key` (the next request with that key takes it). */
  hasIdle(key: string): boolean;
}

export function poolKey(scheme: string, host: string, port: number, address: string, servername: string): string {
  return JSON.stringify([scheme, host, port, address, servername]);
}

export function createConnectionPool(options: ConnectionPoolOptions = {}): OutboundConnectionPool {
  const agentOptions: AgentOptions = {
    keepAlive: true,
    keepAliveMsecs: 1000,
    // The agent applies it to idle sockets (destroyed when it fires); a busy socket's deadline is the attempt's.
    timeout: options.idleMs ?? 5000,
    maxFreeSockets: options.maxFreePerKey ?? 64,
    scheduling: 'lifo',
  };
  const maxFreeTotal = options.maxFreeTotal ?? 256;
  let agents: { http: PinnedAgent; https: PinnedAgent } | undefined = {
    http: new (pinned(HttpAgent, false))(agentOptions, maxFreeTotal),
    https: new (pinned(HttpsAgent, true))(agentOptions, maxFreeTotal),
  };
  return {
    agent: (secure) => (agents === undefined ? undefined : secure ? agents.https : agents.http),
    close: () => {
      agents?.http.destroy();
      agents?.https.destroy();
      agents = undefined;
    },
  };
}

/**
 * Node's agent with the pool key as its name, a cap on idle sockets over all keys, and fresh
 * connections handed in already connected (see hopExchange). One class for both schemes: the base
 * is http.Agent or https.Agent.
 */
function pinned(Base: typeof HttpAgent, secure: boolean) {
  const baseConnect = Base.prototype.createConnection as (
    this: HttpAgent,
    options: unknown,
    callback?: unknown,
  ) => Duplex | null | undefined;
  const baseKeepAlive = Base.prototype.keepSocketAlive as unknown as (this: HttpAgent, socket: Duplex) => boolean;
  return class Pinned extends Base implements PinnedAgent {
    constructor(
      options: AgentOptions,
      readonly maxFreeTotal: number,
    ) {
      super(options);
    }

    /** Only the key hopExchange computed: no request reaches this agent without one. */
    override getName(options?: ClientRequestArgs): string {
      const key = (options as Partial<PinnedRequestOptions> | undefined)?.pinKey;
      if (typeof key !== 'string') throw new Error('pinned agent: request without a pool key');
      return key;
    }

    hasIdle(key: string): boolean {
      const idle = this.freeSockets[key];
      // The agent takes the most recent one (lifo); a destroyed one stays listed until its close event.
      const next = idle?.[idle.length - 1];
      return next !== undefined && !next.destroyed;
    }

    /** Called by the agent when a request finished cleanly; false closes the socket instead of keeping it. */
    override keepSocketAlive(socket: Duplex): boolean {
      let idle = 0;
      for (const list of Object.values(this.freeSockets)) idle += list?.length ?? 0;
      if (idle >= this.maxFreeTotal) return false;
      return baseKeepAlive.call(this, socket);
    }

    override createConnection(
      options: ClientRequestArgs & Partial<PinnedRequestOptions>,
      callback?: (error: Error | null, stream: Duplex) => void,
    ): Duplex | null | undefined {
      const socket = options.preconnected;
      // A fresh connection, already connected over TCP to the key's address; TLS, if any, goes on top.
      if (socket !== undefined) return secure ? baseConnect.call(this, { ...options, socket, preconnected: undefined }, callback) : socket;
      // The idle socket hopExchange saw was gone by the time the agent looked: dial the key's one
      // address (the request's lookup is pinned to it).
      return baseConnect.call(this, options, callback);
    }
  };
}
