/**
 * The `Idempotency-Key` header, read at the edge: 1 to 128 printable ASCII characters (0x21 to 0x7E:
 * no space, no control character), so a key is a bounded, loggable string and two spellings of one key
 * cannot differ by invisible bytes. Any other value is refused before the request runs.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_KEY_LENGTH = 128;

const KEY = /^[\x21-\x7e]{1,128}$/;

export type KeyReading = { readonly key: string } | { readonly refusal: string };

/** The key of a header value that is present (an absent header never reaches here). */
export function readIdempotencyKey(value: string): KeyReading {
  if (KEY.test(value)) return { key: value };
  if (value.length === 0) return { refusal: 'Idempotency-Key must not be empty' };
  if (value.length > MAX_KEY_LENGTH) return { refusal: `Idempotency-Key is at most ${MAX_KEY_LENGTH} characters, got ${value.length}` };
  return { refusal: 'Idempotency-Key may hold printable ASCII characters only (no spaces or control characters)' };
}
