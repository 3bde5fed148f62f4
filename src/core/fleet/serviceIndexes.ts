/**
 * The indexes the endpoints query services by: (node path, name), node, namespace, SLA group,
 * owner, team, dependents, storage trouble (storageIndex.ts), and the list orders: name then node
 * path here, severity and recency in serviceSortIndexes.ts. They hold ids only; records come from
 * the entity host. Kept in step by the service registry on create, change, delete, load and revert.
 */
import type { ServiceRecord, ServiceStatus } from '../domain/service.js';
import { STATUS_SEVERITY_ORDER, STORAGE_RANKS, type ServiceSort } from '../domain/serviceOrder.js';
import { NameHaystack } from './nameHaystack.js';
import { NodeStatusCounts } from './nodeStatusCounts.js';
import { RecencyOrder, SeverityOrder } from './serviceSortIndexes.js';
import { StorageIndex } from './storageIndex.js';
import { addTo, FieldIndex, removeFrom, type IdIndex } from './fieldIndex.js';

export class ServiceIndexes {
  /**
   * Node path -> name -> id: a sync looks up thousands of names under one node without building keys, and a node's
   * services are its values (no second index by node: at a million services a set entry each, docs/adr/0082).
   */
  private readonly byName = new Map<string, Map<string, string>>();
  readonly byNamespace: FieldIndex;
  readonly bySlaGroup: FieldIndex;
  readonly byOwner: FieldIndex;
  readonly byTeam: FieldIndex;
  /** Eager: few services declare dependencies, and deleting a service asks for its dependents. */
  readonly dependents: IdIndex = new Map();
  /** Ids sorted by (name, node path); kept sorted on create and delete. Names never change. */
  readonly order: string[] = [];
  readonly storage = new StorageIndex();
  /** Services per status at and below each node (the hierarchy's counts and summaries). */
  readonly statusUnderNode = new NodeStatusCounts();

  /** Services per status, from the severity buckets' sizes (status x storage): no walk of the fleet. */
  countsByStatus(): Record<ServiceStatus, number> {
    const counts = {} as Record<ServiceStatus, number>;
    STATUS_SEVERITY_ORDER.forEach((status, rank) => {
      let n = 0;
      for (let storage = 0; storage < STORAGE_RANKS; storage += 1) n += this.severity.sizeOf(rank * STORAGE_RANKS + storage);
      counts[status] = n;
    });
    return counts;
  }
  private readonly severity = new SeverityOrder();
  private readonly recency = new RecencyOrder();

  /** Names and display names for substring search, in one string in list order. */
  readonly names: NameHaystack;

  private readonly byField: readonly FieldIndex[];

  /**
   * While loading: whether every id appended since the last `sortOrder` came after the one appended before it (null:
   * nothing appended, or the order was not empty when loading began). Known true, `sortOrder` skips its walk of the
   * list (a million look-ups in the host: about 250 ms of a restart at a million).
   */
  private appendedInOrder: boolean | null = null;
  private lastAppended: ServiceRecord | undefined;

  /** `all`: every record the host holds (the field indexes are built from it when first asked). */
  constructor(
    private readonly recordOf: (id: string) => ServiceRecord | undefined,
    all: () => Iterable<ServiceRecord>,
  ) {
    const order = this.order;
    this.names = new NameHaystack({ order, recordOf });
    this.byNamespace = new FieldIndex((r) => r.namespace, all);
    this.bySlaGroup = new FieldIndex((r) => r.slaGroup, all);
    this.byOwner = new FieldIndex((r) => r.ownerId, all);
    this.byTeam = new FieldIndex((r) => r.teamId, all);
    this.byField = [this.byNamespace, this.bySlaGroup, this.byOwner, this.byTeam];
  }

  /** Every id in `sort`'s order, walked lazily: a page stops the walk. */
  *sorted(sort: ServiceSort): Generator<string> {
    if (sort.field === 'STATUS') yield* this.severity.ids(sort.direction);
    else if (sort.field === 'UPDATED_AT') yield* this.recency.ids(sort.direction);
    else if (sort.direction === 'ASC') yield* this.order;
    else for (let i = this.order.length - 1; i >= 0; i -= 1) yield this.order[i]!;
  }

  /**
   * Ids of the services in `statuses` in `sort`'s order, from the severity buckets of those statuses alone (no look at
   * the others); null for an order the buckets do not hold (UPDATED_AT).
   */
  withStatuses(statuses: readonly ServiceStatus[], sort: ServiceSort): Iterable<string> | null {
    if (sort.field === 'UPDATED_AT') return null;
    const ranks = new Set(statuses.map((status) => STATUS_SEVERITY_ORDER.indexOf(status)));
    return this.severity.withStatuses(ranks, sort.field, sort.direction);
  }

