/**
 * Start time, in CPU as well as wall time (a shared machine's wall time says little):
 * `npm run bench:start -- [entry ...]` (default `dist/src/main.js`; `npm run build` first). Several
 * entries (say a build before and after a change) are started in turn on the same stores.
 *
 * For each backend (embedded, and PostgreSQL at BENCH_DATABASE_URL or the default, a fresh schema):
 * one first start on a fresh store (migrations run), then BENCH_STARTS rounds (default 5) of one
 * restart per entry; each the time from spawn until `/ready` answers 200 and the starting process's
 * CPU time (all threads, /proc/<pid>/stat) by then. BENCH_SERVICES=N creates N services (first health
 * push each, through the API) on PostgreSQL before the restarts; the embedded store stays empty.
 * Also the floor: `node -e ''`, and each entry until a bad setting makes it exit (module load alone).
 * BENCH_CPU_PROF=<dir> adds `--cpu-prof` profiles of the restarts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { postEachOnce } from './lib/httpCalls.js';
import { createSchema, DEFAULT_DATABASE_URL } from './lib/postgresSchema.js';
import { benchServerEnv } from './lib/serverEnv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entries = (process.argv.length > 2 ? process.argv.slice(2) : ['dist/src/main.js']).map((entry) => resolve(root, entry));
const services = Number(process.env['BENCH_SERVICES'] ?? 0);
const apiKey = 'start-time-key-0123456789abcdef';
const starts = Number(process.env['BENCH_STARTS'] ?? 5);
const profileDir = process.env['BENCH_CPU_PROF'];
const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** utime + stime of every thread so far, ms (clock ticks of 10 ms). */
const cpuMs = (pid: number): number => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () => loadavg()[0]!.toFixed(1);

/** Wall and CPU time of a short command that exits by itself: a wrapper spawns it and reports its children's CPU (cutime + cstime). */
function childCpu(args: string[], env: Record<string, string> = {}, status = 0): { wallMs: number; cpuMs: number } {
  const wrapped = spawnSync(
    process.execPath,
    [
      '-e',
      `
    const { spawnSync } = require('node:child_process');
    const started = performance.now();
    const r = spawnSync(process.execPath, ${JSON.stringify(args)}, { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, ...${JSON.stringify(env)} } });
    const wallMs = performance.now() - started;
    if (r.status !== ${status}) process.exit(1);
    const t = require('node:fs').readFileSync('/proc/self/stat', 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    process.stdout.write(JSON.stringify({ wallMs, cpuMs: (Number(f[13]) + Number(f[14])) * 10 }));
  `,
    ],
    { encoding: 'utf8', cwd: root },
  );
  if (wrapped.status !== 0) throw new Error(`${args.join(' ')} failed: ${wrapped.stderr}`);
  return JSON.parse(wrapped.stdout) as { wallMs: number; cpuMs: number };
}

async function startOnce(
  entry: string,
  name: string,
  env: Record<string, string>,
  profile: boolean,
): Promise<{ wallMs: number; cpuMs: number; server: ChildServer }> {
  const args = [...(profile && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), entry];
  const spawned = performance.now();
  const server = await startChildServer({ name, cwd: root, args, env, startTimeoutMs: 120_000 });
  for (;;) {
    const answer = await fetch(`${server.url}/ready`).catch(() => undefined);
    if (answer?.status === 200) break;
    await new Promise((done) => setTimeout(done, 5));
  }
  return { wallMs: performance.now() - spawned, cpuMs: cpuMs(server.pid), server };
}

async function backend(name: string, env: (dataDir: string) => Record<string, string>, populate: number): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-time-'));
  try {
    const first = await startOnce(entries[0]!, `${name} first`, env(dataDir), false);
    if (populate > 0) {
      const started = performance.now();
      const bodies = Array.from({ length: populate }, (_, i) =>
        JSON.stringify({
          service: `svc-${String(i).padStart(6, '0')}`,
          nodeId: `eu/prod/pool-${i % 50}/rack-${i % 1000}`,
          status: 'OPERATIONAL',
          message: null,
          criticality: 'high',
          tags: ['vm'],
        }),
      );
      await postEachOnce(first.server.url, '/api/v1/health/report', apiKey, bodies, 16);
      log(`${name}: ${populate} services created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await first.server.stop();
    log(`${name}: first start (migrations) ${first.wallMs.toFixed(0)} ms wall, ${first.cpuMs} ms CPU (load ${load()})`);
    const runs = new Map<string, Array<{ wallMs: number; cpuMs: number }>>(entries.map((entry) => [entry, []]));
    for (let i = 0; i < starts; i++) {
      for (const entry of entries) {
        const run = await startOnce(entry, `${name} restart ${i + 1}`, env(dataDir), true);
        const code = await run.server.stop();
        if (code !== 0) throw new Error(`${name} restart ${i + 1} exited ${code}:\n${run.server.output.slice(-10).join('\n')}`);
        runs.get(entry)!.push(run);
        log(`${name}: restart ${i + 1} of ${entry}: ${run.wallMs.toFixed(0)} ms wall, ${run.cpuMs} ms CPU (load ${load()})`);
      }
    }
    for (const [entry, list] of runs) {
      log(
        `${name}${populate > 0 ? ` with ${populate} services` : ''}: ${entry}: restart median ${median(list.map((r) => r.wallMs)).toFixed(0)} ms wall, ${median(list.map((r) => r.cpuMs))} ms CPU; CPU range ${Math.min(...list.map((r) => r.cpuMs))}-${Math.max(...list.map((r) => r.cpuMs))}`,
      );
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  log(
    `entries ${entries.join(', ')}; ${starts} rounds; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const floor = Array.from({ length: starts }, () => childCpu(['-e', '']));
  log(`node -e '': median ${median(floor.map((r) => r.cpuMs))} ms CPU`);
  for (const entry of entries) {
    // A bad setting makes main.js exit (2) right after every module is loaded: module load alone.
    const imports = Array.from({ length: starts }, () => childCpu([entry], { SVC_PORT: 'not-a-port' }, 2));
    log(
      `${entry} until the configuration is refused (module load only): median ${median(imports.map((r) => r.cpuMs))} ms CPU, ${median(imports.map((r) => r.wallMs)).toFixed(0)} ms wall`,
    );
  }
  const base = (dataDir: string) => benchServerEnv({ dataDir, apiKey, logLevel: 'info', jwtSecret: 'a'.repeat(64) });
  if (process.env['BENCH_SKIP_EMBEDDED'] !== '1') await backend('embedded', (dataDir) => base(dataDir), 0);
  const schema = await createSchema(databaseUrl, 'bench_start');
  try {
    await backend('postgresql', (dataDir) => ({ ...base(dataDir), SVC_DATABASE_URL: schema.url }), services);
  } finally {
    await schema.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
