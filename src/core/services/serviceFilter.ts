/** The `ServiceFilter` of GraphQL lists and counts, as one predicate over service records. */
import type { ServiceRecord, ServiceStatus, StorageStatus } from '../domain/service.js';
import type { Fleet } from '../fleet/fleet.js';

export interface ServiceFilter {
  readonly status?: readonly ServiceStatus[] | null;
  readonly nodeId?: string | null;
  readonly namespace?: string | null;
  readonly slaGroup?: string | null;
  readonly criticality?: string | null;
  readonly serviceType?: string | null;
  readonly tag?: string | null;
  readonly ownerId?: string | null;
  readonly teamId?: string | null;
  readonly search?: string | null;
  /** Latest storage report in any of these states; a service without one matches none. */
  readonly storageState?: readonly StorageStatus[] | null;
}

/** True when `filter` keeps every service (no field set; an empty list sets nothing): what the console sends without filters. */
export function isEmptyFilter(filter: ServiceFilter): boolean {
  return Object.values(filter).every((v) => v == null || (Array.isArray(v) && v.length === 0));
}

export function serviceMatcher(filter: ServiceFilter, fleet: Pick<Fleet, 'nodes'>): (service: ServiceRecord) => boolean {
  const statuses = filter.status && filter.status.length > 0 ? new Set(filter.status) : null;
  const nodes = filter.nodeId ? new Set(fleet.nodes.subtree(filter.nodeId.replace(/^\/+|\/+$/g, ''))) : null;
  const needle = filter.search ? filter.search.toLowerCase() : null;
  const storage = filter.storageState && filter.storageState.length > 0 ? new Set(filter.storageState) : null;
  return (s) =>
    (storage === null || (s.storage !== null && storage.has(s.storage.status))) &&
    (statuses === null || statuses.has(s.status)) &&
    (nodes === null || nodes.has(s.nodePath)) &&
    (filter.namespace == null || s.namespace === filter.namespace) &&
    (filter.slaGroup == null || s.slaGroup === filter.slaGroup) &&
    (filter.criticality == null || s.criticality === filter.criticality) &&
    (filter.serviceType == null || s.serviceType === filter.serviceType) &&
    (filter.tag == null || s.tags.includes(filter.tag)) &&
    (filter.ownerId == null || s.ownerId === filter.ownerId) &&
    (filter.teamId == null || s.teamId === filter.teamId) &&
    (needle === null || s.name.toLowerCase().includes(needle) || (s.displayName?.toLowerCase().includes(needle) ?? false));
}

/**
 * The only services `filter` can match when its storage states are all problems (warning, critical):
 * the registry's few in storage trouble, found without a walk of the fleet. Null: any service can.
 */
export function storageCandidates(filter: ServiceFilter | null, fleet: Pick<Fleet, 'services'>): ServiceRecord[] | null {
  const states = filter?.storageState;
  if (!states || states.length === 0 || states.includes('healthy')) return null;
  const out: ServiceRecord[] = [];
  for (const state of new Set(states)) {
    for (const id of fleet.services.withStorageProblem(state as 'warning' | 'critical')) out.push(fleet.services.get(id)!);
  }
  return out;
}

/** Up to this many services a name search hands over as candidates (sorted on their own); beyond, the order is walked. */
export const SEARCH_CANDIDATES_MAX = 10_000;

/**
 * The services whose name or display name holds `filter.search`, found in the registry's name haystack (no walk of
 * the fleet): how many, and the records themselves when they are at most `max` (null beyond: the caller walks the
 * kept order, where so many matches come soon). Null: the filter has no search.
 */
export function searchCandidates(
  filter: ServiceFilter | null,
  fleet: Pick<Fleet, 'services'>,
  max = SEARCH_CANDIDATES_MAX,
): { readonly count: number; readonly records: ServiceRecord[] | null } | null {
  const needle = filter?.search ? filter.search.toLowerCase() : null;
  if (needle === null) return null;
  let records: ServiceRecord[] | null = [];
  let count = 0;
  fleet.services.searchNames(needle, false, (id) => {
    count += 1;
    if (records === null) return;
    if (records.length === max) records = null;
    else records.push(fleet.services.get(id)!);
  });
  return { count, records };
}

/** True when `filter` sets nothing but `search`. */
export function onlySearch(filter: ServiceFilter): boolean {
  return isEmptyFilter({ ...filter, search: null });
}
