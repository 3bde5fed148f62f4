/**
 * The fleet's tables as cluster mode's read model applies them (docs/adr/0065): a row another instance committed
 * goes into this instance's fleet through the same row-to-record code hydration uses (serviceRows.ts, fleetRows.ts,
 * agentCommandRows.ts), without staging anything. Status history and backup reports are not held in memory, so
 * they have no replica: they are read from the database.
 *
 * Shards: a service by its natural key (`serviceShardKey`), a node by its path, an agent and its commands by the
 * agent's node, an SLA group by its name.
 */
import type { ReplicaTable, Row } from '../../platform/persistence/tableSpec.js';
import type { Fleet } from '../fleet/fleet.js';
import { serviceShardKey } from '../fleet/serviceRegistry.js';
import { rowToAgentCommand } from './agentCommandRows.js';
import { rowToAgent, rowToNode, rowToSlaGroup } from './fleetRows.js';
import { rowToService, serviceToRow, withStatusColumns } from './serviceRows.js';
import { agentCommandsTable, agentsTable, nodesTable, servicesTable, slaGroupsTable } from './tables.js';

export function fleetReplicas(fleet: Fleet): ReplicaTable[] {
  const { services, nodes, agents, slaGroups } = fleet;
  const serviceKey = (row: Row): string =>
    row['node_path'] !== undefined && row['name'] !== undefined
      ? serviceShardKey(String(row['node_path']), String(row['name']))
      : (services.shardKeyOf(String(row['id'])) ?? String(row['id']));
  return [
    {
      table: nodesTable.name,
      shardKey: (row) => String(row['path']),
      apply: (row) => nodes.load(rowToNode(row)),
      remove: (key) => nodes.forget(String(key['path'])),
    },
    {
      table: servicesTable.name,
      shardKey: serviceKey,
      apply(row, patch) {
        if (!patch) return services.adopt(rowToService(row));
        const held = services.get(String(row['id']));
        // A patch of a service this instance never saw: its full row is on the same shard's stream, earlier, so
        // this happens only when that row was lost from the history (the subscriber reports the loss).
        // A status report's patch (nearly every one) is written field by field; any other patch merges into a row.
        if (held) services.adopt(withStatusColumns(held, row) ?? rowToService({ ...serviceToRow(held), ...row }));
      },
      remove: (key) => services.forget(String(key['id'])),
    },
    {
      table: agentsTable.name,
      shardKey: (row) => String(row['node_id']),
      apply: (row) => agents.loadAgent(rowToAgent(row)),
      remove: (key) => agents.forgetAgent(String(key['node_id'])),
    },
    {
      table: agentCommandsTable.name,
      // Its agent's shard; a delete (none today) holds only the command's id.
      shardKey: (row) => String(row['node_id'] ?? row['id']),
      apply: (row) => agents.loadCommand(rowToAgentCommand(row)),
      remove: () => undefined,
    },
    {
      table: slaGroupsTable.name,
      shardKey: (row) => String(row['name']),
      apply: (row) => slaGroups.load(rowToSlaGroup(row)),
      remove: (key) => slaGroups.forget(String(key['name'])),
    },
  ];
}
