// scratch: profile a health push at saturation (not committed)
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { healthBodies } from './cases/healthPush.js';
import { startChildServer } from './lib/childServer.js';
import { postAll } from './lib/httpCalls.js';
import { runLoad } from './lib/loadRun.js';
import { createSchema } from './lib/postgresSchema.js';
import { benchServerEnv } from './lib/serverEnv.js';

const profDir = process.env.PROF_DIR ?? mkdtempSync(join(tmpdir(), 'prof-'));
const key = 'bench-key-0123456789';
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'prof');
const dataDir = mkdtempSync(join(tmpdir(), 'svc-prof-'));
const args = process.env.PROFILE === '0' ? ['dist/src/main.js'] : ['--cpu-prof', '--cpu-prof-dir', profDir, 'dist/src/main.js'];
const server = await startChildServer({ name: 'svc', cwd: process.cwd(), args, env: benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey: key, logLevel: 'info' }) });
const bodies = healthBodies(2000);
await postAll(server.url, '/api/v1/health/report', key, bodies.seed, 16);
const common = { url: server.url, path: '/api/v1/health/report', headers: { 'x-api-key': key }, bodies: bodies.load, connections: 32, pid: server.pid };
await runLoad({ ...common, durationSeconds: 3 });
const r = await runLoad({ ...common, durationSeconds: Number(process.env.DUR ?? 8) });
console.log(`req/s ${r.reqPerSec.toFixed(0)} server µs/req ${r.serverCpuUsPerReq.toFixed(1)} pg µs/req ${r.databaseCpuUsPerReq.toFixed(1)} p99 ${r.p99Ms.toFixed(1)}`);
await server.stop();
await schema.drop();
if (process.env.PROFILE !== '0') {
  const file = readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(profDir, f)).sort().pop()!;
  console.log('profile', file);
}
