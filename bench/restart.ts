/**
 * Restarts of one or more builds, interleaved, on one seeded fleet of bench:million's shape (issue 31, target 2):
 * `npm run bench:restart -- [build ...]` where a build is a directory holding `src/main.js` (default `dist`; copy a
 * build aside first, e.g. `cp -r dist .bench-dist-before`, inside this checkout so its node_modules resolve).
 * A shared machine's speed drifts by 1.5x within an hour, so two builds are compared only start by start, in turn.
 *
 * BENCH_RESTART_SIZE services (default 1,000,000) are seeded into a schema named after the size
 * (`bench_restart_<size>`), kept when BENCH_KEEP_SCHEMA=1 so the next run reuses it (the seed of a million takes
 * about a minute; drop it with `drop schema bench_restart_1000000 cascade`). The first start after the seed (the
 * page cache cold, the dashboard figures computed and kept) is held BENCH_RESTART_HOLD_MS (default 8,000) and not
 * counted. Then BENCH_RESTARTS rounds (default 5) of one start per build: time from spawn to `/ready`, the process's
 * CPU by then (all threads), resident memory. BENCH_NODE_FLAGS as in every bench; BENCH_RESTART_EXTRA_FLAGS adds
 * node flags to the measured starts only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). `BENCH_SMOKE=1` (CI): 5,000
 * services, one round. No targets of its own: bench:million judges target 2; this tells two builds apart.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startChildServer, untilReady } from './lib/childServer.js';
import { processCpuMicros } from './lib/processCpu.js';
import { DEFAULT_DATABASE_URL, withSearchPath } from './lib/postgresSchema.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';
import { fmt } from './lib/table.js';
import { seedMillion } from './million/seed.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builds = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((dir) => resolve(root, dir));
const smoke = process.env['BENCH_SMOKE'] === '1';
const size = Number(process.env['BENCH_RESTART_SIZE'] ?? (smoke ? 5_000 : 1_000_000));
const rounds = Number(process.env['BENCH_RESTARTS'] ?? (smoke ? 1 : 5));
const holdMs = Number(process.env['BENCH_RESTART_HOLD_MS'] ?? (smoke ? 500 : 8_000));
const keepSchema = process.env['BENCH_KEEP_SCHEMA'] === '1';
const extraFlags = (process.env['BENCH_RESTART_EXTRA_FLAGS'] ?? '').split(' ').filter(Boolean);
const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const cpuMs = (pid: number): number => processCpuMicros(pid) / 1000;
const residentMiB = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Start {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly residentMiB: number;
}

async function startOnce(build: string, url: string, dataDir: string, flags: readonly string[], hold: number): Promise<Start> {
  const entry = join(build, 'src/main.js');
  const spawned = performance.now();
  const server = await startChildServer({
    name: `${build} restart`,
    cwd: root,
    args: [...benchServerNodeFlags(), ...flags, entry],
    env: benchServerEnv({ dataDir, databaseUrl: url, logLevel: 'info', adminPassword: 'bench-restart-admin-password' }),
    startTimeoutMs: 600_000,
  });
  let start: Start;
  try {
    await untilReady(server, 5);
    start = { wallMs: performance.now() - spawned, cpuMs: cpuMs(server.pid), residentMiB: residentMiB(server.pid) };
    if (hold > 0) await new Promise((done) => setTimeout(done, hold));
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
  const code = await server.stop(60_000);
  if (code !== 0) throw new Error(`${entry} exited ${code} on SIGTERM:\n${server.output.slice(-10).join('\n')}`);
  return start;
}

/** The schema of this size, seeded when it holds no services yet (a migrated, empty start first). */
async function seededSchema(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_restart_${size}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema if not exists "${name}"`);
    const url = withSearchPath(databaseUrl, name);
    const seeded = await admin
      .query<{ n: string }>(`select count(*) as n from "${name}".services`)
      .then((r) => Number(r.rows[0]?.n ?? 0))
      .catch(() => 0);
    if (seeded !== size) {
      if (seeded !== 0) throw new Error(`schema ${name} holds ${seeded} services, not ${size}: drop it first`);
      await startOnce(builds[0]!, url, dataDir, [], 0);
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const seed = await seedMillion(db, { services: size }).finally(() => db.end());
      log(`seeded ${fmt(seed.services)} services under ${fmt(seed.nodes)} nodes in ${fmt(seed.seconds, 1)} s`);
    } else {
      log(`reusing schema ${name} (${fmt(size)} services)`);
    }
    return {
      url,
      drop: async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists "${name}" cascade`).finally(() => client.end());
      },
    };
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  for (const build of builds) {
    if (!existsSync(join(build, 'src/main.js'))) throw new Error(`${build}/src/main.js is missing: build first (npm run build)`);
  }
  log(`restart: ${fmt(size)} services; builds ${builds.join(', ')}; ${rounds} rounds; load ${load()}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-restart-'));
  const schema = await seededSchema(dataDir);
  try {
    const warm = await startOnce(builds[0]!, schema.url, dataDir, [], holdMs);
    log(`warm-up start (not counted): ${fmt(warm.wallMs)} ms to /ready, ${fmt(warm.cpuMs)} ms CPU`);
    const starts = new Map<string, Start[]>(builds.map((build) => [build, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const build of builds) {
        const start = await startOnce(build, schema.url, dataDir, extraFlags, 0);
        starts.get(build)!.push(start);
        log(
          `round ${round}, ${build}: ${fmt(start.wallMs)} ms to /ready, ${fmt(start.cpuMs)} ms CPU, ${fmt(start.residentMiB)} MiB (load ${load()})`,
        );
      }
    }
    for (const [build, list] of starts) {
      const walls = list.map((s) => s.wallMs);
      log(
        `${build}: median ${fmt(median(walls))} ms to /ready (${fmt(Math.min(...walls))}-${fmt(Math.max(...walls))}), CPU median ${fmt(median(list.map((s) => s.cpuMs)))} ms, resident median ${fmt(median(list.map((s) => s.residentMiB)))} MiB`,
      );
    }
  } finally {
    if (!keepSchema) await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
