/**
 * Where a JSON value ends in a body's bytes, without parsing it: strings (with their escapes) and
 * nesting are followed, nothing is validated. The caller validates what it keeps with `JSON.parse` of
 * that slice (statusSyncBody.ts), so a malformed value is refused there, never taken as read.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

export const JSON_BYTES = { QUOTE, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, COMMA, COLON } as const;

/** The first byte at or after `i` that is not JSON whitespace (`b.length` at the end). */
export function skipSpace(b: Uint8Array, i: number): number {
  const n = b.length;
  while (i < n) {
    const c = b[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i += 1;
  }
  return n;
}

/** The index after the string that opens at `i` (a `"`), or -1 when it does not end. */
export function stringEnd(b: Uint8Array, i: number): number {
  const n = b.length;
  let j = i + 1;
  while (j < n) {
    const c = b[j]!;
    if (c === QUOTE) return j + 1;
    j += c === BACKSLASH ? 2 : 1;
  }
  return -1;
}

/** The index after the value that starts at `i` (no whitespace before it), or -1 when it does not end. */
export function valueEnd(b: Uint8Array, i: number): number {
  const n = b.length;
  if (i >= n) return -1;
  const first = b[i]!;
  if (first === QUOTE) return stringEnd(b, i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number or a literal: up to the next delimiter (JSON.parse of the slice judges it).
    let j = i;
    while (j < n) {
      const c = b[j]!;
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) break;
      j += 1;
    }
    return j === i ? -1 : j;
  }
  let depth = 0;
  let j = i;
  while (j < n) {
    const c = b[j]!;
    if (c === QUOTE) {
      j = stringEnd(b, j);
      if (j < 0) return -1;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return j + 1;
    }
    j += 1;
  }
  return -1;
}
