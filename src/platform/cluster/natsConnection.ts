/**
 * The cluster's NATS connection, made from cluster mode's settings (platform/config/cluster.ts): the servers,
 * one way to sign in (user and password, a token, or a credentials file: a user JWT and its NKey seed), TLS
 * when a CA, client certificate or `tls://` URL is configured. Secrets leave their `SecretValue` only here, into
 * the client's options; nothing here logs, and errors name the servers, never a credential.
 *
 * Reconnection: forever, every 0.5 s (plus up to 0.1 s of jitter) per server, so writes resume within seconds
 * of NATS coming back; pings every 2 s with 2 outstanding at most notice a silent server within about 6 s. The
 * leases never rely on the connection's view of health: an owner self-fences on its own clock (timings.ts).
 * No async traces: the client would capture a stack for every request it makes (docs/adr/0073).
 */
import { readFileSync } from 'node:fs';
import { connect, credsAuthenticator, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import type { ClusterConfig } from '../config/cluster.js';
import { inboxPrefix } from './permissions.js';

export type ClusterNatsSettings = Pick<ClusterConfig, 'natsUrls' | 'instanceId' | 'name' | 'credentials' | 'tls'>;

const RECONNECT_WAIT_MS = 500;
const RECONNECT_JITTER_MS = 100;
const PING_INTERVAL_MS = 2_000;
const MAX_PINGS_OUT = 2;
const CONNECT_TIMEOUT_MS = 5_000;

/** The client's options for these settings (no I/O: a credentials file is read when the client signs in). */
export function natsConnectionOptions(settings: ClusterNatsSettings): NodeConnectionOptions {
  const options: NodeConnectionOptions = {
    servers: [...settings.natsUrls],
    // Shown by the server's monitoring (connz): which cluster and instance a connection is.
    name: `${settings.name}/${settings.instanceId}`,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
    reconnectJitter: RECONNECT_JITTER_MS,
    pingInterval: PING_INTERVAL_MS,
    maxPingOut: MAX_PINGS_OUT,
    timeout: CONNECT_TIMEOUT_MS,
    // Replies under the cluster's own prefix: its NATS user may subscribe there and nowhere else (permissions.ts).
    inboxPrefix: inboxPrefix(settings.name),
    // Without it the client makes an Error (a stack capture) per request and per timer up front, for a trace
    // that only a failure would show: a forwarded command paid three (docs/adr/0073). Failures still name the
    // subject and the cause.
    noAsyncTraces: true,
  };
  const { credentials } = settings;
  if (credentials.kind === 'userPassword') {
    options.user = credentials.user;
    options.pass = credentials.password.reveal();
  } else if (credentials.kind === 'token') {
    options.token = credentials.token.reveal();
  } else if (credentials.kind === 'credsFile') {
    const path = credentials.path;
    // Read at each sign-in, so a rotated file is picked up at the next reconnect.
    options.authenticator = credsAuthenticator(() => readFileSync(path));
  }
  if (settings.tls !== undefined) {
    const { caFile, certFile, keyFile } = settings.tls;
    options.tls = { ...(caFile ? { caFile } : {}), ...(certFile ? { certFile } : {}), ...(keyFile ? { keyFile } : {}) };
  } else if (settings.natsUrls.some((url) => url.startsWith('tls://'))) {
    // A tls:// URL insists on TLS (the client refuses a server that offers none) with the system's authorities.
    options.tls = {};
  }
  return options;
}

/** Connects; a failure names the servers and the cause (never a credential). */
export async function connectClusterNats(settings: ClusterNatsSettings): Promise<NatsConnection> {
  try {
    return await connect(natsConnectionOptions(settings));
  } catch (error) {
    throw new Error(`cluster: cannot connect to NATS at ${settings.natsUrls.join(', ')}: ${(error as Error).message}`, { cause: error });
  }
}
