/**
 * Whether a user record is shown to that same user: their own private fields (email) are visible
 * to them. A sign-in result has no viewer yet, so it marks its user record as the caller's own.
 */
import type { Viewer } from '../auth/roles.js';
import type { UserRecord } from './userDirectory.js';

const SELF: unique symbol = Symbol('self');

export function asSelf(user: UserRecord): UserRecord {
  return Object.assign(Object.create(null) as object, user, { [SELF]: true }) as UserRecord;
}

export function isSelf(user: UserRecord, viewer: Viewer | null): boolean {
  return (viewer !== null && viewer.userId === user.id) || (user as UserRecord & { [SELF]?: true })[SELF] === true;
}