  /** The ids of one unfiltered page in `sort`'s order, without walking what comes before it where the order allows. */
  page(sort: ServiceSort, offset: number, limit: number): string[] {
    if (sort.field === 'STATUS') return this.severity.page(sort.direction, offset, limit);
    if (sort.field === 'UPDATED_AT') return this.recency.page(sort.direction, offset, limit);
    if (sort.direction === 'ASC') return this.order.slice(offset, offset + limit);
    const end = Math.max(0, this.order.length - offset);
    return this.order.slice(Math.max(0, end - limit), end).reverse();
  }

  find(nodePath: string, name: string): string | undefined {
    return this.byName.get(nodePath)?.get(name);
  }

  /** Ids of the services at node `nodePath` (not below it). */
  atNode(nodePath: string): Iterable<string> | undefined {
    return this.byName.get(nodePath)?.values();
  }

  /** Index a record; `inOrder` places it in the list order now (loading sorts once at the end instead). */
  add(record: ServiceRecord, inOrder: boolean): void {
    let names = this.byName.get(record.nodePath);
    if (!names) {
      names = new Map();
      this.byName.set(record.nodePath, names);
    }
    names.set(record.name, record.id);
    for (const index of this.byField) index.add(record);
    for (const d of record.dependencies) addTo(this.dependents, d.targetId, record.id);
    if (inOrder) {
      this.order.splice(this.positionOf(record), 0, record.id);
      if (this.appendedInOrder !== null) this.appendedInOrder = false;
    } else this.append(record);
    if (inOrder) this.statusUnderNode.add(record);
    else this.statusUnderNode.load(record);
    this.names.add(record);
    this.storage.add(record);
    this.recency.add(record, inOrder);
    this.severity.add(record, inOrder, this.recency.entryOf(record.id));
  }

  remove(record: ServiceRecord): void {
    const names = this.byName.get(record.nodePath);
    names?.delete(record.name);
    if (names?.size === 0) this.byName.delete(record.nodePath);
    for (const index of this.byField) index.remove(record);
    for (const d of record.dependencies) removeFrom(this.dependents, d.targetId, record.id);
    // By id, not by binary search: during a revert the host already holds the restored state.
    const at = this.order.indexOf(record.id);
    if (at >= 0) this.order.splice(at, 1);
    if (this.appendedInOrder !== null) this.appendedInOrder = false;
    this.statusUnderNode.remove(record);
    this.names.remove(record);
    this.storage.remove(record);
    this.severity.remove(record);
    this.recency.remove(record);
  }

  /** A record changed: move it between the index entries whose keys changed. */
  update(before: ServiceRecord, after: ServiceRecord): void {
    if (before === after) return;
    for (const index of this.byField) index.update(before, after);
    if (before.dependencies !== after.dependencies) {
      for (const d of before.dependencies) removeFrom(this.dependents, d.targetId, before.id);
      for (const d of after.dependencies) addTo(this.dependents, d.targetId, after.id);
    }
    this.statusUnderNode.update(before, after);
    this.names.update(before, after);
    this.storage.update(before, after);
    this.severity.update(before, after, this.recency.entryOf(after.id));
    this.recency.update(before, after);
  }

  /**
   * Sort the list order once after loading (and add the loaded status counts to every node's prefixes). The database hands services over in this order already
   * (hydrate.ts), so one pass that finds them sorted is the usual case; the sort is for the rest
   * (names beyond ASCII, where byte order and JavaScript's code-unit order may differ).
   */
  sortOrder(): void {
    this.statusUnderNode.finishLoad();
    this.severity.sortAll();
    this.recency.sortAll();
    const appendedInOrder = this.appendedInOrder === true;
    this.appendedInOrder = null;
    this.lastAppended = undefined;
    if (appendedInOrder || this.isOrdered()) return;
    const keys = new Map<string, string>();
    for (const id of this.order) keys.set(id, orderKey(this.recordOf(id)!));
    this.order.sort((a, b) => compareKeys(keys.get(a)!, keys.get(b)!));
  }

  /** Appends an id to the list order while loading, noting whether it still comes after the one before it. */
  private append(record: ServiceRecord): void {
    if (this.appendedInOrder === null) this.appendedInOrder = this.order.length === 0;
    else if (this.appendedInOrder && compareRecords(this.lastAppended!, record) > 0) this.appendedInOrder = false;
    this.lastAppended = record;
    this.order.push(record.id);
  }

  private isOrdered(): boolean {
    let previous: ServiceRecord | undefined;
    for (const id of this.order) {
      const record = this.recordOf(id)!;
      if (previous !== undefined && compareRecords(previous, record) > 0) return false;
      previous = record;
    }
    return true;
  }

  private positionOf(record: ServiceRecord): number {
    const key = orderKey(record);
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareKeys(orderKey(this.recordOf(this.order[mid]!)!), key) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

const orderKey = (r: ServiceRecord) => `${r.name}\u0000${r.nodePath}`;
const compareKeys = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** The order of `orderKey` without building the keys. */
const compareRecords = (x: ServiceRecord, y: ServiceRecord) => compareKeys(x.name, y.name) || compareKeys(x.nodePath, y.nodePath);
