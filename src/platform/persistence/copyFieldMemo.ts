/**
 * One column's values of a COPY stream (copyBinary.ts), remembered by their bytes. A million services at start hold a
 * few thousand distinct statuses, node paths, owners and tag lists between them; decoding each field to a string only
 * to look the string up in a pool (and hash it there) cost more than the rest of the row (ADR 0090). Here a field's
 * bytes are hashed and compared where they lie in the stream's chunk, and only a value not seen before is decoded:
 * `decode` reads the field and gives the value kept for every later field with the same bytes.
 *
 * `decode` must give the same value for the same bytes for as long as the memo is used (a pool's copy, a parsed
 * list), since a repeat is answered without calling it. The memo is bounded: past `limit` distinct values a new value
 * is decoded and not kept, so a column of all-different values costs a decode each, as it would without the memo.
 */
import type { CopyRow } from './copyBinary.js';

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const FIRST_CAPACITY = 64;

export class CopyFieldMemo<V> {
  private capacity = FIRST_CAPACITY;
  private hashes = new Int32Array(FIRST_CAPACITY);
  /** The bytes a slot was decoded from (undefined: the slot is free). */
  private keys: (Buffer | undefined)[] = new Array<Buffer | undefined>(FIRST_CAPACITY).fill(undefined);
  private values: (V | undefined)[] = new Array<V | undefined>(FIRST_CAPACITY).fill(undefined);
  private size = 0;
  private ofNull: { readonly value: V } | undefined;

  constructor(
    private readonly decode: (row: CopyRow, i: number) => V,
    private readonly limit = 65_536,
  ) {}

  /** The value of the row's field `i`. */
  of(row: CopyRow, i: number): V {
    const field = row.bytes(i);
    if (field === null) {
      this.ofNull ??= { value: this.decode(row, i) };
      return this.ofNull.value;
    }
    const { buffer, start, end } = field;
    let hash = FNV_OFFSET ^ (end - start);
    for (let at = start; at < end; at++) hash = Math.imul(hash ^ buffer[at]!, FNV_PRIME);
    const mask = this.capacity - 1;
    let slot = hash & mask;
    for (;;) {
      const key = this.keys[slot];
      if (key === undefined) break;
      if (this.hashes[slot] === hash && sameBytes(key, buffer, start, end)) return this.values[slot] as V;
      slot = (slot + 1) & mask;
    }
    const value = this.decode(row, i);
    if (this.size < this.limit) this.keep(slot, hash, Buffer.from(buffer.subarray(start, end)), value);
    return value;
  }

  private keep(slot: number, hash: number, key: Buffer, value: V): void {
    this.hashes[slot] = hash;
    this.keys[slot] = key;
    this.values[slot] = value;
    this.size++;
    // At most half full: a probe ends at a free slot soon.
    if (this.size * 2 > this.capacity) this.grow();
  }

  private grow(): void {
    const { hashes, keys, values } = this;
    this.capacity *= 2;
    this.hashes = new Int32Array(this.capacity);
    this.keys = new Array<Buffer | undefined>(this.capacity).fill(undefined);
    this.values = new Array<V | undefined>(this.capacity).fill(undefined);
    const mask = this.capacity - 1;
    for (let from = 0; from < keys.length; from++) {
      const key = keys[from];
      if (key === undefined) continue;
      let slot = hashes[from]! & mask;
      while (this.keys[slot] !== undefined) slot = (slot + 1) & mask;
      this.hashes[slot] = hashes[from]!;
      this.keys[slot] = key;
      this.values[slot] = values[from];
    }
  }
}

function sameBytes(key: Buffer, buffer: Buffer, start: number, end: number): boolean {
  if (key.length !== end - start) return false;
  for (let at = start, k = 0; at < end; at++, k++) if (key[k] !== buffer[at]) return false;
  return true;
}
