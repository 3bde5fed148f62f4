/**
 * SLA incidents: the automatic ones follow services' status changes inside the batch of the change
 * (incidentRules.ts `incidentMove`), people create and update them by hand. Every change writes the
 * incident's row, its event log entry and the `sla.incident` event in one commit.
 *
 * Memory holds the open automatic incident of each service (StagedMemory by service id); closed
 * and manual incidents are history in the database. A person's update reads the incident, then
 * writes it: updates of one incident run one after another, and the open automatic one is taken
 * from memory (the status changes may have moved it meanwhile).
 */
import type { ServiceStatusChangedEvent } from '../../../core/coreEvents.js';
import type { Knex } from 'knex';
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { DefinitionCatalog } from '../definitions/definitionCatalog.js';
import type { SlaEventLog } from '../eventLog/slaEventLog.js';
import { isUuid } from '../slaIds.js';
import { incidentData } from '../slaEvents.js';
import { StagedMemory } from '../stagedMemory.js';
import { slaIncidentsTable } from '../slaTables.js';
import type { IncidentChanges, NewIncidentRequest } from './incidentInput.js';
import { incidentMove, incidentTimes, MAX_TEXT_LENGTH, MAX_TITLE_LENGTH, type SlaIncident } from './incidentRules.js';
import { countIncidents, incidentToRow, readIncident, readIncidents, rowToIncident, type IncidentFilter } from './incidentRows.js';

export interface IncidentBookDeps {
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly bus: EventBus;
  readonly clock: Pick<Clock, 'now'>;
  readonly newId: () => string;
  readonly log: SlaEventLog;
  readonly catalog: DefinitionCatalog;
  readonly services: Pick<ServiceRegistry, 'get'>;
  /**
   * Cluster mode: applies what other instances committed (docs/adr/0068), before an update retries an incident read
   * open from the database that memory does not hold open yet. @default none (one process)
   */
  readonly catchUp?: () => Promise<void>;
}

type Change = 'opened' | 'updated' | 'closed';

const RETRY = Symbol('retry');

