/**
 * The status sync case of `bench:ingest` alone (`npm run bench:sync`, about a minute): this server on
 * PostgreSQL, 5,000 services (500 with BENCH_SMOKE=1), server CPU per sync against the CPU of
 * `JSON.parse` of the same body in this process, identical syncs and syncs with 50 changed. For two
 * builds side by side, run it in each worktree in turns. Switches as bench:ingest's (BENCH_DATABASE_URL,
 * BENCH_BUILT, BENCH_CPU_PROFILE, BENCH_NODE_FLAGS).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureJsonParse, runSyncCase, syncBodies } from './cases/statusSync.js';
import { readSettings } from './lib/benchSettings.js';
import { Checks } from './lib/checks.js';
import { startChildServer } from './lib/childServer.js';
import { createSchema } from './lib/postgresSchema.js';
import { benchServerEnv } from './lib/serverEnv.js';
import { fmt } from './lib/table.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const settings = readSettings(process.env);
const checks = new Checks();
if (settings.built) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
const bodies = syncBodies(settings.sync.services, settings.sync.changed);
const parse = measureJsonParse(bodies.base, settings.sync.parseRepeats);
log(
  `status sync of ${settings.sync.services} services (${fmt(bodies.base.length)} B); load avg ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
log(`JSON.parse of the body before the server starts: median ${fmt(parse.medianUs)} µs wall`);
const schema = await createSchema(settings.databaseUrl, 'bench_sync');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-sync-'));
try {
  const server = await startChildServer({
    name: 'this server',
    cwd: process.cwd(),
    args: [...settings.serverNodeArgs, ...(settings.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'])],
    env: benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey: settings.apiKey, logLevel: 'info' }),
    startTimeoutMs: 120_000,
  });
  try {
    const result = await runSyncCase(server, settings, bodies, checks, log);
    for (const [label, phase] of [
      ['identical', result.unchanged],
      [`${settings.sync.changed} changed`, result.changed],
    ] as const) {
      if (phase === null) continue;
      log(
        `${label}: server CPU ${fmt(phase.serverCpuUs / 1000, 2)} ms/sync; JSON.parse ${fmt(phase.jsonParseCpuUs / 1000, 2)} ms CPU (${fmt(phase.jsonParseUs / 1000, 2)} ms wall); ${fmt(phase.serverCpuUs / phase.jsonParseCpuUs, 2)}x the parse's CPU; PG ${fmt(phase.databaseCpuUs / 1000, 2)} ms/sync; ${phase.requests} syncs`,
      );
    }
  } finally {
    await server.stop(5000);
  }
} finally {
  await schema.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const failure of checks.failures) log(`FAILED: ${failure}`);
process.exit(checks.failures.length > 0 ? 1 : 0);
