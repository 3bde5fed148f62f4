/**
 * SLA groups as declared by agents' status syncs (and a seed job using the same call). A
 * declaration creates the group or updates the fields it carries; groups are not deleted by a sync
 * that leaves them out (another agent may declare them).
 */
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { iso, slaGroupsTable } from '../storage/tables.js';
import type { SlaGroupDeclaration } from '../domain/slaGroup.js';
import { CommittedMap } from './committedMap.js';

export interface SlaGroupRecord {
  readonly id: string;
  readonly name: string;
  readonly displayName: string | null;
  readonly tier: string | null;
  readonly targets: { readonly uptime: number } | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export type Declared = 'created' | 'updated' | 'unchanged';

export class SlaGroupStore {
  private readonly groups: CommittedMap<SlaGroupRecord>;

  constructor(
    writer: BatchWriter,
    private readonly newId: () => string,
  ) {
    this.groups = new CommittedMap(writer, slaGroupsTable, (g) => ({
      name: g.name,
      id: g.id,
      display_name: g.displayName,
      tier: g.tier,
      targets: g.targets,
      created_at: iso(g.createdAt),
      updated_at: iso(g.updatedAt),
    }));
  }

  load(group: SlaGroupRecord): void {
    this.groups.load(group.name, group);
  }

  /** A group deleted elsewhere (cluster mode's read model): forgotten here, nothing written. */
  forget(name: string): void {
    this.groups.evict(name);
  }

  get(name: string): SlaGroupRecord | undefined {
    return this.groups.get(name);
  }

  list(): SlaGroupRecord[] {
    return [...this.groups.values()];
  }

  declare(declaration: SlaGroupDeclaration, at: number): Declared {
    const existing = this.groups.get(declaration.name);
    if (!existing) {
      this.groups.set(declaration.name, {
        id: this.newId(),
        name: declaration.name,
        displayName: declaration.displayName,
        tier: declaration.tier,
        targets: declaration.targets,
        createdAt: at,
        updatedAt: at,
      });
      return 'created';
    }
    const next: SlaGroupRecord = {
      ...existing,
      displayName: declaration.displayName ?? existing.displayName,
      tier: declaration.tier ?? existing.tier,
      targets: declaration.targets ?? existing.targets,
    };
    if (next.displayName === existing.displayName && next.tier === existing.tier && next.targets?.uptime === existing.targets?.uptime)
      return 'unchanged';
    this.groups.set(declaration.name, { ...next, updatedAt: at });
    return 'updated';
  }
}
