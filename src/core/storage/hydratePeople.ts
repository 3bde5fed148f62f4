/**
 * Reads people, groups, open sessions and usable reset tokens at start (nothing is written back). The row-to-record
 * functions are also what cluster mode applies to rows other instances committed (../sharedPeople.ts).
 */
import type { Knex } from 'knex';
import type { PasswordResets, ResetTokenRecord } from '../auth/passwordResets.js';
import { isRole } from '../auth/roles.js';
import type { SessionRecord, SessionStore } from '../auth/sessionStore.js';
import type { SessionEndReason } from '../auth/refreshRotation.js';
import type { GroupDirectory, GroupRecord, Membership } from '../people/groupDirectory.js';
import type { UserDirectory, UserRecord } from '../people/userDirectory.js';
import { epoch, textOrNull as str } from './tables.js';

type DbRow = Readonly<Record<string, unknown>>;

export interface People {
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly sessions: SessionStore;
  readonly resets: PasswordResets;
}

export function userFromRow(u: DbRow): UserRecord {
  const role = String(u['role']);
  return {
    id: String(u['id']),
    username: String(u['username']),
    email: str(u['email']),
    displayName: str(u['display_name']),
    passwordHash: str(u['password_hash']),
    // An unknown role (a newer version's, after a downgrade) gets the least privilege.
    role: isRole(role) ? role : 'user',
    active: Boolean(u['active']),
    lastLoginAt: epoch(u['last_login_at']),
    passwordChangedAt: epoch(u['password_changed_at']),
    createdAt: epoch(u['created_at'])!,
    updatedAt: epoch(u['updated_at'])!,
  };
}

export function groupFromRow(g: DbRow): GroupRecord {
  return {
    id: String(g['id']),
    name: String(g['name']),
    description: str(g['description']),
    createdAt: epoch(g['created_at'])!,
    updatedAt: epoch(g['updated_at'])!,
  };
}

export function membershipFromRow(m: DbRow): Membership {
  return { groupId: String(m['group_id']), userId: String(m['user_id']), addedAt: epoch(m['added_at'])! };
}

export function sessionFromRow(s: DbRow): SessionRecord {
  return {
    id: String(s['id']),
    userId: String(s['user_id']),
    currentTokenId: String(s['current_token_id']),
    previousTokenId: str(s['previous_token_id']),
    rotatedAt: epoch(s['rotated_at']),
    expiresAt: epoch(s['expires_at'])!,
    endedAt: epoch(s['ended_at']),
    endReason: str(s['end_reason']) as SessionEndReason | null,
    createdAt: epoch(s['created_at'])!,
    lastUsedAt: epoch(s['last_used_at'])!,
    clientAddress: str(s['client_address']),
    userAgent: str(s['user_agent']),
  };
}

export function resetFromRow(r: DbRow): ResetTokenRecord {
  return {
    id: String(r['id']),
    userId: String(r['user_id']),
    tokenHash: String(r['token_hash']),
    createdAt: epoch(r['created_at'])!,
    expiresAt: epoch(r['expires_at'])!,
    usedAt: epoch(r['used_at']),
  };
}

export async function hydratePeople(knex: Knex, people: People, now: number): Promise<{ users: number; groups: number; sessions: number }> {
  const users: DbRow[] = await knex('users').select('*');
  for (const u of users) people.users.load(userFromRow(u));
  const groups: DbRow[] = await knex('groups').select('*');
  for (const g of groups) people.groups.loadGroup(groupFromRow(g));
  const members: DbRow[] = await knex('group_members').select('*');
  for (const m of members) people.groups.loadMembership(membershipFromRow(m));

  const nowIso = new Date(now).toISOString();
  const sessions: DbRow[] = await knex('sessions').whereNull('ended_at').andWhere('expires_at', '>', nowIso).select('*');
  for (const s of sessions) people.sessions.load(sessionFromRow(s));
  const resets: DbRow[] = await knex('password_reset_tokens').whereNull('used_at').andWhere('expires_at', '>', nowIso).select('*');
  for (const r of resets) people.resets.load({ ...resetFromRow(r), usedAt: null });
  return { users: users.length, groups: groups.length, sessions: sessions.length };
}
