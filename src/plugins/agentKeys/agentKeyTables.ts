/** The agent key record, its table for the batch writer, and the row mappings both ways. */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, jsonColumn, numberOrNull, textOrNull } from '../../core/storage/tables.js';

/** A key's own request budget (README "Machine API"): its requests are counted against it, not their address. */
export interface AgentKeyBudget {
  readonly requestsPerSecond: number;
  readonly burst: number;
}

export interface AgentKeyRecord {
  /** The key id: the public part of the key, `svcak_<id>_<secret>`. */
  readonly id: string;
  readonly name: string;
  /** SHA-256 of the secret, hex. */
  readonly secretHash: string;
  /** The subtree of `nodeId` paths the key is limited to. */
  readonly nodePath: string;
  /** Endpoint names (agentKeyEndpoints.ts) the key may call. */
  readonly endpoints: readonly string[];
  /** null: the key's requests count against their client address, like the shared key's. */
  readonly requestBudget: AgentKeyBudget | null;
  readonly createdAt: number;
  readonly createdBy: string | null;
  /** As last written; the registry holds newer uses in memory until its next flush. */
  readonly lastUsedAt: number | null;
  readonly revokedAt: number | null;
  readonly revokedBy: string | null;
}

export const agentKeysTable: TableSpec = {
  name: 'agent_keys',
  key: ['id'],
  order: 840,
  mode: 'upsert',
  columns: cols({
    id: 'text',
    name: 'text',
    secret_hash: 'text',
    node_path: 'text',
    endpoints: 'jsonb',
    created_at: 'timestamptz',
    created_by: 'uuid',
    last_used_at: 'timestamptz',
    revoked_at: 'timestamptz',
    revoked_by: 'uuid',
    budget_requests_per_second: 'float8',
    budget_burst: 'integer',
  }),
};

export function agentKeyToRow(k: AgentKeyRecord) {
  return {
    id: k.id,
    name: k.name,
    secret_hash: k.secretHash,
    node_path: k.nodePath,
    endpoints: k.endpoints,
    created_at: iso(k.createdAt),
    created_by: k.createdBy,
    last_used_at: iso(k.lastUsedAt),
    revoked_at: iso(k.revokedAt),
    revoked_by: k.revokedBy,
    budget_requests_per_second: k.requestBudget?.requestsPerSecond ?? null,
    budget_burst: k.requestBudget?.burst ?? null,
  };
}

export function agentKeyFromRow(r: Record<string, unknown>): AgentKeyRecord {
  return {
    id: String(r['id']),
    name: String(r['name']),
    secretHash: String(r['secret_hash']),
    nodePath: String(r['node_path']),
    endpoints: jsonColumn<string[]>(r['endpoints'], []),
    requestBudget: budgetFromRow(r),
    createdAt: epoch(r['created_at'])!,
    createdBy: textOrNull(r['created_by']),
    lastUsedAt: epoch(r['last_used_at']),
    revokedAt: epoch(r['revoked_at']),
    revokedBy: textOrNull(r['revoked_by']),
  };
}

function budgetFromRow(r: Record<string, unknown>): AgentKeyBudget | null {
  const requestsPerSecond = numberOrNull(r['budget_requests_per_second']);
  const burst = numberOrNull(r['budget_burst']);
  return requestsPerSecond === null || burst === null ? null : { requestsPerSecond, burst };
}
