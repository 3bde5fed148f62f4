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
 * collection closer): pages are decoded into one reused buffer, and `reserve()` sizes the columns
 * once from an estimate instead of doubling them from small.
 */
export class IntervalColumns {
  private length = 0;
  private service = new Uint32Array(1024);
  private seq = new Int32Array(1024);
  private status = new Uint8Array(1024);
  private startedAt = new Float64Array(1024);
  private endedAt = new Float64Array(1024);
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
    if (n === this.service.length) {
      return { service: this.service, seq: this.seq, status: this.status, startedAt: this.startedAt, endedAt: this.endedAt };
    }
    return {
      service: this.service.slice(0, n),
      seq: this.seq.slice(0, n),
      status: this.status.slice(0, n),
      startedAt: this.startedAt.slice(0, n),
      endedAt: this.endedAt.slice(0, n),
    };
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
    const grown = <T extends Uint32Array | Int32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const array = make(size);
      array.set(old.subarray(0, this.length));
      return array;
    };
    this.service = grown(this.service, (n) => new Uint32Array(n));
    this.seq = grown(this.seq, (n) => new Int32Array(n));
    this.status = grown(this.status, (n) => new Uint8Array(n));
    this.startedAt = grown(this.startedAt, (n) => new Float64Array(n));
    this.endedAt = grown(this.endedAt, (n) => new Float64Array(n));
  }
}
