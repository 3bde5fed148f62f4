/**
 * Which fields the policy can hide or refuse, read from the served schema, and the console's
 * screens. A field is protectable when its type is one of PROTECTED_TYPES and it is nullable: a
 * hidden field answers null, which a non-null field cannot do without breaking the answer
 * (identity fields such as `Service.id`, `name`, `nodeId` and `status` stay readable).
 */
import { isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import type { Action } from '../../core/auth/roles.js';

/** Types whose nullable fields the policy governs; fields plugins add (`extend type Service`) count too. */
export const PROTECTED_TYPES = ['Service'] as const;

export interface FieldEntry {
  /** `Service.metadata` */
  readonly id: string;
  readonly typeName: string;
  readonly fieldName: string;
  /** Position in every profile's field tables. */
  readonly index: number;
  readonly description: string | null;
}

export interface FieldCatalog {
  readonly fields: readonly FieldEntry[];
  get(id: string): FieldEntry | undefined;
  /** typeName -> fieldName -> entry */
  readonly byType: ReadonlyMap<string, ReadonlyMap<string, FieldEntry>>;
}

export function createFieldCatalog(schema: GraphQLSchema, types: readonly string[] = PROTECTED_TYPES): FieldCatalog {
  const fields: FieldEntry[] = [];
  const byType = new Map<string, Map<string, FieldEntry>>();
  for (const typeName of types) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    const entries = new Map<string, FieldEntry>();
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type)) continue;
      const entry: FieldEntry = { id: `${typeName}.${field.name}`, typeName, fieldName: field.name, index: fields.length, description: field.description ?? null };
      fields.push(entry);
      entries.set(field.name, entry);
    }
    byType.set(typeName, entries);
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  return { fields, byType, get: (id) => byId.get(id) };
}

/** Console screens (the web console reads `myUIPermissions`) and the action each needs by default. */
export const SCREENS: readonly { readonly name: string; readonly label: string; readonly needs: Action }[] = [
  { name: 'dashboard', label: 'Dashboard', needs: 'dashboard:read' },
  { name: 'services', label: 'Services', needs: 'service:read' },
  { name: 'operations', label: 'Operations (hierarchy and agents)', needs: 'node:read' },
  { name: 'sla', label: 'SLA', needs: 'sla:read' },
  { name: 'maintenance', label: 'Maintenance windows', needs: 'exclusion-window:read' },
  { name: 'search', label: 'Search', needs: 'search:read' },
  { name: 'webhooks', label: 'Webhooks', needs: 'webhook:read' },
  { name: 'users', label: 'Users', needs: 'user:manage' },
  { name: 'groups', label: 'Groups', needs: 'group:manage' },
  { name: 'audit', label: 'Audit trail', needs: 'audit:read' },
  { name: 'license', label: 'Licence and plugins', needs: 'license:manage' },
  { name: 'access', label: 'Access (permission rules, fields, screens, environments)', needs: 'policy:manage' },
];

export const SCREEN_NAMES: ReadonlySet<string> = new Set(SCREENS.map((s) => s.name));
