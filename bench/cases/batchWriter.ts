/**
 * Case "batch writer alone": the same rows into the same table, in this process, three ways:
 *
 * - knex multi-row VALUES: `trx(table).insert(chunk)` in chunks of 1,000 rows, one transaction
 *   (the plain way to bulk insert with knex);
 * - COPY FROM STDIN through pg-copy-streams (text format), one statement;
 * - the product's BatchWriter (src/platform/persistence/batchWriter.ts): rows staged 500 at a time as fast as
 *   the writer takes them, with at most 20,000 rows waiting (the gateway sheds load above its own
 *   bound); the writer forms its batches itself (one json_to_recordset statement per table per
 *   commit, a commit in flight while the next batch gathers).
 *
 * Also (informational): the BatchWriter in upsert mode, which is how the server writes status
 * intervals and service rows. rows/s = rows / wall time from first row to last commit.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createLogger } from '../../src/platform/log/logger.js';
import { BatchWriter, type Row, type TableSpec } from '../../src/platform/persistence/batchWriter.js';
import type { BenchSettings } from '../lib/benchSettings.js';
import type { Checks } from '../lib/checks.js';
import { createSchema } from '../lib/postgresSchema.js';

const TABLE = 'bench_intervals';
const COLUMNS = [
  { name: 'service_id', type: 'uuid' },
  { name: 'seq', type: 'integer' },
  { name: 'status', type: 'text' },
  { name: 'message', type: 'text' },
  { name: 'started_at', type: 'timestamptz' },
  { name: 'ended_at', type: 'timestamptz' },
] as const;

const insertSpec: TableSpec = { name: TABLE, key: ['service_id', 'seq'], order: 1, mode: 'insert', columns: COLUMNS };
const upsertSpec: TableSpec = { ...insertSpec, mode: 'upsert' };

const STAGE_CHUNK = 500;
const MAX_WAITING_ROWS = 20_000;

export type WriterMethod = 'knex multi-row VALUES' | 'COPY FROM STDIN' | 'BatchWriter (insert)' | 'BatchWriter (upsert)';

export interface WriterMeasurement {
  readonly method: WriterMethod;
  readonly rows: number;
  /** Median over the repeats. */
  readonly rowsPerSec: number;
  readonly runsRowsPerSec: readonly number[];
  /** BatchWriter only: commits and mean rows per commit (last repeat). */
  readonly batches?: number;
  readonly rowsPerBatch?: number;
}

function makeRows(count: number): Row[] {
  const rows: Row[] = [];
  const base = Date.UTC(2025, 0, 1);
  let serviceId = randomUUID();
  for (let i = 0; i < count; i += 1) {
    const seq = (i % 10) + 1;
    if (seq === 1) serviceId = randomUUID();
    const started = base + i * 1000;
    rows.push({
      service_id: serviceId,
      seq,
      status: seq % 2 === 0 ? 'DEGRADED' : 'OPERATIONAL',
      message: seq % 2 === 0 ? 'p99 latency 840 ms over the 500 ms objective' : 'all checks passing',
      started_at: new Date(started).toISOString(),
      ended_at: seq === 10 ? null : new Date(started + 1000).toISOString(),
    });
  }
  return rows;
}

async function viaKnex(knex: Knex, rows: readonly Row[], chunk: number): Promise<void> {
  await knex.transaction(async (trx) => {
    for (let i = 0; i < rows.length; i += chunk) await trx(TABLE).insert(rows.slice(i, i + chunk));
  });
}

const copyText = (value: unknown): string => {
  if (value === null || value === undefined) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
};

async function viaCopy(url: string, rows: readonly Row[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = COLUMNS.map((c) => c.name);
    function* lines(): Generator<string> {
      for (let i = 0; i < rows.length; i += 1000) {
        let text = '';
        const end = Math.min(rows.length, i + 1000);
        for (let j = i; j < end; j += 1) {
          const row = rows[j]!;
          text += `${names.map((n) => copyText(row[n])).join('\t')}\n`;
        }
        yield text;
      }
    }
    await pipeline(Readable.from(lines()), client.query(copyFrom(`copy ${TABLE} (${names.join(', ')}) from stdin`)));
  } finally {
    await client.end();
  }
}

