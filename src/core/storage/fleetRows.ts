/**
 * Rows of the fleet's smaller tables (nodes, agents, SLA groups) to their records: what hydration reads at start
 * and what cluster mode's read model applies when another instance committed them (replicaTables.ts).
 */
import type { AgentRecord } from '../fleet/agentRegistry.js';
import type { NodeRecord } from '../fleet/nodeHierarchy.js';
import type { SlaGroupRecord } from '../fleet/slaGroupStore.js';
import { epoch, jsonColumn, numberOrNull as num, textOrNull as str } from './tables.js';

type DbRow = Readonly<Record<string, unknown>>;

export function rowToNode(n: DbRow): NodeRecord {
  return {
    path: String(n['path']),
    parentPath: str(n['parent_path']),
    name: String(n['name']),
    depth: Number(n['depth']),
    createdAt: epoch(n['created_at'])!,
  };
}

export function rowToAgent(a: DbRow): AgentRecord {
  return {
    nodeId: String(a['node_id']),
    version: str(a['version']),
    operatorVersion: str(a['operator_version']),
    watchedServices: num(a['watched_services']),
    healthyServices: num(a['healthy_services']),
    unhealthyServices: num(a['unhealthy_services']),
    lastHeartbeatAt: epoch(a['last_heartbeat_at']),
    lastStatusSyncAt: epoch(a['last_status_sync_at']),
    createdAt: epoch(a['created_at'])!,
  };
}

export function rowToSlaGroup(g: DbRow): SlaGroupRecord {
  return {
    id: String(g['id']),
    name: String(g['name']),
    displayName: str(g['display_name']),
    tier: str(g['tier']),
    targets: jsonColumn(g['targets'], null),
    createdAt: epoch(g['created_at'])!,
    updatedAt: epoch(g['updated_at'])!,
  };
}
