/**
 * The sign-in throttle's counts in PostgreSQL (docs/adr/0066): every instance of a cluster counts the same
 * failures, so guesses spread over instances are slowed as if they hit one, and a restart forgets none.
 *
 * One decision is one transaction: advisory locks on the attempt's address and account (in that order,
 * each kind in its own lock space, so two decisions never wait on each other in a cycle), the entries read,
 * the rules run (loginThrottle.ts), what changed written back. A refusal writes nothing. Entries hold
 * product time (`touched_at`, epoch ms of the injected clock) for the prune.
 *
 * Bounded: `pruneThrottle` deletes buckets untouched for 10 minutes (full again long before), accounts past
 * their forget time, known addresses untouched for 90 days, then the oldest of each kind beyond `maxEntries`.
 * One instance of a cluster runs it every few minutes (src/platform/once).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { deleteCounted } from '../../platform/persistence/deleteCounted.js';
import { runStatements, type Migration } from '../../platform/persistence/migration.js';
import type { ThrottleEntries, ThrottleEntry, ThrottleStore } from './loginThrottle.js';

export const signInThrottleMigration: Migration = {
  namespace: 'core',
  version: 1,
  name: 'sign-in throttle: failures per address, per account and address, per account, and known addresses, shared by instances',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- key: kind letter, address, account (loginThrottle.ts throttleKeys); entry: the rules' state; touched_at: epoch ms.
      create table sign_in_throttle (
        key text primary key,
        kind text not null,
        entry jsonb not null,
        touched_at bigint not null
      );
      create index sign_in_throttle_kind_touched_idx on sign_in_throttle (kind, touched_at);
      `,
    );
  },
};

/** Advisory lock spaces (the first of pg_advisory_xact_lock's two keys): one per kind of lock. */
const LOCK_SPACE = { a: 0x5349_4e41, u: 0x5349_4e55 } as const;

export interface SharedThrottleOptions {
  readonly knex: Knex;
  readonly now: () => number;
}

const parse = (value: unknown): ThrottleEntry => (typeof value === 'string' ? JSON.parse(value) : value) as ThrottleEntry;

/**
 * A key as stored and locked: its SHA-256. The key holds the username as typed, which may hold what PostgreSQL's
 * text refuses (a NUL: the sign-in answered INTERNAL) or be long; the table needs equality only, and keeps no
 * usernames at rest this way.
 */
export const throttleKeyAtRest = (key: string): string => createHash('sha256').update(key).digest('base64url');

export function sharedThrottleStore({ knex, now }: SharedThrottleOptions): ThrottleStore {
  return {
    decide(keys, locks, decide) {
      return knex.transaction(async (trx) => {
        // One statement, its locks taken left to right (the address's, then the account's); a statement of its
        // own, so the read after it sees what the decision before it committed.
        const bindings: Array<string | number> = [];
        for (const lock of locks) {
          const space = LOCK_SPACE[lock[0] as keyof typeof LOCK_SPACE];
          if (space === undefined) throw new Error(`sign-in throttle: no lock space for the key ${lock}`);
          bindings.push(space, throttleKeyAtRest(lock));
        }
        await trx.raw(`select ${locks.map(() => 'pg_advisory_xact_lock(?, hashtext(?))').join(', ')}`, bindings);
        const rows = (await trx('sign_in_throttle').whereIn('key', keys.map(throttleKeyAtRest)).select('key', 'entry')) as Array<{
          key: string;
          entry: unknown;
        }>;
        const read = new Map(rows.map((row) => [row.key, parse(row.entry)]));
        const written = new Map<string, ThrottleEntry | null>();
        const entries: ThrottleEntries = {
          get: (key) => (written.has(key) ? (written.get(key) ?? undefined) : read.get(throttleKeyAtRest(key))),
          set: (key, entry) => void written.set(key, entry),
          delete: (key) => void written.set(key, null),
        };
        const result = decide(entries);
        const at = now();
        const upserts: Array<{ key: string; kind: string; entry: string; touched_at: number }> = [];
        const deletes: string[] = [];
        for (const [key, entry] of written) {
          if (entry === null) {
            if (read.has(throttleKeyAtRest(key))) deletes.push(throttleKeyAtRest(key));
          } else upserts.push({ key: throttleKeyAtRest(key), kind: entry.kind, entry: JSON.stringify(entry), touched_at: at });
        }
        if (upserts.length > 0) await trx('sign_in_throttle').insert(upserts).onConflict('key').merge();
        if (deletes.length > 0) await trx('sign_in_throttle').whereIn('key', deletes).delete();
        return result;
      });
    },
  };
}

export interface ThrottlePruneLimits {
  /** An account's failures are forgotten after this long without one (the throttle's `accountForgetAfterMs`). */
  readonly accountForgetAfterMs: number;
  /** Entries kept of each kind. */
  readonly maxEntries: number;
}

const BUCKET_KEEP_MS = 10 * 60_000;
const KNOWN_KEEP_MS = 90 * 24 * 60 * 60_000;

/** Deletes what the rules would treat as absent anyway, then the oldest beyond `maxEntries` of each kind; returns how many went. */
export async function pruneThrottle(knex: Knex, at: number, limits: ThrottlePruneLimits): Promise<number> {
  let removed = 0;
  const keep: Array<[kind: ThrottleEntry['kind'], ms: number]> = [
    ['bucket', BUCKET_KEEP_MS],
    ['account', limits.accountForgetAfterMs],
    ['known', KNOWN_KEEP_MS],
  ];
  for (const [kind, ms] of keep) {
    removed += await deleteCounted(knex, 'delete from sign_in_throttle where kind = ? and touched_at < ?', [kind, at - ms]);
    removed += await deleteCounted(
      knex,
      `delete from sign_in_throttle where key in (
         select key from sign_in_throttle where kind = ? order by touched_at desc offset ?)`,
      [kind, limits.maxEntries],
    );
  }
  return removed;
}
