/**
 * Managing people and groups: the rules behind the user and group mutations (uniqueness lives
 * in the directories; who may call lives in `authorize`). Every change is acknowledged after its
 * commit; deleting or deactivating a user ends that user's sessions in the same commit.
 */
import type { AuthService } from '../auth/authService.js';
import { assertAcceptablePassword } from '../auth/passwordPolicy.js';
import type { PasswordResets } from '../auth/passwordResets.js';
import type { Role } from '../auth/roles.js';
import type { SessionStore } from '../auth/sessionStore.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { serviceShardKeys, type ServiceRegistry } from '../fleet/serviceRegistry.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import { commitChange } from '../commands/commitBoundary.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory, GroupRecord } from './groupDirectory.js';
import type { UserChanges, UserDirectory, UserRecord } from './userDirectory.js';

export interface NewUserInput {
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly password: string | null;
  readonly role: Role;
}

export type UserUpdateInput = Partial<Pick<UserRecord, 'username' | 'email' | 'displayName' | 'role' | 'active'>>;

export interface PeopleServiceDeps {
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly sessions: SessionStore;
  readonly resets: PasswordResets;
  readonly auth: AuthService;
  readonly services: ServiceRegistry;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
}

export class PeopleService {
  constructor(private readonly deps: PeopleServiceDeps) {}

  async createUser(input: NewUserInput): Promise<UserRecord> {
    if (input.password !== null) assertAcceptablePassword(input.password, input.username);
    const passwordHash = input.password === null ? null : await this.deps.auth.hashNewPassword(input.password);
    return commitChange(this.deps, () => {
      const now = this.deps.clock.now();
      const user = this.deps.users.create(
        { username: input.username, email: input.email, displayName: input.displayName, role: input.role, passwordHash },
        now,
      );
      this.announce('user.created', user, [], now);
      return user;
    });
  }

  async updateUser(id: string, input: UserUpdateInput, actorId: string): Promise<UserRecord> {
    const before = this.deps.users.require(id);
    if (id === actorId && (input.active === false || (input.role !== undefined && input.role !== before.role))) {
      throw new AppError(ErrorCode.BadRequest, 'you cannot change your own role or deactivate yourself; ask another admin');
    }
    this.assertNotLastAdmin(before, input);
    return commitChange(this.deps, () => {
      const now = this.deps.clock.now();
      const changes: UserChanges = input;
      const after = this.deps.users.update(id, changes, now);
      if (before.active && !after.active) this.deps.auth.endAllSessions(id, 'user-deactivated');
      const fields = (Object.keys(input) as (keyof UserUpdateInput)[]).filter((k) => before[k] !== after[k]);
      if (fields.length > 0) this.announce('user.updated', after, fields, now);
      return after;
    });
  }

  deactivateUser(id: string, actorId: string): Promise<UserRecord> {
    return this.updateUser(id, { active: false }, actorId);
  }

  async deleteUser(id: string, actorId: string): Promise<boolean> {
    const user = this.deps.users.require(id);
    if (id === actorId) throw new AppError(ErrorCode.BadRequest, 'you cannot delete yourself; ask another admin');
    this.assertNotLastAdmin(user, { active: false });
    await commitChange(
      this.deps,
      () => {
        const now = this.deps.clock.now();
        this.deps.auth.endAllSessions(id, 'user-deactivated');
        for (const service of this.deps.services.ownedBy(id)) {
          this.deps.services.send(service.id, { type: 'REFERENCE_REMOVED', removed: { userId: id }, at: now, origin: 'api' });
        }
        this.deps.groups.forgetUser(id);
        this.deps.users.delete(id);
        this.deps.sessions.forgetUser(id);
        this.deps.resets.forgetUser(id);
        this.announce('user.deleted', user, [], now);
      },
      // Cluster mode: every service it owned is admitted first, so a refusal comes before anything is applied.
      () => serviceShardKeys(this.deps.services.ownedBy(id)),
    );
    return true;
  }

  createGroup(name: string, description: string | null): Promise<GroupRecord> {
    return commitChange(this.deps, () => this.deps.groups.create(name, description, this.deps.clock.now()));
  }

  updateGroup(id: string, changes: { readonly name?: string; readonly description?: string | null }): Promise<GroupRecord> {
    return commitChange(this.deps, () => this.deps.groups.update(id, changes, this.deps.clock.now()));
  }

  async deleteGroup(id: string): Promise<boolean> {
    this.deps.groups.require(id);
    await commitChange(
      this.deps,
      () => {
        const now = this.deps.clock.now();
        for (const service of this.deps.services.ofTeam(id)) {
          this.deps.services.send(service.id, { type: 'REFERENCE_REMOVED', removed: { groupId: id }, at: now, origin: 'api' });
        }
        this.deps.groups.delete(id);
      },
      () => serviceShardKeys(this.deps.services.ofTeam(id)),
    );
    return true;
  }

  async addUserToGroup(groupId: string, userId: string): Promise<GroupRecord> {
    this.deps.users.require(userId);
    return commitChange(this.deps, () => {
      this.deps.groups.addMember(groupId, userId, this.deps.clock.now());
      return this.deps.groups.require(groupId);
    });
  }

  async removeUserFromGroup(groupId: string, userId: string): Promise<GroupRecord> {
    const group = this.deps.groups.require(groupId);
    return commitChange(this.deps, () => {
      this.deps.groups.removeMember(groupId, userId);
      return group;
    });
  }

  /** The product must always keep one active admin who can sign in. */
  private assertNotLastAdmin(user: UserRecord, change: UserUpdateInput): void {
    if (user.role !== 'admin' || !user.active) return;
    const losesAdmin = change.active === false || (change.role !== undefined && change.role !== 'admin');
    if (!losesAdmin) return;
    for (const other of this.deps.users.all()) {
      if (other.id !== user.id && other.role === 'admin' && other.active) return;
    }
    throw new AppError(ErrorCode.BadRequest, `${user.username} is the last active admin; make another admin first`);
  }

  private announce(type: 'user.created' | 'user.updated' | 'user.deleted', user: UserRecord, fields: readonly string[], at: number): void {
    const event = { type, user: { id: user.id, username: user.username }, fields, at, origin: 'api' as const };
    emitOnCommit(this.deps.writer, this.deps.bus, event);
  }
}
