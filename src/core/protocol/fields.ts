/**
 * Field readers for request bodies. Each names the bad field in its error so a client knows what to
 * fix. Input that can be adjusted safely (over-long free text, stray non-string tags, lower-case
 * enum values) is adjusted and reported in `warnings`; input that cannot is a 400.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { expectObject, type Json } from '../../platform/gateway/jsonBody.js';

// A JSON object body is read by the platform (POST /graphql reads one too); the field readers below take it from there.
export { expectObject, parseJsonObject, type Json } from '../../platform/gateway/jsonBody.js';

export class Warnings {
  readonly list: string[] = [];
  /** Every warning given, the ones beyond the list's 100 too. */
  given = 0;
  add(message: string): void {
    this.given += 1;
    if (this.list.length < 100) this.list.push(message);
  }
}

export function badRequest(message: string): AppError {
  return new AppError(ErrorCode.BadRequest, message);
}

// Control characters (C0, DEL, C1) are refused in identifiers; they break logs and UIs. So are
// unpaired UTF-16 surrogates (a JSON "\ud800" escape): they are not Unicode text, PostgreSQL refuses
// them, and one such value would fail the group commit of every request in its batch.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Fast first pass (a plain class scan): only strings it matches need the precise test above. */
const SUSPECT = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/;
const hasControl = (value: string): boolean => SUSPECT.test(value) && CONTROL.test(value);
const SUSPECT_TEXT = /[\u0000\ud800-\udfff]/;
/** What PostgreSQL cannot store in text or jsonb: NUL and unpaired surrogates. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** An identifier-like string: no control characters, bounded length; absent or null gives null. */
export function optionalName(obj: Json, field: string, max: number, label = field): string | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be a string`);
  if (value.length > max) throw badRequest(`field "${label}" is longer than ${max} characters`);
  if (hasControl(value)) throw badRequest(`field "${label}" contains control characters or invalid Unicode`);
  return value === '' ? null : value;
}

/** Free text: truncated with a warning when too long; NUL and unpaired surrogates become U+FFFD, with a warning. */
export function optionalText(obj: Json, field: string, max: number, warnings: Warnings, label = field): string | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be a string`);
  let text = value;
  if (text.length > max) {
    warnings.add(`${label} was truncated to ${max} characters`);
    // Never cut a surrogate pair in two.
    const last = text.charCodeAt(max - 1);
    text = text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
  }
  const storable = SUSPECT_TEXT.test(text) ? text.replace(UNSTORABLE, '\ufffd') : text;
  if (storable !== text) warnings.add(`${label}: NUL characters and unpaired surrogates were replaced with U+FFFD`);
  return storable;
}

export function optionalInteger(obj: Json, field: string, min: number, max: number, label = field): number | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest(`field "${label}" must be a whole number`);
  if (value < min || value > max) throw badRequest(`field "${label}" must be between ${min} and ${max}`);
  return value;
}

export function requiredInteger(obj: Json, field: string, min: number, max: number, label = field): number {
  const value = optionalInteger(obj, field, min, max, label);
  if (value === null) throw badRequest(`field "${label}" is required`);
  return value;
}

export function optionalBoolean(obj: Json, field: string, label = field): boolean | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw badRequest(`field "${label}" must be true or false`);
  return value;
}

