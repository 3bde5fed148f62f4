/**
 * Starts the real server (real uWS socket on a free port, real database) in this process, the way
 * main.ts does, with test settings: production mode, a known API key, a high rate limit unless a
 * test sets its own, and optionally a manual clock.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerDependencies } from '../../src/app.js';
import { loadProductConfig } from '../../src/plugins/productModules.js';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { createMemoryLogger } from '../../src/platform/log/logger.js';
import type { Backend, TestStore } from './backends.js';

export const TEST_API_KEY = 'test-operator-key-0123456789';
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-abcdefghijklmnop';
export const TEST_AUTH_SECRET_KEY = 'test-auth-secret-key-0123456789-abcdefghij';
/** log2 of scrypt's N for the passwords of in-process test servers (the product's floor is 15). */
export const TEST_PASSWORD_HASH_COST = 10;

export interface TestServer {
  readonly url: string;
  readonly server: RunningServer;
  readonly store: TestStore;
  readonly logs: Record<string, unknown>[];
  /** The log as written: one JSON line each (what an operator's log shipper sees). */
  readonly logLines: string[];
  /** The `services` rows of (node, name), read from the database. */
  serviceRows(nodePath: string, name: string): Promise<any[]>;
  /** The one `services` row of (node, name); fails the test when there is none or several. */
  serviceRow(nodePath: string, name: string): Promise<any>;
  /** fetch against the server with the API key set, JSON in and out. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly json: any;
  readonly text: string;
}

export interface TestServerOptions {
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  /** Reuse a store (restart tests). */
  readonly store?: TestStore;
  /** Routes mounted as `npm run dev` mounts the development module's (src/plugins/dev). */
  readonly extraRoutes?: ServerDependencies['extraRoutes'];
  readonly connectionInitTimeoutMs?: number;
  readonly webhookMaxHeld?: number;
  readonly webhookMaxOwed?: number;
  /** Test-only modules composed after the product's (see gatedModule.ts). */
  readonly extraModules?: ServerDependencies['extraModules'];
  /** The Node.js version the server believes it runs on (the end-of-life warning). */
  readonly nodeVersion?: string;
  /** Viewers and edit locks shared with other servers (the NATS store: test/cluster/presence.test.ts). */
  readonly presence?: ServerDependencies['presence'];
  /** Cluster mode's read model (test/support/readModelCluster.ts starts instances with it). */
  readonly readModel?: ServerDependencies['readModel'];
  /** Which shards it writes outside cluster mode (readModelCluster.ts: the followers own none). */
  readonly routing?: ServerDependencies['routing'];
}

export async function startTestServer(backend: Backend, options: TestServerOptions = {}): Promise<TestServer> {
  const store = options.store ?? (await backend.createStore());
  // A data directory of its own (the blob store lives there) unless the test names one (restarts).
  const ownDataDir = options.env?.['SVC_DATA_DIR'] === undefined ? await mkdtemp(join(tmpdir(), 'svc-test-data-')) : undefined;
  const loaded = loadProductConfig(
    {
      ...(ownDataDir ? { SVC_DATA_DIR: ownDataDir } : {}),
      SVC_ENV: 'production',
      SVC_HOST: '127.0.0.1',
      SVC_PORT: '0',
      SVC_SECURITY_OPERATOR_API_KEY: TEST_API_KEY,
      SVC_RATE_LIMIT_RPS: '100000',
      SVC_RATE_LIMIT_BURST: '100000',
      SVC_JWT_SECRET: TEST_JWT_SECRET,
      SVC_AUTH_SECRET_KEY: TEST_AUTH_SECRET_KEY,
      SVC_AUTH_LOGIN_RATE_PER_ADDRESS: '100000',
      SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '100000',
      ...(store.url ? { SVC_DATABASE_URL: store.url } : {}),
      ...options.env,
    },
    undefined,
    options.extraModules,
  );
  // A cheap password hash (scrypt N = 1,024 instead of 32,768), injected past the production floor the
  // way a clock is injected: every sign-in and new user of the suite would otherwise cost 90 ms of CPU.
  // A test that names SVC_AUTH_PASSWORD_HASH_COST gets what it names (validated as usual).
  const config =
    options.env?.['SVC_AUTH_PASSWORD_HASH_COST'] === undefined
      ? { ...loaded, auth: { ...loaded.auth, passwordHashCost: TEST_PASSWORD_HASH_COST } }
      : loaded;
  const logger = createMemoryLogger('info');
  const server = await startServer(config, {
    logger,
    version: '4.2.0-test',
    ...(options.clock ? { clock: options.clock } : {}),
    ...(store.pglite ? { pglite: store.pglite } : {}),
    ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    ...(options.connectionInitTimeoutMs !== undefined ? { connectionInitTimeoutMs: options.connectionInitTimeoutMs } : {}),
    ...(options.webhookMaxHeld !== undefined ? { webhookMaxHeld: options.webhookMaxHeld } : {}),
    ...(options.webhookMaxOwed !== undefined ? { webhookMaxOwed: options.webhookMaxOwed } : {}),
    ...(options.extraModules ? { extraModules: options.extraModules } : {}),
    ...(options.nodeVersion ? { nodeVersion: options.nodeVersion } : {}),
    ...(options.presence ? { presence: options.presence } : {}),
    ...(options.readModel ? { readModel: options.readModel } : {}),
    ...(options.routing ? { routing: options.routing } : {}),
  });
  const url = `http://127.0.0.1:${server.port}`;
  let closed = false;
  const serviceRows = (nodePath: string, name: string) => server.database.knex('services').where({ node_path: nodePath, name }).select('*');
  return {
    serviceRows,
    async serviceRow(nodePath, name) {
      const rows = await serviceRows(nodePath, name);
      assert.equal(rows.length, 1, `one services row for ${nodePath}/${name}`);
      return rows[0];
    },
    url,
    server,
    store,
    logs: logger.records,
    logLines: logger.lines,
    call: (method, path, body, headers) => call(url, method, path, body, { 'x-api-key': TEST_API_KEY, ...headers }),
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      if (!options.store) await store.dispose();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' || body instanceof Uint8Array ? (body as string) : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(url + path, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}
