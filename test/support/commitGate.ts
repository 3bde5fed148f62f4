/**
 * Holding the batch writer's next commit, so a test decides which requests share a batch: while the
 * database holds one commit, the requests sent meanwhile all gather in the next batch.
 */
import knexFactory from 'knex';
import type { TestServer } from './testServer.js';

export interface CommitGate {
  /** Resolves when the writer has sent its next commit, which now waits: later rows gather in the next batch. */
  readonly started: Promise<void>;
  release(): Promise<void>;
}

/** Holds the writer's next commit until released (PGlite: its transaction lock; PostgreSQL: a SHARE lock on `services`). */
export async function holdCommits(t: TestServer): Promise<CommitGate> {
  const knex = t.server.database.knex;
  const started = within(new Promise<void>((done) => knex.once('query', () => done())), 'the writer sends its commit');
  if (t.store.pglite) {
    const pglite = t.store.pglite;
    let release!: () => void;
    const released = new Promise<void>((done) => (release = done));
    let holding!: () => void;
    const held = new Promise<void>((done) => (holding = done));
    const transaction = pglite.transaction(async () => {
      holding();
      await released;
    });
    await held;
    return { started, release: async () => (release(), await transaction) };
  }
  const locker = knexFactory({ client: 'pg', connection: t.store.url!, pool: { min: 0, max: 1 } });
  const trx = await locker.transaction();
  await trx.raw('lock table services in share mode');
  return { started, release: async () => (await trx.commit(), await locker.destroy()) };
}

/**
 * Runs `work` while `gate` holds the writer's commit, and releases it afterwards even when `work` fails (a wait
 * that timed out): a commit left held would hang every later request of the server and its close.
 */
export async function whileHeld<T>(gate: CommitGate, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    await gate.release();
  }
}

/** `promise`, or a failure after 10 s: a test waiting on the server fails instead of hanging. */
export function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`timed out waiting until ${what}`)), 10_000)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The refuse-poison trigger of commitFailure.test.ts: the database refuses services named poison*. */
