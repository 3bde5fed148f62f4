/**
 * The service actor registry: owns one XState actor per service, the indexes the endpoints query
 * (by node and name, node subtree, namespace, SLA group), and the wiring of the actors' I/O to the
 * batch writer and event bus. It is the seam for a multi-instance deployment ("who owns which
 * actor"): callers use the `ServiceRegistry` interface only.
 *
 * Concurrency: everything runs on the event loop; `send` processes an event synchronously, so the
 * actor is the single writer of its record. Domain events are published after commit.
 */
import { createActor, type Actor } from 'xstate';
import { externalIdOf, newServiceRecord, type NewService, type ServiceRecord } from '../domain/service.js';
import type { EventBus } from '../events/eventBus.js';
import { emitOnCommit } from '../events/emitOnCommit.js';
import type { Origin, ServiceRef } from '../events/domainEvents.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import { backupReportsTable, iso, servicesTable, statusIntervalsTable } from '../persistence/tables.js';
import { intervalRow, serviceToRow } from '../persistence/serviceRows.js';
import { CommittedMap } from './committedMap.js';
import type { NodeHierarchy } from './nodeHierarchy.js';
import { serviceMachine, snapshotFor, type ServiceMachine } from './serviceMachine.js';
import type { ServiceEvent } from './serviceChanges.js';

export interface ServiceRegistry {
  get(id: string): ServiceRecord | undefined;
  find(nodePath: string, name: string): ServiceRecord | undefined;
  /** Services at `nodePath` or any node below it. */
  underNode(nodePath: string): ServiceRecord[];
  inNamespace(namespace: string): ServiceRecord[];
  inSlaGroup(slaGroup: string): ServiceRecord[];
  /** Services that declare a dependency on `id`. */
  dependentsOf(id: string): ServiceRecord[];
  ownedBy(userId: string): ServiceRecord[];
  ofTeam(groupId: string): ServiceRecord[];
  all(): IterableIterator<ServiceRecord>;
  /** Every service id in list order (name, then node path): pages are slices of it, no sort per request. */
  ordered(): readonly string[];
  readonly size: number;
  /** Create a service (and its hierarchy nodes); its actor starts in `draft.status`. */
  create(draft: NewService, at: number, origin: Origin): ServiceRecord;
  /** Hand an event to the service's actor; returns the record after it. */
  send(id: string, event: ServiceEvent): ServiceRecord;
  /**
   * Remove a service: its actor stops, its rows go (status history and backups with it), and
   * services that depended on it drop the dependency.
   */
  delete(id: string, at: number, origin: Origin): ServiceRecord | undefined;
  /** Start actors for records read from the database (origin `hydrate`: nothing is written). */
  hydrate(records: Iterable<ServiceRecord>): void;
}

export interface ServiceRegistryPorts {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly nodes: NodeHierarchy;
  readonly newId: () => string;
}

type ServiceActor = Actor<ServiceMachine>;


export function refOf(record: ServiceRecord): ServiceRef {
  return { id: record.id, name: record.name, path: externalIdOf(record) };
}

