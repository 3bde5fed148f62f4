/**
 * The query parameters of the machine API's service list (`GET /api/v1/operator/services`), read once
 * into typed values: `storageState` (comma-separated healthy, warning, critical), `sort` (status, name,
 * updatedAt), `direction` (asc, desc) and the page (`limit`, `offset`). Each bad value is a 400 that
 * names the parameter and the values it takes.
 */
import type { StorageStatus } from '../domain/service.js';
import type { ServiceSort, ServiceSortField, SortDirection } from '../domain/serviceOrder.js';
import { badRequest } from './fields.js';

const STORAGE_STATES: readonly StorageStatus[] = ['healthy', 'warning', 'critical'];
const SORT_FIELDS: Readonly<Record<string, ServiceSortField>> = { status: 'STATUS', name: 'NAME', updatedat: 'UPDATED_AT' };
const DIRECTIONS: Readonly<Record<string, SortDirection>> = { asc: 'ASC', desc: 'DESC' };
export const MAX_LIST_LIMIT = 1000;

export interface ServiceListQuery {
  /** Null: any storage state, services without a storage report included. */
  readonly storageStates: readonly StorageStatus[] | null;
  /** Null: the list's own order (as before sorting existed). */
  readonly sort: ServiceSort | null;
  /** Null: every matching service. */
  readonly limit: number | null;
  readonly offset: number;
}

export function parseServiceListQuery(query: URLSearchParams): ServiceListQuery {
  const storage = query.get('storageState');
  let storageStates: StorageStatus[] | null = null;
  if (storage !== null && storage !== '') {
    storageStates = [];
    for (const raw of storage.split(',')) {
      const value = raw.trim().toLowerCase() as StorageStatus;
      if (!STORAGE_STATES.includes(value))
        throw badRequest(
          `query parameter "storageState" must be a comma-separated list of ${STORAGE_STATES.join(', ')}; got "${raw.trim()}"`,
        );
      if (!storageStates.includes(value)) storageStates.push(value);
    }
  }
  const sortText = query.get('sort');
  const directionText = query.get('direction');
  let sort: ServiceSort | null = null;
  if (sortText !== null && sortText !== '') {
    const field = SORT_FIELDS[sortText.toLowerCase()];
    if (field === undefined) throw badRequest(`query parameter "sort" must be one of status, name, updatedAt; got "${sortText}"`);
    sort = { field, direction: 'ASC' };
  }
  if (directionText !== null && directionText !== '') {
    const direction = DIRECTIONS[directionText.toLowerCase()];
    if (direction === undefined) throw badRequest(`query parameter "direction" must be asc or desc; got "${directionText}"`);
    sort = { field: sort?.field ?? 'NAME', direction };
  }
  return {
    storageStates,
    sort,
    limit: count(query, 'limit', 0, MAX_LIST_LIMIT),
    offset: count(query, 'offset', 0, Number.MAX_SAFE_INTEGER) ?? 0,
  };
}

function count(query: URLSearchParams, name: string, min: number, max: number): number | null {
  const text = query.get(name);
  if (text === null || text === '') return null;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
    throw badRequest(`query parameter "${name}" must be a whole number ${range}; got "${text}"`);
  }
  return Number(text);
}
