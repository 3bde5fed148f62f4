/** Ids the plugin hands out are UUIDs; anything else names nothing (and PostgreSQL would refuse to compare it). */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID.test(id);
}

/** A filter argument that must be an id: BAD_REQUEST naming the field otherwise; null stays null. */
export function idFilter(value: string | null | undefined, field: string): string | null {
  if (value == null) return null;
  if (!isUuid(value)) throw new AppError(ErrorCode.BadRequest, `${field} must be an id (a UUID), got "${value}"`);
  return value.toLowerCase();
}
