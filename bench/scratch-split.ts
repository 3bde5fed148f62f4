// scratch: user/system CPU per push, per thread (not committed)
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthBodies } from './cases/healthPush.js';
import { startChildServer } from './lib/childServer.js';
import { postAll } from './lib/httpCalls.js';
import { runLoad } from './lib/loadRun.js';
import { createSchema } from './lib/postgresSchema.js';
import { benchServerEnv } from './lib/serverEnv.js';
const ticks = (pid: number) => {
  const out: Record<string, [number, number]> = {};
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
    const name = readFileSync(`/proc/${pid}/task/${t}/comm`, 'utf8').trim();
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const prev = out[name] ?? [0, 0];
    out[name] = [prev[0] + Number(f[11]), prev[1] + Number(f[12])];
  }
  return out;
};
const key = 'bench-key-0123456789';
const floor = process.env.FLOOR === '1';
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'prof');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-prof-'));
const server = floor
  ? await startChildServer({ name: 'floor', cwd: process.cwd(), args: ['--import', 'tsx', 'bench/reference/uwsFloor.ts'], env: {} })
  : await startChildServer({ name: 'svc', cwd: process.cwd(), args: process.env.BUILT === '1' ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'], env: benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey: key, logLevel: 'info' }) });
const bodies = healthBodies(2000);
await postAll(server.url, '/api/v1/health/report', key, bodies.seed, 16);
const common = { url: server.url, path: '/api/v1/health/report', headers: { 'x-api-key': key }, bodies: bodies.load, connections: 32, pid: server.pid };
await runLoad({ ...common, durationSeconds: 3 });
const before = ticks(server.pid);
const r = await runLoad({ ...common, durationSeconds: Number(process.env.DUR ?? 6) });
const after = ticks(server.pid);
console.log(`req/s ${r.reqPerSec.toFixed(0)} server µs/req ${r.serverCpuUsPerReq.toFixed(1)} pg µs/req ${r.databaseCpuUsPerReq.toFixed(1)} p99 ${r.p99Ms.toFixed(1)}`);
for (const name of Object.keys(after)) {
  const u = (after[name]![0] - (before[name]?.[0] ?? 0)) * 10000 / r.ok, s = (after[name]![1] - (before[name]?.[1] ?? 0)) * 10000 / r.ok;
  if (u + s > 0.5) console.log(`  ${name.padEnd(16)} user ${u.toFixed(1)} µs  sys ${s.toFixed(1)} µs`);
}
await server.stop();
await schema.drop();