/** An enum value; a value that differs only in case is accepted with a warning. */
export function enumValue<const T extends string>(value: unknown, allowed: readonly T[], label: string, warnings: Warnings): T {
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be one of ${allowed.join(', ')}`);
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
  if (match === undefined) throw badRequest(`field "${label}" must be one of ${allowed.join(', ')}, got "${value.slice(0, 64)}"`);
  warnings.add(`${label} "${value}" was read as "${match}"`);
  return match;
}

/** An array of short strings; non-string or over-long entries are dropped with a warning. */
export function stringList(
  obj: Json,
  field: string,
  maxItems: number,
  maxLength: number,
  warnings: Warnings,
  label = field,
): string[] | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw badRequest(`field "${label}" must be an array of strings`);
  if (value.length > maxItems) throw badRequest(`field "${label}" has more than ${maxItems} entries`);
  const out: string[] = [];
  let dropped = 0;
  for (const item of value) {
    if (typeof item === 'string' && item.length <= maxLength && !hasControl(item)) out.push(item);
    else dropped += 1;
  }
  if (dropped > 0)
    warnings.add(`${dropped} entr${dropped === 1 ? 'y' : 'ies'} of ${label} ignored (not a string of at most ${maxLength} characters)`);
  return out;
}

/** Free-form JSON object with bounded nesting (it is stored and serialized again). */
export function optionalJsonObject(obj: Json, field: string, maxDepth: number, label = field): Record<string, unknown> | null {
  const value = obj[field];
  if (value === undefined || value === null) return null;
  const object = expectObject(value, `field "${label}"`);
  const problem = jsonProblem(object, maxDepth);
  if (problem === 'depth') throw badRequest(`field "${label}" is nested deeper than ${maxDepth} levels`);
  if (problem === 'text') throw badRequest(`field "${label}" contains a NUL character or an unpaired surrogate, which cannot be stored`);
  return object as Record<string, unknown>;
}

/** Why a free-form JSON value cannot be stored as jsonb: nested too deep, or a key or string PostgreSQL refuses. */
function jsonProblem(root: unknown, maxDepth: number): 'depth' | 'text' | undefined {
  const stack: Array<[unknown, number]> = [[root, 1]];
  const unstorable = (text: string) => SUSPECT_TEXT.test(text) && text.search(UNSTORABLE) !== -1;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return 'text';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) return 'depth';
    if (Array.isArray(value)) {
      for (const child of value) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (unstorable(key)) return 'text';
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}

export const MAX_SEGMENTS = 32;
export const MAX_SEGMENT_LENGTH = 128;
export const MAX_NAME_LENGTH = 253;
/** UTF-8 bytes of a path: with a name of MAX_NAME_LENGTH (at most 759 bytes) it stays under PostgreSQL's btree key limit. */
export const MAX_PATH_BYTES = 1536;
export const UNKNOWN_NODE = 'unknown';

/**
 * A hierarchy path (`nodeId`): segments separated by `/`. Leading, trailing and doubled slashes
 * are removed with a warning; empty paths, control characters and over-long paths are refused.
 */
export function nodePath(value: unknown, label: string, warnings: Warnings): string {
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be a string path like "region/env/cluster/namespace"`);
  if (value.length > MAX_SEGMENTS * (MAX_SEGMENT_LENGTH + 1)) throw badRequest(`field "${label}" is too long`);
  if (hasControl(value)) throw badRequest(`field "${label}" contains control characters or invalid Unicode`);
  const segments = value.split('/');
  const kept = segments.map((s) => s.trim()).filter((s) => s !== '');
  if (kept.length === 0) throw badRequest(`field "${label}" is empty`);
  if (kept.length > MAX_SEGMENTS) throw badRequest(`field "${label}" has more than ${MAX_SEGMENTS} segments`);
  if (kept.some((s) => s.length > MAX_SEGMENT_LENGTH))
    throw badRequest(`field "${label}" has a segment longer than ${MAX_SEGMENT_LENGTH} characters`);
  const path = kept.join('/');
  // The path is a btree key (nodes, agents, services' unique (node_path, name)); PostgreSQL refuses keys over ~2.7 kB.
  if (Buffer.byteLength(path, 'utf8') > MAX_PATH_BYTES) throw badRequest(`field "${label}" is longer than ${MAX_PATH_BYTES} bytes`);
  if (path !== value) warnings.add(`${label} "${value}" was read as "${path}"`);
  return path;
}

/** A service name: no slash (the external id joins path and name with one), no control characters. */
export function serviceName(value: unknown, label: string): string {
  if (value === undefined || value === null || value === '') throw badRequest(`field "${label}" is required`);
  if (typeof value !== 'string') throw badRequest(`field "${label}" must be a string`);
  if (value.length > MAX_NAME_LENGTH) throw badRequest(`field "${label}" is longer than ${MAX_NAME_LENGTH} characters`);
  if (value.includes('/')) throw badRequest(`field "${label}" must not contain "/" (put the hierarchy in nodeId)`);
  if (hasControl(value) || value.trim() !== value)
    throw badRequest(`field "${label}" has control characters, invalid Unicode or surrounding spaces`);
  return value;
}

/** An identifier-like string given to GraphQL (usernames, group names): trimmed, no control characters, bounded. */
export function identifierText(value: string, label: string, max: number): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`${label} must not be empty`);
  if ([...trimmed].length > max) throw badRequest(`${label} is longer than ${max} characters`);
  if (hasControl(trimmed)) throw badRequest(`${label} contains control characters or invalid Unicode`);
  return trimmed;
}

/** Free text given to GraphQL (descriptions, messages): bounded, and storable (no NUL, no unpaired surrogate). */
export function storableText(value: string, label: string, max: number): string {
  if ([...value].length > max) throw badRequest(`${label} is longer than ${max} characters`);
  if (SUSPECT_TEXT.test(value) && value.search(UNSTORABLE) !== -1)
    throw badRequest(`${label} contains a NUL character or an unpaired surrogate, which cannot be stored`);
  return value;
}

/** A JSON object given as text (a service's `metadata`): parsed, bounded in size and nesting, storable. */
export function jsonObjectText(text: string, label: string, maxBytes: number, maxDepth: number): Record<string, unknown> {
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw badRequest(`${label} is larger than ${maxBytes} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`${label} is not valid JSON: ${(error as Error).message}`);
  }
  return optionalJsonObject({ value }, 'value', maxDepth, label)!;
}
