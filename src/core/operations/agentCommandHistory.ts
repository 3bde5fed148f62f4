/**
 * Agent commands read from the database, newest first: the whole history, where memory holds only
 * open and recently closed commands. Statuses are read as they stand at `now` (an open command past
 * its deadline is expired even before the sweep has recorded it), in the filter and in the rows.
 */
import type { Knex } from 'knex';
import { commandAt, type AgentCommand, type AgentCommandStatus } from '../domain/agentCommand.js';
import type { Page } from '../../platform/graphql/pagination.js';
import { rowToAgentCommand } from '../storage/agentCommandRows.js';

export interface AgentCommandFilter {
  readonly nodeId: string | null;
  readonly status: AgentCommandStatus | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Command ids are UUIDs; anything else names no command (and PostgreSQL would refuse the comparison). */
export function isCommandId(id: string): boolean {
  return UUID.test(id);
}

function filtered(knex: Knex, filter: AgentCommandFilter, now: number): Knex.QueryBuilder {
  const query = knex('agent_commands');
  if (filter.nodeId !== null) query.where('node_id', filter.nodeId);
  const at = new Date(now).toISOString();
  switch (filter.status) {
    case null:
      break;
    case 'queued':
    case 'delivered':
      query.where('status', filter.status).where('expires_at', '>', at);
      break;
    case 'expired':
      query.where((q) =>
        q.where('status', 'expired').orWhere((open) => open.whereIn('status', ['queued', 'delivered']).where('expires_at', '<=', at)),
      );
      break;
    default:
      query.where('status', filter.status);
  }
  return query;
}

export async function readAgentCommands(knex: Knex, filter: AgentCommandFilter, page: Page, now: number): Promise<AgentCommand[]> {
  const rows: Record<string, unknown>[] = await filtered(knex, filter, now)
    .select('*')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => commandAt(rowToAgentCommand(row), now));
}

export async function countAgentCommands(knex: Knex, filter: AgentCommandFilter, now: number): Promise<number> {
  const [row] = await filtered(knex, filter, now).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

export async function readAgentCommand(knex: Knex, id: string): Promise<AgentCommand | null> {
  if (!isCommandId(id)) return null;
  const row: Record<string, unknown> | undefined = await knex('agent_commands').where('id', id.toLowerCase()).first();
  return row ? rowToAgentCommand(row) : null;
}
