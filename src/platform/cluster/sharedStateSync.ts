/**
 * Shared state across instances (docs/adr/0068): the rows of the tables modules declare shared (people, sessions,
 * the licence, settings: `ModuleInstance.shared`), committed by any instance, reach every instance's memory.
 *
 * - Writing: as each group commit begins (the writer's `seal`), the rows it writes to shared tables are staged into
 *   that commit as one row of `cluster_shared_changes` per table (sharedChanges.ts), which a trigger numbers per
 *   table in commit order. After the commit, one message on `<cluster>.shared` names the tables: a poke.
 * - Reading: a pass reads, in one query, every change after the versions this instance applied, and applies them in
 *   version order, its own included (a row is applied exactly as the database has it, so memory ends where the
 *   database is even when two instances wrote one key). A declaration that reloads (`SharedReload`) reloads once per
 *   pass when another instance wrote one of its tables. A pass runs on a poke from another instance, every
 *   `repairIntervalMs` (a lost poke, NATS down: core NATS is at most once), and on `catchUp` (a decision that must
 *   see the latest committed state).
 *
 * A row of a key this instance committed and has not met in the log yet is skipped (`#unseen`): memory holds that
 * commit already, and every row met before it is older. `catchUp` before a shard is taken (clusterMode.ts) applies
 * what its previous owner committed before this instance writes to it.
 *
 * Start: `begin` reads the versions before the modules load their state, so a change committed meanwhile is applied
 * once they are attached (applying a row twice gives the same state). A hole in a table's versions (pruned past
 * this instance: it was stopped or cut off longer than the retention) reloads a `SharedReload`; for `SharedRows`
 * it fails readiness (`sharedState`), as the read model does, until a restart reloads everything.
 *
 * Concurrency: one event loop; one pass at a time, a pass asked for meanwhile runs once after it (every caller waits
 * for a pass that started after it asked). `seal` is synchronous, as the writer requires.
 */
import { randomBytes } from 'node:crypto';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Knex } from 'knex';
import type { HealthCheck } from '../health/readiness.js';
import type { Logger } from '../log/logger.js';
import {
  isSharedReload,
  type SharedDeclaration,
  type SharedReload,
  type SharedRows,
  type SharedStateAccess,
} from '../modules/sharedState.js';
import type { SealedBatch } from '../persistence/batchSeal.js';
import type { Row } from '../persistence/tableSpec.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { sharedChangesTable } from './sharedChanges.js';

/** One row in the log: `u` a full row, `p` a patch of some columns, `d` a delete (its key columns). */
type LoggedRow = readonly ['u' | 'p' | 'd', Row];

export interface SharedStateSyncOptions {
  readonly nc: NatsConnection;
  readonly cluster: string;
  readonly knex: Knex;
  /** Real time: the passes and the pruning pace I/O. */
  readonly clock: Clock;
  readonly logger: Logger;
  /** How often a pass runs without a poke (the bound on a lost one). @default 1000 */
  readonly repairIntervalMs?: number;
  /** How long changes stay in the log (an instance cut off longer reloads). @default 1 hour */
  readonly retentionMs?: number;
}

/** The subject of the pokes: `<cluster>.shared`. */
export function sharedSubject(cluster: string): string {
  return `${cluster}.shared`;
}

const PRUNE_INTERVAL_MS = 60_000;
/** Reloads of one declaration in one pass while this instance's own commits keep landing in between. */
const MAX_RELOADS = 3;

export class SharedStateSync implements SharedStateAccess {
  /** Per process: tells this instance's pokes and log rows from others'. */
  readonly token = randomBytes(8).toString('hex');
  /** Counters since start (tests, metrics). */
  readonly stats = { logged: 0, pokesSent: 0, pokesReceived: 0, passes: 0, rowsApplied: 0, rowsSkipped: 0, reloads: 0, failures: 0 };
  readonly #options: SharedStateSyncOptions;
  /** The last version of each table applied here (0: none). */
  readonly #known = new Map<string, number>();
  readonly #rows = new Map<string, SharedRows>();
  readonly #reloads = new Map<string, SharedReload>();
  /** Commits of this instance per table (after commit): a reload that overlapped one runs again. */
  readonly #ownCommits = new Map<string, number>();
  /**
   * Rows this instance committed to row-by-row tables and has not yet met in the log, per table and row key. Memory
   * already holds them (a write changes it at once); a row of another instance for such a key is older than ours
   * (the log is in commit order), so it is skipped instead of being applied over ours until the next pass.
   */
  readonly #unseen = new Map<string, number>();
  /** The key columns of each row-by-row table this instance logged rows of (to key `#unseen`). */
  readonly #keyColumns = new Map<string, readonly string[]>();
  /** Row-by-row tables with a hole this instance cannot fill (readiness fails). */
  readonly #lost = new Set<string>();
  #attached = false;
  #subscription: Subscription | undefined;
  #repair: TimerHandle | undefined;
  #prune: TimerHandle | undefined;
  #waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  #running = false;
  #stopped = false;

