/** A saved filter, its table for the batch writer, the row mappings, and its input validated once. */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, jsonColumn } from '../../core/storage/tables.js';

export const SAVED_FILTER_RESOURCES = [
  'SERVICES',
  'NODES',
  'AGENTS',
  'TICKETS',
  'SLA_DEFINITIONS',
  'SLA_INCIDENTS',
  'NOTIFICATIONS',
  'WEBHOOKS',
  'AUDIT',
] as const;
export type SavedFilterResource = (typeof SAVED_FILTER_RESOURCES)[number];

export type FilterObject = Readonly<Record<string, unknown>>;

export interface SavedFilterRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly name: string;
  readonly resource: SavedFilterResource;
  readonly filter: FilterObject;
  /** Groups whose members may read (not change) it. */
  readonly sharedWith: readonly string[];
  /** The owner's default for its resource (at most one per person and resource). */
  readonly isDefault: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export const savedFiltersTable: TableSpec = {
  name: 'saved_filters',
  key: ['id'],
  order: 850,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    owner_id: 'uuid',
    name: 'text',
    resource: 'text',
    filter: 'jsonb',
    shared_with: 'jsonb',
    is_default: 'boolean',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export function savedFilterToRow(f: SavedFilterRecord) {
  return {
    id: f.id,
    owner_id: f.ownerId,
    name: f.name,
    resource: f.resource,
    filter: f.filter,
    shared_with: f.sharedWith,
    is_default: f.isDefault,
    created_at: iso(f.createdAt),
    updated_at: iso(f.updatedAt),
  };
}

export function savedFilterFromRow(r: Record<string, unknown>): SavedFilterRecord {
  return {
    id: String(r['id']),
    ownerId: String(r['owner_id']),
    name: String(r['name']),
    resource: r['resource'] as SavedFilterResource,
    filter: jsonColumn<FilterObject>(r['filter'], {}),
    sharedWith: jsonColumn<string[]>(r['shared_with'], []),
    isDefault: r['is_default'] === true || r['is_default'] === 't',
    createdAt: epoch(r['created_at'])!,
    updatedAt: epoch(r['updated_at'])!,
  };
}

export const FILTER_LIMITS = {
  /** Bytes of the filter's JSON text. */
  maxBytes: 16 * 1024,
  /** Nesting of objects and arrays, the filter object itself being 1. */
  maxDepth: 8,
  /** Values in the whole filter (every object member and array element). */
  maxValues: 1000,
  maxNameLength: 100,
  maxGroups: 50,
  /** Filters one person owns. */
  maxPerPerson: 200,
} as const;

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

/** The filter as sent (JSON text): a JSON object within the size, depth and value caps. */
export function readFilter(text: unknown): FilterObject {
  if (typeof text !== 'string') throw bad('filter must be JSON text of an object, e.g. "{\\"status\\": [\\"DOWN\\"]}"');
  if (Buffer.byteLength(text, 'utf8') > FILTER_LIMITS.maxBytes) throw bad(`filter is larger than ${FILTER_LIMITS.maxBytes} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw bad(`filter is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('filter must be a JSON object');
  let values = 0;
  const walk = (node: unknown, depth: number): void => {
    if (node === null || typeof node !== 'object') return;
    if (depth > FILTER_LIMITS.maxDepth) throw bad(`filter is nested deeper than ${FILTER_LIMITS.maxDepth} levels`);
    const children = Array.isArray(node) ? node : Object.values(node);
    values += children.length;
    if (values > FILTER_LIMITS.maxValues) throw bad(`filter has more than ${FILTER_LIMITS.maxValues} values`);
    for (const child of children) walk(child, depth + 1);
  };
  walk(value, 1);
  return value as FilterObject;
}

export function readName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name === '' || name.length > FILTER_LIMITS.maxNameLength) throw bad(`name must be 1 to ${FILTER_LIMITS.maxNameLength} characters`);
  return name;
}

export function readResource(value: unknown): SavedFilterResource {
  if (!(SAVED_FILTER_RESOURCES as readonly unknown[]).includes(value))
    throw bad(`resource must be one of ${SAVED_FILTER_RESOURCES.join(', ')}`);
  return value as SavedFilterResource;
}
