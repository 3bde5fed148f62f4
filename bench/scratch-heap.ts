// scratch: heap per service in-process (not committed)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { createMemoryLogger } from '../src/log/logger.js';
import { parseJsonObject } from '../src/protocol/fields.js';
import { parseHealthReport } from '../src/protocol/machineBodies.js';
import { createSchema } from './lib/postgresSchema.js';
const N = Number(process.env.N ?? 50000);
const schema = await createSchema('postgres://postgres@127.0.0.1:5432/test', 'heap');
const config = loadConfig({ SVC_ENV: 'production', SVC_HOST: '127.0.0.1', SVC_PORT: '0', SVC_SECURITY_OPERATOR_API_KEY: 'k'.repeat(20), SVC_JWT_SECRET: 'x'.repeat(40), SVC_DATABASE_URL: schema.url, SVC_DATA_DIR: mkdtempSync(join(tmpdir(), 'heap-')) });
const server = await startServer(config, { logger: createMemoryLogger(), version: '0' });
const gc = () => { (globalThis as any).gc(); (globalThis as any).gc(); };
const body = (i: number, status: string) => Buffer.from(JSON.stringify({ service: `svc-${String(i).padStart(6, '0')}`, nodeId: `eu/prod/pool-${i % 50}/rack-${i % 1000}`, status, message: status === 'OPERATIONAL' ? null : 'slow', criticality: 'high', tags: ['vm'] }));
gc(); const h0 = process.memoryUsage().heapUsed;
for (let i = 0; i < N; i += 500) { const ps = []; for (let j = i; j < Math.min(N, i + 500); j++) ps.push(server.app.serviceCommands.reportHealth(parseHealthReport(parseJsonObject(body(j, 'OPERATIONAL'))).value)); await Promise.all(ps); }
gc(); const h1 = process.memoryUsage().heapUsed;
for (let i = 0; i < N; i += 500) { const ps = []; for (let j = i; j < Math.min(N, i + 500); j++) ps.push(server.app.serviceCommands.reportHealth(parseHealthReport(parseJsonObject(body(j, 'DEGRADED'))).value)); await Promise.all(ps); }
gc(); const h2 = process.memoryUsage().heapUsed;
console.log(`created ${((h1 - h0) / N).toFixed(0)} B/service; after a change ${((h2 - h0) / N).toFixed(0)} B/service`);
const v8 = await import('node:v8');
if (process.env.SNAP) { v8.writeHeapSnapshot('/work/scratch/heap.heapsnapshot'); console.log('snapshot written'); }
await server.close();
await schema.drop();
