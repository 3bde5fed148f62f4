/**
 * Live counts: a status change moves one service from one status to another, so every node the
 * service sits under (its node and the node's ancestors) loses one of the old status and gains one
 * of the new. Bursts of changes are coalesced per service first, so a service that flapped
 * DOWN -> OPERATIONAL -> DOWN between two paints counts once, from its first old status to its
 * last new one.
 */
import type { FleetRootNodesQuery, ServiceStatus } from '../../gql/graphql';

/**
 * A node's counts by status (the tree queries' `statusSummary`). `storageWarning` / `storageCritical`: services whose
 * latest storage report is warning / critical, whatever their status (a storage state is not a status: these
 * services are also counted above). Status changes do not move them; the periodic recount does.
 */
export type StatusSummary = FleetRootNodesQuery['operationsRootNodes'][number]['statusSummary'];

export const ZERO_SUMMARY: StatusSummary = {
  operational: 0,
  degraded: 0,
  down: 0,
  maintenance: 0,
  unknown: 0,
  total: 0,
  storageWarning: 0,
  storageCritical: 0,
};

type CountKey = Exclude<keyof StatusSummary, 'total' | 'storageWarning' | 'storageCritical'>;

function keyOf(status: ServiceStatus): CountKey {
  return status.toLowerCase() as CountKey;
}

/** One change as the subscription delivers it (the fields the screen asks for). */
export interface StatusChange {
  readonly serviceId: string;
  readonly previousStatus: ServiceStatus;
  readonly status: ServiceStatus;
  readonly message: string | null;
  readonly changedAt: string;
  /** The service's node path; null when the service is gone since. */
  readonly nodeId: string | null;
}

/** Changes in arrival order, one per service: the first old status, the last everything else. */
export function coalesceChanges(changes: readonly StatusChange[]): StatusChange[] {
  const byService = new Map<string, StatusChange>();
  for (const change of changes) {
    const earlier = byService.get(change.serviceId);
    byService.set(
      change.serviceId,
      earlier ? { ...change, previousStatus: earlier.previousStatus, nodeId: change.nodeId ?? earlier.nodeId } : change,
    );
  }
  return [...byService.values()];
}

export function moveCount(summary: StatusSummary, from: ServiceStatus, to: ServiceStatus, times = 1): StatusSummary {
  if (from === to || times === 0) return summary;
  const fromKey = keyOf(from);
  const toKey = keyOf(to);
  // A count never goes below zero: an event older than the summary it is applied to is absorbed.
  return { ...summary, [fromKey]: Math.max(0, summary[fromKey] - times), [toKey]: summary[toKey] + times };
}

/** True when a service at node `serviceNode` counts in the summary of node `path` (itself or below). */
export function isAtOrBelow(serviceNode: string, path: string): boolean {
  return serviceNode === path || serviceNode.startsWith(`${path}/`);
}

/**
 * The summaries of `nodes` after `changes` (coalesced or not). Only summaries that moved are new
 * objects, so the tree re-renders only the nodes whose counts changed. Changes without a node
 * (deleted services) cannot be placed and are left out; `unplaced` says how many, so the caller
 * can re-query the counts.
 */
export function applyChangesToSummaries(
  summaries: ReadonlyMap<string, StatusSummary>,
  changes: readonly StatusChange[],
): { summaries: Map<string, StatusSummary>; unplaced: number } {
  const next = new Map(summaries);
  let unplaced = 0;
  for (const change of changes) {
    if (change.nodeId === null) {
      unplaced++;
      continue;
    }
    if (change.previousStatus === change.status) continue;
    for (const path of ancestorsAndSelf(change.nodeId)) {
      const summary = next.get(path);
      if (summary) next.set(path, moveCount(summary, change.previousStatus, change.status));
    }
  }
  return { summaries: next, unplaced };
}

/** `a/b/c` -> `a`, `a/b`, `a/b/c`. */
export function ancestorsAndSelf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

export function sumSummaries(summaries: Iterable<StatusSummary>): StatusSummary {
  let total: StatusSummary = ZERO_SUMMARY;
  for (const s of summaries) {
    total = {
      operational: total.operational + s.operational,
      degraded: total.degraded + s.degraded,
      down: total.down + s.down,
      maintenance: total.maintenance + s.maintenance,
      unknown: total.unknown + s.unknown,
      total: total.total + s.total,
      storageWarning: total.storageWarning + s.storageWarning,
      storageCritical: total.storageCritical + s.storageCritical,
    };
  }
  return total;
}

/** The node of services whose agent sent no nodeId (SPEC.md): shown with a red badge. */
export const UNKNOWN_NODE = 'unknown';

export function isUnknownNode(nodeId: string): boolean {
  return isAtOrBelow(nodeId, UNKNOWN_NODE);
}
