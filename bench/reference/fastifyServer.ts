/**
 * The plain reference the bench compares against: the same two endpoints on Fastify 5 + `pg`,
 * written the ordinary way. Same API key rule (X-API-Key or Bearer, constant-time comparison), JSON
 * schema validation of the bodies (Fastify's built-in Ajv), and one statement per write:
 *
 * - POST /api/v1/health/report: ONE upsert per request (autocommit, pool of 10).
 * - POST /api/v1/operator/status: one UPDATE per service entry (only registered services change;
 *   unknown names are counted in `skipped`, SPEC.md) and one upsert per SLA group declaration, in
 *   one transaction.
 *
 * No rate limiter, no group commit, no in-memory state. Run as a child process by bench/ingest.ts:
 *   REF_DATABASE_URL=postgres://... REF_API_KEY=... [REF_HOST=127.0.0.1] [REF_PORT=0] node --import tsx bench/reference/fastifyServer.ts
 * Prints one JSON line `{"msg":"listening","url":...}` when ready; stops on SIGTERM.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'];
const name = { type: 'string', minLength: 1, maxLength: 253 } as const;
const optionalText = (max: number) => ({ type: ['string', 'null'], maxLength: max }) as const;
const optionalInt = { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000 } as const;

const healthReportSchema = {
  type: 'object',
  required: ['service', 'status'],
  properties: {
    service: { ...name, pattern: '^[^/]+$' },
    nodeId: optionalText(4096),
    status: { type: 'string', enum: STATUSES },
    message: optionalText(2048),
    criticality: optionalText(64),
    slaGroup: optionalText(253),
    serviceType: optionalText(64),
    tags: { type: ['array', 'null'], maxItems: 64, items: { type: 'string', maxLength: 128 } },
  },
} as const;

const statusSyncSchema = {
  type: 'object',
  required: ['nodeId'],
  properties: {
    nodeId: { type: 'string', minLength: 1, maxLength: 4096 },
    operatorVersion: optionalText(64),
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'status'],
        properties: {
          name: { ...name, pattern: '^[^/]+$' },
          externalId: optionalText(4096),
          namespace: optionalText(253),
          status: { type: 'string', enum: STATUSES },
          message: optionalText(2048),
          workloadType: optionalText(64),
          workloadName: optionalText(253),
          replicas: optionalInt,
          readyReplicas: optionalInt,
          availableReplicas: optionalInt,
          images: { type: ['array', 'null'], maxItems: 64, items: { type: 'string', maxLength: 512 } },
          slaGroup: optionalText(253),
        },
      },
    },
    slaGroups: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        properties: {
          name,
          displayName: optionalText(253),
          tier: optionalText(64),
          targets: { type: ['object', 'null'], properties: { uptime: { type: 'number', minimum: 0, maximum: 100 } } },
        },
      },
    },
  },
} as const;

interface HealthReport {
  service: string;
  nodeId?: string | null;
  status: string;
  message?: string | null;
  criticality?: string | null;
  slaGroup?: string | null;
  serviceType?: string | null;
  tags?: string[] | null;
}

interface SyncEntry {
  name: string;
  namespace?: string | null;
  status: string;
  message?: string | null;
  workloadType?: string | null;
  workloadName?: string | null;
  replicas?: number | null;
  readyReplicas?: number | null;
  availableReplicas?: number | null;
  images?: string[] | null;
  slaGroup?: string | null;
}

interface StatusSync {
  nodeId: string;
  operatorVersion?: string | null;
  services?: SyncEntry[];
  slaGroups?: Array<{ name: string; displayName?: string | null; tier?: string | null; targets?: { uptime?: number } | null }>;
}

const SCHEMA_SQL = `
  create table if not exists ref_services (
    node_path text not null,
    name text not null,
    status text not null,
    message text,
    criticality text,
    sla_group text,
    service_type text,
    tags jsonb not null default '[]',
    namespace text,
    workload_type text,
    workload_name text,
    replicas integer,
    ready_replicas integer,
    available_replicas integer,
    images jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (node_path, name)
  );
  create table if not exists ref_sla_groups (
    name text primary key, display_name text, tier text, targets jsonb, updated_at timestamptz not null default now()
  );`;

const UPSERT_HEALTH = `
  insert into ref_services (node_path, name, status, message, criticality, sla_group, service_type, tags)
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  on conflict (node_path, name) do update set status = excluded.status, message = excluded.message, updated_at = now()
  returning (xmax = 0) as created`;

const UPDATE_SYNCED = `
  update ref_services set status = $3, message = $4, namespace = $5, workload_type = $6, workload_name = $7,
    replicas = $8, ready_replicas = $9, available_replicas = $10, images = $11, sla_group = $12, updated_at = now()
  where node_path = $1 and name = $2`;

const UPSERT_GROUP = `
  insert into ref_sla_groups (name, display_name, tier, targets) values ($1, $2, $3, $4)
  on conflict (name) do update set display_name = excluded.display_name, tier = excluded.tier, targets = excluded.targets, updated_at = now()`;

async function main(): Promise<void> {
  const databaseUrl = process.env['REF_DATABASE_URL'];
  if (!databaseUrl) throw new Error('REF_DATABASE_URL is required');
  const apiKey = process.env['REF_API_KEY'] ?? '';
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(SCHEMA_SQL);

  const app = Fastify({ logger: false });
  const expected = createHash('sha256').update(apiKey).digest();
  app.addHook('onRequest', async (request, reply) => {
    if (apiKey === '') return;
    const header = request.headers['x-api-key'];
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const presented = typeof header === 'string' && header !== '' ? header : bearer;
    if (presented === undefined || !timingSafeEqual(createHash('sha256').update(presented).digest(), expected)) {
      return reply.code(401).send({ error: 'invalid API key' });
    }
  });

  app.post<{ Body: HealthReport }>(
    '/api/v1/health/report',
    { bodyLimit: 64 * 1024, schema: { body: healthReportSchema } },
    async (request) => {
      const b = request.body;
      const nodeId = b.nodeId || 'unknown';
      const { rows } = await pool.query<{ created: boolean }>(UPSERT_HEALTH, [
        nodeId,
        b.service,
        b.status,
        b.message ?? null,
        b.criticality ?? null,
        b.slaGroup ?? null,
        b.serviceType ?? null,
        JSON.stringify(b.tags ?? []),
      ]);
      return { success: true, created: rows[0]?.created ?? false, serviceName: b.service, nodeId, status: b.status };
    },
  );

  app.post<{ Body: StatusSync }>(
    '/api/v1/operator/status',
    { bodyLimit: 2 * 1024 * 1024, schema: { body: statusSyncSchema } },
    async (request) => {
      const b = request.body;
      const client = await pool.connect();
      let updated = 0;
      let skipped = 0;
      try {
        await client.query('begin');
        for (const s of b.services ?? []) {
          const result = await client.query(UPDATE_SYNCED, [
            b.nodeId,
            s.name,
            s.status,
            s.message ?? null,
            s.namespace ?? null,
            s.workloadType ?? null,
            s.workloadName ?? null,
            s.replicas ?? null,
            s.readyReplicas ?? null,
            s.availableReplicas ?? null,
            JSON.stringify(s.images ?? []),
            s.slaGroup ?? null,
          ]);
          if (result.rowCount === 1) updated += 1;
          else skipped += 1;
        }
        for (const g of b.slaGroups ?? []) {
          await client.query(UPSERT_GROUP, [g.name, g.displayName ?? null, g.tier ?? null, g.targets ? JSON.stringify(g.targets) : null]);
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      return { success: true, updated, skipped };
    },
  );

  const host = process.env['REF_HOST'] ?? '127.0.0.1';
  await app.listen({ host, port: Number(process.env['REF_PORT'] ?? 0) });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ level: 'info', msg: 'listening', url: `http://${host}:${port}` })}\n`);

  const stop = () => {
    app
      .close()
      .then(() => pool.end())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`reference server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
