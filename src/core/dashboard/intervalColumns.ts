/**
 * The month's status intervals as the dashboard task takes them (dashboardTask.ts): columns of typed
 * arrays filled page by page from the binary records of uptimeQuery.ts, never row objects.
 *
 * A record is 38 bytes, big-endian: the service id (16 bytes, uuid), seq (int4), the status as its
 * 1-based index in SERVICE_STATUSES (int2, 0 for anything else), started and ended as float8 epoch
 * ms (ended NaN while open). A page arrives as the base64 text of its records, one after another.
 */
import type { PackedIntervals } from './dashboardTask.js';
import type { ServiceNumbering } from './serviceNumbering.js';

export const RECORD_BYTES = 38;

/**
 * Columns that grow as pages arrive; `finish()` trims them to their length. Memory churn is kept
 * low on purpose (every byte allocated here is external memory that brings the next full garbage
 * collection closer): pages are decoded into one reused buffer, `reserve()` sizes the columns
 * once from an estimate instead of doubling them from small, and the columns sit on resizable
 * buffers that `finish()` shrinks in place (a copy of the trimmed columns was a second 25 MB at a
 * million services, left for the next full collection). After `finish()` the columns are the
 * caller's: nothing more is added.
 */
export class IntervalColumns {
  private length = 0;
  private service = resizable(Uint32Array, 1024);
  private seq = resizable(Int32Array, 1024);
  private status = resizable(Uint8Array, 1024);
  private startedAt = resizable(Float64Array, 1024);
  private endedAt = resizable(Float64Array, 1024);
  private decoded = Buffer.alloc(64 * 1024);

  /** Rows held so far. */
  get size(): number {
    return this.length;
  }

  /** Makes room for `rows` rows in all, so filling them allocates nothing more. */
  reserve(rows: number): void {
    if (rows > this.service.length) this.resize(rows);
  }

  /**
   * Reads one page's records, numbering each row's service with `services` (rows of services not
   * in it are skipped). Answers how many records the page held.
   */
  addPage(base64: string, services: ServiceNumbering): number {
    // Base64 decodes to at most 3/4 of its length.
    if (this.decoded.length < (base64.length * 3) / 4) this.decoded = Buffer.alloc(Math.ceil((base64.length * 3) / 4));
    const length = this.decoded.write(base64, 'base64');
    const view = new DataView(this.decoded.buffer, this.decoded.byteOffset, length);
    const records = Math.floor(length / RECORD_BYTES);
    for (let at = 0; at < records * RECORD_BYTES; at += RECORD_BYTES) {
      const number = services.numberAt(view, at);
      if (number !== undefined)
        this.push(number, view.getInt32(at + 16), view.getInt16(at + 20), view.getFloat64(at + 22), view.getFloat64(at + 30));
    }
    return records;
  }

  finish(): PackedIntervals {
    const n = this.length;
    for (const column of [this.service, this.seq, this.status, this.startedAt, this.endedAt]) {
      (column.buffer as ResizableBuffer).resize(n * column.BYTES_PER_ELEMENT);
    }
    return { service: this.service, seq: this.seq, status: this.status, startedAt: this.startedAt, endedAt: this.endedAt };
  }

  private push(service: number, seq: number, status: number, startedAt: number, endedAt: number): void {
    if (this.length === this.service.length) this.resize(this.length * 2);
    const at = this.length++;
    this.service[at] = service;
    this.seq[at] = seq;
    this.status[at] = status;
    this.startedAt[at] = startedAt;
    this.endedAt[at] = endedAt;
  }

  private resize(size: number): void {
    const grown = <T extends Column>(old: T, type: ColumnType<T>): T => {
      const array = resizable(type, size);
      array.set(old.subarray(0, this.length));
      return array;
    };
    this.service = grown(this.service, Uint32Array);
    this.seq = grown(this.seq, Int32Array);
    this.status = grown(this.status, Uint8Array);
    this.startedAt = grown(this.startedAt, Float64Array);
    this.endedAt = grown(this.endedAt, Float64Array);
  }
}

type Column = Uint32Array | Int32Array | Uint8Array | Float64Array;

interface ColumnType<T extends Column> {
  new (buffer: ArrayBuffer): T;
  readonly BYTES_PER_ELEMENT: number;
}

/** ES2024's resizable ArrayBuffer (Node 20 has it; the ES2023 library typings do not). */
interface ResizableBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}

/**
 * A column of `rows` on a buffer that can shrink in place (down to `finish()`'s length), and a view that follows its
 * length. Growing past `rows` takes a new column (`resize`): the estimate is usually right, and a buffer's maximum is
 * address space reserved up front.
 */
function resizable<T extends Column>(type: ColumnType<T>, rows: number): T {
  const bytes = rows * type.BYTES_PER_ELEMENT;
  const Resizable = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => ArrayBuffer;
  return new type(new Resizable(bytes, { maxByteLength: bytes }));
}