export function createLocalServiceRegistry(ports: ServiceRegistryPorts): ServiceRegistry {
  const { writer, bus, nodes } = ports;
  const actors = new Map<string, ServiceActor>();
  // Node path -> name -> id: a sync looks up thousands of names under one node without building keys.
  const byName = new Map<string, Map<string, string>>();
  const byNode = new Map<string, Set<string>>();
  const byNamespace = new Map<string, Set<string>>();
  const bySlaGroup = new Map<string, Set<string>>();
  const byOwner = new Map<string, Set<string>>();
  const byTeam = new Map<string, Set<string>>();
  const dependents = new Map<string, Set<string>>();
  // Ids sorted by (name, node path); kept sorted on create and delete. Names never change.
  const order: string[] = [];
  const orderKey = (r: ServiceRecord) => `${r.name}\u0000${r.nodePath}`;
  const compare = (a: ServiceRecord, b: ServiceRecord) => {
    const x = orderKey(a);
    const y = orderKey(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const positionOf = (record: ServiceRecord): number => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(records.get(order[mid]!)!, record) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  };

  const addTo = (index: Map<string, Set<string>>, key: string | null, id: string) => {
    if (key === null) return;
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(id);
  };
  const removeFrom = (index: Map<string, Set<string>>, key: string | null, id: string) => {
    if (key === null) return;
    const set = index.get(key);
    if (!set) return;
    set.delete(id);
    if (set.size === 0) index.delete(key);
  };
  const index = (record: ServiceRecord) => {
    let names = byName.get(record.nodePath);
    if (!names) {
      names = new Map();
      byName.set(record.nodePath, names);
    }
    names.set(record.name, record.id);
    addTo(byNode, record.nodePath, record.id);
    addTo(byNamespace, record.namespace, record.id);
    addTo(bySlaGroup, record.slaGroup, record.id);
    addTo(byOwner, record.ownerId, record.id);
    addTo(byTeam, record.teamId, record.id);
    for (const d of record.dependencies) addTo(dependents, d.targetId, record.id);
  };
  const indexInOrder = (record: ServiceRecord) => {
    index(record);
    order.splice(positionOf(record), 0, record.id);
  };
  const unindex = (record: ServiceRecord) => {
    const names = byName.get(record.nodePath);
    names?.delete(record.name);
    if (names?.size === 0) byName.delete(record.nodePath);
    removeFrom(byNode, record.nodePath, record.id);
    removeFrom(byNamespace, record.namespace, record.id);
    removeFrom(bySlaGroup, record.slaGroup, record.id);
    removeFrom(byOwner, record.ownerId, record.id);
    removeFrom(byTeam, record.teamId, record.id);
    for (const d of record.dependencies) removeFrom(dependents, d.targetId, record.id);
    // By id, not by binary search: during a rollback `records` already holds the restored state.
    const at = order.indexOf(record.id);
    if (at >= 0) order.splice(at, 1);
  };

  const reindex = (before: ServiceRecord, after: ServiceRecord) => {
    if (before.namespace !== after.namespace) {
      removeFrom(byNamespace, before.namespace, before.id);
      addTo(byNamespace, after.namespace, after.id);
    }
    if (before.slaGroup !== after.slaGroup) {
      removeFrom(bySlaGroup, before.slaGroup, before.id);
      addTo(bySlaGroup, after.slaGroup, after.id);
    }
    if (before.ownerId !== after.ownerId) {
      removeFrom(byOwner, before.ownerId, before.id);
      addTo(byOwner, after.ownerId, after.id);
    }
    if (before.teamId !== after.teamId) {
      removeFrom(byTeam, before.teamId, before.id);
      addTo(byTeam, after.teamId, after.id);
    }
    if (before.dependencies !== after.dependencies) {
      for (const d of before.dependencies) removeFrom(dependents, d.targetId, before.id);
      for (const d of after.dependencies) addTo(dependents, d.targetId, after.id);
    }
  };

  const records: CommittedMap<ServiceRecord> = new CommittedMap(writer, servicesTable, serviceToRow, (id, restored, discarded) => {
    // A failed commit: rebuild the actor from the committed record (or forget a service that was never committed).
    actors.get(id)?.stop();
    actors.delete(id);
    if (discarded) unindex(discarded);
    if (restored) {
      indexInOrder(restored);
      actors.set(id, spawn(restored));
    }
  });

  const machine = serviceMachine.provide({
    actions: {
      persist: ({ context }) => records.set(context.record.id, context.record),
      statusChanged: ({ context, event }) => {
        const { previous, record } = context;
        writer.upsert(statusIntervalsTable, intervalRow(record.id, previous.statusSeq, previous.status, previous.statusMessage, previous.statusSince, record.statusSince));
        writer.upsert(statusIntervalsTable, intervalRow(record.id, record.statusSeq, record.status, record.statusMessage, record.statusSince, null));
        const changed = {
          type: 'service.status_changed' as const,
          service: refOf(record),
          previousStatus: previous.status,
          status: record.status,
          message: record.statusMessage,
          at: event.at,
          origin: event.origin,
        };
        emitOnCommit(writer, bus, changed);
      },
      backupRecorded: ({ context, event }) => {
        if (event.type !== 'BACKUP_REPORTED') return;
        const { record } = context;
        writer.insert(backupReportsTable, {
          id: ports.newId(),
          service_id: record.id,
          status: event.report.status,
          size_bytes: event.report.sizeBytes,
          message: event.report.message,
          mode: event.report.mode,
          reported_at: iso(event.at),
        });
        const recorded = {
          type: 'backup.recorded' as const,
          service: refOf(record),
          status: event.report.status,
          sizeBytes: event.report.sizeBytes,
          message: event.report.message,
          at: event.at,
          origin: event.origin,
        };
        emitOnCommit(writer, bus, recorded);
      },
    },
  });

  const spawn = (record: ServiceRecord): ServiceActor => createActor(machine, { snapshot: snapshotFor(machine, record), input: record }).start();

  const pick = (ids: Set<string> | undefined, out: ServiceRecord[] = []): ServiceRecord[] => {
    if (ids) for (const id of ids) out.push(records.get(id)!);
    return out;
  };

  return {
    get: (id) => records.get(id),
    find(nodePath, name) {
      const id = byName.get(nodePath)?.get(name);
      return id === undefined ? undefined : records.get(id);
    },
    underNode(nodePath) {
      // Appends in place: spreading a node's services as call arguments overflows the stack on big nodes.
      const out: ServiceRecord[] = [];
      for (const path of nodes.subtree(nodePath)) pick(byNode.get(path), out);
      return out;
    },
    inNamespace: (namespace) => pick(byNamespace.get(namespace)),
    inSlaGroup: (slaGroup) => pick(bySlaGroup.get(slaGroup)),
    dependentsOf: (id) => pick(dependents.get(id)),
    ownedBy: (userId) => pick(byOwner.get(userId)),
    ofTeam: (groupId) => pick(byTeam.get(groupId)),
    all: () => records.values(),
    ordered: () => order,
    get size() {
      return records.size;
    },
    create(draft, at, origin) {
      nodes.ensure(draft.nodePath, at);
      const record = newServiceRecord(ports.newId(), draft, at);
      records.set(record.id, record);
      writer.upsert(statusIntervalsTable, intervalRow(record.id, record.statusSeq, record.status, record.statusMessage, at, null));
      indexInOrder(record);
      actors.set(record.id, spawn(record));
      const created = { type: 'service.created' as const, service: refOf(record), at, origin };
      emitOnCommit(writer, bus, created);
      return record;
    },
    send(id, event) {
      const actor = actors.get(id);
      const before = records.get(id);
      if (!actor || !before) throw new Error(`no actor for service ${id}`);
      actor.send(event);
      const after = actor.getSnapshot().context.record;
      reindex(before, after);
      return after;
    },
    delete(id, at, origin) {
      const record = records.get(id);
      if (!record) return undefined;
      for (const dependent of pick(dependents.get(id))) {
        this.send(dependent.id, { type: 'REFERENCE_REMOVED', removed: { serviceId: id }, at, origin });
      }
      actors.get(id)?.stop();
      actors.delete(id);
      unindex(record);
      // Rows of this service staged in the same batch would break the foreign keys of a deleted row.
      records.delete(id, [
        { table: statusIntervalsTable, column: 'service_id' },
        { table: backupReportsTable, column: 'service_id' },
      ]);
      const deleted = { type: 'service.deleted' as const, service: refOf(record), at, origin };
      emitOnCommit(writer, bus, deleted);
      return record;
    },
    hydrate(loaded) {
      for (const record of loaded) {
        records.load(record.id, record);
        index(record);
        order.push(record.id);
        actors.set(record.id, spawn(record));
      }
      order.sort((a, b) => compare(records.get(a)!, records.get(b)!));
    },
  };
}