export class IncidentBook {
  /** The open automatic incident of each service, by service id. */
  private readonly open: StagedMemory<SlaIncident>;
  /** Updates under way, by incident id: one at a time per incident. */
  private readonly updating = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: IncidentBookDeps) {
    this.open = new StagedMemory(deps.writer, slaIncidentsTable);
  }

  load(incident: SlaIncident): void {
    this.open.load(incident.serviceId, incident);
  }

  /**
   * Cluster mode (docs/adr/0068): the automatic incidents other instances commit (the owner of a service opens and
   * closes its outage's incident; a person edits it through any instance) reach this memory, so the instance that
   * takes a service's shard over continues the incident its previous owner opened. Manual incidents are history.
   */
  sharedRows(): SharedRows {
    const adopt = (incident: SlaIncident) => {
      if (incident.source !== 'AUTOMATIC') return;
      if (incident.endedAt === null) this.open.adopt(incident.serviceId, incident);
      // Closed: lets go of it, not of a newer outage's incident of the service.
      else this.open.adopt(incident.serviceId, undefined, (held) => held?.id === incident.id);
    };
    return {
      table: slaIncidentsTable.name,
      apply: (row) => adopt(rowToIncident(row)),
      remove: (key) => {
        const id = String(key['id']);
        const held = [...this.open.values()].find((incident) => incident.id === id);
        if (held) this.open.adopt(held.serviceId, undefined, (committed) => committed?.id === id);
      },
    };
  }

  openIncidentOf(serviceId: string): SlaIncident | undefined {
    return this.open.get(serviceId);
  }

  /** Staged, in the batch of the status change. */
  onStatusChanged(event: ServiceStatusChangedEvent): void {
    const current = this.open.get(event.service.id) ?? null;
    // The hot path: most changes are of services with no outage open, to a status that opens none.
    if (current === null && event.status !== 'DOWN' && event.status !== 'DEGRADED') return;
    const service = this.deps.services.get(event.service.id);
    // A service no SLA covers opens none either: no list of covering definitions built per change.
    if (current === null && (!service || !this.deps.catalog.covers(service.id, service.slaGroup))) return;
    const covering = service ? this.deps.catalog.coveringDefinitions(service.id, service.slaGroup) : [];
    const move = incidentMove(current, event.status, covering);
    switch (move.type) {
      case 'none':
        return;
      case 'open': {
        const incident: SlaIncident = {
          id: this.deps.newId(),
          serviceId: event.service.id,
          definitionIds: move.definitionIds,
          source: 'AUTOMATIC',
          title: `${event.service.name} is ${event.status}`.slice(0, MAX_TITLE_LENGTH),
          description: event.message?.slice(0, MAX_TEXT_LENGTH) ?? null,
          severity: move.severity,
          startedAt: event.at,
          endedAt: null,
          resolution: null,
          createdAt: event.at,
          updatedAt: event.at,
        };
        this.write(incident, 'opened', event.at, event.origin, null, { status: event.status, previousStatus: event.previousStatus });
        return;
      }
      case 'extend':
        this.write(
          { ...current!, definitionIds: move.definitionIds, severity: move.severity, updatedAt: event.at },
          'updated',
          event.at,
          event.origin,
          null,
          { status: event.status },
        );
        return;
      case 'close':
        this.write({ ...current!, endedAt: event.at, updatedAt: event.at }, 'closed', event.at, event.origin, null, {
          status: event.status,
        });
        return;
    }
  }

  /**
   * Staged, in the batch of a change that made definitions count these services (an assignment, DEGRADED
   * beginning to count): a service already down by a definition covering it now gets its incident (or
   * its open one counts against the new definition too), as if it had gone down under it. The outage
   * began when the service entered its status (`statusSince`); the incident is recorded now. Nothing
   * closes here: a service no longer counted closes its incident at its next status change.
   */
  onCoverageChanged(serviceIds: readonly string[], at: number, origin: Origin): void {
    for (const id of serviceIds) {
      const service = this.deps.services.get(id);
      if (!service || (service.status !== 'DOWN' && service.status !== 'DEGRADED')) continue;
      const current = this.open.get(id) ?? null;
      const move = incidentMove(current, service.status, this.deps.catalog.coveringDefinitions(id, service.slaGroup));
      const data = { status: service.status, alreadyDownSince: new Date(service.statusSince).toISOString() };
      if (move.type === 'open') {
        const incident: SlaIncident = {
          id: this.deps.newId(),
          serviceId: id,
          definitionIds: move.definitionIds,
          source: 'AUTOMATIC',
          title: `${service.name} is ${service.status}`.slice(0, MAX_TITLE_LENGTH),
          description: service.statusMessage?.slice(0, MAX_TEXT_LENGTH) ?? null,
          severity: move.severity,
          startedAt: Math.min(service.statusSince, at),
          endedAt: null,
          resolution: null,
          createdAt: at,
          updatedAt: at,
        };
        this.write(incident, 'opened', at, origin, null, data);
      } else if (move.type === 'extend') {
        this.write(
          { ...current!, definitionIds: move.definitionIds, severity: move.severity, updatedAt: at },
          'updated',
          at,
          origin,
          null,
          data,
        );
      }
    }
  }

  /** Staged, in the batch of the service's deletion: its open automatic incident ends there. */
  onServiceDeleted(serviceId: string, at: number, origin: Origin): void {
    const current = this.open.get(serviceId);
    if (!current) return;
    this.write(
      { ...current, endedAt: at, resolution: current.resolution ?? 'the service was deleted', updatedAt: at },
      'closed',
      at,
      origin,
      null,
      { serviceDeleted: true },
    );
  }

  /** A person records an incident; its definitions are those covering the service unless given. */
  create(viewer: Viewer, request: NewIncidentRequest): Promise<SlaIncident> {
    return commitChange(this.deps, (now) => {
      const service = isUuid(request.serviceId) ? this.deps.services.get(request.serviceId) : undefined;
      if (!service) throw new AppError(ErrorCode.NotFound, `no service with id ${request.serviceId}`);
      for (const id of request.definitionIds ?? []) {
        if (!isUuid(id) || !this.deps.catalog.definition(id)) throw new AppError(ErrorCode.NotFound, `no SLA definition with id ${id}`);
      }
      const startedAt = request.startedAt ?? now;
      incidentTimes(startedAt, request.endedAt, now);
      const definitionIds = request.definitionIds
        ? [...new Set(request.definitionIds.map((id) => id.toLowerCase()))].sort()
        : this.deps.catalog
            .coveringDefinitions(service.id, service.slaGroup)
            .map((d) => d.id)
            .sort();
      const incident: SlaIncident = {
        id: this.deps.newId(),
        serviceId: service.id,
        definitionIds,
        source: 'MANUAL',
        title: request.title,
        description: request.description,
        severity: request.severity,
        startedAt,
        endedAt: request.endedAt,
        resolution: request.resolution,
        createdAt: now,
        updatedAt: now,
      };
      this.write(incident, request.endedAt === null ? 'opened' : 'closed', now, 'api', viewer.userId, {});
      return incident;
    });
  }

  /** A person changes an incident (any source); setting `endedAt` closes it. */
  update(viewer: Viewer, id: string, changes: IncidentChanges): Promise<SlaIncident> {
    const key = isUuid(id) ? id.toLowerCase() : null;
    if (key === null) return Promise.reject(unknownIncident(id));
    const previous = this.updating.get(key) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.updateNow(viewer, key, changes));
    this.updating.set(key, run);
    void run
      .catch(() => undefined)
      .finally(() => {
        if (this.updating.get(key) === run) this.updating.delete(key);
      });
    return run;
  }

  private async updateNow(viewer: Viewer, id: string, changes: IncidentChanges, attempt = 1): Promise<SlaIncident> {
    await this.deps.writer.settled();
    const stored = await readIncident(this.deps.knex, id);
    const result = await commitChange(this.deps, (now) => {
      const live = [...this.open.values()].find((i) => i.id === id);
      // Read open and automatic, but no longer open in memory: a status change closed it while we read.
      if (!live && stored?.source === 'AUTOMATIC' && stored.endedAt === null) return RETRY;
      const before = live ?? stored;
      if (before === null) throw unknownIncident(id);
      const after: SlaIncident = {
        ...before,
        title: changes.title ?? before.title,
        description: changes.description !== undefined ? changes.description : before.description,
        severity: changes.severity ?? before.severity,
        resolution: changes.resolution !== undefined ? changes.resolution : before.resolution,
        startedAt: changes.startedAt ?? before.startedAt,
        endedAt: changes.endedAt ?? before.endedAt,
      };
      // Times already stored stand; what this call sets must not lie in the future.
      if (changes.startedAt !== undefined) incidentTimes(changes.startedAt, null, now);
      if (changes.endedAt !== undefined) incidentTimes(after.startedAt, changes.endedAt, now);
      else incidentTimes(after.startedAt, after.endedAt, Math.max(now, after.endedAt ?? now));
      const fields = (['title', 'description', 'severity', 'resolution', 'startedAt', 'endedAt'] as const).filter(
        (f) => after[f] !== before[f],
      );
      if (fields.length === 0) return before;
      const change: Change = before.endedAt === null && after.endedAt !== null ? 'closed' : 'updated';
      this.write({ ...after, updatedAt: now }, change, now, 'api', viewer.userId, { fields });
      return { ...after, updatedAt: now };
    });
    if (result !== RETRY) return result;
    if (attempt >= 3) throw new AppError(ErrorCode.Conflict, `SLA incident ${id} is changing under way; retry`);
    // Cluster mode: another instance may have opened it a moment ago (its row not applied here yet).
    await this.deps.catchUp?.();
    return this.updateNow(viewer, id, changes, attempt + 1);
  }

  async list(filter: IncidentFilter, page: Page): Promise<SlaIncident[]> {
    await this.deps.writer.settled();
    return readIncidents(this.deps.knex, filter, page);
  }

  async count(filter: IncidentFilter): Promise<number> {
    await this.deps.writer.settled();
    return countIncidents(this.deps.knex, filter);
  }

  async get(id: string): Promise<SlaIncident | null> {
    if (!isUuid(id)) return null;
    await this.deps.writer.settled();
    return readIncident(this.deps.knex, id.toLowerCase());
  }

  private write(
    incident: SlaIncident,
    change: Change,
    at: number,
    origin: Origin,
    actorId: string | null,
    data: Record<string, unknown>,
  ): void {
    const tracked = incident.source === 'AUTOMATIC' && (this.open.get(incident.serviceId)?.id === incident.id || change === 'opened');
    if (tracked) this.open.write(incident.serviceId, incident.endedAt === null ? incident : undefined, incidentToRow(incident));
    else this.deps.writer.upsert(slaIncidentsTable, incidentToRow(incident));
    this.deps.log.record({
      kind: change === 'opened' ? 'INCIDENT_OPENED' : change === 'closed' ? 'INCIDENT_CLOSED' : 'INCIDENT_UPDATED',
      at,
      origin,
      actorId,
      subjects: {
        serviceId: incident.serviceId,
        incidentId: incident.id,
        definitionId: incident.definitionIds.length === 1 ? incident.definitionIds[0]! : null,
      },
      data: { ...data, incident: incidentData(incident) },
    });
    emitOnCommit(this.deps.writer, this.deps.bus, { type: 'sla.incident', change, incident, at, origin });
  }
}

function unknownIncident(id: string): AppError {
  return new AppError(ErrorCode.NotFound, `no SLA incident with id ${id}`);
}
