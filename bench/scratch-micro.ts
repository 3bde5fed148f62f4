// scratch: isolated costs on the push path (not committed)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createMemoryLogger } from '../src/log/logger.js';
import { parseJsonObject } from '../src/protocol/fields.js';
import { parseHealthReport } from '../src/protocol/machineBodies.js';
import { ingestHealthReport } from '../src/ingest/healthReport.js';
import { serviceToRow, intervalRow } from '../src/persistence/serviceRows.js';
import { healthBodies } from './cases/healthPush.js';
import { createSchema } from './lib/postgresSchema.js';
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'micro');
const config = loadConfig({ SVC_ENV: 'production', SVC_HOST: '127.0.0.1', SVC_PORT: '0', SVC_SECURITY_OPERATOR_API_KEY: 'k'.repeat(20), SVC_JWT_SECRET: 'x'.repeat(40), SVC_DATABASE_URL: schema.url, SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'micro-')) });
const server = await startServer(config, { logger: createMemoryLogger(), version: '0' });
const bodies = healthBodies(2000);
const buffers = bodies.load.map((b) => Buffer.from(b));
const cmd = server.app.serviceCommands;
for (const b of bodies.seed) await cmd.reportHealth(parseHealthReport(parseJsonObject(Buffer.from(b))).value);
const time = (label: string, n: number, f: (i: number) => void) => {
  for (let i = 0; i < 2000; i++) f(i);
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) f(i);
  const c = process.cpuUsage(c0);
  console.log(`${label.padEnd(40)} ${((c.user + c.system) / n).toFixed(2)} µs`);
};
const parsed = buffers.map((b) => parseHealthReport(parseJsonObject(b)).value);
for (let k = 0; k < 2; k++) {
time('parse + validate body', 20000, (i) => parseHealthReport(parseJsonObject(buffers[i % buffers.length]!)));
// staged, no commit within the loop
let t = Date.now();
time('ingest (find, step, effects, stage)', 4000, (i) => ingestHealthReport(server.fleet, parsed[i % parsed.length]!, t + i));
await server.writer.flush();
const rec = server.fleet.services.all().next().value!;
time('serviceToRow', 20000, () => serviceToRow(rec));
time('intervalRow x2', 20000, () => { intervalRow(rec.id, 1, rec.status, rec.statusMessage, rec.statusSince, rec.statusSince); intervalRow(rec.id, 2, rec.status, rec.statusMessage, rec.statusSince, null); });
const rows = Array.from({ length: 32 }, () => serviceToRow(rec));
time('JSON.stringify 32 service rows (/32)', 2000, () => JSON.stringify(rows));
}
await server.close();
await schema.drop();
