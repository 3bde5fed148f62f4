/**
 * The one 32-bit hash of the cluster: FNV-1a over a string's UTF-16 code units (for ASCII ids, such as UUIDs, the
 * same as FNV-1a over their bytes), then murmur3's 32-bit finalizer (`fmix32`). FNV-1a alone is fast but its low
 * bits mix poorly for ids that differ in their last characters; the finalizer spreads every input bit over every
 * output bit, so any range of the result (the low 8 bits, or a multiply-shift onto a range) is well distributed.
 *
 * These functions define where an entity lives and who owns a shard: every instance of a cluster must compute the
 * same values forever. Changing them moves every entity to another shard; the unit tests pin fixed ids to fixed
 * results so such a change cannot pass unnoticed.
 */

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** murmur3's finalizer: a bijection on 32 bits with full avalanche. */
export function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a (32 bits) of `text`'s UTF-16 code units, finalized by `fmix32`: an unsigned 32-bit integer. */
export function hashString(text: string): number {
  let h = FNV_OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME);
  }
  return fmix32(h);
}

/** Maps an unsigned 32-bit hash onto `[0, count)` by its high bits (multiply-shift: no division, no modulo bias to speak of). */
export function reduce(hash: number, count: number): number {
  return Math.floor((hash / 0x1_0000_0000) * count);
}
