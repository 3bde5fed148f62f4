/**
 * The log of shared state (docs/adr/0068): `cluster_shared_changes`, one row per table per commit that wrote rows of
 * a table some module declared shared (people, sessions, the licence, settings), holding those rows; written in that
 * commit, so a row exists if and only if its change committed. `cluster_shared_versions` holds each table's last
 * version. A trigger numbers the rows of each table 1, 2, 3, ... by updating that table's version row: the row lock
 * it takes is held until the commit ends, so two commits that write one table are numbered in the order they commit,
 * with no hole (a rolled-back commit gives its number back). A reader that saw version n of a table has therefore
 * seen every change before it, whichever instance wrote it.
 *
 * Created in every database (single-process ones stay empty: only cluster mode writes it). Its SQL is written out
 * here: an applied migration never changes.
 */
import type { ProductModule } from '../modules/module.js';
import type { Migration } from '../persistence/migration.js';
import type { TableSpec } from '../persistence/tableSpec.js';

export const SHARED_STATE_NAMESPACE = 'sharedState';

export const sharedChangesSchema: Migration = {
  namespace: SHARED_STATE_NAMESPACE,
  version: 1,
  name: 'cluster_shared_changes',
  async up(trx) {
    await trx.raw(`create table cluster_shared_versions (
      topic text primary key,
      version bigint not null check (version > 0))`);
    // The primary key is the readers' index: `topic = $1 and version > $2` is a range scan of it. `at` is the
    // database's clock (pruning compares it with the retention).
    await trx.raw(`create table cluster_shared_changes (
      topic text not null,
      version bigint not null check (version > 0),
      origin text not null,
      rows jsonb not null,
      at timestamptz not null default now(),
      primary key (topic, version))`);
    // Its own statement: the body's semicolons at line ends would split it in runStatements.
    await trx.raw(`create function cluster_shared_change_version() returns trigger
language plpgsql as $$
begin
  insert into cluster_shared_versions as v (topic, version) values (new.topic, 1)
  on conflict (topic) do update set version = v.version + 1
  returning v.version into new.version;
  return new;
end
$$`);
    await trx.raw(`create trigger cluster_shared_change_version before insert on cluster_shared_changes
      for each row execute function cluster_shared_change_version()`);
  },
};

/** Append-only rows (the trigger sets `version`). Last in a commit with the event history: no foreign keys. */
export const sharedChangesTable: TableSpec = {
  name: 'cluster_shared_changes',
  key: ['topic', 'version'],
  order: 1001,
  columns: [
    { name: 'topic', type: 'text' },
    { name: 'origin', type: 'text' },
    { name: 'rows', type: 'jsonb' },
  ],
  mode: 'insert',
};

/**
 * The log as a module: its migration and its table (so the writer knows its commit order). It adds nothing at run
 * time; cluster mode's sync (sharedStateSync.ts) writes and reads it.
 */
// biome-ignore lint/complexity/noBannedTypes: {} is the empty service set: it needs nothing and provides nothing
export const sharedStateModule: ProductModule<{}, {}> = {
  name: SHARED_STATE_NAMESPACE,
  migrations: [sharedChangesSchema],
  tables: [sharedChangesTable],
  create: () => ({ services: {} }),
};
