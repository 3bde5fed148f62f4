/**
 * The hierarchy's view as data: the selected node and the service filters. It lives in the URL query
 * (so a view can be shared and reloaded) and in saved filters (JSON of the `ServiceFilter` the
 * console sends); these functions translate between the three without losing or inventing anything.
 */
import type { ServiceFilter, ServiceStatus, StorageState } from '../../gql/graphql';
import { enumValues } from '../../ui/kit/enumValues';
import { enumListParam } from '../../ui/kit/queryParams';

export const STATUSES = enumValues<ServiceStatus>({ OPERATIONAL: true, DEGRADED: true, DOWN: true, MAINTENANCE: true, UNKNOWN: true });

/** The state of a service's latest storage report (the server's `StorageState`); not a status. */
export type { StorageState };
/** The storage states the filter offers, worst first: storage in trouble. */
export const STORAGE_STATES = enumValues<StorageState>({ CRITICAL: true, WARNING: true, HEALTHY: true });

export interface FleetFilter {
  /** The selected node's path; null for the whole fleet. */
  readonly node: string | null;
  /** Any of these; empty for every status. */
  readonly statuses: readonly ServiceStatus[];
  readonly criticality: string;
  readonly serviceType: string;
  readonly tag: string;
  readonly namespace: string;
  readonly slaGroup: string;
  /** Part of the name or display name. */
  readonly search: string;
  /** Any of these storage states; absent (or empty) for any storage, services without a report included. */
  readonly storage?: readonly StorageState[];
}

export const EMPTY_FILTER: FleetFilter = {
  node: null,
  statuses: [],
  criticality: '',
  serviceType: '',
  tag: '',
  namespace: '',
  slaGroup: '',
  search: '',
};

type TextKey = 'criticality' | 'serviceType' | 'tag' | 'namespace' | 'slaGroup' | 'search';

/** URL parameter of each text filter (short, readable in a shared link). */
const TEXT_PARAMS: Record<TextKey, string> = {
  criticality: 'criticality',
  serviceType: 'type',
  tag: 'tag',
  namespace: 'namespace',
  slaGroup: 'sla',
  search: 'q',
};
const TEXT_KEYS = Object.keys(TEXT_PARAMS) as TextKey[];

/** Every URL parameter the hierarchy owns (others in the query are left alone). */
export const FILTER_PARAMS: readonly string[] = ['node', 'status', 'storage', ...Object.values(TEXT_PARAMS)];

function isStatus(value: string): value is ServiceStatus {
  return (STATUSES as readonly string[]).includes(value);
}

function isStorageState(value: unknown): value is StorageState {
  return typeof value === 'string' && (STORAGE_STATES as readonly string[]).includes(value);
}

/** The storage states in their fixed order, without repeats (the same view has the same link). */
function storageList(states: readonly StorageState[] | undefined): StorageState[] {
  return STORAGE_STATES.filter((s) => states?.includes(s));
}

export function filterFromQuery(query: URLSearchParams): FleetFilter {
  const statuses = enumListParam(query.get('status') ?? '', STATUSES);
  const text = Object.fromEntries(TEXT_KEYS.map((key) => [key, (query.get(TEXT_PARAMS[key]) ?? '').trim()])) as Record<TextKey, string>;
  const node = (query.get('node') ?? '').trim();
  const storage = storageList(enumListParam(query.get('storage') ?? '', STORAGE_STATES));
  return { ...text, node: node === '' ? null : node, statuses: [...new Set(statuses)], ...(storage.length > 0 ? { storage } : {}) };
}

/** The query string of `filter`, keeping parameters that are not the hierarchy's. */
export function queryWithFilter(current: URLSearchParams, filter: FleetFilter): string {
  const next = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) next.delete(name);
  if (filter.node) next.set('node', filter.node);
  if (filter.statuses.length > 0) next.set('status', STATUSES.filter((s) => filter.statuses.includes(s)).join(','));
  const storage = storageList(filter.storage);
  if (storage.length > 0) next.set('storage', storage.map((s) => s.toLowerCase()).join(','));
  for (const key of TEXT_KEYS) if (filter[key] !== '') next.set(TEXT_PARAMS[key], filter[key]);
  return next.toString();
}

export function hasAnyFilter(query: URLSearchParams): boolean {
  return FILTER_PARAMS.some((name) => query.has(name));
}

/** The `ServiceFilter` argument of `services` and `serviceCount`: only what is set. */
export type ServiceFilterInput = ServiceFilter;

export function toServiceFilter(filter: FleetFilter): ServiceFilterInput {
  const input: ServiceFilterInput = {};
  if (filter.node) input.nodeId = filter.node;
  if (filter.statuses.length > 0) input.status = STATUSES.filter((s) => filter.statuses.includes(s));
  for (const key of TEXT_KEYS) if (filter[key] !== '') input[key] = filter[key];
  const storage = storageList(filter.storage);
  if (storage.length > 0) input.storageState = storage;
  return input;
}

/** What a saved filter stores: the `ServiceFilter` as the console sends it. */
export function savedFilterText(filter: FleetFilter): string {
  return JSON.stringify(toServiceFilter(filter));
}

/**
 * A saved filter's JSON as a view. Anyone may have written it through the API: values of the wrong
 * type and unknown keys are left out and named, never guessed.
 */
export function parseSavedFilter(text: string): { filter: FleetFilter; ignored: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { filter: EMPTY_FILTER, ignored: ['(not JSON)'] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { filter: EMPTY_FILTER, ignored: ['(not an object)'] };
  const ignored: string[] = [];
  let filter: FleetFilter = EMPTY_FILTER;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'status' && Array.isArray(raw) && raw.every((s) => typeof s === 'string' && isStatus(s))) {
      filter = { ...filter, statuses: [...new Set(raw as ServiceStatus[])] };
    } else if (key === 'storageState' && Array.isArray(raw) && raw.every(isStorageState)) {
      const storage = storageList(raw);
      filter = storage.length > 0 ? { ...filter, storage } : filter;
    } else if (key === 'nodeId' && typeof raw === 'string') {
      filter = { ...filter, node: raw.trim() === '' ? null : raw.trim() };
    } else if ((TEXT_KEYS as string[]).includes(key) && typeof raw === 'string') {
      filter = { ...filter, [key]: raw.trim() };
    } else {
      ignored.push(key);
    }
  }
  return { filter, ignored };
}

export function sameFilter(a: FleetFilter, b: FleetFilter): boolean {
  return savedFilterText(a) === savedFilterText(b);
}
