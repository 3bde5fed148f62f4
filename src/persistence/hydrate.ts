/** Reads the committed state at start into the actors and stores (origin `hydrate`: nothing is written back). */
import type { Knex } from 'knex';
import type { AgentCommand, AgentCommandType, AgentCommandStatus } from '../actors/agentRegistry.js';
import type { Fleet } from '../actors/fleet.js';
import { rowToService } from './serviceRows.js';
import { epoch, jsonColumn, numberOrNull as num, textOrNull as str } from './tables.js';

type DbRow = Record<string, unknown>;

/** Finished commands stay known this long after a restart, so an agent's repeated result is answered as already recorded. */
export const FINISHED_COMMAND_MEMORY_MS = 86_400_000;

export async function hydrate(knex: Knex, fleet: Fleet, now: number): Promise<{ nodes: number; services: number; agents: number }> {
  const nodes: DbRow[] = await knex('nodes').select('*').orderBy('depth');
  for (const n of nodes) {
    fleet.nodes.load({ path: String(n['path']), parentPath: str(n['parent_path']), name: String(n['name']), depth: Number(n['depth']), createdAt: epoch(n['created_at'])! });
  }
  const services: DbRow[] = await knex('services').select('*');
  fleet.services.hydrate(services.map(rowToService));

  const agents: DbRow[] = await knex('agents').select('*');
  for (const a of agents) {
    fleet.agents.loadAgent({
      nodeId: String(a['node_id']),
      version: str(a['version']),
      operatorVersion: str(a['operator_version']),
      watchedServices: num(a['watched_services']),
      healthyServices: num(a['healthy_services']),
      unhealthyServices: num(a['unhealthy_services']),
      lastHeartbeatAt: epoch(a['last_heartbeat_at']),
      lastStatusSyncAt: epoch(a['last_status_sync_at']),
      createdAt: epoch(a['created_at'])!,
    });
  }
  const commands: DbRow[] = await knex('agent_commands')
    .whereNull('completed_at')
    .orWhere('completed_at', '>', new Date(now - FINISHED_COMMAND_MEMORY_MS).toISOString())
    .select('*');
  for (const c of commands) {
    const command: AgentCommand = {
      id: String(c['id']),
      nodeId: String(c['node_id']),
      type: String(c['type']) as AgentCommandType,
      payload: jsonColumn(c['payload'], {}),
      status: String(c['status']) as AgentCommandStatus,
      createdAt: epoch(c['created_at'])!,
      deliveredAt: epoch(c['delivered_at']),
      completedAt: epoch(c['completed_at']),
      result: jsonColumn(c['result'], null),
    };
    fleet.agents.loadCommand(command);
  }
  const groups: DbRow[] = await knex('sla_groups').select('*');
  for (const g of groups) {
    fleet.slaGroups.load({
      id: String(g['id']),
      name: String(g['name']),
      displayName: str(g['display_name']),
      tier: str(g['tier']),
      targets: jsonColumn(g['targets'], null),
      createdAt: epoch(g['created_at'])!,
      updatedAt: epoch(g['updated_at'])!,
    });
  }
  return { nodes: nodes.length, services: services.length, agents: agents.length };
}
