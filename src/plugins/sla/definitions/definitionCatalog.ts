/**
 * The SLA definitions, their targets and assignments, held in memory and kept equal to the database
 * (CommittedMap: a change is staged at once and reverted if its batch fails). Small enough to hold
 * whole (definitions number in the tens, assignments in the thousands); read on every status change
 * to know which definitions cover a service, so coverage is indexed by service and by group.
 *
 * Single writer: every change runs synchronously inside a command (definitionCommands.ts) or a
 * staged bus handler, on the event loop.
 */
import { CommittedMap } from '../../../core/fleet/committedMap.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { slaAssignmentsTable, slaDefinitionsTable, slaTargetsTable } from '../slaTables.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import type { Row } from '../../../platform/persistence/tableSpec.js';
import { assignmentToRow, definitionToRow, rowToAssignment, rowToDefinition, rowToTarget, targetToRow } from './definitionRows.js';
import type { SlaAssignment, SlaDefinition, SlaTarget } from './slaDefinition.js';

export class DefinitionCatalog {
  private readonly definitions: CommittedMap<SlaDefinition>;
  private readonly targets: CommittedMap<SlaTarget>;
  private readonly assignments: CommittedMap<SlaAssignment>;
  /** Assignment ids by service id and by group name (rebuilt for a key a failed commit reverts). */
  private readonly byService = new Map<string, Set<string>>();
  private readonly byGroup = new Map<string, Set<string>>();

  constructor(writer: BatchWriter) {
    this.definitions = new CommittedMap(writer, slaDefinitionsTable, definitionToRow);
    this.targets = new CommittedMap(writer, slaTargetsTable, targetToRow);
    this.assignments = new CommittedMap(writer, slaAssignmentsTable, assignmentToRow, (_id, restored, discarded) => {
      if (discarded) this.unindex(discarded);
      if (restored) this.index(restored);
    });
  }

  // --- start ---

  load(definitions: Iterable<SlaDefinition>, targets: Iterable<SlaTarget>, assignments: Iterable<SlaAssignment>): void {
    for (const d of definitions) this.definitions.load(d.id, d);
    for (const t of targets) this.targets.load(t.id, t);
    for (const a of assignments) {
      this.assignments.load(a.id, a);
      this.index(a);
    }
  }

  /**
   * Cluster mode (docs/adr/0068, 0071): definitions, targets and assignments are changed through any instance; the
   * others apply the committed rows here, so every instance knows which definitions cover a service (the owner of
   * the service's shard opens its incidents and stages its alerts by them).
   */
  shared(): SharedRows[] {
    const id = (row: Row) => String(row['id']);
    const table = <V>(
      name: string,
      map: CommittedMap<V>,
      of: (row: Row) => V,
      toRow: (value: V) => Row,
      moved?: (before?: V, after?: V) => void,
    ) => ({
      table: name,
      apply: (row: Row, patch: boolean) => {
        const held = map.get(id(row));
        const value = of(patch && held !== undefined ? { ...toRow(held), ...row } : row);
        if (map.adopt(id(row), value)) moved?.(held, value);
      },
      remove: (row: Row) => {
        const held = map.get(id(row));
        if (map.adopt(id(row), undefined)) moved?.(held, undefined);
      },
    });
    return [
      table(slaDefinitionsTable.name, this.definitions, rowToDefinition, definitionToRow),
      table(slaTargetsTable.name, this.targets, rowToTarget, targetToRow),
      table(slaAssignmentsTable.name, this.assignments, rowToAssignment, assignmentToRow, (before, after) => {
        if (before) this.unindex(before);
        if (after) this.index(after);
      }),
    ];
  }

  // --- reads ---

  definition(id: string): SlaDefinition | undefined {
    return this.definitions.get(id.toLowerCase());
  }

  /** By name, ignoring case: two definitions whose names differ only in case would confuse people. */
  definitionNamed(name: string): SlaDefinition | undefined {
    const wanted = name.toLowerCase();
    for (const d of this.definitions.values()) if (d.name.toLowerCase() === wanted) return d;
    return undefined;
  }

