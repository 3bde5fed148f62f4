import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createMemoryLogger } from '../src/log/logger.js';
import { parseJsonObject } from '../src/protocol/fields.js';
import { parseHealthReport } from '../src/protocol/machineBodies.js';
import { ingestHealthReport } from '../src/ingest/healthReport.js';
import { healthBodies } from './cases/healthPush.js';
import { createSchema } from './lib/postgresSchema.js';
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'micro');
const config = loadConfig({ SVC_ENV: 'production', SVC_HOST: '127.0.0.1', SVC_PORT: '0', SVC_SECURITY_OPERATOR_API_KEY: 'k'.repeat(20), SVC_JWT_SECRET: 'x'.repeat(40), SVC_DATABASE_URL: schema.url, SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'micro-')) });
const server = await startServer(config, { logger: createMemoryLogger(), version: '0' });
const bodies = healthBodies(2000);
const cmd = server.app.serviceCommands;
for (const b of bodies.seed) await cmd.reportHealth(parseHealthReport(parseJsonObject(Buffer.from(b))).value);
const parsed = bodies.load.map((b) => parseHealthReport(parseJsonObject(Buffer.from(b))).value);
let t = Date.now();
const c0 = process.cpuUsage();
let n = 0;
for (let round = 0; round < 60; round++) {
  for (let i = 0; i < 2000; i++) { ingestHealthReport(server.fleet, parsed[n % parsed.length]!, t + n); n++; }
  await server.writer.committed();
}
const c = process.cpuUsage(c0);
console.log(`per push incl. commit share: ${((c.user + c.system) / n).toFixed(2)} µs`);
await server.close();
await schema.drop();
