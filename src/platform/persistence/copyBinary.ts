/**
 * Reads a query's rows as PostgreSQL's binary `COPY ... TO STDOUT (FORMAT binary)` stream (pg-copy-streams) instead
 * of a result the driver turns into one object per row: for 100,000 services of 33 columns, pg creates a Buffer and a
 * string per field and an object per row (3.3 million fields, most of them NULL), which was most of the start time.
 * Binary rather than text (ADR 0090): every field comes with its length, so nothing is scanned byte by byte for tabs
 * and escapes, and PostgreSQL sends timestamps, integers and uuids as they are stored instead of printing them (at a
 * million services it produced the text stream in 6.7 s, with the epoch arithmetic, and the binary one in 3.5-4.0 s).
 * A field becomes a value only when the caller asks for it, by the reader of its column's type.
 *
 * Format (PostgreSQL docs, "COPY", "Binary Format"): an 11-byte signature, a 32-bit flags field, a 32-bit header
 * extension length and the extension; then per tuple a 16-bit field count (-1 ends the data) and per field a 32-bit
 * length (-1: NULL) and that many bytes in the type's binary send format. All integers are big-endian.
 */
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01 UTC), in milliseconds. */
const POSTGRES_EPOCH_MS = 946_684_800_000;
const JSONB_VERSION = 1;
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 45;
/** Where a uuid's text is written before it becomes one string (a string built by `+` is a tree of 20 pieces). */
const UUID_TEXT = Buffer.alloc(36);

/**
 * Node's own decoder of one byte range, without `toString`'s argument checks and the range's Buffer (a third of the
 * decoding time for short fields); undocumented, so `toString` when it is missing.
 */
type Slicer = (this: Buffer, start: number, end: number) => string;
const utf8Slice = (Buffer.prototype as unknown as { utf8Slice?: Slicer }).utf8Slice;
const utf8 = (buffer: Buffer, start: number, end: number): string =>
  utf8Slice ? utf8Slice.call(buffer, start, end) : buffer.toString('utf8', start, end);
const latin1Slice = (Buffer.prototype as unknown as { latin1Slice?: Slicer }).latin1Slice;
const latin1 = (buffer: Buffer, start: number, end: number): string =>
  latin1Slice ? latin1Slice.call(buffer, start, end) : buffer.toString('latin1', start, end);

/** Where a field's bytes lie in the stream's chunk; valid only during the `onRow` call. */
export interface FieldBytes {
  readonly buffer: Buffer;
  readonly start: number;
  readonly end: number;
}

/** One row of the stream; valid only during the `onRow` call that receives it (the reader reuses it). */
export class CopyRow {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly starts: number[] = [];
  /** Per field: its length in bytes, -1 for NULL. */
  private readonly lengths: number[] = [];
  /** The one answer of `bytes`, reused (a field is read within the call that asked for it). */
  private readonly field = { buffer: this.buffer, start: 0, end: 0 };
  count = 0;

  /** @internal the reader points the row at its fields */
  reset(buffer: Buffer): void {
    this.buffer = buffer;
    this.count = 0;
  }

  /** @internal */
  push(start: number, length: number): void {
    this.starts[this.count] = start;
    this.lengths[this.count] = length;
    this.count++;
  }

  isNull(i: number): boolean {
    return this.lengths[i]! < 0;
  }

  /** The field's bytes (null for NULL), for a caller that compares them before it decodes them (copyFieldMemo.ts). */
  bytes(i: number): FieldBytes | null {
    const length = this.lengths[i]!;
    if (length < 0) return null;
    const field = this.field;
    field.buffer = this.buffer;
    field.start = this.starts[i]!;
    field.end = field.start + length;
    return field;
  }

  /** A text column (UTF-8, as the server's encoding must be). */
  text(i: number): string | null {
    const length = this.lengths[i]!;
    if (length < 0) return null;
    const start = this.starts[i]!;
    return utf8(this.buffer, start, start + length);
  }

  /** A uuid column, as PostgreSQL prints it (lower-case hex, dashes after 4, 6, 8 and 10 bytes): one flat string. */
  uuid(i: number): string | null {
    if (this.lengths[i]! < 0) return null;
    const { buffer } = this;
    const at = this.starts[i]!;
    let out = 0;
    for (let k = 0; k < 16; k++) {
      if (k === 4 || k === 6 || k === 8 || k === 10) UUID_TEXT[out++] = DASH;
      const byte = buffer[at + k]!;
      UUID_TEXT[out++] = HEX_DIGITS[byte >> 4]!;
      UUID_TEXT[out++] = HEX_DIGITS[byte & 15]!;
    }
    return latin1(UUID_TEXT, 0, 36);
  }

  /** An integer column (int4). */
  int32(i: number): number | null {
    return this.lengths[i]! < 0 ? null : this.buffer.readInt32BE(this.starts[i]!);
  }

  /** A bigint column (int8); exact up to 2^53, as the driver's numbers are. */
  int64(i: number): number | null {
    if (this.lengths[i]! < 0) return null;
    const at = this.starts[i]!;
    return this.buffer.readInt32BE(at) * 2 ** 32 + this.buffer.readUInt32BE(at + 4);
  }

