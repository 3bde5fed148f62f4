/**
 * The service registry: the services' entity host (one XState snapshot per service, stepped with
 * the service machine), the indexes the endpoints query, and the wiring of the machine's I/O to the
 * batch writer and event bus (serviceEffects.ts). It is the seam for a multi-instance deployment
 * ("who owns which entity"): callers use the `ServiceRegistry` interface only.
 *
 * Concurrency: everything runs on the event loop; `send` applies an event synchronously, so the
 * host is the single writer of each record. Domain events are published after commit; a failed
 * commit puts every changed service back to its committed snapshot and its index entries with it.
 */
import { newServiceRecord, serviceShardKey, type NewService, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import type { ServiceSort } from '../domain/serviceOrder.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import type { Origin } from '../../platform/events/domainEvents.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { intervalRow, serviceToRow } from '../storage/serviceRows.js';
import { backupReportsTable, servicesTable, statusIntervalsTable } from '../storage/tables.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { EntityHost } from '../../platform/actorHost/entityHost.js';
import type { NodeHierarchy } from './nodeHierarchy.js';
import type { ServiceEvent } from '../services/serviceChanges.js';
import { refOf, serviceEffects } from '../services/serviceEffects.js';
import type { ServiceMaintenance } from '../services/serviceMaintenance.js';
import { ServiceIndexes } from './serviceIndexes.js';
import type { StorageCounts, StorageProblem } from './storageIndex.js';
import type { StatusCounts } from './nodeStatusCounts.js';
import type { NameHitVisitor } from './nameHaystack.js';
import { createSnapshotMaker, serviceMachine, snapshotFor, type ServiceSnapshot } from '../services/serviceMachine.js';
import { maintenanceOfKept, recordOfKept, servicePacking, type KeptService } from '../services/servicePacking.js';

const NO_IDS: ReadonlySet<string> = new Set();

export interface ServiceRegistry {
  get(id: string): ServiceRecord | undefined;
  find(nodePath: string, name: string): ServiceRecord | undefined;
  /** Services at `nodePath` or any node below it. */
  underNode(nodePath: string): ServiceRecord[];
  inNamespace(namespace: string): ServiceRecord[];
  inSlaGroup(slaGroup: string): ServiceRecord[];
  /** The ids of the services in an SLA group, without their records (the SLA evaluation's coverage, every tick). */
  idsInSlaGroup(slaGroup: string): ReadonlySet<string>;
  /** Services that declare a dependency on `id`. */
  dependentsOf(id: string): ServiceRecord[];
  ownedBy(userId: string): ServiceRecord[];
  ofTeam(groupId: string): ServiceRecord[];
  all(): IterableIterator<ServiceRecord>;
  /** Every service id in list order (name, then node path): pages are slices of it, no sort per request. */
  ordered(): readonly string[];
  /** Every service id in `sort`'s order (domain/serviceOrder.ts), kept as services change: no sort per request. */
  sorted(sort: ServiceSort): Iterable<string>;
  /** Ids of the services in `statuses` in `sort`'s order, looking at no other service; null: not for this order (UPDATED_AT). */
  withStatuses(statuses: readonly ServiceStatus[], sort: ServiceSort): Iterable<string> | null;
  /** One page of every service in `sort`'s order (no filter): skips what comes before it without a walk where it can. */
  sortedPage(sort: ServiceSort, offset: number, limit: number): string[];
  /** Ids of the services whose latest storage report is `problem`. */
  withStorageProblem(problem: StorageProblem): ReadonlySet<string>;
  /** Services with storage warning / critical at `nodePath` and below it; null: the whole fleet. */
  storageCountsUnder(nodePath: string | null): StorageCounts;
  /** Services per status at `nodePath` and below it (kept as services change: no walk of them). */
  statusCountsUnder(nodePath: string): StatusCounts;
  /**
   * Visits each service whose lower-cased name or display name holds `needle` (lower case, non-empty, no NUL:
   * `NameHaystack.searchable`), mostly in list order, once each; `ranked`: with its `matchRank` (domain/nameMatch.ts).
   */
  searchNames(needle: string, ranked: boolean, visit: NameHitVisitor): void;
  readonly size: number;
  /** Services per status now (kept by the status order's buckets: no walk of the fleet). */
  countsByStatus(): Record<ServiceStatus, number>;
  /** Create a service (and its hierarchy nodes) in `draft.status`. */
  create(draft: NewService, at: number, origin: Origin): ServiceRecord;
  /** Apply an event to the service (its machine, through the host); returns the record after it. */
  send(id: string, event: ServiceEvent): ServiceRecord;
  /**
   * Remove a service: its snapshot and rows go (status history and backups with it), and
   * services that depended on it drop the dependency.
   */
  delete(id: string, at: number, origin: Origin): ServiceRecord | undefined;
  /** Records read from the database (origin `hydrate`: nothing is written); the registry takes them over as they are. */
  hydrate(records: Iterable<ServiceRecord>): void;
  /** The maintenance window a service is in, if any (serviceMaintenance.ts). */
  maintenanceOf(id: string): ServiceMaintenance | undefined;
  /** A window read from the database at start, put back into its service's actor (nothing is written). */
  loadMaintenance(id: string, maintenance: ServiceMaintenance): void;
  /**
   * Cluster mode's read model (docs/adr/0065): a record committed by the service's owner elsewhere replaces this
   * instance's copy (its maintenance state kept, unless `maintenance` is given: null ends it), indexes and nodes
   * follow; no action runs, nothing is staged, no timer is armed.
   */
  adopt(record: ServiceRecord, maintenance?: ServiceMaintenance | null): void;
  /** Cluster mode's read model: the service was deleted elsewhere; forgotten here, nothing staged. */
  forget(id: string): void;
  /**
   * The string a service's shard is hashed from (`serviceShardKey`), for a service held here or deleted here
   * recently (a delete's row holds only its id); undefined for an id never seen.
   */
  shardKeyOf(id: string): string | undefined;
}

export { serviceShardKey };

/** Ids of services deleted on this instance kept for `shardKeyOf` (a commit is sealed after the record is gone). */
const DEPARTED_KEPT = 1024;

export interface ServiceRegistryPorts {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly nodes: NodeHierarchy;
  readonly newId: () => string;
  readonly scheduler: Clock;
  readonly onError?: (error: unknown, where: string) => void;
}

/** Cluster mode: the shard keys of services a command changes (commitChange's `shardKeys`, docs/adr/0067). */
export function serviceShardKeys(services: Iterable<Pick<ServiceRecord, 'nodePath' | 'name'>>): string[] {
  const keys: string[] = [];
  for (const service of services) keys.push(serviceShardKey(service.nodePath, service.name));
  return keys;
}

export function createLocalServiceRegistry(ports: ServiceRegistryPorts): ServiceRegistry {
  const { writer, bus, nodes } = ports;
  const recordOf = (id: string): ServiceRecord | undefined => {
    const kept = host.peek(id);
    return kept === undefined ? undefined : recordOfKept(kept);
  };
  const indexes = new ServiceIndexes(recordOf, () => records());
  const host = new EntityHost<ServiceSnapshot, ServiceEvent, KeptService>({
    machine: serviceMachine,
    // A service at rest is kept as its record alone (docs/adr/0082).
    packing: servicePacking(serviceMachine),
    writer,
    scheduler: ports.scheduler,
    effects: serviceEffects(ports),
    onRevert: (_id, restored, discarded) => {
      if (discarded) indexes.remove(discarded.context.record);
      if (restored) indexes.add(restored.context.record, true);
    },
    ...(ports.onError ? { onError: ports.onError } : {}),
    // Cluster mode: a service's shard follows its natural key, which a first push knows (docs/adr/0067).
    shardKey: (_id, snapshot) => serviceShardKey(snapshot.context.record.nodePath, snapshot.context.record.name),
  });

  // The services of one node hold its path string, not a copy each: a copy per service adds up at 100,000 services.
  const sharedPath = (path: string): string => nodes.get(path)?.path ?? path;
  const pick = (ids: Iterable<string> | undefined, out: ServiceRecord[] = []): ServiceRecord[] => {
    if (ids) for (const id of ids) out.push(recordOf(id)!);
    return out;
  };
  function* records(): IterableIterator<ServiceRecord> {
    for (const kept of host.keptValues()) yield recordOfKept(kept);
  }

  // Cluster mode's read model adopts a snapshot per row another instance commits: XState resolves each state once,
  // then each adopted snapshot copies it with its own context, as hydration does (docs/adr/0073).
  const adoptedSnapshot = createSnapshotMaker(serviceMachine);

  const departed = new Map<string, string>();
  const depart = (record: ServiceRecord) => {
    departed.set(record.id, serviceShardKey(record.nodePath, record.name));
    if (departed.size > DEPARTED_KEPT) departed.delete(departed.keys().next().value!);
  };

  const registry: ServiceRegistry = {
    get: recordOf,
    find(nodePath, name) {
      const id = indexes.find(nodePath, name);
      return id === undefined ? undefined : recordOf(id);
    },
    underNode(nodePath) {
      // Appends in place: spreading a node's services as call arguments overflows the stack on big nodes.
      const out: ServiceRecord[] = [];
      for (const path of nodes.subtree(nodePath)) pick(indexes.atNode(path), out);
      return out;
    },
    inNamespace: (namespace) => pick(indexes.byNamespace.get(namespace)),
    inSlaGroup: (slaGroup) => pick(indexes.bySlaGroup.get(slaGroup)),
    idsInSlaGroup: (slaGroup) => indexes.bySlaGroup.get(slaGroup) ?? NO_IDS,
    dependentsOf: (id) => pick(indexes.dependents.get(id)),
    ownedBy: (userId) => pick(indexes.byOwner.get(userId)),
    ofTeam: (groupId) => pick(indexes.byTeam.get(groupId)),
    all: records,
    ordered: () => indexes.order,
    sorted: (sort) => indexes.sorted(sort),
    sortedPage: (sort, offset, limit) => indexes.page(sort, offset, limit),
    withStatuses: (statuses, sort) => indexes.withStatuses(statuses, sort),
    withStorageProblem: (problem) => indexes.storage.withProblem(problem),
    storageCountsUnder: (nodePath) => indexes.storage.countsUnder(nodePath),
    statusCountsUnder: (nodePath) => indexes.statusUnderNode.under(nodePath),
    searchNames: (needle, ranked, visit) => indexes.names.forEach(needle, ranked, visit),
    get size() {
      return host.size;
    },
    countsByStatus: () => indexes.countsByStatus(),
    create(draft, at, origin) {
      nodes.ensure(draft.nodePath, at);
      const record = newServiceRecord(ports.newId(), { ...draft, nodePath: sharedPath(draft.nodePath) }, at);
      host.create(record.id, snapshotFor(serviceMachine, record), () => {
        writer.upsert(servicesTable, serviceToRow(record));
        writer.upsert(statusIntervalsTable, intervalRow(record.id, record.statusSeq, record.status, record.statusMessage, at, null));
      });
      indexes.add(record, true);
      emitOnCommit(writer, bus, { type: 'service.created', service: refOf(record), at, origin });
      return record;
    },
    send(id, event) {
      const before = recordOf(id);
      if (!before) throw new Error(`no service ${id}`);
      const after = host.send(id, event).context.record;
      indexes.update(before, after);
      return after;
    },
    delete(id, at, origin) {
      const record = recordOf(id);
      if (!record) return undefined;
      for (const dependent of pick(indexes.dependents.get(id))) {
        registry.send(dependent.id, { type: 'REFERENCE_REMOVED', removed: { serviceId: id }, at, origin });
      }
      indexes.remove(record);
      depart(record);
      host.remove(id, () =>
        // Rows of this service staged in the same batch would break the foreign keys of a deleted row.
        writer.delete(
          servicesTable,
          { id },
          {
            purge: [
              { table: statusIntervalsTable, column: 'service_id' },
              { table: backupReportsTable, column: 'service_id' },
            ],
          },
        ),
      );
      emitOnCommit(writer, bus, { type: 'service.deleted', service: refOf(record), at, origin });
      return record;
    },
    hydrate(loaded) {
      for (const record of loaded) {
        // The registry owns what it loads (read for it, seen by no one yet): no copy of each record.
        (record as { nodePath: string }).nodePath = sharedPath(record.nodePath);
        // A loaded service is at rest (no window: loadMaintenance comes after), kept as its record (servicePacking.ts).
        host.loadKept(record.id, record);
        indexes.add(record, false);
      }
      indexes.sortOrder();
    },
    maintenanceOf: (id) => maintenanceOfKept(host.peek(id)),
    loadMaintenance(id, maintenance) {
      const record = recordOf(id);
      if (!record) throw new Error(`no service ${id}`);
      host.load(id, snapshotFor(serviceMachine, record, maintenance));
    },
    adopt(record, maintenance) {
      const before = recordOf(record.id);
      if (!nodes.get(record.nodePath)) nodes.loadPath(record.nodePath, record.createdAt);
      const adopted = { ...record, nodePath: sharedPath(record.nodePath) };
      const held = maintenance === undefined ? maintenanceOfKept(host.peek(record.id)) : (maintenance ?? undefined);
      host.adopt(record.id, adoptedSnapshot(adopted, held));
      if (before) indexes.update(before, adopted);
      else indexes.add(adopted, true);
    },
    forget(id) {
      const record = recordOf(id);
      if (!record) return;
      indexes.remove(record);
      depart(record);
      host.forget(id);
    },
    shardKeyOf(id) {
      const record = recordOf(id);
      return record ? serviceShardKey(record.nodePath, record.name) : departed.get(id);
    },
  };
  return registry;
}