  /** Every definition, by name. */
  allDefinitions(): SlaDefinition[] {
    return [...this.definitions.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  target(id: string): SlaTarget | undefined {
    return this.targets.get(id.toLowerCase());
  }

  targetsOf(definitionId: string): SlaTarget[] {
    return [...this.targets.values()]
      .filter((t) => t.definitionId === definitionId)
      .sort((a, b) => a.scope.localeCompare(b.scope) || a.scopeValue.localeCompare(b.scopeValue));
  }

  assignment(id: string): SlaAssignment | undefined {
    return this.assignments.get(id.toLowerCase());
  }

  assignmentsOf(definitionId: string): SlaAssignment[] {
    return [...this.assignments.values()]
      .filter((a) => a.definitionId === definitionId)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  /** Assignments that name this service or this group (not the group's members). */
  assignmentsNaming(subject: { readonly serviceId?: string; readonly groupName?: string }): SlaAssignment[] {
    const ids =
      subject.serviceId !== undefined
        ? this.byService.get(subject.serviceId)
        : subject.groupName !== undefined
          ? this.byGroup.get(subject.groupName)
          : undefined;
    return [...(ids ?? [])].map((id) => this.assignments.get(id)!).filter(Boolean);
  }

  /** Whether any definition covers the service (without building the list: asked per status change). */
  covers(serviceId: string, groupName: string | null): boolean {
    return (this.byService.get(serviceId)?.size ?? 0) > 0 || (groupName !== null && (this.byGroup.get(groupName)?.size ?? 0) > 0);
  }

  /** The definitions covering a service: assigned to it, or to the SLA group it is a member of. */
  coveringDefinitions(serviceId: string, groupName: string | null): SlaDefinition[] {
    const ids = new Set<string>();
    for (const id of this.byService.get(serviceId) ?? []) ids.add(this.assignments.get(id)!.definitionId);
    if (groupName !== null) for (const id of this.byGroup.get(groupName) ?? []) ids.add(this.assignments.get(id)!.definitionId);
    return [...ids].map((id) => this.definitions.get(id)).filter((d): d is SlaDefinition => d !== undefined);
  }

  /**
   * The services a definition covers now: those assigned to it and the members of the groups
   * assigned to it (`membersOf` gives a group's member ids), each once, sorted.
   */
  coveredServiceIds(definitionId: string, membersOf: (groupName: string) => readonly string[]): string[] {
    const ids = new Set<string>();
    for (const a of this.assignmentsOf(definitionId)) {
      if (a.serviceId !== null) ids.add(a.serviceId);
      else for (const id of membersOf(a.groupName!)) ids.add(id);
    }
    return [...ids].sort();
  }

  // --- changes (staged; the caller records them in the event log) ---

  putDefinition(definition: SlaDefinition): void {
    this.definitions.set(definition.id, definition);
  }

  /** Removes the definition with its targets and assignments (the database cascades as well). */
  removeDefinition(id: string): { targets: SlaTarget[]; assignments: SlaAssignment[] } {
    const targets = this.targetsOf(id);
    const assignments = this.assignmentsOf(id);
    for (const a of assignments) this.removeAssignment(a.id);
    for (const t of targets) this.targets.delete(t.id);
    this.definitions.delete(id);
    return { targets, assignments };
  }

  putTarget(target: SlaTarget): void {
    this.targets.set(target.id, target);
  }

  removeTarget(id: string): void {
    this.targets.delete(id);
  }

  putAssignment(assignment: SlaAssignment): void {
    this.assignments.set(assignment.id, assignment);
    this.index(assignment);
  }

  removeAssignment(id: string): void {
    const assignment = this.assignments.get(id);
    if (!assignment) return;
    this.unindex(assignment);
    this.assignments.delete(id);
  }

  /** Targets whose scope is this service (to drop with the service). */
  targetsNamingService(serviceId: string): SlaTarget[] {
    return [...this.targets.values()].filter((t) => t.scope === 'SERVICE' && t.scopeValue === serviceId);
  }

  private index(a: SlaAssignment): void {
    const [map, key] = a.serviceId !== null ? [this.byService, a.serviceId] : [this.byGroup, a.groupName!];
    let ids = map.get(key);
    if (!ids) map.set(key, (ids = new Set()));
    ids.add(a.id);
  }

  private unindex(a: SlaAssignment): void {
    const [map, key] = a.serviceId !== null ? [this.byService, a.serviceId] : [this.byGroup, a.groupName!];
    const ids = map.get(key);
    ids?.delete(a.id);
    if (ids?.size === 0) map.delete(key);
  }
}
