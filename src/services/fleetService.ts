/**
 * Changes people make to the fleet through GraphQL: create, update and delete services, delete
 * hierarchy nodes. Every change goes through the service actors (the single writers of their
 * records) and is acknowledged after its commit. Inputs arrive validated and typed.
 */
import type { ServiceUpdate } from '../actors/serviceChanges.js';
import type { Clock } from '../clock.js';
import type { ServiceDependency, ServiceRecord, ServiceStatus } from '../domain/service.js';
import { AppError, ErrorCode } from '../errors/catalog.js';
import type { Fleet } from '../actors/fleet.js';
import { applyAndCommit } from '../persistence/acknowledge.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
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
}

export interface NodeDeletion {
  readonly deletedNodes: number;
  readonly deletedServices: number;
}

/** Declared dependencies per service, at most. */
export const MAX_DEPENDENCIES = 200;

export class FleetService {
  constructor(
    private readonly deps: { readonly fleet: Fleet; readonly users: UserDirectory; readonly groups: GroupDirectory; readonly writer: BatchWriter; readonly clock: Clock },
  ) {}

  async createService(input: NewServiceInput): Promise<ServiceRecord> {
    const { services } = this.deps.fleet;
    if (services.find(input.nodePath, input.name)) {
      throw new AppError(ErrorCode.BadRequest, `a service named ${input.name} exists under ${input.nodePath}`);
    }
    this.checkReferences(null, input);
    return applyAndCommit(this.deps.writer, () => {
      const at = this.deps.clock.now();
      const created = services.create(
        {
          nodePath: input.nodePath, name: input.name, displayName: input.displayName, status: input.status ?? 'UNKNOWN',
          statusMessage: input.statusMessage, criticality: input.criticality, serviceType: input.serviceType, tags: input.tags,
          metadata: input.metadata, ownerId: input.ownerId, teamId: input.teamId, dependencies: input.dependencies,
        },
        at,
        'api',
      );
      return created;
    });
  }

  async updateService(id: string, changes: ServiceUpdate): Promise<ServiceRecord> {
    const { services } = this.deps.fleet;
    if (!services.get(id)) throw new AppError(ErrorCode.NotFound, `no service with id ${id}`);
    this.checkReferences(id, changes);
    return applyAndCommit(this.deps.writer, () => services.send(id, { type: 'UPDATED', changes, at: this.deps.clock.now(), origin: 'api' }));
  }

  async deleteService(id: string): Promise<boolean> {
    const { services } = this.deps.fleet;
    if (!services.get(id)) throw new AppError(ErrorCode.NotFound, `no service with id ${id}`);
    await applyAndCommit(this.deps.writer, () => services.delete(id, this.deps.clock.now(), 'api'));
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
    return applyAndCommit(this.deps.writer, () => {
      const at = this.deps.clock.now();
      for (const service of affected) services.delete(service.id, at, 'api');
      const removed = nodes.deleteSubtree(path);
      return { deletedNodes: removed.length, deletedServices: affected.length };
    });
  }

  private checkReferences(self: string | null, changes: Pick<ServiceUpdate, 'ownerId' | 'teamId' | 'dependencies'>): void {
    if (changes.ownerId != null && !this.deps.users.get(changes.ownerId)) throw new AppError(ErrorCode.BadRequest, `owner: no user with id ${changes.ownerId}`);
    if (changes.teamId != null && !this.deps.groups.get(changes.teamId)) throw new AppError(ErrorCode.BadRequest, `team: no group with id ${changes.teamId}`);
    if (changes.dependencies) {
      if (changes.dependencies.length > MAX_DEPENDENCIES) throw new AppError(ErrorCode.BadRequest, `a service declares at most ${MAX_DEPENDENCIES} dependencies`);
      const seen = new Set<string>();
      for (const d of changes.dependencies) {
        if (d.targetId === self) throw new AppError(ErrorCode.BadRequest, 'a service cannot depend on itself');
        if (!this.deps.fleet.services.get(d.targetId)) throw new AppError(ErrorCode.BadRequest, `dependencies: no service with id ${d.targetId}`);
        if (seen.has(d.targetId)) throw new AppError(ErrorCode.BadRequest, `dependencies: service ${d.targetId} is listed twice`);
        seen.add(d.targetId);
      }
    }
  }
}
