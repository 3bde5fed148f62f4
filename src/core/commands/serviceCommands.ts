/**
 * Every change to services and the hierarchy, whichever API asks for it: the machine API's
 * registrations, health, storage and backup reports and status syncs, and the changes people make
 * through GraphQL (create, update, delete services, delete hierarchy nodes). REST handlers and
 * GraphQL resolvers call these and nothing below them: each command checks what the state must
 * allow, applies the change through the service registry (the entity host, single writer of each
 * record) at the clock's time, and returns once it is committed (commitBoundary.ts). Inputs arrive
 * validated and typed from the edge.
 */
import type { ServiceUpdate } from '../services/serviceChanges.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { serviceShardKey, type ServiceDependency, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Fleet } from '../fleet/fleet.js';
import { ingestBackupReport } from '../ingest/backupReport.js';
import { ingestHealthReport } from '../ingest/healthReport.js';
import { ingestHealthReportBatch, type BatchEntryOutcome } from '../ingest/healthReportBatch.js';
import { ingestRegistration } from '../ingest/registration.js';
import { ingestStatusSync } from '../ingest/statusSync.js';
import { StatusSyncMemo } from '../ingest/statusSyncMemo.js';
import type { Parsed } from '../protocol/bodyFields.js';
import { parseJsonObject } from '../protocol/fields.js';
import { readStatusSyncBody } from '../protocol/statusSyncBody.js';
import { ingestStorageReport } from '../ingest/storageReport.js';
import type { BatchEntry } from '../protocol/healthReportBatch.js';
import {
  parseStatusSync,
  type BackupReportBody,
  type HealthReport,
  type Registration,
  type StatusSync,
  type StorageReport,
} from '../protocol/machineBodies.js';
import { commitChange } from './commitBoundary.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../people/groupDirectory.js';
import type { UserDirectory } from '../people/userDirectory.js';

export interface NewServiceInput {
  readonly name: string;
  readonly nodePath: string;
  readonly displayName: string | null;
  readonly status: ServiceStatus | null;
  readonly statusMessage: string | null;
  readonly criticality: string | null;
  readonly serviceType: string | null;
  readonly tags: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly ownerId: string | null;
  readonly teamId: string | null;
  readonly dependencies: readonly ServiceDependency[];
  /** The SLA group it belongs to (as a push or sync would name it). @default null */
  readonly slaGroup?: string | null;
}

export interface NodeDeletion {
  readonly deletedNodes: number;
  readonly deletedServices: number;
}

const shardKeyOf = (service: Pick<ServiceRecord, 'nodePath' | 'name'>): string => serviceShardKey(service.nodePath, service.name);

/** Declared dependencies per service, at most. */
export const MAX_DEPENDENCIES = 200;

export class ServiceCommands {
  /** Machine reports received since start (metrics): plain increments on the ingest path. */
  readonly stats = { healthPushes: 0, statusSyncs: 0 };
  /** What each node's last status sync found (ingest/statusSyncMemo.ts). */
  private readonly syncMemo = new StatusSyncMemo();

  constructor(
    private readonly deps: {
      readonly fleet: Fleet;
      readonly users: UserDirectory;
      readonly groups: GroupDirectory;
      readonly writer: BatchWriter;
      readonly clock: Clock;
    },
  ) {}

  /** A registration (machine API): creates the service or updates what it declares. */
  register(registration: Registration) {
    return commitChange(
      this.deps,
      (at) => ingestRegistration(this.deps.fleet, registration, at),
      () => [serviceShardKey(registration.nodePath, registration.name)],
    );
  }

  /** A health push (machine API): the first creates the service, later ones change its status. */
  reportHealth(report: HealthReport) {
    this.stats.healthPushes += 1;
    return commitChange(
      this.deps,
      (at) => ingestHealthReport(this.deps.fleet, report, at),
      () => [serviceShardKey(report.nodePath, report.service)],
    );
  }

  /** A batch of health pushes: the readable entries in one commit; refused ones change nothing. */
  async reportHealthBatch(entries: readonly BatchEntry[]): Promise<BatchEntryOutcome[]> {
    this.stats.healthPushes += entries.length;
    // Nothing to apply: nothing to wait for (and no refusal while the database is busy).
    if (!entries.some((entry) => entry.ok)) return ingestHealthReportBatch(this.deps.fleet, entries, this.deps.clock.now());
    const keys = () => entries.flatMap((entry) => (entry.ok ? [serviceShardKey(entry.report.nodePath, entry.report.service)] : []));
    return commitChange(this.deps, (at) => ingestHealthReportBatch(this.deps.fleet, entries, at), keys);
  }

  reportStorage(report: StorageReport) {
    return commitChange(
      this.deps,
      (at) => ingestStorageReport(this.deps.fleet, report, at),
      () => [serviceShardKey(report.nodePath, report.service)],
    );
  }

  reportBackup(report: BackupReportBody) {
    const { target } = report;
    // A backup of an SLA group or a namespace covers many services: each is admitted as the host steps it.
    const keys = target.mode === 'service' ? () => [serviceShardKey(target.nodePath, target.service)] : undefined;
    return commitChange(this.deps, (at) => ingestBackupReport(this.deps.fleet, report, at), keys);
  }

