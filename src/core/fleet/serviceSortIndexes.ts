/**
 * The list orders beyond the name order (domain/serviceOrder.ts), kept as services change so that a
 * page in any order is a walk from one end, never a sort of the fleet per request:
 *
 * - `SeverityOrder`: one sorted id list per severity bucket (status x storage state, sortedIdList.ts),
 *   each by name then node path. A status change moves one id between two buckets (binary searches and
 *   a splice inside one chunk); reports that leave the status alone cost a comparison of two numbers.
 * - `RecencyOrder`: a doubly linked list by (updatedAt, name, node path). A change is nearly always
 *   the newest, so it moves to the tail in O(1); an older time walks back from the tail to its place,
 *   at most `MAX_WALK` steps. Further back (a revert restores old times, a clock set back by minutes)
 *   the list is marked unsorted and sorted once at its next read, not walked per change. The list is cut
 *   into blocks of consecutive nodes that know their size (issue 31), so a page at a deep offset skips
 *   whole blocks by their sizes and walks within one (a walk of 500,000 nodes was 100-280 ms at a million).
 *
 * Both hold ids and the immutable name and path only; records come from the entity host.
 */
import type { ServiceRecord } from '../domain/service.js';
import { compareByName, compareByUpdate, SEVERITY_BUCKETS, severityOf, STORAGE_RANKS, type SortDirection } from '../domain/serviceOrder.js';
import { SortedIdList } from './sortedIdList.js';

/**
 * What a severity bucket orders by: the name and node path, which never change. The recency list's node of the
 * service serves (`RecencyOrder.entryOf`), so a million services hold one such object each, not two (docs/adr/0082).
 */
export type NameEntry = Pick<ServiceRecord, 'id' | 'name' | 'nodePath'>;

const entryOf = (record: ServiceRecord): NameEntry => ({ id: record.id, name: record.name, nodePath: record.nodePath });

export class SeverityOrder {
  private readonly buckets: SortedIdList<NameEntry>[] = Array.from(
    { length: SEVERITY_BUCKETS },
    () => new SortedIdList<NameEntry>(compareByName),
  );

  /** `inOrder`: place it now; loading appends and calls `sortAll` once at the end. `entry`: the record's, when one is held. */
  add(record: ServiceRecord, inOrder: boolean, entry: NameEntry = entryOf(record)): void {
    const bucket = this.buckets[severityOf(record)]!;
    if (inOrder) bucket.insert(entry);
    else bucket.push(entry);
  }

  remove(record: ServiceRecord): void {
    this.buckets[severityOf(record)]!.remove(record);
  }

  update(before: ServiceRecord, after: ServiceRecord, entry?: NameEntry): void {
    if (severityOf(before) === severityOf(after)) return;
    this.remove(before);
    this.add(after, true, entry);
  }

  sortAll(): void {
    for (const bucket of this.buckets) bucket.sort();
  }

  /** Services in severity bucket `bucket` (domain/serviceOrder.ts `severityOf`). */
  sizeOf(bucket: number): number {
    return this.buckets[bucket]!.size;
  }

  *ids(direction: SortDirection): Generator<string> {
    const descending = direction === 'DESC';
    for (let b = 0; b < this.buckets.length; b += 1) yield* this.buckets[descending ? this.buckets.length - 1 - b : b]!.ids(descending);
  }

  /**
   * Ids of the services in `statuses` (status ranks, domain/serviceOrder.ts), without a look at any other: by STATUS,
   * their buckets in turn; by NAME, their buckets' entries merged (each bucket is in name order already).
   */
  *withStatuses(ranks: ReadonlySet<number>, field: 'STATUS' | 'NAME', direction: SortDirection): Generator<string> {
    const descending = direction === 'DESC';
    const chosen: SortedIdList<NameEntry>[] = [];
    for (let b = 0; b < this.buckets.length; b += 1) {
      const bucket = descending ? this.buckets.length - 1 - b : b;
      if (ranks.has(Math.floor(bucket / STORAGE_RANKS)) && this.buckets[bucket]!.size > 0) chosen.push(this.buckets[bucket]!);
    }
    if (field === 'STATUS') {
      for (const bucket of chosen) yield* bucket.ids(descending);
      return;
    }
    const heads = chosen.map((bucket) => bucket.entries(descending));
    const current = heads.map((it) => it.next());
    const sign = descending ? -1 : 1;
    for (;;) {
      let best = -1;
      for (let i = 0; i < current.length; i += 1) {
        const r = current[i]!;
        if (r.done) continue;
        if (best < 0 || sign * compareByName(r.value, current[best]!.value as NameEntry) < 0) best = i;
      }
      if (best < 0) return;
      yield (current[best]!.value as NameEntry).id;
      current[best] = heads[best]!.next();
    }
  }

  /** `limit` ids from position `offset` in `direction`: whole chunks before it are skipped by their length. */
  page(direction: SortDirection, offset: number, limit: number): string[] {
    const out: string[] = [];
    const descending = direction === 'DESC';
    let skip = offset;
    for (let b = 0; b < this.buckets.length && out.length < limit; b += 1) {
      const bucket = this.buckets[descending ? this.buckets.length - 1 - b : b]!;
      if (skip >= bucket.size) skip -= bucket.size;
      else skip = bucket.pageInto(out, descending, skip, limit);
    }
    return out;
  }
}

/** Steps a change may walk back from the tail before the list is left to be sorted at its next read. */
const MAX_WALK = 64;

