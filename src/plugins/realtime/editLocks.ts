/**
 * Field edit locks (`user:editing`): who is editing which field of which entity, until when.
 * Pure state with the time passed in, so the rules are tested without a server. Locks live in
 * memory only: they coordinate people who are connected right now, and a restart drops every
 * connection anyway (docs/adr/0022-realtime-fan-out.md). This table is one process's store
 * (presenceStore.ts); a cluster keeps the same rules in NATS (natsPresenceStore.ts, ADR 0064).
 *
 * Rules: one holder per field. The holder is a person; the same person may take the lock over
 * from another of their own sessions (a second tab), another person gets a conflict until the
 * lock is released or expires. A lock that is not renewed expires at `expiresAt`.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';

export interface LockHolder {
  readonly userId: string;
  readonly username: string;
  readonly sessionId: string;
}

export interface EditLock extends LockHolder {
  readonly entityKey: string;
  readonly field: string;
  /** Epoch ms. */
  readonly acquiredAt: number;
  readonly expiresAt: number;
}

/** `editLockChanged`: the locks of one entity. */
export interface LocksPayload {
  readonly event: 'user:editing';
  readonly entityType: string;
  readonly entityId: string;
  readonly locks: readonly EditLock[];
}

export type LockOutcome =
  | { readonly ok: true; readonly lock: EditLock }
  | { readonly ok: false; readonly reason: 'held'; readonly heldBy: EditLock }
  | { readonly ok: false; readonly reason: 'not-held' };

export class EditLockTable {
  /** entity key -> field -> lock */
  private readonly byEntity = new Map<string, Map<string, EditLock>>();

  /** Take the field, or refresh it when the same person holds it already. */
  acquire(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): LockOutcome {
    const current = this.live(entityKey, field, now);
    if (current && current.userId !== holder.userId) return { ok: false, reason: 'held', heldBy: current };
    const lock: EditLock = {
      ...pickHolder(holder),
      entityKey,
      field,
      acquiredAt: current ? current.acquiredAt : now,
      expiresAt: now + ttlMs,
    };
    this.put(lock);
    return { ok: true, lock };
  }

  /** Extend a lock this person holds; a lock that expired or went to someone else is not renewed. */
  renew(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): LockOutcome {
    const current = this.live(entityKey, field, now);
    if (!current) return { ok: false, reason: 'not-held' };
    if (current.userId !== holder.userId) return { ok: false, reason: 'held', heldBy: current };
    const lock: EditLock = { ...current, ...pickHolder(holder), expiresAt: now + ttlMs };
    this.put(lock);
    return { ok: true, lock };
  }

  /** Give a field back; false when this person did not hold it. */
  release(entityKey: string, field: string, userId: string): boolean {
    const fields = this.byEntity.get(entityKey);
    const current = fields?.get(field);
    if (!fields || !current || current.userId !== userId) return false;
    fields.delete(field);
    if (fields.size === 0) this.byEntity.delete(entityKey);
    return true;
  }

  /** Drop every lock of a session (its last connection closed, or it ended); returns the entities touched. */
  releaseSession(sessionId: string): string[] {
    return this.removeWhere((lock) => lock.sessionId === sessionId);
  }

  /** Drop every lock of a person (deactivated, deleted). */
  releaseUser(userId: string): string[] {
    return this.removeWhere((lock) => lock.userId === userId);
  }

  /** Drop locks whose time is up; returns the entities touched. */
  expire(now: number): string[] {
    return this.removeWhere((lock) => lock.expiresAt <= now);
  }

  /** The earliest `expiresAt` of the locks held, or null when there are none. */
  nextExpiry(): number | null {
    let earliest: number | null = null;
    for (const fields of this.byEntity.values()) {
      for (const lock of fields.values()) if (earliest === null || lock.expiresAt < earliest) earliest = lock.expiresAt;
    }
    return earliest;
  }

  /** The live locks of an entity, by field name. */
  locksOf(entityKey: string, now: number): EditLock[] {
    const fields = this.byEntity.get(entityKey);
    if (!fields) return [];
    return [...fields.values()].filter((lock) => lock.expiresAt > now).sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  }

  /** Whether a person holds any live lock on the entity (the `editing` flag of a viewer). */
  isEditing(entityKey: string, userId: string, now: number): boolean {
    const fields = this.byEntity.get(entityKey);
    if (!fields) return false;
    for (const lock of fields.values()) if (lock.userId === userId && lock.expiresAt > now) return true;
    return false;
  }

  get size(): number {
    let n = 0;
    for (const fields of this.byEntity.values()) n += fields.size;
    return n;
  }

  private live(entityKey: string, field: string, now: number): EditLock | undefined {
    const lock = this.byEntity.get(entityKey)?.get(field);
    return lock && lock.expiresAt > now ? lock : undefined;
  }

  private put(lock: EditLock): void {
    let fields = this.byEntity.get(lock.entityKey);
    if (!fields) {
      fields = new Map();
      this.byEntity.set(lock.entityKey, fields);
    }
    fields.set(lock.field, lock);
  }

  private removeWhere(matches: (lock: EditLock) => boolean): string[] {
    const touched: string[] = [];
    for (const [entityKey, fields] of this.byEntity) {
      let removed = false;
      for (const [field, lock] of fields) {
        if (matches(lock)) {
          fields.delete(field);
          removed = true;
        }
      }
      if (removed) touched.push(entityKey);
      if (fields.size === 0) this.byEntity.delete(entityKey);
    }
    return touched;
  }
}

function pickHolder(holder: LockHolder): LockHolder {
  return { userId: holder.userId, username: holder.username, sessionId: holder.sessionId };
}

export const LOCK_TTL_DEFAULT_SECONDS = 30;
export const LOCK_TTL_MIN_SECONDS = 5;
export const LOCK_TTL_MAX_SECONDS = 300;

/** A lock's time to live in ms from the seconds a person asked for (default 30 s), or BAD_REQUEST. */
export function lockTtlMs(ttlSeconds: number | null): number {
  const seconds = ttlSeconds ?? LOCK_TTL_DEFAULT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < LOCK_TTL_MIN_SECONDS || seconds > LOCK_TTL_MAX_SECONDS) {
    throw new AppError(ErrorCode.BadRequest, `ttlSeconds must be a whole number from ${LOCK_TTL_MIN_SECONDS} to ${LOCK_TTL_MAX_SECONDS}`);
  }
  return seconds * 1000;
}

/** Why a lock was not taken or renewed, as a person can act on it. */
export function lockRefusal(
  typeName: string,
  id: string,
  field: string,
  outcome: { reason: 'held'; heldBy: EditLock } | { reason: 'not-held' },
): AppError {
  if (outcome.reason === 'not-held')
    return new AppError(
      ErrorCode.Conflict,
      `you do not hold the lock on "${field}" of ${typeName} ${id} (it expired or was released); acquire it again`,
    );
  return new AppError(
    ErrorCode.Conflict,
    `"${field}" of ${typeName} ${id} is being edited by ${outcome.heldBy.username} until ${new Date(outcome.heldBy.expiresAt).toISOString()}`,
  );
}