  /**
   * An agent's status sync body, read. In a single process, against the node's previous sync: entries
   * whose bytes repeat it are not parsed (core/protocol/statusSyncBody.ts, ingest/statusSyncMemo.ts).
   * In cluster mode (shard keys are asked of every entry's name), and for any body that reading does
   * not take, the whole body is parsed.
   */
  readStatusSync(body: Buffer): Parsed<StatusSync> {
    if (this.deps.writer.routing === undefined) {
      const read = readStatusSyncBody(body, (nodePath) => this.syncMemo.previous(nodePath));
      if (read !== undefined) return read;
    }
    return parseStatusSync(parseJsonObject(body));
  }

  /** An agent's status sync: only services whose report changes something reach their machines. */
  syncStatus(sync: StatusSync) {
    this.stats.statusSyncs += 1;
    const keys = () => sync.services.map((entry) => serviceShardKey(sync.nodePath, entry.name));
    return commitChange(this.deps, (at) => ingestStatusSync(this.deps.fleet, sync, at, this.syncMemo), keys);
  }

  async createService(input: NewServiceInput): Promise<ServiceRecord> {
    const { services } = this.deps.fleet;
    if (services.find(input.nodePath, input.name)) {
      throw new AppError(ErrorCode.BadRequest, `a service named ${input.name} exists under ${input.nodePath}`);
    }
    this.checkReferences(null, input);
    return commitChange(
      this.deps,
      (at) => {
        const created = services.create(
          {
            nodePath: input.nodePath,
            name: input.name,
            displayName: input.displayName,
            status: input.status ?? 'UNKNOWN',
            statusMessage: input.statusMessage,
            criticality: input.criticality,
            serviceType: input.serviceType,
            tags: input.tags,
            metadata: input.metadata,
            ownerId: input.ownerId,
            teamId: input.teamId,
            dependencies: input.dependencies,
            slaGroup: input.slaGroup ?? null,
          },
          at,
          'api',
        );
        return created;
      },
      () => [serviceShardKey(input.nodePath, input.name)],
    );
  }

  async updateService(id: string, changes: ServiceUpdate): Promise<ServiceRecord> {
    const { services } = this.deps.fleet;
    if (!services.get(id)) throw new AppError(ErrorCode.NotFound, `no service with id ${id}`);
    this.checkReferences(id, changes);
    return commitChange(
      this.deps,
      (at) => services.send(id, { type: 'UPDATED', changes, at, origin: 'api' }),
      () => [shardKeyOf(services.get(id)!)],
    );
  }

  async deleteService(id: string): Promise<boolean> {
    const { services } = this.deps.fleet;
    if (!services.get(id)) throw new AppError(ErrorCode.NotFound, `no service with id ${id}`);
    await commitChange(
      this.deps,
      (at) => services.delete(id, at, 'api'),
      // Its dependents lose the reference in the same change: their shards are admitted too.
      () => [services.get(id)!, ...services.dependentsOf(id)].map(shardKeyOf),
    );
    return true;
  }

  /** Deletes a node and everything below it; with services there, only when `cascade` says so. */
  async deleteNode(path: string, cascade: boolean): Promise<NodeDeletion> {
    const { nodes, services } = this.deps.fleet;
    if (!nodes.get(path)) throw new AppError(ErrorCode.NotFound, `no operations node ${path}`);
    const affected = services.underNode(path);
    if (affected.length > 0 && !cascade) {
      throw new AppError(ErrorCode.BadRequest, `node ${path} holds ${affected.length} services; delete them first or pass cascade: true`);
    }
    return commitChange(
      this.deps,
      (at) => {
        for (const service of affected) services.delete(service.id, at, 'api');
        const removed = nodes.deleteSubtree(path);
        return { deletedNodes: removed.length, deletedServices: affected.length };
      },
      () => affected.flatMap((service) => [service, ...services.dependentsOf(service.id)]).map(shardKeyOf),
    );
  }

  private checkReferences(self: string | null, changes: Pick<ServiceUpdate, 'ownerId' | 'teamId' | 'dependencies'>): void {
    if (changes.ownerId != null && !this.deps.users.get(changes.ownerId))
      throw new AppError(ErrorCode.BadRequest, `owner: no user with id ${changes.ownerId}`);
    if (changes.teamId != null && !this.deps.groups.get(changes.teamId))
      throw new AppError(ErrorCode.BadRequest, `team: no group with id ${changes.teamId}`);
    if (changes.dependencies) {
      if (changes.dependencies.length > MAX_DEPENDENCIES)
        throw new AppError(ErrorCode.BadRequest, `a service declares at most ${MAX_DEPENDENCIES} dependencies`);
      const seen = new Set<string>();
      for (const d of changes.dependencies) {
        if (d.targetId === self) throw new AppError(ErrorCode.BadRequest, 'a service cannot depend on itself');
        if (!this.deps.fleet.services.get(d.targetId))
          throw new AppError(ErrorCode.BadRequest, `dependencies: no service with id ${d.targetId}`);
        if (seen.has(d.targetId)) throw new AppError(ErrorCode.BadRequest, `dependencies: service ${d.targetId} is listed twice`);
        seen.add(d.targetId);
      }
    }
  }
}