async function viaWriter(knex: Knex, rows: readonly Row[], spec: TableSpec): Promise<{ batches: number; rows: number }> {
  const writer = new BatchWriter({ knex, logger: createLogger({ level: 'error' }) });
  for (let i = 0; i < rows.length; i += STAGE_CHUNK) {
    while (writer.pendingRows >= MAX_WAITING_ROWS) await writer.committed();
    const end = Math.min(rows.length, i + STAGE_CHUNK);
    if (spec.mode === 'upsert') for (let j = i; j < end; j += 1) writer.upsert(spec, rows[j]!);
    else for (let j = i; j < end; j += 1) writer.insert(spec, rows[j]!);
    // Let the event loop run (a commit's I/O) between chunks, as between requests.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await writer.committed();
  await writer.flush();
  if (writer.stats.failures > 0) throw new Error(`BatchWriter reported ${writer.stats.failures} failed commits`);
  return { batches: writer.stats.batches, rows: writer.stats.rows };
}

export async function runBatchWriterCase(
  settings: BenchSettings,
  checks: Checks,
  log: (line: string) => void,
): Promise<WriterMeasurement[]> {
  const schema = await createSchema(settings.databaseUrl, 'bench_writer');
  const knex = knexFactory({ client: 'pg', connection: { connectionString: schema.url }, pool: { min: 1, max: 2 } });
  try {
    await knex.raw(`create table ${TABLE} (
      service_id uuid not null, seq integer not null, status text not null, message text,
      started_at timestamptz not null, ended_at timestamptz, primary key (service_id, seq))`);
    const { rows: total, repeats, knexChunkRows } = settings.writer;
    // biome-ignore lint/suspicious/noConfusingVoidType: the runs are writer methods that resolve to a count or to nothing
    const methods: Array<{ method: WriterMethod; run: (rows: readonly Row[]) => Promise<{ batches: number; rows: number } | void> }> = [
      { method: 'knex multi-row VALUES', run: (rows) => viaKnex(knex, rows, knexChunkRows) },
      { method: 'COPY FROM STDIN', run: (rows) => viaCopy(schema.url, rows) },
      { method: 'BatchWriter (insert)', run: (rows) => viaWriter(knex, rows, insertSpec) },
      { method: 'BatchWriter (upsert)', run: (rows) => viaWriter(knex, rows, upsertSpec) },
    ];
    const measurements = new Map<WriterMethod, { runs: number[]; batches?: number; rows: number }>();
    const warmRows = makeRows(Math.min(5000, total));
    for (const { method, run } of methods) {
      await knex.raw(`truncate ${TABLE}`);
      await run(warmRows);
      measurements.set(method, { runs: [], rows: total });
    }
    // Repeats interleave the methods so a slow moment of the machine does not land on one of them.
    for (let r = 0; r < repeats; r += 1) {
      const rows = makeRows(total);
      for (const { method, run } of methods) {
        await knex.raw(`truncate ${TABLE}`);
        await knex.raw('checkpoint').catch(() => undefined);
        const started = performance.now();
        const outcome = await run(rows);
        const seconds = (performance.now() - started) / 1000;
        const [{ count }] = (await knex(TABLE).count<{ count: string | number }[]>('* as count')) as [{ count: string | number }];
        checks.check(Number(count) === total, `batch writer case, ${method}: all ${total} rows in the table`, `found ${count}`);
        const m = measurements.get(method)!;
        m.runs.push(total / seconds);
        if (outcome) m.batches = outcome.batches;
        log(`  ${method}: ${Math.round(total / seconds).toLocaleString('en-US')} rows/s${outcome ? ` (${outcome.batches} commits)` : ''}`);
      }
    }
    return [...measurements].map(([method, m]) => {
      const sorted = [...m.runs].sort((a, b) => a - b);
      return {
        method,
        rows: m.rows,
        rowsPerSec: sorted[Math.floor(sorted.length / 2)]!,
        runsRowsPerSec: m.runs,
        ...(m.batches !== undefined ? { batches: m.batches, rowsPerBatch: m.rows / m.batches } : {}),
      };
    });
  } finally {
    await knex.destroy();
    await schema.drop();
  }
}
