/** Reads the committed state at start into the actors and stores (origin `hydrate`: nothing is written back). */
import type { Knex } from 'knex';
import { FINISHED_COMMAND_MEMORY_MS } from '../domain/agentCommand.js';
import type { Fleet } from '../fleet/fleet.js';
import { rowToAgentCommand } from './agentCommandRows.js';
import type { ServiceRecord } from '../domain/service.js';
import { readCopyBinary } from '../../platform/persistence/copyBinary.js';
import type { DatabaseKind } from '../../platform/persistence/database.js';
import { copyRowToService, rowToService, serviceCopyMemos } from './serviceRows.js';
import { rowToAgent, rowToNode, rowToSlaGroup } from './fleetRows.js';
import { servicesTable } from './tables.js';

type DbRow = Record<string, unknown>;

/** Byte order of (name, node path): the services_list_order index (core/3), the list order wherever names are ASCII. */
const LIST_ORDER = 'order by name collate "C", node_path collate "C"';

/**
 * Services at start, for 100,000 of them in well under a second: timestamps come as epoch
 * milliseconds (a number, not a Date the driver parses from text: that was a third of the read), and
 * rows in byte order of (name, node path), which is the list order wherever names are ASCII, so the
 * registry's sort finds them (nearly) sorted.
 */
export const SERVICES_AT_START = `select ${servicesTable.columns
  .map((c) => (c.type === 'timestamptz' ? `floor(extract(epoch from "${c.name}") * 1000)::float8 as "${c.name}"` : `"${c.name}"`))
  .join(', ')} from services ${LIST_ORDER}`;

/**
 * `SERVICES_AT_START` for the binary COPY read (copyBinary.ts): the columns as stored (timestamps, uuids and integers
 * in their binary form, converted by the reader), in the same order.
 */
export const SERVICES_COPIED_AT_START = `select ${servicesTable.columns.map((c) => `"${c.name}"`).join(', ')} from services ${LIST_ORDER}`;

/**
 * Every service, in list order. On PostgreSQL as a binary COPY stream (copyBinary.ts): for 100,000 services
 * the driver's row objects were most of the start time. The embedded PGlite has no COPY stream behind
 * its knex dialect (and an embedded store holds fewer services): it reads rows.
 */
function readServices(knex: Knex, kind: DatabaseKind): Promise<ServiceRecord[]> {
  return kind === 'postgres' ? readServicesByCopy(knex) : readServicesByRows(knex);
}

/** Every service through COPY (PostgreSQL only). */
export async function readServicesByCopy(knex: Knex): Promise<ServiceRecord[]> {
  const services: ServiceRecord[] = [];
  const memos = serviceCopyMemos();
  // In the order of the services_list_order index (core/3): streamed from the first row, not sorted first.
  await readCopyBinary(knex, SERVICES_COPIED_AT_START, (row) => services.push(copyRowToService(row, memos)), {
    streamFromFirstRow: true,
  });
  return services;
}

/** Every service through the driver's rows (either database). */
export async function readServicesByRows(knex: Knex): Promise<ServiceRecord[]> {
  const result: { rows?: DbRow[] } | DbRow[] = await knex.raw(SERVICES_AT_START);
  return (Array.isArray(result) ? result : (result.rows ?? [])).map(rowToService);
}

export async function hydrate(
  knex: Knex,
  kind: DatabaseKind,
  fleet: Fleet,
  now: number,
): Promise<{ nodes: number; services: number; agents: number }> {
  const nodes: DbRow[] = await knex('nodes').select('*').orderBy('depth');
  for (const n of nodes) fleet.nodes.load(rowToNode(n));
  const services = await readServices(knex, kind);
  fleet.services.hydrate(services);

  const agents: DbRow[] = await knex('agents').select('*');
  for (const a of agents) fleet.agents.loadAgent(rowToAgent(a));
  const commands: DbRow[] = await knex('agent_commands')
    .whereNull('completed_at')
    .orWhere('completed_at', '>', new Date(now - FINISHED_COMMAND_MEMORY_MS).toISOString())
    .select('*');
  // Open commands, and closed ones recent enough that an agent may still repeat its result.
  for (const c of commands) fleet.agents.loadCommand(rowToAgentCommand(c));
  const groups: DbRow[] = await knex('sla_groups').select('*');
  for (const g of groups) fleet.slaGroups.load(rowToSlaGroup(g));
  return { nodes: nodes.length, services: services.length, agents: agents.length };
}
