/**
 * Groups (teams) and their members, in memory and written through the batch writer. A service's
 * `team` is a group. Membership is a set of (group, user) pairs with indexes both ways.
 */
import { CommittedMap } from '../fleet/committedMap.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { groupMembersTable, groupsTable } from '../storage/peopleTables.js';
import { iso } from '../storage/tables.js';

export interface GroupRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface Membership {
  readonly groupId: string;
  readonly userId: string;
  readonly addedAt: number;
}

const fold = (value: string) => value.toLowerCase();
const memberKey = (groupId: string, userId: string) => `${groupId}/${userId}`;

export class GroupDirectory {
  private readonly groups: CommittedMap<GroupRecord>;
  private readonly memberships: CommittedMap<Membership>;
  private readonly byName = new Map<string, string>();
  private readonly membersOf = new Map<string, Set<string>>();
  private readonly groupsOf = new Map<string, Set<string>>();

  constructor(
    writer: BatchWriter,
    private readonly newId: () => string,
  ) {
    this.groups = new CommittedMap(
      writer,
      groupsTable,
      (g) => ({ id: g.id, name: g.name, description: g.description, created_at: iso(g.createdAt), updated_at: iso(g.updatedAt) }),
      (_id, restored, discarded) => {
        if (discarded) this.byName.delete(fold(discarded.name));
        if (restored) this.byName.set(fold(restored.name), restored.id);
      },
    );
    this.memberships = new CommittedMap(
      writer,
      groupMembersTable,
      (m) => ({ group_id: m.groupId, user_id: m.userId, added_at: iso(m.addedAt) }),
      (_key, restored, discarded) => {
        if (discarded) this.unlink(discarded);
        if (restored) this.link(restored);
      },
    );
  }

  loadGroup(group: GroupRecord): void {
    this.groups.load(group.id, group);
    this.byName.set(fold(group.name), group.id);
  }

  loadMembership(membership: Membership): void {
    this.memberships.load(memberKey(membership.groupId, membership.userId), membership);
    this.link(membership);
  }

  /** A group another instance committed (undefined: deleted there, its memberships with it); see `CommittedMap.adopt`. */
  adoptGroup(id: string, group: GroupRecord | undefined): void {
    const before = this.groups.get(id);
    if (!this.groups.adopt(id, group)) return;
    if (before) this.byName.delete(fold(before.name));
    if (group) this.byName.set(fold(group.name), group.id);
    else for (const userId of this.memberIds(id)) this.adoptMembership(id, userId, undefined);
  }

  /** A membership another instance committed (undefined: removed there). */
  adoptMembership(groupId: string, userId: string, membership: Membership | undefined): void {
    const key = memberKey(groupId, userId);
    const before = this.memberships.get(key);
    if (!this.memberships.adopt(key, membership)) return;
    if (before) this.unlink(before);
    if (membership) this.link(membership);
  }

  /** Memory only: the memberships of a user deleted on another instance. */
  forgetMembershipsOf(userId: string): void {
    for (const groupId of this.groupIdsOf(userId)) this.adoptMembership(groupId, userId, undefined);
  }

  get(id: string): GroupRecord | undefined {
    return this.groups.get(id);
  }

  named(name: string): GroupRecord | undefined {
    const id = this.byName.get(fold(name));
    return id === undefined ? undefined : this.groups.get(id);
  }

  all(): IterableIterator<GroupRecord> {
    return this.groups.values();
  }

  get size(): number {
    return this.groups.size;
  }

  memberIds(groupId: string): readonly string[] {
    return [...(this.membersOf.get(groupId) ?? [])];
  }

  groupIdsOf(userId: string): readonly string[] {
    return [...(this.groupsOf.get(userId) ?? [])];
  }

  isMember(groupId: string, userId: string): boolean {
    return this.memberships.has(memberKey(groupId, userId));
  }

  create(name: string, description: string | null, at: number): GroupRecord {
    this.assertFree(name, null);
    const group: GroupRecord = { id: this.newId(), name, description, createdAt: at, updatedAt: at };
    this.groups.set(group.id, group);
    this.byName.set(fold(name), group.id);
    return group;
  }

  update(id: string, changes: { readonly name?: string; readonly description?: string | null }, at: number): GroupRecord {
    const before = this.require(id);
    if (changes.name !== undefined) this.assertFree(changes.name, id);
    const after: GroupRecord = {
      ...before,
      name: changes.name ?? before.name,
      description: changes.description !== undefined ? changes.description : before.description,
      updatedAt: at,
    };
    this.byName.delete(fold(before.name));
    this.groups.set(id, after);
    this.byName.set(fold(after.name), id);
    return after;
  }

  delete(id: string): GroupRecord {
    const group = this.require(id);
    for (const userId of this.memberIds(id)) this.removeMember(id, userId);
    this.byName.delete(fold(group.name));
    this.groups.delete(id, [{ table: groupMembersTable, column: 'group_id' }]);
    return group;
  }

  /** Returns false when the user already was a member. */
  addMember(groupId: string, userId: string, at: number): boolean {
    this.require(groupId);
    if (this.isMember(groupId, userId)) return false;
    const membership: Membership = { groupId, userId, addedAt: at };
    this.memberships.set(memberKey(groupId, userId), membership);
    this.link(membership);
    return true;
  }

  /** Returns false when the user was not a member. */
  removeMember(groupId: string, userId: string): boolean {
    const key = memberKey(groupId, userId);
    const membership = this.memberships.get(key);
    if (!membership) return false;
    this.unlink(membership);
    this.memberships.delete(key);
    return true;
  }

  /** A deleted user leaves every group (the rows go with the user's own deletion). */
  forgetUser(userId: string): void {
    for (const groupId of this.groupIdsOf(userId)) this.removeMember(groupId, userId);
  }

  require(id: string): GroupRecord {
    const group = this.groups.get(id);
    if (!group) throw new AppError(ErrorCode.NotFound, `no group with id ${id}`);
    return group;
  }

  private assertFree(name: string, self: string | null): void {
    const holder = this.byName.get(fold(name));
    if (holder !== undefined && holder !== self) throw new AppError(ErrorCode.BadRequest, `a group named ${name} exists`);
  }

  private link(m: Membership): void {
    let members = this.membersOf.get(m.groupId);
    if (!members) this.membersOf.set(m.groupId, (members = new Set()));
    members.add(m.userId);
    let groups = this.groupsOf.get(m.userId);
    if (!groups) this.groupsOf.set(m.userId, (groups = new Set()));
    groups.add(m.groupId);
  }

  private unlink(m: Membership): void {
    this.membersOf.get(m.groupId)?.delete(m.userId);
    if (this.membersOf.get(m.groupId)?.size === 0) this.membersOf.delete(m.groupId);
    this.groupsOf.get(m.userId)?.delete(m.groupId);
    if (this.groupsOf.get(m.userId)?.size === 0) this.groupsOf.delete(m.userId);
  }
}
