/**
 * The conversation's inputs, read once at the edge into typed values (pure; the unit tables in
 * test/unit/plugins/ticketing/conversationInputs.test.ts list what is refused). Each refusal names the field and the
 * bound, so a person knows what to fix.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';

/** A comment body is at most 64 KiB of UTF-8. */
export const MAX_COMMENT_BYTES = 64 * 1024;
/** One worklog entry is at most a week of work. */
export const MAX_WORK_MINUTES = 1440 * 7;
export const MAX_NOTE_LENGTH = 2000;
/** Work logged for a moment this far back at most. */
export const MAX_WORKED_AGO_MS = 366 * 24 * 3_600_000;
/** A client's clock may run this far ahead of ours. */
export const WORKED_AT_SKEW_MS = 5 * 60_000;
export const MAX_TICKET_ID_LENGTH = 200;

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

/** NUL and unpaired UTF-16 surrogates: PostgreSQL cannot store them, and they are no text. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function commentBody(value: unknown, field = 'body'): string {
  if (typeof value !== 'string') throw bad(`${field} must be a string`);
  if (value.trim() === '') throw bad(`${field} is empty; write something`);
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > MAX_COMMENT_BYTES) throw bad(`${field} is ${bytes} bytes of UTF-8; a comment is at most ${MAX_COMMENT_BYTES} (64 KiB)`);
  if (UNSTORABLE.test(value)) throw bad(`${field} contains a NUL character or an unpaired surrogate, which cannot be stored`);
  return value;
}

export function workMinutes(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw bad('minutes must be a whole number');
  if (value < 1 || value > MAX_WORK_MINUTES) throw bad(`minutes must be between 1 and ${MAX_WORK_MINUTES} (a week), got ${value}`);
  return value;
}

/** An optional note: absent, null or blank is none. */
export function workNote(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw bad('note must be a string');
  if (value.length > MAX_NOTE_LENGTH) throw bad(`note is longer than ${MAX_NOTE_LENGTH} characters`);
  if (UNSTORABLE.test(value)) throw bad('note contains a NUL character or an unpaired surrogate, which cannot be stored');
  return value.trim() === '' ? null : value;
}

/** When the work was done (epoch ms from the DateTime scalar): now when absent; not in the future, not more than 366 days back. */
export function workedAt(value: unknown, now: number): number {
  if (value === undefined || value === null) return now;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('workedAt must be an ISO 8601 time');
  if (value > now + WORKED_AT_SKEW_MS) throw bad(`workedAt ${new Date(value).toISOString()} is in the future; log work once it is done`);
  if (value < now - MAX_WORKED_AGO_MS) throw bad(`workedAt ${new Date(value).toISOString()} is more than 366 days ago`);
  return value;
}

/** A ticket id as given; one that cannot be an id is no ticket (NOT_FOUND, like any unknown id). */
export function ticketIdOf(value: unknown, field = 'ticketId'): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_TICKET_ID_LENGTH || CONTROL.test(value) || UNSTORABLE.test(value)) {
    throw new AppError(ErrorCode.NotFound, `no ticket ${describeId(value)} (${field})`);
  }
  return value;
}

/** The id of a comment or worklog entry (a UUID); anything else is one that does not exist. */
export function recordIdOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw new AppError(ErrorCode.NotFound, `no ${what} ${describeId(value)}`);
  return value.toLowerCase();
}

function describeId(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 64)) : String(value);
}
