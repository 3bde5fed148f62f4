/**
 * Two in-process servers on ONE PostgreSQL schema (docs/adr/0066): what two instances of a cluster share,
 * without NATS. PostgreSQL only: the embedded database is one process's. A suite describes itself with
 * `describe(name, twoInstanceSuite, ...)`, which skips with a message naming SVC_TEST_DATABASE_URL when it is not set.
 */
import { durableStore, postgresBackend, type Backend, type TestStore } from './backends.js';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer.js';

/** The PostgreSQL backend of SVC_TEST_DATABASE_URL, or undefined. */
export function sharedPostgres(): Backend | undefined {
  const url = process.env['SVC_TEST_DATABASE_URL'];
  return url ? postgresBackend(url) : undefined;
}

/**
 * The options of a two-instance suite's `describe`, called in the test file (the runner names a test by the file
 * that declared it): skipped with the reason when SVC_TEST_DATABASE_URL is not set.
 */
export const twoInstanceSuite = sharedPostgres()
  ? { timeout: 180_000 }
  : { skip: 'two instances on one database need PostgreSQL: set SVC_TEST_DATABASE_URL' };

export interface SharedStore {
  readonly store: TestStore;
  /** A server on the shared schema; closing it leaves the schema to the others. */
  start(options?: Omit<TestServerOptions, 'store'>): Promise<TestServer>;
  dispose(): Promise<void>;
}

export async function sharedStore(): Promise<SharedStore> {
  const backend = sharedPostgres();
  if (backend === undefined) throw new Error('two instances on one database need PostgreSQL: set SVC_TEST_DATABASE_URL');
  const durable = await durableStore(backend);
  const store = durable.forRun();
  return {
    store,
    start: (options = {}) => startTestServer(backend, { ...options, store }),
    dispose: () => durable.dispose(),
  };
}
