/**
 * Reads a query's rows as PostgreSQL's `COPY ... TO STDOUT` text stream (pg-copy-streams) instead of
 * a result the driver turns into one object per row: for 100,000 services of 33 columns, pg creates a
 * Buffer and a string per field and an object per row (3.3 million fields, most of them NULL), which was
 * most of the start time. Here the stream's chunks are scanned once for tabs and newlines, and a field
 * becomes a value only when the caller asks for it: NULL, numbers and booleans are read from the bytes,
 * text is decoded once per field, and nothing is kept that points into the chunk.
 *
 * Text format (PostgreSQL docs, "COPY", "Text Format"): fields separated by a tab, rows ended by a
 * newline, NULL written `\N`; a backslash escapes the next character (`\b \f \n \r \t \v`, octal `\NNN`,
 * hex `\xHH`, any other character stands for itself). Tab and newline bytes never occur inside a field,
 * and neither occurs inside a multi-byte UTF-8 character, so rows can be cut from raw bytes.
 */
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
const N = 78;
const T = 116;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const ESCAPED = 1;
const NON_ASCII = 2;

/**
 * Node's own decoder of one byte range, without `toString`'s argument checks and the range's Buffer
 * (a third of the decoding time for short fields); undocumented, so `toString` when it is missing.
 */
type Latin1Slicer = (this: Buffer, start: number, end: number) => string;
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice?: Latin1Slicer }).latin1Slice;
const ascii = (buffer: Buffer, start: number, end: number): string =>
  latin1Slice ? latin1Slice.call(buffer, start, end) : buffer.toString('latin1', start, end);

/** One row of the stream; valid only during the `onRow` call that receives it (the reader reuses it). */
export class CopyRow {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Per field: ESCAPED (a backslash escape, decoded the slow way), NON_ASCII (decoded as UTF-8). */
  private readonly flags: number[] = [];
  count = 0;

  /** @internal the reader points the row at its fields */
  reset(buffer: Buffer): void {
    this.buffer = buffer;
    this.count = 0;
  }

  /** @internal */
  push(start: number, end: number, flags: number): void {
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.flags[this.count] = flags;
    this.count++;
  }

  isNull(i: number): boolean {
    const start = this.starts[i]!;
    return this.ends[i]! - start === 2 && this.buffer[start] === BACKSLASH && this.buffer[start + 1] === N;
  }

  text(i: number): string | null {
    if (this.isNull(i)) return null;
    const start = this.starts[i]!;
    const end = this.ends[i]!;
    const flags = this.flags[i]!;
    if (flags & ESCAPED) return unescapeField(this.buffer, start, end);
    return flags & NON_ASCII ? this.buffer.toString('utf8', start, end) : ascii(this.buffer, start, end);
  }

  /** An integer column (or a float8 that holds one), read from the digits; other numerals through `Number`. */
  number(i: number): number | null {
    if (this.isNull(i)) return null;
    const { buffer } = this;
    const end = this.ends[i]!;
    let at = this.starts[i]!;
    const negative = buffer[at] === MINUS;
    if (negative) at++;
    let value = 0;
    for (; at < end; at++) {
      const byte = buffer[at]!;
      if (byte < ZERO || byte > NINE) return Number(this.text(i));
      value = value * 10 + (byte - ZERO);
    }
    return negative ? -value : value;
  }

  boolean(i: number): boolean | null {
    return this.isNull(i) ? null : this.buffer[this.starts[i]!] === T;
  }

  /** A json or jsonb column: NULL and JSON `null` give `fallback`, as `jsonColumn` does for driver rows. */
  json<V>(i: number, fallback: V): V {
    const start = this.starts[i]!;
    if (this.ends[i]! - start === 2) {
      // Most arrays and objects of a row are empty: no text, no parse.
      const first = this.buffer[start];
      const second = this.buffer[start + 1];
      if (first === OPEN_BRACKET && second === CLOSE_BRACKET) return [] as V;
      if (first === OPEN_BRACE && second === CLOSE_BRACE) return {} as V;
    }
    const text = this.text(i);
    if (text === null) return fallback;
    const value = JSON.parse(text) as V | null;
    return value === null ? fallback : value;
  }
}