  /**
   * A timestamptz column as epoch milliseconds (the microseconds below a millisecond dropped, as `floor` of the
   * epoch times 1,000 does); `infinity` and `-infinity` as Infinity and -Infinity.
   */
  timestamp(i: number): number | null {
    if (this.lengths[i]! < 0) return null;
    const at = this.starts[i]!;
    const high = this.buffer.readInt32BE(at);
    const low = this.buffer.readUInt32BE(at + 4);
    if (high === 0x7fffffff && low === 0xffffffff) return Number.POSITIVE_INFINITY;
    if (high === -0x80000000 && low === 0) return Number.NEGATIVE_INFINITY;
    // Whole milliseconds of the high word (2^32 µs is 4,294,967.296 ms) and of the rest, summed without losing a µs.
    const micros = (high % 1000) * 2 ** 32 + low;
    return POSTGRES_EPOCH_MS + Math.trunc(high / 1000) * 4_294_967_296 + Math.floor(micros / 1000);
  }

  boolean(i: number): boolean | null {
    return this.lengths[i]! < 0 ? null : this.buffer[this.starts[i]!] === 1;
  }

  /** A jsonb column's JSON text (null for NULL). */
  jsonbText(i: number): string | null {
    const length = this.lengths[i]!;
    if (length < 0) return null;
    const start = this.starts[i]!;
    if (this.buffer[start] !== JSONB_VERSION) throw new Error(`jsonb field of version ${this.buffer[start]} (expected 1)`);
    return utf8(this.buffer, start + 1, start + length);
  }

  /** A jsonb column: NULL and JSON `null` give `fallback`, as `jsonColumn` does for driver rows. */
  jsonb<V>(i: number, fallback: V): V {
    const length = this.lengths[i]!;
    if (length === 3) {
      // Most arrays and objects of a row are empty: no text, no parse.
      const { buffer } = this;
      const start = this.starts[i]!;
      if (buffer[start] === JSONB_VERSION && buffer[start + 1] === 91 && buffer[start + 2] === 93) return [] as V;
      if (buffer[start] === JSONB_VERSION && buffer[start + 1] === 123 && buffer[start + 2] === 125) return {} as V;
    }
    const text = this.jsonbText(i);
    if (text === null) return fallback;
    const value = JSON.parse(text) as V | null;
    return value === null ? fallback : value;
  }
}

export interface CopyReadOptions {
  /**
   * The select's order comes from an index: PostgreSQL is told not to sort (`enable_sort = off` for this statement),
   * so it streams from the first row while this process works on them, instead of sorting the whole result first
   * (the planner may prefer the sort where the table's order and the index's differ; the wait is what costs here).
   */
  readonly streamFromFirstRow?: boolean;
}

/**
 * Runs `COPY (select) TO STDOUT (FORMAT binary)` on a connection of `knex`'s pool (PostgreSQL only) and calls `onRow`
 * for each row, in the query's order; the caller reads each field by its column's type. Resolves with the number of
 * rows once the last one was handed over. Meant for start: a failure (of the query or of `onRow`) fails the start,
 * which closes the pool, so a connection given back in the middle of a stream is never used again.
 */
export async function readCopyBinary(
  knex: Knex,
  select: string,
  onRow: (row: CopyRow) => void,
  options: CopyReadOptions = {},
): Promise<number> {
  const connection = (await knex.client.acquireConnection()) as PoolClient;
  try {
    if (options.streamFromFirstRow) await connection.query('set enable_sort = off');
    const stream = connection.query(copyTo(`copy (${select}) to stdout (format binary)`));
    const row = new CopyRow();
    let rows = 0;
    let rest: Buffer | undefined;
    let headerRead = false;
    let ended = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let buffer = rest === undefined ? chunk : Buffer.concat([rest, chunk]);
      if (!headerRead) {
        const after = headerEnd(buffer);
        if (after === undefined) {
          rest = buffer;
          continue;
        }
        headerRead = true;
        buffer = buffer.subarray(after);
      }
      const used = scanTuples(buffer, row, onRow);
      rows += used.rows;
      ended ||= used.ended;
      rest = used.end < buffer.length ? buffer.subarray(used.end) : undefined;
    }
    if (!ended || rest !== undefined)
      throw new Error(`COPY stream ended inside a row or before its trailer (${rest?.length ?? 0} bytes left)`);
    if (options.streamFromFirstRow) await connection.query('reset enable_sort');
    return rows;
  } finally {
    await knex.client.releaseConnection(connection);
  }
}

/** Where the data begins after the header; undefined while the header is incomplete. */
function headerEnd(buffer: Buffer): number | undefined {
  const fixed = SIGNATURE.length + 8;
  if (buffer.length < fixed) return undefined;
  if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY stream (signature)');
  const end = fixed + buffer.readUInt32BE(SIGNATURE.length + 4);
  return buffer.length < end ? undefined : end;
}

/**
 * Hands every complete tuple of `buffer` to `onRow`; returns how many, where the incomplete rest begins, and whether
 * the trailer (a field count of -1) was read.
 */
function scanTuples(buffer: Buffer, row: CopyRow, onRow: (row: CopyRow) => void): { rows: number; end: number; ended: boolean } {
  let rows = 0;
  let at = 0;
  while (at + 2 <= buffer.length) {
    const fields = buffer.readInt16BE(at);
    if (fields === -1) return { rows, end: at + 2, ended: true };
    row.reset(buffer);
    let next = at + 2;
    let complete = true;
    for (let f = 0; f < fields; f++) {
      if (next + 4 > buffer.length) {
        complete = false;
        break;
      }
      const length = buffer.readInt32BE(next);
      next += 4;
      row.push(next, length);
      if (length > 0) next += length;
      if (next > buffer.length) {
        complete = false;
        break;
      }
    }
    if (!complete) break;
    onRow(row);
    rows++;
    at = next;
  }
  return { rows, end: at, ended: false };
}
