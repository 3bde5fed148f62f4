/**
 * Entries (an id and what it is ordered by) kept in a comparator's order, in chunks of at most `2 x CHUNK` (the
 * layout of Python's sortedcontainers): an insert or removal is two binary searches and a splice inside one chunk,
 * so its cost does not grow with the list (a splice in one flat array moves memory in proportion to the list); a page
 * skips whole chunks by their length. Entries carry their own sort key, so placing one looks nothing up (the
 * record being placed may be absent from the host: a revert).
 */

/** Ids a chunk holds after a split; a chunk splits at twice this. */
const CHUNK = 512;

export class SortedIdList<E extends { readonly id: string }> {
  private chunks: E[][] = [];
  private count = 0;

  /** `compare(listed, entry)`: below zero when the listed entry comes before the other. */
  constructor(private readonly compare: (listed: E, entry: E) => number) {}

  get size(): number {
    return this.count;
  }

  insert(record: E): void {
    if (this.chunks.length === 0) {
      this.chunks.push([record]);
      this.count = 1;
      return;
    }
    const c = this.chunkFor(record);
    const chunk = this.chunks[c]!;
    chunk.splice(this.positionIn(chunk, record), 0, record);
    this.count += 1;
    if (chunk.length > 2 * CHUNK) this.chunks.splice(c + 1, 0, chunk.splice(CHUNK));
  }

  /** Append without placing (loading); `sort` puts the list in order once at the end. */
  push(entry: E): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last === undefined || last.length >= 2 * CHUNK) this.chunks.push([entry]);
    else last.push(entry);
    this.count += 1;
  }

  /** Remove the entry of `record.id`, found by `record`'s sort key. */
  remove(record: E): boolean {
    if (this.chunks.length === 0) return false;
    const c = this.chunkFor(record);
    const chunk = this.chunks[c]!;
    const at = this.positionIn(chunk, record);
    if (chunk[at]?.id !== record.id) {
      // Not where the order says (should not happen): look for it by id.
      const found = this.findById(record.id);
      if (found === null) return false;
      return this.removeAt(found.chunk, found.at);
    }
    return this.removeAt(c, at);
  }

  /** Sort every entry and lay the chunks out again (after loading). */
  sort(): void {
    const all = this.chunks.flat().sort(this.compare);
    this.chunks = [];
    for (let i = 0; i < all.length; i += CHUNK) this.chunks.push(all.slice(i, i + CHUNK));
  }

  /** Every entry in order (or the reverse). */
  *entries(descending: boolean): Generator<E> {
    if (!descending) {
      for (const chunk of this.chunks) yield* chunk;
      return;
    }
    for (let c = this.chunks.length - 1; c >= 0; c -= 1) {
      const chunk = this.chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i -= 1) yield chunk[i]!;
    }
  }

  *ids(descending: boolean): Generator<string> {
    if (!descending) {
      for (const chunk of this.chunks) for (const entry of chunk) yield entry.id;
      return;
    }
    for (let c = this.chunks.length - 1; c >= 0; c -= 1) {
      const chunk = this.chunks[c]!;
      for (let i = chunk.length - 1; i >= 0; i -= 1) yield chunk[i]!.id;
    }
  }

  /** Up to `limit` ids from position `offset`, appended to `out`; returns how many of the offset were left (past the end). */
  pageInto(out: string[], descending: boolean, offset: number, limit: number): number {
    let skip = offset;
    const n = this.chunks.length;
    for (let k = 0; k < n && out.length < limit; k += 1) {
      const chunk = this.chunks[descending ? n - 1 - k : k]!;
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      if (!descending) for (let i = skip; i < chunk.length && out.length < limit; i += 1) out.push(chunk[i]!.id);
      else for (let i = chunk.length - 1 - skip; i >= 0 && out.length < limit; i -= 1) out.push(chunk[i]!.id);
      skip = 0;
    }
    return skip;
  }

  private removeAt(c: number, at: number): boolean {
    const chunk = this.chunks[c]!;
    chunk.splice(at, 1);
    this.count -= 1;
    if (chunk.length === 0) this.chunks.splice(c, 1);
    return true;
  }

  /** The first chunk whose last id is not before `record` (the last chunk when every id is). */
  private chunkFor(record: E): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const chunk = this.chunks[mid]!;
      if (this.compare(chunk[chunk.length - 1]!, record) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private positionIn(chunk: readonly E[], record: E): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(chunk[mid]!, record) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private findById(id: string): { chunk: number; at: number } | null {
    for (let c = 0; c < this.chunks.length; c += 1) {
      const at = this.chunks[c]!.findIndex((entry) => entry.id === id);
      if (at >= 0) return { chunk: c, at };
    }
    return null;
  }
}