/** Nodes a block is given before the tail starts a new one (blocks in the middle grow by the few placed there). */
const BLOCK_SIZE = 1024;

interface RecencyNode {
  readonly id: string;
  readonly name: string;
  readonly nodePath: string;
  updatedAt: number;
  prev: RecencyNode | null;
  next: RecencyNode | null;
  block: RecencyBlock | null;
}

/** A run of consecutive nodes of the list: its first node and how many there are. */
interface RecencyBlock {
  head: RecencyNode | null;
  size: number;
}

export class RecencyOrder {
  private readonly nodes = new Map<string, RecencyNode>();
  private head: RecencyNode | null = null;
  private tail: RecencyNode | null = null;
  /** The list's blocks in order; a block that empties leaves it. */
  private blocks: RecencyBlock[] = [];
  /** True when a node was appended out of place: the next read sorts the list first. */
  private unsorted = false;

  constructor(private readonly blockSize = BLOCK_SIZE) {}

  /** The node of service `id`: its name entry (`SeverityOrder.add`). */
  entryOf(id: string): NameEntry | undefined {
    return this.nodes.get(id);
  }

  /** Loading appends and calls `sortAll` once at the end; otherwise a record is placed as it comes. */
  add(record: ServiceRecord, inOrder: boolean): void {
    const node: RecencyNode = {
      id: record.id,
      name: record.name,
      nodePath: record.nodePath,
      updatedAt: record.updatedAt,
      prev: null,
      next: null,
      block: null,
    };
    this.nodes.set(record.id, node);
    if (inOrder) this.place(node);
    else this.linkAfter(this.tail, node);
  }

  remove(record: ServiceRecord): void {
    const node = this.nodes.get(record.id);
    if (!node) return;
    this.unlink(node);
    this.nodes.delete(record.id);
  }

  update(before: ServiceRecord, after: ServiceRecord): void {
    if (before.updatedAt === after.updatedAt) return;
    const node = this.nodes.get(after.id);
    if (!node) return;
    this.unlink(node);
    node.updatedAt = after.updatedAt;
    this.place(node);
  }

  sortAll(): void {
    const all = [...this.nodes.values()].sort(compareByUpdate);
    this.head = null;
    this.tail = null;
    this.blocks = [];
    for (const node of all) {
      node.block = null;
      this.linkAfter(this.tail, node);
    }
    this.unsorted = false;
  }

  *ids(direction: SortDirection): Generator<string> {
    if (this.unsorted) this.sortAll();
    if (direction === 'ASC') for (let n = this.head; n !== null; n = n.next) yield n.id;
    else for (let n = this.tail; n !== null; n = n.prev) yield n.id;
  }

  /** `limit` ids from position `offset` in `direction`: whole blocks before it skipped by their sizes, then a pointer walk. */
  page(direction: SortDirection, offset: number, limit: number): string[] {
    if (this.unsorted) this.sortAll();
    const size = this.nodes.size;
    if (limit <= 0 || offset >= size) return [];
    // DESC: the same nodes as ASC from the mirrored position, read backwards.
    const first = direction === 'ASC' ? offset : Math.max(0, size - offset - limit);
    const count = direction === 'ASC' ? limit : size - offset - first;
    const out: string[] = [];
    for (let n = this.nodeAt(first); n !== null && out.length < count; n = n.next) out.push(n.id);
    return direction === 'ASC' ? out : out.reverse();
  }

  /** The node at ascending position `position` (< size). */
  private nodeAt(position: number): RecencyNode | null {
    let skip = position;
    for (const block of this.blocks) {
      if (skip >= block.size) {
        skip -= block.size;
        continue;
      }
      let n = block.head;
      for (; n !== null && skip > 0; skip -= 1) n = n.next;
      return n;
    }
    return null;
  }

  /** Walk back from the tail to the last node not after `node` (usually the tail itself). */
  private place(node: RecencyNode): void {
    let cursor = this.tail;
    for (let steps = 0; cursor !== null && compareByUpdate(cursor, node) > 0; steps += 1) {
      if (steps === MAX_WALK) {
        this.linkAfter(this.tail, node);
        this.unsorted = true;
        return;
      }
      cursor = cursor.prev;
    }
    this.linkAfter(cursor, node);
  }

  /** Link `node` after `previous` (null: at the head), into `previous`'s block (a new block past a full last one). */
  private linkAfter(previous: RecencyNode | null, node: RecencyNode): void {
    node.prev = previous;
    node.next = previous === null ? this.head : previous.next;
    if (node.next === null) this.tail = node;
    else node.next.prev = node;
    if (previous === null) this.head = node;
    else previous.next = node;
    let block: RecencyBlock;
    if (previous === null) {
      // At the head: the first block takes it as its new first node.
      block = this.blocks[0] ?? this.newBlock(0);
      block.head = node;
    } else if (node.next === null && previous.block!.size >= this.blockSize) {
      block = this.newBlock(this.blocks.length);
      block.head = node;
    } else block = previous.block!;
    block.size += 1;
    node.block = block;
  }

  private unlink(node: RecencyNode): void {
    const block = node.block!;
    block.size -= 1;
    if (block.size === 0) this.blocks.splice(this.blocks.indexOf(block), 1);
    else if (block.head === node) block.head = node.next;
    node.block = null;
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
  }

  private newBlock(at: number): RecencyBlock {
    const block: RecencyBlock = { head: null, size: 0 };
    this.blocks.splice(at, 0, block);
    return block;
  }
}
