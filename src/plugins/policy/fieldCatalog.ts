/**
 * Which fields the policy can hide or refuse, read from the served schema. (The console's screens
 * are declared by the modules that add them: `ProductModule.screens`.) A field is protectable when
 * its type is one of PROTECTED_TYPES and it is nullable: a hidden field answers null, which a non-null field cannot do without breaking the answer
 * (identity fields such as `Service.id`, `name`, `nodeId` and `status` stay readable).
 */
import { isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';

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
      const entry: FieldEntry = {
        id: `${typeName}.${field.name}`,
        typeName,
        fieldName: field.name,
        index: fields.length,
        description: field.description ?? null,
      };
      fields.push(entry);
      entries.set(field.name, entry);
    }
    byType.set(typeName, entries);
  }
  const byId = new Map(fields.map((f) => [f.id, f]));
  return { fields, byType, get: (id) => byId.get(id) };
}
