/**
 * The plain reference of the ticket bench: ticket creation on Fastify 5 + `pg`, written the
 * ordinary way. POST /api/v1/tickets with the same input as `createTicket` (title, description,
 * type, impact, urgency), checked by a JSON schema (Fastify's built-in Ajv); the caller's bearer
 * token verified as this server verifies its access tokens (`jose`, HS256, the shared secret, issuer,
 * type and claims; the bench issues it with the product's token service); the priority from the same impact x urgency matrix and the due dates from the same
 * targets (in JS, on a 24/7 calendar like the product's default); the number from a sequence per
 * prefix, all in ONE INSERT per ticket (autocommit, pool of 10) that answers the row:
 *
 *   insert into ref_tickets (...) values (..., $prefix || '-' || lpad(nextval(<prefix seq>)::text, 6, '0')) returning ...
 *
 * No actors, no history row, no events, no group commit. Run as a child process by bench/tickets.ts:
 *   REF_DATABASE_URL=postgres://... REF_JWT_SECRET=<hex> [REF_HOST=127.0.0.1] [REF_PORT=0] node --import tsx bench/reference/ticketFastifyServer.ts
 * Prints one JSON line `{"msg":"listening","url":...}` when ready; stops on SIGTERM.
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { TOKEN_ISSUER } from '../../src/core/auth/tokens.js';

const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
const TYPES = { INCIDENT: 'inc', SERVICE_REQUEST: 'req', PROBLEM: 'prb', CHANGE: 'chg' } as const;
type TicketType = keyof typeof TYPES;
type Severity = (typeof SEVERITIES)[number];

/** The product's default matrix (rank sum: 8-7 P1, 6-5 P2, 4 P3, 3 P4, 2 P5) and targets in minutes. */
function priorityOf(impact: Severity, urgency: Severity): 'P1' | 'P2' | 'P3' | 'P4' | 'P5' {
  const sum = SEVERITIES.indexOf(impact) + SEVERITIES.indexOf(urgency) + 2;
  return sum >= 7 ? 'P1' : sum >= 5 ? 'P2' : sum === 4 ? 'P3' : sum === 3 ? 'P4' : 'P5';
}
const TARGETS = { P1: [15, 240], P2: [30, 480], P3: [120, 1440], P4: [480, 4320], P5: [2880, 14400] } as const;

const createTicketSchema = {
  type: 'object',
  required: ['title', 'type', 'impact', 'urgency'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: ['string', 'null'], maxLength: 20_000 },
    type: { type: 'string', enum: Object.keys(TYPES) },
    impact: { type: 'string', enum: SEVERITIES },
    urgency: { type: 'string', enum: SEVERITIES },
  },
} as const;

const SCHEMA_SQL = `
  create table if not exists ref_tickets (
    id uuid primary key,
    number text not null unique,
    type text not null,
    title text not null,
    description text,
    status text not null,
    priority text not null,
    impact text not null,
    urgency text not null,
    requester_id uuid not null,
    response_due_at timestamptz not null,
    resolution_due_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  ${Object.values(TYPES)
    .map((p) => `create sequence if not exists ref_ticket_${p}_seq;`)
    .join('\n')}`;

const insertFor = (prefix: string) => `
  insert into ref_tickets (id, number, type, title, description, status, priority, impact, urgency, requester_id, response_due_at, resolution_due_at)
  values ($1, '${prefix.toUpperCase()}-' || lpad(nextval('ref_ticket_${prefix}_seq')::text, 6, '0'), $2, $3, $4, 'NEW', $5, $6, $7, $8, $9, $10)
  returning id, number, status, priority, response_due_at, resolution_due_at, created_at`;
const INSERTS = Object.fromEntries(Object.entries(TYPES).map(([type, prefix]) => [type, insertFor(prefix)])) as Record<TicketType, string>;

interface CreateTicketBody {
  title: string;
  description?: string | null;
  type: TicketType;
  impact: Severity;
  urgency: Severity;
}

async function main(): Promise<void> {
  const databaseUrl = process.env['REF_DATABASE_URL'];
  if (!databaseUrl) throw new Error('REF_DATABASE_URL is required');
  const secret = Buffer.from(process.env['REF_JWT_SECRET'] ?? '', 'utf8');
  if (secret.length === 0) throw new Error("REF_JWT_SECRET is required (the product server's SVC_JWT_SECRET)");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(SCHEMA_SQL);

  const app = Fastify({ logger: false });
  app.decorateRequest('userId', '');
  app.addHook('onRequest', async (request, reply) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (bearer === undefined) return reply.code(401).send({ error: 'sign in first' });
    try {
      const { payload } = await jwtVerify(bearer, secret, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        typ: 'at+jwt',
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      });
      (request as unknown as { userId: string }).userId = String(payload.sub);
    } catch {
      return reply.code(401).send({ error: 'invalid or expired token' });
    }
  });

  app.post<{ Body: CreateTicketBody }>(
    '/api/v1/tickets',
    { bodyLimit: 64 * 1024, schema: { body: createTicketSchema } },
    async (request, reply) => {
      const b = request.body;
      const priority = priorityOf(b.impact, b.urgency);
      const [responseMinutes, resolutionMinutes] = TARGETS[priority];
      const now = Date.now();
      const { rows } = await pool.query(INSERTS[b.type], [
        randomUUID(),
        b.type,
        b.title,
        b.description ?? null,
        priority,
        b.impact,
        b.urgency,
        (request as unknown as { userId: string }).userId,
        new Date(now + responseMinutes * 60_000),
        new Date(now + resolutionMinutes * 60_000),
      ]);
      const row = rows[0]!;
      return reply.code(201).send({
        id: row.id,
        number: row.number,
        status: row.status,
        priority: row.priority,
        responseDueAt: row.response_due_at.toISOString(),
        resolutionDueAt: row.resolution_due_at.toISOString(),
        minutesUntilDue: responseMinutes,
      });
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
  process.stderr.write(`ticket reference server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
