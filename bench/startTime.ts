/**
 * Start time on an empty database, in CPU as well as wall time (a shared machine's wall time says
 * little): `tsx bench/startTime.ts [entry]` (entry default `dist/src/main.js`; `npm run build` first).
 *
 * For each backend (embedded, and PostgreSQL when BENCH_DATABASE_URL is set or the default answers):
 * one first start on a fresh store (migrations run), then BENCH_STARTS restarts on that store (default
 * 5); each the time from spawn until `/ready` answers 200 and the starting process's CPU time (all
 * threads, /proc/<pid>/stat) by then. Also the floor: `node -e ''` and importing the entry's app.js
 * without starting (module load alone). BENCH_CPU_PROF=<dir> adds `--cpu-prof` profiles of the restarts.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { createSchema, DEFAULT_DATABASE_URL } from './lib/postgresSchema.js';
import { benchServerEnv } from './lib/serverEnv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = resolve(root, process.argv[2] ?? 'dist/src/main.js');
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
  const wrapped = spawnSync(process.execPath, ['-e', `
    const { spawnSync } = require('node:child_process');
    const started = performance.now();
    const r = spawnSync(process.execPath, ${JSON.stringify(args)}, { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, ...${JSON.stringify(env)} } });
    const wallMs = performance.now() - started;
    if (r.status !== ${status}) process.exit(1);
    const t = require('node:fs').readFileSync('/proc/self/stat', 'utf8');
    const f = t.slice(t.lastIndexOf(')') + 2).split(' ');
    process.stdout.write(JSON.stringify({ wallMs, cpuMs: (Number(f[13]) + Number(f[14])) * 10 }));
  `], { encoding: 'utf8', cwd: root });
  if (wrapped.status !== 0) throw new Error(`${args.join(' ')} failed: ${wrapped.stderr}`);
  return JSON.parse(wrapped.stdout) as { wallMs: number; cpuMs: number };
}

async function startOnce(name: string, env: Record<string, string>, profile: boolean): Promise<{ wallMs: number; cpuMs: number; server: ChildServer }> {
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

async function backend(name: string, env: (dataDir: string) => Record<string, string>): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-start-time-'));
  try {
    const first = await startOnce(`${name} first`, env(dataDir), false);
    await first.server.stop();
    log(`${name}: first start (migrations) ${first.wallMs.toFixed(0)} ms wall, ${first.cpuMs} ms CPU (load ${load()})`);
    const runs: Array<{ wallMs: number; cpuMs: number }> = [];
    for (let i = 0; i < starts; i++) {
      const run = await startOnce(`${name} restart ${i + 1}`, env(dataDir), true);
      const code = await run.server.stop();
      if (code !== 0) throw new Error(`${name} restart ${i + 1} exited ${code}:\n${run.server.output.slice(-10).join('\n')}`);
      runs.push(run);
      log(`${name}: restart ${i + 1}: ${run.wallMs.toFixed(0)} ms wall, ${run.cpuMs} ms CPU (load ${load()})`);
    }
    log(`${name}: restart median ${median(runs.map((r) => r.wallMs)).toFixed(0)} ms wall, ${median(runs.map((r) => r.cpuMs))} ms CPU; CPU range ${Math.min(...runs.map((r) => r.cpuMs))}-${Math.max(...runs.map((r) => r.cpuMs))}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  log(`entry ${entry}; ${starts} restarts per backend; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const floor = Array.from({ length: starts }, () => childCpu(['-e', '']));
  log(`node -e '': median ${median(floor.map((r) => r.cpuMs))} ms CPU`);
  // A bad setting makes main.js exit (2) right after every module is loaded: module load alone.
  const imports = Array.from({ length: starts }, () => childCpu([entry], { SVC_PORT: 'not-a-port' }, 2));
  log(`load main.js until the configuration is refused (module load only): median ${median(imports.map((r) => r.cpuMs))} ms CPU, ${median(imports.map((r) => r.wallMs)).toFixed(0)} ms wall`);
  const base = (dataDir: string) => benchServerEnv({ dataDir, apiKey: 'start-time-key-0123456789abcdef', logLevel: 'info', jwtSecret: 'a'.repeat(64) });
  await backend('embedded', (dataDir) => base(dataDir));
  const schema = await createSchema(databaseUrl, 'bench_start');
  try {
    await backend('postgresql', (dataDir) => ({ ...base(dataDir), SVC_DATABASE_URL: schema.url }));
  } finally {
    await schema.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
