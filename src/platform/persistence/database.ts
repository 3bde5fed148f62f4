/**
 * Opens the store: PostgreSQL through knex + pg when a URL is configured, otherwise the embedded
 * PostgreSQL (PGlite) in the data directory through the knex-pglite dialect. Same SQL, same
 * migrations. PGlite has one connection: the batch writer is its only writer (see batchWriter.ts).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { systemDeadlineClock, type TimerHandle } from '../scheduler/index.js';
import { knexStatements, preparedStatements, type StatementRunner } from './statementRunner.js';

// Return bigint/int8 as number (sizes stay below 2^53 by validation), and timestamptz as the
// driver's Date; both dialects then give the same shapes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export type DatabaseKind = 'postgres' | 'embedded';

export interface Database {
  readonly kind: DatabaseKind;
  readonly knex: Knex;
  /** How the batch writer sends a commit: named prepared statements on PostgreSQL, knex on PGlite. */
  readonly statements: StatementRunner;
  /** Round trip for readiness. Rejects when the database cannot answer. */
  ping(timeoutMs?: number): Promise<void>;
  /** The PostgreSQL connection pool now (metrics); undefined on the embedded database, which has one connection and no pool. */
  pool(): PoolStats | undefined;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections lent out. */
  readonly used: number;
  /** Open connections waiting to be lent. */
  readonly idle: number;
  /** Callers waiting for a connection. */
  readonly pending: number;
  readonly max: number;
}

/** The part of knex's pool (tarn) the stats read. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  readonly max: number;
}

export interface DatabaseOptions {
  readonly url: string | undefined;
  readonly dataDir: string;
  /** An already open PGlite (tests load one from a migrated template). */
  readonly pglite?: PGlite;
  /** @default 10 */
  readonly poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let knex: Knex;
  let kind: DatabaseKind;
  if (options.url !== undefined) {
    kind = 'postgres';
    knex = knexFactory({
      client: 'pg',
      connection: { connectionString: options.url },
      pool: { min: 0, max: options.poolSize ?? 10 },
      acquireConnectionTimeout: 10_000,
    });
  } else {
    kind = 'embedded';
    let pglite = options.pglite;
    if (pglite === undefined) {
      const dir = resolve(options.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      pglite = new PGlite(dir);
    }
    await pglite.waitReady;
    knex = knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: { pglite } } as Knex.Config);
  }
  // Concurrent readiness checks share one round trip, so probes cannot multiply database load.
  let pingInFlight: Promise<void> | undefined;
  const roundTrip = async (timeoutMs: number) => {
    let timer: TimerHandle | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = systemDeadlineClock.setTimer(timeoutMs, () => reject(new Error(`database did not answer within ${timeoutMs} ms`)));
    });
    try {
      await Promise.race([knex.raw('select 1'), timeout]);
    } finally {
      systemDeadlineClock.clearTimer(timer);
    }
  };
  return {
    kind,
    knex,
    statements: kind === 'postgres' ? preparedStatements(knex) : knexStatements(knex),
    ping(timeoutMs = 2000) {
      pingInFlight ??= roundTrip(timeoutMs).finally(() => {
        pingInFlight = undefined;
      });
      return pingInFlight;
    },
    pool() {
      if (kind !== 'postgres') return undefined;
      const pool = (knex.client as { pool?: TarnPool }).pool;
      if (!pool) return undefined; // destroyed
      return { used: pool.numUsed(), idle: pool.numFree(), pending: pool.numPendingAcquires(), max: pool.max };
    },
    close: () => knex.destroy(),
  };
}
