/** The keys and field names of the entities people watch and lock (the types: src/platform/modules/entityTypes.ts). */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export const MAX_FIELD_NAME_LENGTH = 100;

/** The key of one entity in presence, lock and channel maps. */
export function entityKey(typeName: string, id: string): string {
  return `${typeName}:${id}`;
}

/** A field name for an edit lock: a plain identifier path like `description` or `owner.email`. */
export function assertFieldName(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(field) || field.length > MAX_FIELD_NAME_LENGTH) {
    throw new AppError(
      ErrorCode.BadRequest,
      `field must be a name like "description" (letters, digits, _ . -; at most ${MAX_FIELD_NAME_LENGTH} characters)`,
    );
  }
  return field;
}
