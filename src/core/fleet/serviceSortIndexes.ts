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
 *   the list is marked unsorted and sorted once at its next read, not walked per change.
 *
 * Both hold ids and the immutable name and path only; records come from the entity host.
 */
import type { ServiceRecord } from '../domain/service.js';
import { compareByName, compareByUpdate, SEVERITY_BUCKETS, severityOf, type SortDirection } from '../domain/serviceOrder.js';
import { SortedIdList } from './sortedIdList.js';

/** What a severity bucket orders by: the name and node path, which never change. */
type NameEntry = Pick<ServiceRecord, 'id' | 'name' | 'nodePath'>;

const entryOf = (record: ServiceRecord): NameEntry => ({ id: record.id, name: record.name, nodePath: record.nodePath });

export class SeverityOrder {
  private readonly buckets: SortedIdList<NameEntry>[] = Array.from(
    { length: SEVERITY_BUCKETS },
    () => new SortedIdList<NameEntry>(compareByName),
  );

  /** `inOrder`: place it now; loading appends and calls `sortAll` once at the end. */
  add(record: ServiceRecord, inOrder: boolean): void {
    const bucket = this.buckets[severityOf(record)]!;
    if (inOrder) bucket.insert(entryOf(record));
    else bucket.push(entryOf(record));
  }

  remove(record: ServiceRecord): void {
    this.buckets[severityOf(record)]!.remove(record);
  }

  update(before: ServiceRecord, after: ServiceRecord): void {
    if (severityOf(before) === severityOf(after)) return;
    this.remove(before);
    this.add(after, true);
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

interface RecencyNode {
  readonly id: string;
  readonly name: string;
  readonly nodePath: string;
  updatedAt: number;
  prev: RecencyNode | null;
  next: RecencyNode | null;
}

export class RecencyOrder {
  private readonly nodes = new Map<string, RecencyNode>();
  private head: RecencyNode | null = null;
  private tail: RecencyNode | null = null;
  /** True when a node was appended out of place: the next read sorts the list first. */
  private unsorted = false;

  /** Loading appends and calls `sortAll` once at the end; otherwise a record is placed as it comes. */
  add(record: ServiceRecord, inOrder: boolean): void {
    const node: RecencyNode = {
      id: record.id,
      name: record.name,
      nodePath: record.nodePath,
      updatedAt: record.updatedAt,
      prev: null,
      next: null,
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
    for (const node of all) this.linkAfter(this.tail, node);
    this.unsorted = false;
  }

  *ids(direction: SortDirection): Generator<string> {
    if (this.unsorted) this.sortAll();
    if (direction === 'ASC') for (let n = this.head; n !== null; n = n.next) yield n.id;
    else for (let n = this.tail; n !== null; n = n.prev) yield n.id;
  }

  /** `limit` ids from position `offset` in `direction`: a pointer walk to the offset, no generator per step. */
  page(direction: SortDirection, offset: number, limit: number): string[] {
    if (this.unsorted) this.sortAll();
    const out: string[] = [];
    let n = direction === 'ASC' ? this.head : this.tail;
    for (let skipped = 0; n !== null && skipped < offset; skipped += 1) n = direction === 'ASC' ? n.next : n.prev;
    for (; n !== null && out.length < limit; n = direction === 'ASC' ? n.next : n.prev) out.push(n.id);
    return out;
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

  /** Link `node` after `previous` (null: at the head). */
  private linkAfter(previous: RecencyNode | null, node: RecencyNode): void {
    node.prev = previous;
    node.next = previous === null ? this.head : previous.next;
    if (node.next === null) this.tail = node;
    else node.next.prev = node;
    if (previous === null) this.head = node;
    else previous.next = node;
  }

  private unlink(node: RecencyNode): void {
    if (node.prev === null) this.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) this.tail = node.prev;
    else node.next.prev = node.prev;
    node.prev = null;
    node.next = null;
  }
}
