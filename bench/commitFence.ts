/**
 * What the cluster fence costs a group commit (issue 29; docs/adr/0058-the-commit-fence.md): `npm run bench:commit-fence`,
 * on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after).
 *
 * One batch writer on one pooled connection (prepared statements, as the server commits) writes batches of 1 and
 * of 200 rows into a five-column table, one commit after the other, in four variants: no fence (single-process
 * mode), a fence but no shard touched, 1 shard touched, 50 shards touched. The variants take turns in rounds so
 * that drift on a shared machine hits them alike. Per commit: wall time (median, p99), this process's CPU and the
 * PostgreSQL backend's CPU (its own /proc entry: other work on the machine is not counted). BENCH_SMOKE=1: tiny.
 */
import { performance } from 'node:perf_hooks';
import { claimShardEpoch } from '../src/platform/cluster/fence.js';
import { shardEpochsSchema } from '../src/platform/cluster/fenceMigration.js';
import { createMemoryLogger } from '../src/platform/log/logger.js';
import { BatchWriter, type TableSpec } from '../src/platform/persistence/batchWriter.js';
import { openDatabase } from '../src/platform/persistence/database.js';
import { migrate } from '../src/platform/persistence/migrate.js';
import { createSchema, DEFAULT_DATABASE_URL } from './lib/postgresSchema.js';
import { assertProcFs, processCpuMicros } from './lib/processCpu.js';
import { writeResults } from './lib/resultFile.js';
import { fmt, formatTable } from './lib/table.js';

const smoke = process.env['BENCH_SMOKE'] === '1';
const ROUNDS = smoke ? 2 : 6;
const COMMITS = smoke ? 20 : 300;
const BATCH_ROWS = [1, 200] as const;
const VARIANTS = [
  { name: 'no fence', fence: false, shards: 0 },
  { name: 'fence, no shard touched', fence: true, shards: 0 },
  { name: 'fence, 1 shard', fence: true, shards: 1 },
  { name: 'fence, 50 shards', fence: true, shards: 50 },
] as const;
const log = (line: string) => process.stdout.write(`${line}\n`);

const table: TableSpec = {
  name: 'fence_bench',
  key: ['id'],
  columns: [
    { name: 'id', type: 'text' },
    { name: 'shard', type: 'integer' },
    { name: 'status', type: 'text' },
    { name: 'seq', type: 'bigint' },
    { name: 'updated_at', type: 'timestamptz' },
  ],
  order: 1,
  mode: 'upsert',
};

assertProcFs();
const schema = await createSchema(process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL, 'bench_fence');
const db = await openDatabase({ url: schema.url, dataDir: '', poolSize: 1 });
try {
  await migrate(db.knex, createMemoryLogger(), [shardEpochsSchema]);
  await db.knex.raw(
    'create table fence_bench (id text primary key, shard integer not null, status text not null, seq bigint not null, updated_at timestamptz not null)',
  );
  for (let shard = 0; shard < 50; shard += 1) await claimShardEpoch(db.knex, shard, 1, 'bench');
  // The pool's one connection: the backend every commit runs on.
  const backend = Number((await db.knex.raw('select pg_backend_pid() as pid')).rows[0].pid);
  const writers = VARIANTS.map((v) =>
    v.fence
      ? new BatchWriter({ knex: db.knex, statements: db.statements, logger: createMemoryLogger(), fence: { onFenced: () => undefined } })
      : new BatchWriter({ knex: db.knex, statements: db.statements, logger: createMemoryLogger() }),
  );
  let seq = 0;
  const commit = (variant: number, rows: number) => {
    const writer = writers[variant]!;
    const { shards } = VARIANTS[variant]!;
    for (let s = 0; s < shards; s += 1) writer.touchShard(s, 1);
    const at = new Date().toISOString();
    for (let i = 0; i < rows; i += 1) {
      seq += 1;
      writer.upsert(table, {
        id: `svc-${seq % 4000}`,
        shard: seq % 50,
        status: seq % 3 === 0 ? 'DOWN' : 'OPERATIONAL',
        seq,
        updated_at: at,
      });
    }
    return writer.committed();
  };
  const results: Array<{ variant: string; rows: number; medianMs: number; p99Ms: number; clientUs: number; postgresUs: number }> = [];
  for (const rows of BATCH_ROWS) {
    const samples = VARIANTS.map(() => ({ ms: [] as number[], clientUs: 0, postgresUs: 0 }));
    for (let v = 0; v < VARIANTS.length; v += 1) for (let i = 0; i < 20; i += 1) await commit(v, rows); // warm-up: prepared, planned
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let v = 0; v < VARIANTS.length; v += 1) {
        const sample = samples[v]!;
        const client = process.cpuUsage();
        const postgres = processCpuMicros(backend);
        for (let i = 0; i < COMMITS; i += 1) {
          const started = performance.now();
          await commit(v, rows);
          sample.ms.push(performance.now() - started);
        }
        const used = process.cpuUsage(client);
        sample.clientUs += used.user + used.system;
        sample.postgresUs += processCpuMicros(backend) - postgres;
      }
    }
    VARIANTS.forEach((variant, v) => {
      const { ms, clientUs, postgresUs } = samples[v]!;
      const sorted = [...ms].sort((a, b) => a - b);
      results.push({
        variant: variant.name,
        rows,
        medianMs: sorted[Math.floor(sorted.length / 2)]!,
        p99Ms: sorted[Math.floor(sorted.length * 0.99)]!,
        clientUs: clientUs / ms.length,
        postgresUs: postgresUs / ms.length,
      });
    });
  }
  const none = (rows: number) => results.find((r) => r.rows === rows && r.variant === 'no fence')!;
  log(`${ROUNDS} rounds x ${COMMITS} commits per variant and batch size${smoke ? ' (smoke: figures meaningless)' : ''}\n`);
  log(
    formatTable(
      ['variant', 'rows', 'median ms', 'p99 ms', 'client µs', 'postgres µs', 'wall vs none', 'client+pg vs none'],
      results.map((r) => [
        r.variant,
        String(r.rows),
        fmt(r.medianMs, 3),
        fmt(r.p99Ms, 3),
        fmt(r.clientUs, 0),
        fmt(r.postgresUs, 0),
        `${fmt(r.medianMs / none(r.rows).medianMs, 2)}x`,
        `${fmt((r.clientUs + r.postgresUs) / (none(r.rows).clientUs + none(r.rows).postgresUs), 2)}x`,
      ]),
    ),
  );
  writeResults('commitFence.json', { at: new Date().toISOString(), smoke, rounds: ROUNDS, commits: COMMITS, results }, log);
} finally {
  await db.close();
  await schema.drop();
}
