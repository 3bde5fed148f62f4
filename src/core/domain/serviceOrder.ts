/**
 * The orders a list of services can be sorted in, as pure comparators. The indexes
 * of src/core/fleet keep every order ready; these functions define them and sort small subsets.
 *
 * - NAME: name, then node path (code-unit order), the list's default.
 * - STATUS: worst first. DOWN, DEGRADED, UNKNOWN (nothing reported: nobody knows it works), MAINTENANCE
 *   (planned), OPERATIONAL; within one status, storage critical, then warning, then healthy or none
 *   (a storage report is not a service status, but it breaks the tie towards the service in trouble);
 *   then NAME.
 * - UPDATED_AT: the last change of any kind to the record (report, sync, edit), oldest first; then NAME.
 *
 * DESC is the exact reverse of ASC (STATUS DESC: best first, names Z to A within a status).
 */
import type { ServiceRecord, ServiceStatus, StorageStatus } from './service.js';

export const SERVICE_SORT_FIELDS = ['STATUS', 'NAME', 'UPDATED_AT'] as const;
export type ServiceSortField = (typeof SERVICE_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface ServiceSort {
  readonly field: ServiceSortField;
  readonly direction: SortDirection;
}

export const DEFAULT_SERVICE_SORT: ServiceSort = { field: 'NAME', direction: 'ASC' };

/** Statuses worst first: the order of STATUS ASC. */
export const STATUS_SEVERITY_ORDER: readonly ServiceStatus[] = ['DOWN', 'DEGRADED', 'UNKNOWN', 'MAINTENANCE', 'OPERATIONAL'];
const STATUS_RANK: Readonly<Record<ServiceStatus, number>> = Object.fromEntries(STATUS_SEVERITY_ORDER.map((s, i) => [s, i])) as Record<
  ServiceStatus,
  number
>;
/** Storage states worst first; a service without a storage report ranks with healthy. */
export const STORAGE_RANKS = 3;
const STORAGE_RANK: Readonly<Record<StorageStatus, number>> = { critical: 0, warning: 1, healthy: 2 };

/** The record's severity bucket: status rank, then storage rank (0 is the worst). */
export function severityOf(record: Pick<ServiceRecord, 'status' | 'storage'>): number {
  return STATUS_RANK[record.status] * STORAGE_RANKS + (record.storage === null ? 2 : STORAGE_RANK[record.storage.status]);
}

export const SEVERITY_BUCKETS = STATUS_SEVERITY_ORDER.length * STORAGE_RANKS;

const compareText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

type Named = Pick<ServiceRecord, 'name' | 'nodePath'>;

export function compareByName(x: Named, y: Named): number {
  return compareText(x.name, y.name) || compareText(x.nodePath, y.nodePath);
}

export function compareBySeverity(x: ServiceRecord, y: ServiceRecord): number {
  return severityOf(x) - severityOf(y) || compareByName(x, y);
}

export function compareByUpdate(x: Named & Pick<ServiceRecord, 'updatedAt'>, y: Named & Pick<ServiceRecord, 'updatedAt'>): number {
  return x.updatedAt - y.updatedAt || compareByName(x, y);
}

/** The comparator of `sort`, direction included. */
export function serviceComparator(sort: ServiceSort): (x: ServiceRecord, y: ServiceRecord) => number {
  const ascending = sort.field === 'STATUS' ? compareBySeverity : sort.field === 'UPDATED_AT' ? compareByUpdate : compareByName;
  return sort.direction === 'ASC' ? ascending : (x, y) => ascending(y, x);
}

export function isServiceSortField(value: unknown): value is ServiceSortField {
  return typeof value === 'string' && (SERVICE_SORT_FIELDS as readonly string[]).includes(value);
}

export function isSortDirection(value: unknown): value is SortDirection {
  return typeof value === 'string' && (SORT_DIRECTIONS as readonly string[]).includes(value);
}
