/**
 * Open tickets seeded straight into the core's tables with COPY (seconds for 100,000, where the
 * API would take minutes): rows cloned from tickets this server created itself, so the snapshot
 * column has exactly the shape the core's hydration reads (migration 0015: `tickets.snapshot` =
 * `{ state, data }`, the columns lists filter on, `status_category` for the open-tickets read),
 * whatever the core's TicketData holds by then. Each clone gets its own id, number and title (in
 * the columns and in the snapshot), a first status-history row like a created ticket's, and the
 * number sequences move past the numbers taken, so the server would continue after them.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const TICKET_COLUMNS = [
  'id',
  'number',
  'type',
  'title',
  'status',
  'status_category',
  'workflow_name',
  'priority',
  'impact',
  'urgency',
  'service_id',
  'catalog_item_name',
  'requester_id',
  'assignee_id',
  'group_id',
  'response_due_at',
  'resolution_due_at',
  'created_at',
  'updated_at',
  'deleted_at',
  'snapshot',
] as const;

/** COPY's text format: `\N` for null, backslash escapes for the separators. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

export interface SeedResult {
  readonly seeded: number;
  readonly seconds: number;
  /** Open tickets in the table afterwards. */
  readonly openTickets: number;
}

/**
 * Adds `count` open tickets cloned from the open tickets already in the table (round robin).
 * `databaseUrl` carries the schema (search_path), as the server's does.
 */
export async function seedOpenTickets(databaseUrl: string, count: number): Promise<SeedResult> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: templates } = await client.query<Record<string, any>>(
      `select * from tickets where status_category <> 'CLOSED' and deleted_at is null order by created_at limit 1000`,
    );
    if (templates.length === 0) throw new Error('no open ticket to clone: create some through the API first');
    const { rows: sequences } = await client.query<{ prefix: string; last_value: number }>(
      'select prefix, last_value from ticket_number_sequences',
    );
    const last = new Map(sequences.map((s) => [s.prefix, Number(s.last_value)]));

    const history: string[] = [];
    function* ticketLines(): Generator<string> {
      for (let k = 0; k < count; k += 1) {
        const template = templates[k % templates.length]!;
        const prefix = String(template['number']).split('-')[0]!;
        const sequence = (last.get(prefix) ?? 0) + 1;
        last.set(prefix, sequence);
        const id = randomUUID();
        const number = `${prefix}-${String(sequence).padStart(6, '0')}`;
        const title = `${String(template['title']).replace(/ \(#\d+\)$/, '')} (seeded #${k})`;
        const stored = template['snapshot'] as { state: string; data: Record<string, unknown> };
        const snapshot = { ...stored, data: { ...stored.data, id, number, title } };
        const row: Record<string, unknown> = { ...template, id, number, title, snapshot };
        history.push(
          [randomUUID(), id, '\\N', field(template['status']), '\\N', field(template['requester_id']), field(template['created_at'])].join(
            '\t',
          ),
        );
        yield `${TICKET_COLUMNS.map((c) => field(row[c])).join('\t')}\n`;
      }
    }
    await client.query('begin');
    await pipeline(Readable.from(ticketLines()), client.query(copyFrom(`copy tickets (${TICKET_COLUMNS.join(', ')}) from stdin`)));
    await pipeline(
      Readable.from(history.map((line) => `${line}\n`)),
      client.query(copyFrom('copy ticket_status_history (id, ticket_id, from_status, to_status, transition, actor_id, at) from stdin')),
    );
    for (const [prefix, value] of last) {
      await client.query(
        'insert into ticket_number_sequences (prefix, last_value) values ($1, $2) on conflict (prefix) do update set last_value = excluded.last_value',
        [prefix, value],
      );
    }
    await client.query('commit');
    await client.query('analyze tickets');
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from tickets where status_category <> 'CLOSED'`);
    return { seeded: count, seconds: (performance.now() - started) / 1000, openTickets: Number(rows[0]!.n) };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Ids of the tickets in the table, oldest first (for the one-change-each round). */
export async function ticketIds(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>('select id from tickets order by created_at, number');
    return rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

/** Rows of a table (checks: one ticket row per 2xx createTicket answer). */
export async function countRows(databaseUrl: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}
