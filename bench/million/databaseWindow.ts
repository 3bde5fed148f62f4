/**
 * What PostgreSQL did over a measured window, read from its cumulative statistics: checkpoints (timed and
 * requested because the WAL filled `max_wal_size`), the buffers they wrote, the WAL written (full-page images
 * included) and the buffers backends had to write themselves. A sync's answer follows its commit, so a
 * checkpoint's flush shows in the sync's tail while the server's event loop is idle; these figures say so in the
 * same run. The settings that decide it are read too (the bench never changes them).
 */
import pg from 'pg';

export interface DatabaseFigures {
  readonly checkpointsTimed: number;
  readonly checkpointsRequested: number;
  readonly buffersCheckpoint: number;
  readonly buffersBackend: number;
  readonly walBytes: number;
  readonly walFullPageImages: number;
  /** WAL flushes to disk, and ms spent in them (0 unless `track_wal_io_timing` is on). */
  readonly walSyncs: number;
  readonly walSyncMs: number;
  /** ms backends spent reading and writing data pages (0 unless `track_io_timing` is on). */
  readonly dataReadMs: number;
  readonly dataWriteMs: number;
}

export interface DatabaseWindowResult extends DatabaseFigures {
  /** `max_wal_size`, `checkpoint_timeout`, `shared_buffers`, `wal_compression` as the server runs with them. */
  readonly settings: Readonly<Record<string, string>>;
}

const SETTINGS = ['max_wal_size', 'checkpoint_timeout', 'shared_buffers', 'wal_compression', 'track_wal_io_timing', 'track_io_timing'];

async function read(client: pg.Client): Promise<DatabaseFigures> {
  const { rows } = await client.query<Record<string, string>>(
    `select b.checkpoints_timed, b.checkpoints_req, b.buffers_checkpoint, b.buffers_backend, w.wal_bytes, w.wal_fpi,
            w.wal_sync, w.wal_sync_time, d.blk_read_time, d.blk_write_time
       from pg_stat_bgwriter b, pg_stat_wal w, (select sum(blk_read_time) as blk_read_time, sum(blk_write_time) as blk_write_time from pg_stat_database) d`,
  );
  const row = rows[0]!;
  return {
    checkpointsTimed: Number(row['checkpoints_timed']),
    checkpointsRequested: Number(row['checkpoints_req']),
    buffersCheckpoint: Number(row['buffers_checkpoint']),
    buffersBackend: Number(row['buffers_backend']),
    walBytes: Number(row['wal_bytes']),
    walFullPageImages: Number(row['wal_fpi']),
    walSyncs: Number(row['wal_sync']),
    walSyncMs: Number(row['wal_sync_time']),
    dataReadMs: Number(row['blk_read_time']),
    dataWriteMs: Number(row['blk_write_time']),
  };
}

/** Opens a window on the cluster's statistics; `close` gives what happened in it. */
export async function openDatabaseWindow(databaseUrl: string): Promise<{ close(): Promise<DatabaseWindowResult> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = await read(client);
  return {
    async close() {
      try {
        const end = await read(client);
        const { rows } = await client.query<{ name: string; setting: string }>(
          `select name, current_setting(name) as setting from pg_settings where name = any($1)`,
          [SETTINGS],
        );
        const delta = Object.fromEntries(
          Object.entries(end).map(([key, value]) => [key, value - start[key as keyof DatabaseFigures]]),
        ) as unknown as DatabaseFigures;
        return { ...delta, settings: Object.fromEntries(rows.map((row) => [row.name, row.setting])) };
      } finally {
        await client.end();
      }
    },
  };
}

/** "3 checkpoints (2 requested by WAL volume), 1,620 MiB of WAL (180,000 full-page images), ..." */
export function databaseLine(figures: DatabaseWindowResult): string {
  const mib = Math.round(figures.walBytes / 2 ** 20);
  const settings = Object.entries(figures.settings)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  return (
    `${figures.checkpointsTimed + figures.checkpointsRequested} checkpoints (${figures.checkpointsRequested} requested by WAL volume), ` +
    `${mib.toLocaleString('en')} MiB of WAL (${figures.walFullPageImages.toLocaleString('en')} full-page images), ` +
    `${figures.buffersCheckpoint.toLocaleString('en')} buffers written by checkpoints, ${figures.buffersBackend.toLocaleString('en')} by backends; ` +
    `${figures.walSyncs.toLocaleString('en')} WAL flushes (${Math.round(figures.walSyncMs).toLocaleString('en')} ms), data pages read ${Math.round(figures.dataReadMs).toLocaleString('en')} ms, written ${Math.round(figures.dataWriteMs).toLocaleString('en')} ms; ${settings}`
  );
}
