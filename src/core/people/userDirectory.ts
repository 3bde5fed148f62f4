/**
 * The people who sign in, held in memory (thousands, not millions) and written through the batch
 * writer like the fleet. Usernames and emails are unique ignoring case. The directory enforces
 * uniqueness and shapes records; who may change what is decided by the caller (`authorize`).
 */
import type { Role } from '../auth/roles.js';
import { CommittedMap } from '../fleet/committedMap.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { groupMembersTable, passwordResetTokensTable, sessionsTable, usersTable } from '../storage/peopleTables.js';
import { iso } from '../storage/tables.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export interface UserRecord {
  readonly id: string;
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** scrypt hash (auth/passwordHash.ts); null for a user who cannot sign in with a password. */
  readonly passwordHash: string | null;
  readonly role: Role;
  readonly active: boolean;
  readonly lastLoginAt: number | null;
  readonly passwordChangedAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface NewUser {
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly passwordHash: string | null;
  readonly role: Role;
}

export type UserChanges = Partial<
  Pick<UserRecord, 'username' | 'email' | 'displayName' | 'role' | 'active' | 'passwordHash' | 'lastLoginAt' | 'passwordChangedAt'>
>;

export function userToRow(u: UserRecord) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    display_name: u.displayName,
    password_hash: u.passwordHash,
    role: u.role,
    active: u.active,
    last_login_at: iso(u.lastLoginAt),
    password_changed_at: iso(u.passwordChangedAt),
    created_at: iso(u.createdAt),
    updated_at: iso(u.updatedAt),
  };
}

const fold = (value: string) => value.toLowerCase();

export class UserDirectory {
  private readonly users: CommittedMap<UserRecord>;
  private readonly byUsername = new Map<string, string>();
  private readonly byEmail = new Map<string, string>();

  constructor(
    writer: BatchWriter,
    private readonly newId: () => string,
  ) {
    this.users = new CommittedMap(writer, usersTable, userToRow, (_id, restored, discarded) => {
      if (discarded) this.unindex(discarded);
      if (restored) this.index(restored);
    });
  }

  load(user: UserRecord): void {
    this.users.load(user.id, user);
    this.index(user);
  }

  get(id: string): UserRecord | undefined {
    return this.users.get(id);
  }

  /** A user another instance committed (undefined: deleted there); see `CommittedMap.adopt`. */
  adopt(id: string, user: UserRecord | undefined): void {
    const before = this.users.get(id);
    if (!this.users.adopt(id, user)) return;
    if (before) this.unindex(before);
    if (user) this.index(user);
  }

  byName(username: string): UserRecord | undefined {
    const id = this.byUsername.get(fold(username));
    return id === undefined ? undefined : this.users.get(id);
  }

  /** Sign-in takes a username or an email (SPEC.md variants A and B). */
  byLogin(login: string): UserRecord | undefined {
    const folded = fold(login);
    const id = this.byUsername.get(folded) ?? this.byEmail.get(folded);
    return id === undefined ? undefined : this.users.get(id);
  }

  all(): IterableIterator<UserRecord> {
    return this.users.values();
  }

  get size(): number {
    return this.users.size;
  }

  create(draft: NewUser, at: number): UserRecord {
    this.assertFree(draft.username, draft.email, null);
    const user: UserRecord = {
      id: this.newId(),
      ...draft,
      active: true,
      lastLoginAt: null,
      passwordChangedAt: draft.passwordHash ? at : null,
      createdAt: at,
      updatedAt: at,
    };
    this.users.set(user.id, user);
    this.index(user);
    return user;
  }

  update(id: string, changes: UserChanges, at: number): UserRecord {
    const before = this.require(id);
    this.assertFree(changes.username ?? null, changes.email ?? null, id);
    const after: UserRecord = { ...before, ...changes, updatedAt: at };
    this.unindex(before);
    this.users.set(id, after);
    this.index(after);
    return after;
  }

  /** Sessions, memberships and reset tokens go with the user (the caller drops them from memory). */
  delete(id: string): UserRecord {
    const user = this.require(id);
    this.unindex(user);
    this.users.delete(id, [
      { table: sessionsTable, column: 'user_id' },
      { table: groupMembersTable, column: 'user_id' },
      { table: passwordResetTokensTable, column: 'user_id' },
    ]);
    return user;
  }

  require(id: string): UserRecord {
    const user = this.users.get(id);
    if (!user) throw new AppError(ErrorCode.NotFound, `no user with id ${id}`);
    return user;
  }

  private assertFree(username: string | null, email: string | null, self: string | null): void {
    if (username !== null) {
      const holder = this.byUsername.get(fold(username));
      if (holder !== undefined && holder !== self) throw new AppError(ErrorCode.BadRequest, `username ${username} is taken`);
      const asEmail = this.byEmail.get(fold(username));
      if (asEmail !== undefined && asEmail !== self)
        throw new AppError(ErrorCode.BadRequest, `username ${username} is another user's email address`);
    }
    if (email !== null) {
      const holder = this.byEmail.get(fold(email)) ?? this.byUsername.get(fold(email));
      if (holder !== undefined && holder !== self)
        throw new AppError(ErrorCode.BadRequest, `email ${email} is already used by another user`);
    }
  }

  private index(user: UserRecord): void {
    this.byUsername.set(fold(user.username), user.id);
    if (user.email !== null) this.byEmail.set(fold(user.email), user.id);
  }

  private unindex(user: UserRecord): void {
    if (this.byUsername.get(fold(user.username)) === user.id) this.byUsername.delete(fold(user.username));
    if (user.email !== null && this.byEmail.get(fold(user.email)) === user.id) this.byEmail.delete(fold(user.email));
  }
}
