/**
 * Changes to definitions, targets and assignments: the rules across records (unique names, what a
 * target or assignment may name), each change with its event log entry in one commit, answered after
 * that commit (src/core/commands/commitBoundary.ts).
 *
 * Deleting a definition deletes its targets and assignments in the same commit (its stored period
 * results go with it, by the database's cascade) and resolves its open alerts; incidents, alerts
 * and the event log keep naming it as history.
 *
 * A change of what a definition measures (its or a scope's target, the DEGRADED rule, assignments,
 * period or zone) is announced as `sla.definition_changed` in the same batch (definitionEvents.ts).
 */
import type { Fleet } from '../../../core/fleet/fleet.js';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { SlaEventLog } from '../eventLog/slaEventLog.js';
import { knownGroup } from '../groups/groupMembers.js';
import type { DefinitionCatalog } from './definitionCatalog.js';
import { changesOfFields, type DefinitionChange, type SlaDefinitionChangedEvent } from './definitionEvents.js';
import {
  knownId,
  type AssignmentRequest,
  type DefinitionChanges,
  type NewDefinitionRequest,
  type TargetRequest,
} from './definitionInput.js';
import { burnRates, type SlaAssignment, type SlaDefinition, type SlaTarget } from './slaDefinition.js';

export interface DefinitionCommandDeps {
  readonly catalog: DefinitionCatalog;
  readonly fleet: Pick<Fleet, 'services' | 'slaGroups'>;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Pick<Clock, 'now'>;
  readonly newId: () => string;
  readonly log: SlaEventLog;
  /** Resolves the open alerts of a deleted definition (in the same batch). */
  readonly resolveAlertsOf: (definitionId: string, at: number, actorId: string) => void;
}

export class DefinitionCommands {
  constructor(private readonly deps: DefinitionCommandDeps) {}

  create(viewer: Viewer, request: NewDefinitionRequest): Promise<SlaDefinition> {
    const { catalog, log } = this.deps;
    return commitChange(this.deps, (at) => {
      this.assertNameFree(request.name, null);
      const definition: SlaDefinition = { id: this.deps.newId(), ...request, createdAt: at, updatedAt: at };
      catalog.putDefinition(definition);
      log.record({
        kind: 'DEFINITION_CREATED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: definition.id },
        data: definitionData(definition),
      });
      return definition;
    });
  }

  update(viewer: Viewer, id: string, changes: DefinitionChanges): Promise<SlaDefinition> {
    const { catalog, log } = this.deps;
    return commitChange(this.deps, (at) => {
      const before = this.existing(id);
      if (changes.name !== undefined) this.assertNameFree(changes.name, before.id);
      const { burnRates: rules, ...rest } = changes;
      const after: SlaDefinition = {
        ...before,
        ...rest,
        burnRates: rules === undefined ? before.burnRates : burnRates(rules, before.burnRates),
        updatedAt: at,
      };
      const changed = changedFields(before, after);
      if (changed.length === 0) return before;
      catalog.putDefinition(after);
      log.record({
        kind: 'DEFINITION_UPDATED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: after.id },
        data: { fields: changed, before: definitionData(before), after: definitionData(after) },
      });
      const measured = changesOfFields(changed);
      // DEGRADED began to count: every covered service that is DEGRADED now is down by this definition.
      const nowCounted = after.degradedCountsAsDown && !before.degradedCountsAsDown ? this.coveredBy(after.id) : [];
      if (measured.length > 0)
        this.announce(after, measured, { kind: 'DEFINITION_UPDATED', fields: changed }, nowCounted, at, viewer.userId);
      return after;
    });
  }

  /** True when it existed (and is now gone with its targets and assignments); false when there was none. */
  delete(viewer: Viewer, id: string): Promise<boolean> {
    const { catalog, log } = this.deps;
    return commitChange(this.deps, (at) => {
      const key = knownId(id);
      const definition = key === null ? undefined : catalog.definition(key);
      if (!definition) return false;
      const { targets, assignments } = catalog.removeDefinition(definition.id);
      this.deps.resolveAlertsOf(definition.id, at, viewer.userId);
      log.record({
        kind: 'DEFINITION_DELETED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: definition.id },
        data: {
          definition: definitionData(definition),
          targetsDeleted: targets.length,
          assignmentsDeleted: assignments.map(assignmentData),
        },
      });
      return true;
    });
  }

