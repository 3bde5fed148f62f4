/** Mapping between an agent command and its `agent_commands` row (written by the agent actor, read at start and by history queries). */
import type { AgentCommand } from '../domain/agentCommand.js';
import type { Row } from '../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn, textOrNull as str } from './tables.js';

export function agentCommandToRow(c: AgentCommand): Row {
  return {
    id: c.id,
    node_id: c.nodeId,
    type: c.type,
    payload: c.payload,
    status: c.status,
    created_at: iso(c.createdAt),
    delivered_at: iso(c.deliveredAt),
    completed_at: iso(c.completedAt),
    result: c.result,
    expires_at: iso(c.expiresAt),
    requested_by: c.requestedBy,
    cancelled_by: c.cancelledBy,
  };
}

/** Rows are the product's own writes: type, payload and status are trusted as stored. */
export function rowToAgentCommand(row: Record<string, unknown>): AgentCommand {
  return {
    id: String(row['id']),
    nodeId: String(row['node_id']),
    type: String(row['type']),
    payload: jsonColumn(row['payload'], {}),
    status: String(row['status']),
    createdAt: epoch(row['created_at'])!,
    deliveredAt: epoch(row['delivered_at']),
    expiresAt: epoch(row['expires_at'])!,
    completedAt: epoch(row['completed_at']),
    result: jsonColumn(row['result'], null),
    requestedBy: str(row['requested_by']),
    cancelledBy: str(row['cancelled_by']),
  } as AgentCommand;
}
