/**
 * Services in a sort order (domain/serviceOrder.ts) without sorting the fleet per request: the whole
 * fleet, or a large part of it, is a walk of the registry's kept order; a small subset (one node's
 * services, the few in storage trouble) is sorted on its own, which costs less than the walk.
 */
import { serviceComparator, type ServiceSort } from '../domain/serviceOrder.js';
import type { ServiceRecord } from '../domain/service.js';
import type { ServiceRegistry } from './serviceRegistry.js';

/** Below this share of the fleet a subset is sorted; above it the kept order is walked. */
const SORT_SUBSET_SHARE = 1 / 8;

/** `subset`: the only records that can match (null: every service). Lazy: a page stops the walk. */
export function* inSortOrder(
  registry: Pick<ServiceRegistry, 'get' | 'sorted' | 'size'>,
  subset: readonly ServiceRecord[] | null,
  sort: ServiceSort,
): Generator<ServiceRecord> {
  if (subset === null) {
    for (const id of registry.sorted(sort)) yield registry.get(id)!;
    return;
  }
  if (subset.length <= registry.size * SORT_SUBSET_SHARE) {
    yield* [...subset].sort(serviceComparator(sort));
    return;
  }
  const ids = new Set(subset.map((s) => s.id));
  for (const id of registry.sorted(sort)) if (ids.has(id)) yield registry.get(id)!;
}