  /**
   * Sets the definition's target for a scope: a new target, or a new value for the scope's existing
   * one (same id), so the call can be repeated. SERVICE names a service by id, GROUP an SLA group by
   * name (both must exist), TIER any tier name (the tier of the SLA groups it applies to).
   */
  setTarget(viewer: Viewer, request: TargetRequest): Promise<SlaTarget> {
    const { catalog, log, fleet } = this.deps;
    return commitChange(this.deps, (at) => {
      const definition = this.existing(request.definitionId);
      if (request.scope === 'SERVICE' && (knownId(request.scopeValue) === null || !fleet.services.get(request.scopeValue))) {
        throw new AppError(ErrorCode.NotFound, `no service with id ${request.scopeValue}; a SERVICE target names a service by its id`);
      }
      if (request.scope === 'GROUP' && !knownGroup(fleet, request.scopeValue)) {
        throw new AppError(
          ErrorCode.NotFound,
          `no SLA group named "${request.scopeValue}"; groups are declared by status syncs or named by services`,
        );
      }
      const existing = catalog.targetsOf(definition.id).find((t) => t.scope === request.scope && t.scopeValue === request.scopeValue);
      if (existing && existing.targetPercent === request.targetPercent) return existing;
      const target: SlaTarget = existing
        ? { ...existing, targetPercent: request.targetPercent, updatedAt: at }
        : { id: this.deps.newId(), ...request, definitionId: definition.id, createdAt: at, updatedAt: at };
      catalog.putTarget(target);
      log.record({
        kind: 'TARGET_SET',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: {
          definitionId: definition.id,
          serviceId: target.scope === 'SERVICE' ? target.scopeValue : null,
          groupName: target.scope === 'GROUP' ? target.scopeValue : null,
        },
        data: { target: targetData(target), previousTargetPercent: existing?.targetPercent ?? null },
      });
      this.announce(definition, ['target'], { kind: 'TARGET_SET' }, [], at, viewer.userId);
      return target;
    });
  }

  deleteTarget(viewer: Viewer, id: string): Promise<boolean> {
    const { catalog, log } = this.deps;
    return commitChange(this.deps, (at) => {
      const key = knownId(id);
      const target = key === null ? undefined : catalog.target(key);
      if (!target) return false;
      catalog.removeTarget(target.id);
      log.record({
        kind: 'TARGET_DELETED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: target.definitionId },
        data: { target: targetData(target) },
      });
      const definition = catalog.definition(target.definitionId);
      if (definition) this.announce(definition, ['target'], { kind: 'TARGET_DELETED' }, [], at, viewer.userId);
      return true;
    });
  }

  /** Covers a service, or every member of an SLA group; assigning what is already assigned answers the existing assignment. */
  assign(viewer: Viewer, request: AssignmentRequest): Promise<SlaAssignment> {
    const { catalog, log, fleet } = this.deps;
    return commitChange(this.deps, (at) => {
      const definition = this.existing(request.definitionId);
      if (request.serviceId !== null && (knownId(request.serviceId) === null || !fleet.services.get(request.serviceId))) {
        throw new AppError(ErrorCode.NotFound, `no service with id ${request.serviceId}`);
      }
      if (request.groupName !== null && !knownGroup(fleet, request.groupName)) {
        throw new AppError(
          ErrorCode.NotFound,
          `no SLA group named "${request.groupName}"; groups are declared by status syncs or named by services`,
        );
      }
      const naming = catalog.assignmentsNaming(
        request.serviceId !== null ? { serviceId: request.serviceId } : { groupName: request.groupName! },
      );
      const existing = naming.find((a) => a.definitionId === definition.id);
      if (existing) return existing;
      const assignment: SlaAssignment = {
        id: this.deps.newId(),
        definitionId: definition.id,
        serviceId: request.serviceId,
        groupName: request.groupName,
        createdAt: at,
      };
      catalog.putAssignment(assignment);
      log.record({
        kind: 'ASSIGNED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: definition.id, serviceId: assignment.serviceId, groupName: assignment.groupName },
        data: { assignment: assignmentData(assignment) },
      });
      const assigned =
        assignment.serviceId !== null ? [assignment.serviceId] : fleet.services.inSlaGroup(assignment.groupName!).map((s) => s.id);
      this.announce(definition, ['coverage'], { kind: 'ASSIGNED' }, assigned, at, viewer.userId);
      return assignment;
    });
  }

