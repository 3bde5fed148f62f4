/**
 * The fields a JSON body may carry, and what the server says about the others. Every REST body is
 * read through `readBody` (and every entry of a body's array through `readEntry`): a field the body
 * does not know is ignored with a warning that names it, so a typo (`staus`) is not silently lost;
 * when reading fails (a required field missing, say), the error names an unknown field that looks
 * like a known one ("did you mean"), so the client is not sent looking for the wrong mistake.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { Warnings, type Json } from './fields.js';

/** A body read into a typed value, with what was adjusted or ignored on the way. */
export interface Parsed<T> {
  readonly value: T;
  readonly warnings: readonly string[];
}

/** The names of the fields one kind of body (or array entry) may have. */
export class BodyFields {
  private readonly known: ReadonlySet<string>;

  constructor(readonly names: readonly string[]) {
    this.known = new Set(names);
  }

  /** The body's fields this kind does not name, in the body's order (usually none: no array is built). */
  unknownIn(obj: Json): readonly string[] {
    let unknown: string[] | undefined;
    for (const key of Object.keys(obj)) if (!this.known.has(key)) (unknown ??= []).push(key);
    return unknown ?? NONE;
  }

  /** The known field `key` was probably meant to be: same letters in another case, or one or two edits away. */
  nearest(key: string): string | undefined {
    const lower = key.toLowerCase();
    let best: string | undefined;
    let bestDistance = Infinity;
    for (const name of this.names) {
      const distance = name.toLowerCase() === lower ? 0 : editDistance(lower, name.toLowerCase());
      if (distance < bestDistance) {
        best = name;
        bestDistance = distance;
      }
    }
    const allowed = Math.min(key.length, best?.length ?? 0) >= 5 ? 2 : 1;
    return best !== undefined && bestDistance <= allowed ? best : undefined;
  }
}

const NONE: readonly string[] = Object.freeze([]);
/** Unknown fields named one by one; a body with more gets one summary warning for the rest. */
const MAX_NAMED = 20;

/**
 * Reads a whole body: `read` turns it into a typed value, adding to `warnings` what it adjusted;
 * each field the body has that `fields` does not name adds a warning.
 */
export function readBody<T>(body: Json, fields: BodyFields, read: (body: Json, warnings: Warnings) => T): Parsed<T> {
  const warnings = new Warnings();
  const value = readEntry(body, fields, warnings, '', read);
  return { value, warnings: warnings.list };
}

/** As `readBody`, for one object inside a body (an array entry); `where` prefixes its warnings (`services[3]: `). */
export function readEntry<T>(
  obj: Json,
  fields: BodyFields,
  warnings: Warnings,
  where: string,
  read: (obj: Json, warnings: Warnings) => T,
): T {
  const unknown = fields.unknownIn(obj);
  if (unknown.length === 0) return read(obj, warnings);
  let value: T;
  try {
    value = read(obj, warnings);
  } catch (error) {
    throw error instanceof AppError && error.code === ErrorCode.BadRequest ? withNearMisses(error, unknown, fields) : error;
  }
  for (const key of unknown.slice(0, MAX_NAMED))
    warnings.add(`${where}unknown field "${printable(key)}" ignored${didYouMean(key, fields)}`);
  if (unknown.length > MAX_NAMED) warnings.add(`${where}${unknown.length - MAX_NAMED} more unknown fields were ignored`);
  return value;
}

function didYouMean(key: string, fields: BodyFields): string {
  const meant = fields.nearest(key);
  return meant === undefined ? '' : ` (did you mean "${meant}"?)`;
}

/** The refusal, plus the unknown fields that look like a known one (the likely cause). */
function withNearMisses(error: AppError, unknown: readonly string[], fields: BodyFields): AppError {
  const near = unknown.filter((key) => fields.nearest(key) !== undefined).slice(0, 3);
  if (near.length === 0) return error;
  return new AppError(
    error.code,
    `${error.message}; the body has ${near.map((key) => `unknown field "${printable(key)}"${didYouMean(key, fields)}`).join(', ')}`,
    error.headers,
  );
}

/** A client's key, shortened and without control characters, as it may appear in a message. */
function printable(key: string): string {
  const clean = key.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return clean.length > 64 ? `${clean.slice(0, 64)}...` : clean;
}

/** Optimal string alignment distance (Levenshtein plus swapped neighbours), bounded: names are short. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2 || a.length > 64 || b.length > 64) return Infinity;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    row[0] = i;
    rows.push(row);
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