export interface CopyTextOptions {
  /**
   * The select's order comes from an index: PostgreSQL is told not to sort (`enable_sort = off` for this statement),
   * so it streams from the first row while this process works on them, instead of sorting the whole result first
   * (the planner may prefer the sort where the table's order and the index's differ; the wait is what costs here).
   */
  readonly streamFromFirstRow?: boolean;
}

/**
 * Runs `COPY (select) TO STDOUT` on a connection of `knex`'s pool (PostgreSQL only) and calls `onRow` for
 * each row, in the query's order. Resolves with the number of rows once the last one was handed over.
 * Meant for start: a failure (of the query or of `onRow`) fails the start, which closes the pool, so a
 * connection given back in the middle of a stream is never used again.
 */
export async function readCopyText(
  knex: Knex,
  select: string,
  onRow: (row: CopyRow) => void,
  options: CopyTextOptions = {},
): Promise<number> {
  const connection = (await knex.client.acquireConnection()) as PoolClient;
  try {
    if (options.streamFromFirstRow) await connection.query('set enable_sort = off');
    const stream = connection.query(copyTo(`copy (${select}) to stdout`));
    const row = new CopyRow();
    let rows = 0;
    let rest: Buffer | undefined;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buffer = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
      const used = scanRows(buffer, row, onRow);
      rows += used.rows;
      rest = used.end < buffer.length ? buffer.subarray(used.end) : undefined;
    }
    if (rest !== undefined) throw new Error(`COPY stream ended inside a row (${rest.length} bytes left)`);
    if (options.streamFromFirstRow) await connection.query('reset enable_sort');
    return rows;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Hands every complete row of `buffer` to `onRow`; returns how many and where the incomplete rest begins. */
function scanRows(buffer: Buffer, row: CopyRow, onRow: (row: CopyRow) => void): { rows: number; end: number } {
  let rows = 0;
  let rowStart = 0;
  let fieldStart = 0;
  let flags = 0;
  row.reset(buffer);
  for (let at = 0; at < buffer.length; at++) {
    const byte = buffer[at]!;
    // Lower-case letters and everything beyond them first: the common bytes take one comparison.
    if (byte > BACKSLASH) {
      if (byte >= 128) flags |= NON_ASCII;
    } else if (byte === BACKSLASH) {
      flags |= ESCAPED;
      at++;
    } else if (byte === TAB) {
      row.push(fieldStart, at, flags);
      fieldStart = at + 1;
      flags = 0;
    } else if (byte === NEWLINE) {
      row.push(fieldStart, at, flags);
      onRow(row);
      rows++;
      row.reset(buffer);
      rowStart = fieldStart = at + 1;
      flags = 0;
    }
  }
  return { rows, end: rowStart };
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** A field with backslash escapes, decoded. Octal and hex escapes name bytes, which may form UTF-8 together. */
function unescapeField(buffer: Buffer, start: number, end: number): string {
  const bytes: number[] = [];
  for (let at = start; at < end; at++) {
    const byte = buffer[at]!;
    if (byte !== BACKSLASH || at + 1 >= end) {
      bytes.push(byte);
      continue;
    }
    const next = String.fromCharCode(buffer[++at]!);
    const named = ESCAPES[next];
    if (named !== undefined) {
      bytes.push(named.charCodeAt(0));
    } else if (next >= '0' && next <= '7') {
      let digits = next;
      while (digits.length < 3 && at + 1 < end && buffer[at + 1]! >= ZERO && buffer[at + 1]! <= ZERO + 7)
        digits += String.fromCharCode(buffer[++at]!);
      bytes.push(parseInt(digits, 8) & 0xff);
    } else if (next === 'x' && at + 1 < end && isHex(buffer[at + 1]!)) {
      let digits = String.fromCharCode(buffer[++at]!);
      if (at + 1 < end && isHex(buffer[at + 1]!)) digits += String.fromCharCode(buffer[++at]!);
      bytes.push(parseInt(digits, 16));
    } else {
      bytes.push(buffer[at]!);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const isHex = (byte: number) => (byte >= ZERO && byte <= NINE) || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102);