  unassign(viewer: Viewer, id: string): Promise<boolean> {
    const { catalog, log } = this.deps;
    return commitChange(this.deps, (at) => {
      const key = knownId(id);
      const assignment = key === null ? undefined : catalog.assignment(key);
      if (!assignment) return false;
      catalog.removeAssignment(assignment.id);
      log.record({
        kind: 'UNASSIGNED',
        at,
        origin: 'api',
        actorId: viewer.userId,
        subjects: { definitionId: assignment.definitionId, serviceId: assignment.serviceId, groupName: assignment.groupName },
        data: { assignment: assignmentData(assignment) },
      });
      const definition = catalog.definition(assignment.definitionId);
      if (definition) this.announce(definition, ['coverage'], { kind: 'UNASSIGNED' }, [], at, viewer.userId);
      return true;
    });
  }

  /** Staged with the change: `sla.definition_changed` (definitionEvents.ts). */
  private announce(
    definition: SlaDefinition,
    changes: readonly DefinitionChange[],
    cause: SlaDefinitionChangedEvent['cause'],
    nowCounted: readonly string[],
    at: number,
    actorId: string,
  ): void {
    emitOnCommit(this.deps.writer, this.deps.bus, {
      type: 'sla.definition_changed',
      definition,
      changes,
      cause,
      nowCounted,
      at,
      origin: 'api',
      actorId,
    });
  }

  private coveredBy(definitionId: string): string[] {
    return this.deps.catalog.coveredServiceIds(definitionId, (group) => this.deps.fleet.services.inSlaGroup(group).map((s) => s.id));
  }

  private existing(id: string): SlaDefinition {
    const key = knownId(id);
    const definition = key === null ? undefined : this.deps.catalog.definition(key);
    if (!definition) throw new AppError(ErrorCode.NotFound, `no SLA definition with id ${id}`);
    return definition;
  }

  private assertNameFree(name: string, self: string | null): void {
    const holder = this.deps.catalog.definitionNamed(name);
    if (holder && holder.id !== self)
      throw new AppError(ErrorCode.Conflict, `an SLA definition named "${holder.name}" exists already (names are unique, ignoring case)`);
  }
}

const COMPARED = [
  'name',
  'description',
  'targetPercent',
  'period',
  'degradedCountsAsDown',
  'timeZone',
  'burnRates',
  'raiseTicket',
  'ticketCatalogItem',
] as const;

function changedFields(before: SlaDefinition, after: SlaDefinition): string[] {
  return COMPARED.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

export function definitionData(d: SlaDefinition): Record<string, unknown> {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    targetPercent: d.targetPercent,
    period: d.period,
    degradedCountsAsDown: d.degradedCountsAsDown,
    timeZone: d.timeZone,
    burnRates: d.burnRates,
    raiseTicket: d.raiseTicket,
    ticketCatalogItem: d.ticketCatalogItem,
  };
}

function targetData(t: SlaTarget): Record<string, unknown> {
  return { id: t.id, definitionId: t.definitionId, scope: t.scope, scopeValue: t.scopeValue, targetPercent: t.targetPercent };
}

function assignmentData(a: SlaAssignment): Record<string, unknown> {
  return { id: a.id, definitionId: a.definitionId, serviceId: a.serviceId, slaGroup: a.groupName };
}
