// scratch: in-process cost of the health push below HTTP (not committed)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createMemoryLogger } from '../src/log/logger.js';
import { parseJsonObject } from '../src/protocol/fields.js';
import { parseHealthReport } from '../src/protocol/machineBodies.js';
import { healthBodies } from './cases/healthPush.js';
import { createSchema } from './lib/postgresSchema.js';
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'inproc');
const config = loadConfig({ SVC_ENV: 'production', SVC_HOST: '127.0.0.1', SVC_PORT: '0', SVC_SECURITY_OPERATOR_API_KEY: 'k'.repeat(20), SVC_JWT_SECRET: 'x'.repeat(40), SVC_DATABASE_URL: schema.url, SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'inproc-')) });
const server = await startServer(config, { logger: createMemoryLogger(), version: '0' });
const bodies = healthBodies(2000);
const cmd = server.app.serviceCommands;
const push = (b: string) => cmd.reportHealth(parseHealthReport(parseJsonObject(Buffer.from(b))).value);
for (const b of bodies.seed) await push(b);
const run = async (n: number, inflight: number) => {
  let next = 0;
  const c0 = process.cpuUsage(); const t0 = performance.now();
  await Promise.all(Array.from({ length: inflight }, async () => { while (next < n) await push(bodies.load[next++ % bodies.load.length]!); }));
  const c = process.cpuUsage(c0);
  return { perPushUs: (c.user + c.system) / n, userUs: c.user / n, sysUs: c.system / n, rate: n / ((performance.now() - t0) / 1000) };
};
await run(20000, 32);
for (let i = 0; i < 3; i++) console.log(await run(40000, Number(process.env.INFLIGHT ?? 32)));
await server.close();
await schema.drop();
