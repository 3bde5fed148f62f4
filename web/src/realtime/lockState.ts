/**
 * The edit-lock state of one field as this viewer sees it: free, held by me, or held by someone
 * else (read-only, naming them). Pure, with the time passed in: a lock past its `expiresAt` counts
 * as free even before the server's expiry event arrives, so a lost event cannot freeze a field.
 */
import type { RealtimeEditLocksSubscription } from '../gql/graphql';
/** A lock as the lock subscription gives it, as far as the lock state reads it. */
export type EditLockView = Pick<
  RealtimeEditLocksSubscription['editLockChanged']['locks'][number],
  'field' | 'userId' | 'username' | 'expiresAt'
>;

export type FieldLockState =
  | { readonly kind: 'free' }
  | { readonly kind: 'mine'; readonly expiresAt: number }
  | { readonly kind: 'theirs'; readonly username: string; readonly expiresAt: number };

export const FREE: FieldLockState = { kind: 'free' };

export function fieldLockState(locks: readonly EditLockView[], field: string, selfUserId: string, now: number): FieldLockState {
  const lock = locks.find((candidate) => candidate.field === field);
  if (!lock) return FREE;
  const expiresAt = Date.parse(lock.expiresAt);
  if (!Number.isNaN(expiresAt) && expiresAt <= now) return FREE;
  if (lock.userId === selfUserId) return { kind: 'mine', expiresAt };
  return { kind: 'theirs', username: lock.username, expiresAt };
}

/** When the next of these locks runs out (epoch ms), so the view can re-check then; null when none is pending. */
export function nextExpiry(locks: readonly EditLockView[], now: number): number | null {
  let next: number | null = null;
  for (const lock of locks) {
    const at = Date.parse(lock.expiresAt);
    if (Number.isNaN(at) || at <= now) continue;
    if (next === null || at < next) next = at;
  }
  return next;
}

/** Renew a held lock this often: a third of its lifetime, so one lost renewal does not lose the lock. */
export function renewIntervalMs(ttlSeconds: number): number {
  return Math.max(1000, Math.floor((ttlSeconds * 1000) / 3));
}
