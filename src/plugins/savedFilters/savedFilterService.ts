/**
 * Saved filters per person: a person owns theirs and may share one with groups,
 * whose members read it and cannot change it. Each person has at most one default per resource,
 * among their own filters. State lives in memory, kept equal to `saved_filters`; every change
 * answers after its commit.
 */
import { CommittedMap } from '../../core/fleet/committedMap.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import {
  FILTER_LIMITS,
  savedFiltersTable,
  savedFilterToRow,
  type FilterObject,
  type SavedFilterRecord,
  type SavedFilterResource,
} from './savedFilterRecord.js';

export interface NewSavedFilter {
  readonly name: string;
  readonly resource: SavedFilterResource;
  readonly filter: FilterObject;
  readonly sharedWith: readonly string[];
  readonly isDefault: boolean;
}

export type SavedFilterChanges = Partial<Pick<NewSavedFilter, 'name' | 'filter' | 'sharedWith' | 'isDefault'>>;

export interface SavedFilterDeps {
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly groups: GroupDirectory;
  readonly newId: () => string;
}

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export class SavedFilterService {
  private readonly filters: CommittedMap<SavedFilterRecord>;

  constructor(private readonly deps: SavedFilterDeps) {
    this.filters = new CommittedMap(deps.writer, savedFiltersTable, savedFilterToRow);
  }

  load(record: SavedFilterRecord): void {
    this.filters.load(record.id, record);
  }

  /** The person's own filters and those shared with a group of theirs: own first, then by name. */
  /** A filter another instance committed (undefined: deleted there); see `CommittedMap.adopt`. Nothing is written. */
  adopt(id: string, record: SavedFilterRecord | undefined): void {
    this.filters.adopt(id, record);
  }

  visibleTo(userId: string, resource: SavedFilterResource | null): SavedFilterRecord[] {
    const groups = new Set(this.deps.groups.groupIdsOf(userId));
    return [...this.filters.values()]
      .filter((f) => (resource === null || f.resource === resource) && (f.ownerId === userId || f.sharedWith.some((g) => groups.has(g))))
      .sort(
        (a, b) => Number(b.ownerId === userId) - Number(a.ownerId === userId) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
      );
  }

  /** A filter the person may read, or undefined (someone else's unshared filter is not found, not forbidden). */
  readable(userId: string, id: string): SavedFilterRecord | undefined {
    const filter = this.filters.get(id);
    if (filter === undefined) return undefined;
    if (filter.ownerId === userId) return filter;
    const groups = this.deps.groups.groupIdsOf(userId);
    return filter.sharedWith.some((g) => groups.includes(g)) ? filter : undefined;
  }

  create(ownerId: string, draft: NewSavedFilter): Promise<SavedFilterRecord> {
    const owned = this.ownedBy(ownerId);
    if (owned.length >= FILTER_LIMITS.maxPerPerson)
      throw bad(`you have ${FILTER_LIMITS.maxPerPerson} saved filters, the most one person may keep; delete one first`);
    this.assertNameFree(owned, draft.resource, draft.name, null);
    this.assertGroups(draft.sharedWith);
    return commitChange(this.deps, (at) => {
      if (draft.isDefault) this.clearDefault(ownerId, draft.resource, at);
      const record: SavedFilterRecord = {
        id: this.deps.newId(),
        ownerId,
        ...draft,
        sharedWith: [...draft.sharedWith],
        createdAt: at,
        updatedAt: at,
      };
      this.filters.set(record.id, record);
      return record;
    });
  }

  update(userId: string, id: string, changes: SavedFilterChanges): Promise<SavedFilterRecord> {
    const current = this.owned(userId, id);
    if (changes.name !== undefined) this.assertNameFree(this.ownedBy(userId), current.resource, changes.name, id);
    if (changes.sharedWith !== undefined) this.assertGroups(changes.sharedWith);
    return commitChange(this.deps, (at) => {
      if (changes.isDefault === true && !current.isDefault) this.clearDefault(userId, current.resource, at);
      const next: SavedFilterRecord = {
        ...current,
        ...changes,
        sharedWith: [...(changes.sharedWith ?? current.sharedWith)],
        updatedAt: at,
      };
      this.filters.set(id, next);
      return next;
    });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    this.owned(userId, id);
    await commitChange(this.deps, () => this.filters.delete(id));
    return true;
  }

  /** Makes `id` (one of the person's own) their default for `resource`; null `id` leaves them without one. */
  setDefault(userId: string, resource: SavedFilterResource, id: string | null): Promise<SavedFilterRecord | null> {
    const target = id === null ? null : this.owned(userId, id);
    if (target !== null && target.resource !== resource) throw bad(`filter ${target.id} is a ${target.resource} filter, not ${resource}`);
    return commitChange(this.deps, (at) => {
      this.clearDefault(userId, resource, at);
      if (target === null) return null;
      const next: SavedFilterRecord = { ...target, isDefault: true, updatedAt: at };
      this.filters.set(target.id, next);
      return next;
    });
  }

  /** Staged with the deletion of a person (their rows go by the foreign key's cascade too). */
  forgetPerson(userId: string): void {
    for (const filter of this.ownedBy(userId)) this.filters.delete(filter.id);
  }

  private ownedBy(userId: string): SavedFilterRecord[] {
    return [...this.filters.values()].filter((f) => f.ownerId === userId);
  }

  /** A filter the person owns; NOT_FOUND when they cannot see it, FORBIDDEN when it is shared with them. */
  private owned(userId: string, id: string): SavedFilterRecord {
    const filter = this.readable(userId, id);
    if (filter === undefined) throw new AppError(ErrorCode.NotFound, `no saved filter with id ${id}`);
    if (filter.ownerId !== userId)
      throw new AppError(
        ErrorCode.Forbidden,
        `saved filter "${filter.name}" is shared with you read-only; save a copy of your own to change it`,
      );
    return filter;
  }

  private clearDefault(userId: string, resource: SavedFilterResource, at: number): void {
    for (const filter of this.ownedBy(userId)) {
      if (filter.resource === resource && filter.isDefault) this.filters.set(filter.id, { ...filter, isDefault: false, updatedAt: at });
    }
  }

  private assertNameFree(owned: readonly SavedFilterRecord[], resource: SavedFilterResource, name: string, self: string | null): void {
    const taken = owned.some((f) => f.id !== self && f.resource === resource && f.name.toLowerCase() === name.toLowerCase());
    if (taken) throw bad(`you already have a ${resource} filter named "${name}"`);
  }

  private assertGroups(groupIds: readonly string[]): void {
    if (groupIds.length > FILTER_LIMITS.maxGroups) throw bad(`a filter can be shared with at most ${FILTER_LIMITS.maxGroups} groups`);
    const unknown = groupIds.filter((g) => this.deps.groups.get(g) === undefined);
    if (unknown.length > 0) throw bad(`no group with id ${unknown.join(', ')}`);
  }
}