  constructor(options: SharedStateSyncOptions) {
    this.#options = options;
  }

  /** Before the modules load their state: subscribe to pokes, read the versions. Passes wait for `attach`. */
  async begin(): Promise<void> {
    const { nc, cluster, logger } = this.#options;
    this.#subscription = nc.subscribe(sharedSubject(cluster), {
      callback: (error, message) => {
        if (error) return;
        let origin: unknown;
        try {
          origin = (message.json() as { o?: unknown }).o;
        } catch {
          return;
        }
        if (origin === this.token) return;
        this.stats.pokesReceived += 1;
        this.#request().catch(() => undefined);
      },
    });
    const heads: { topic: string; version: string | number }[] = await this.#options
      .knex('cluster_shared_versions')
      .select('topic', 'version');
    for (const { topic, version } of heads) this.#known.set(topic, Number(version));
    logger.debug('cluster shared state: versions read', { tables: heads.length });
  }

  /**
   * The modules are composed: their declarations are applied from now on (a pass runs at once), passes repeat.
   * Returns the readiness check (`sharedState`).
   */
  attach(declarations: readonly SharedDeclaration[]): HealthCheck {
    for (const declaration of declarations) {
      if (isSharedReload(declaration)) for (const table of declaration.tables) this.#reloads.set(table, declaration);
      else this.#rows.set(declaration.table, declaration);
    }
    this.#attached = true;
    const { clock, repairIntervalMs = 1000 } = this.#options;
    this.#repair = clock.setRepeatingTimer(repairIntervalMs, () => void this.#request().catch(() => undefined));
    this.#prune = clock.setRepeatingTimer(PRUNE_INTERVAL_MS, () => void this.#pruneLog());
    this.#request().catch(() => undefined);
    return this.check;
  }

  /** The pokes' subscription (tests drop it to show that a lost poke is repaired by the next pass). */
  get subscription(): Subscription | undefined {
    return this.#subscription;
  }

  /** `SharedStateAccess`: a pass that starts after this call (one query for every shared table). */
  catchUp(_tables: readonly string[]): Promise<void> {
    return this.#request();
  }

  /** The writer's seal: the rows of shared tables this commit writes, logged in it; a poke after it. */
  readonly seal = (batch: SealedBatch): void => {
    if (!this.#attached) return;
    const perTable = new Map<string, LoggedRow[]>();
    const keys: string[] = [];
    for (const { table, kind, row } of batch.rows()) {
      if (!this.#rows.has(table.name) && !this.#reloads.has(table.name)) continue;
      if (this.#rows.has(table.name)) {
        if (!this.#keyColumns.has(table.name)) this.#keyColumns.set(table.name, table.key);
        keys.push(rowKey(table.name, table.key, row));
      }
      const logged: LoggedRow = [kind === 'delete' ? 'd' : table.mode === 'update' ? 'p' : 'u', row];
      const rows = perTable.get(table.name);
      if (rows) rows.push(logged);
      else perTable.set(table.name, [logged]);
    }
    if (perTable.size === 0) return;
    // Sorted: two commits that write the same tables take their version rows' locks in one order (no deadlock).
    const topics = [...perTable.keys()].sort();
    for (const topic of topics) batch.insert(sharedChangesTable, { topic, origin: this.token, rows: perTable.get(topic) });
    this.stats.logged += topics.length;
    batch.afterCommit(() => {
      for (const key of keys) this.#unseen.set(key, (this.#unseen.get(key) ?? 0) + 1);
      for (const topic of topics) this.#ownCommits.set(topic, (this.#ownCommits.get(topic) ?? 0) + 1);
      this.#poke(topics);
    });
  };

  /** Readiness: fails, naming them, while a row-by-row table has changes this instance can no longer read. */
  readonly check: HealthCheck = () =>
    this.#lost.size === 0
      ? { status: 'pass', componentType: 'component' }
      : {
          status: 'fail',
          componentType: 'component',
          output: `shared state: changes to ${[...this.#lost].sort().join(', ')} were pruned before this instance applied them; restart it to reload`,
        };

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#options.clock.clearTimer(this.#repair);
    this.#options.clock.clearTimer(this.#prune);
    this.#subscription?.unsubscribe();
    while (this.#running) await new Promise<void>((resolve) => this.#waiters.push({ resolve, reject: () => resolve() }));
  }

  #poke(topics: readonly string[]): void {
    const { nc, cluster, logger } = this.#options;
    if (nc.isClosed()) return;
    try {
      nc.publish(sharedSubject(cluster), JSON.stringify({ o: this.token, t: topics }));
      this.stats.pokesSent += 1;
    } catch (error) {
      // The others' next pass reads it from PostgreSQL.
      logger.warn('cluster shared state: a poke could not be sent', { error: String(error) });
    }
  }

  /** A pass that starts after this call; passes run one at a time. */
  #request(): Promise<void> {
    if (this.#stopped || !this.#attached) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      if (!this.#running) void this.#loop();
    });
  }

  async #loop(): Promise<void> {
    this.#running = true;
    while (this.#waiters.length > 0) {
      const waiting = this.#waiters;
      this.#waiters = [];
      try {
        await this.#pass();
        for (const waiter of waiting) waiter.resolve();
      } catch (error) {
        this.stats.failures += 1;
        this.#options.logger.warn('cluster shared state: a pass failed; the next one retries', { error: String(error) });
        for (const waiter of waiting) waiter.reject(error);
      }
    }
    this.#running = false;
  }

  async #pass(): Promise<void> {
    if (this.#stopped) return;
    const topics = [...this.#rows.keys(), ...this.#reloads.keys()];
    const known = topics.map((topic) => this.#known.get(topic) ?? 0);
    const ownBefore = new Map(this.#ownCommits);
    this.stats.passes += 1;
    // One statement, one snapshot: each table's head and its changes after the known version.
    const { rows } = (await this.#options.knex.raw(
      `select k.topic, v.version as head, c.version, c.origin, c.rows
         from unnest(?::text[], ?::bigint[]) as k(topic, known)
         join cluster_shared_versions v on v.topic = k.topic and v.version > k.known
         left join cluster_shared_changes c on c.topic = k.topic and c.version > k.known and c.version <= v.version
        order by k.topic, c.version`,
      [topics, known],
    )) as {
      rows: { topic: string; head: string | number; version: string | number | null; origin: string | null; rows: LoggedRow[] | null }[];
    };
    const reload = new Set<SharedReload>();
    for (const row of rows) {
      const topic = row.topic;
      const expected = (this.#known.get(topic) ?? 0) + 1;
      const head = Number(row.head);
      const version = row.version === null ? null : Number(row.version);
      const declaration = this.#reloads.get(topic);
      if (version !== expected) {
        // A hole: pruned before this instance read it.
        if (declaration) reload.add(declaration);
        else if (!this.#lost.has(topic)) {
          this.#lost.add(topic);
          this.#options.logger.error('cluster shared state: changes were pruned before this instance applied them', {
            table: topic,
            from: expected,
          });
        }
        this.#known.set(topic, head);
        continue;
      }
      this.#known.set(topic, version);
      if (declaration) {
        if (row.origin !== this.token) reload.add(declaration);
        continue;
      }
      this.#applyRows(this.#rows.get(topic)!, row.origin === this.token, row.rows ?? []);
    }
    for (const declaration of reload) {
      for (let attempt = 1; attempt <= MAX_RELOADS; attempt++) {
        const before = declaration.tables.map((table) => this.#ownCommits.get(table) ?? 0).join();
        await declaration.reload();
        this.stats.reloads += 1;
        // A commit of ours landed meanwhile: what the reload read may predate it.
        if (declaration.tables.map((table) => this.#ownCommits.get(table) ?? 0).join() === before) break;
      }
    }
    // Our own commits that landed while this pass read: it may have applied an older row over them; read again.
    const overlapped = [...this.#ownCommits].some(([topic, count]) => this.#rows.has(topic) && ownBefore.get(topic) !== count);
    if (overlapped && rows.length > 0 && !this.#stopped) this.#request().catch(() => undefined);
  }

  /**
   * Applies one logged commit's rows in order. A row of a key this instance committed and has not met in the log yet
   * is skipped: ours (met now: memory holds it, or a later change of ours) or another instance's older one.
   */
  #applyRows(declaration: SharedRows, own: boolean, rows: readonly LoggedRow[]): void {
    const keyColumns = this.#unseen.size > 0 ? this.#keyColumns.get(declaration.table) : undefined;
    for (const [kind, row] of rows) {
      if (keyColumns !== undefined) {
        const key = rowKey(declaration.table, keyColumns, row);
        const unseen = this.#unseen.get(key);
        if (unseen !== undefined) {
          if (own) {
            if (unseen > 1) this.#unseen.set(key, unseen - 1);
            else this.#unseen.delete(key);
          }
          this.stats.rowsSkipped += 1;
          continue;
        }
      }
      try {
        if (kind === 'd') declaration.remove(row);
        else declaration.apply(row, kind === 'p');
        this.stats.rowsApplied += 1;
      } catch (error) {
        // One bad row must not stop the others; that record is stale until its next change.
        this.stats.failures += 1;
        this.#options.logger.error('cluster shared state: a committed row could not be applied', {
          table: declaration.table,
          error: String(error),
        });
      }
    }
  }

  async #pruneLog(): Promise<void> {
    const retentionMs = this.#options.retentionMs ?? 3_600_000;
    try {
      await this.#options.knex.raw(`delete from cluster_shared_changes where at < now() - ?::interval`, [
        `${Math.round(retentionMs)} milliseconds`,
      ]);
    } catch (error) {
      this.#options.logger.warn('cluster shared state: pruning the log failed; the next round retries', { error: String(error) });
    }
  }
}

/** A row's identity in `#unseen`: its table and key columns. */
function rowKey(table: string, keyColumns: readonly string[], row: Row): string {
  let key = table;
  for (const column of keyColumns) key += `\u0000${String(row[column])}`;
  return key;
}
