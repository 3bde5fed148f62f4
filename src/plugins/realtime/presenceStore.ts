/**
 * Where presence (`user:viewing`) and edit locks (`user:editing`) are kept: the seam between the realtime
 * service, which decides who may watch and lock what and announces changes to subscribers, and the state itself.
 *
 * Two implementations: `LocalPresenceStore` (one process: the two memory tables, the default and the fast path)
 * and the NATS one (natsPresenceStore.ts, cluster mode: the viewers and locks of every instance, locks taken by
 * compare-and-set, an instance's entries gone within seconds of its death). The rules are the same in both: one
 * lock holder per field, the same person may take the lock over from another of their sessions, a lock expires at
 * `expiresAt` unless renewed (docs/adr/0022-realtime-fan-out.md, docs/adr/0064-presence-and-locks-across-instances.md).
 *
 * Viewing is synchronous (a subscription starts and ends in one turn); the lock operations return promises, since
 * across instances they are a round trip to NATS. Reads are synchronous, from memory.
 */
import { EditLockTable, type EditLock, type LockHolder, type LockOutcome } from './editLocks.js';
import { PresenceTable, type ViewerEntry } from './presence.js';

/** Entities whose viewers or locks changed through another instance (their keys: entityFields.ts). */
export interface PresenceChange {
  readonly viewers: readonly string[];
  readonly locks: readonly string[];
}

export interface PresenceStore {
  /** Start watching on this instance; returns the token that ends this watch. */
  watch(entityKey: string, userId: string, username: string, now: number): symbol;
  /** End a watch; true when that changed this instance's list of viewers (the person's last watch here). */
  unwatch(entityKey: string, token: symbol): boolean;
  /** Whether this watch is the person's first on the entity here (so the list changed when it began). */
  isOnlyWatchOf(entityKey: string, token: symbol): boolean;
  /** Viewers of an entity on every instance, one entry per person, earliest first. */
  viewersOf(entityKey: string): ViewerEntry[];

  /** Take the field, or refresh it when the same person holds it already. */
  acquire(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome>;
  /** Extend a lock this person holds; a lock that expired or went to someone else is not renewed. */
  renew(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome>;
  /** Give a field back; false when this person did not hold it. */
  release(entityKey: string, field: string, userId: string): Promise<boolean>;
  /** Drop every lock of a session; resolves to the entities touched. */
  releaseSession(sessionId: string): Promise<string[]>;
  /** Drop every lock of a person (deactivated, deleted); resolves to the entities touched. */
  releaseUser(userId: string): Promise<string[]>;
  /** Forget locks whose time is up; returns the entities touched (announced at the instant, by the caller's timer). */
  expire(now: number): string[];
  /** The earliest `expiresAt` of the locks known, or null. */
  nextExpiry(): number | null;
  /** The live locks of an entity, by field name. */
  locksOf(entityKey: string, now: number): EditLock[];
  /** Whether a person holds any live lock on the entity (the `editing` flag of a viewer). */
  isEditing(entityKey: string, userId: string, now: number): boolean;

  /** Calls `listener` when viewers or locks change through another instance (never for this one's own changes). */
  onRemoteChange(listener: (change: PresenceChange) => void): () => void;
  /** Gives this instance's viewers and locks back (a graceful stop); the local store has nothing to give. */
  stop(): Promise<void>;
}

/** One process: the two memory tables, as before the seam; every promise is already settled. */
export class LocalPresenceStore implements PresenceStore {
  private readonly presence = new PresenceTable();
  private readonly locks = new EditLockTable();

  watch(entityKey: string, userId: string, username: string, now: number): symbol {
    return this.presence.watch(entityKey, userId, username, now);
  }

  unwatch(entityKey: string, token: symbol): boolean {
    return this.presence.unwatch(entityKey, token);
  }

  isOnlyWatchOf(entityKey: string, token: symbol): boolean {
    return this.presence.isOnlyWatchOf(entityKey, token);
  }

  viewersOf(entityKey: string): ViewerEntry[] {
    return this.presence.viewersOf(entityKey);
  }

  acquire(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome> {
    return Promise.resolve(this.locks.acquire(entityKey, field, holder, now, ttlMs));
  }

  renew(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome> {
    return Promise.resolve(this.locks.renew(entityKey, field, holder, now, ttlMs));
  }

  release(entityKey: string, field: string, userId: string): Promise<boolean> {
    return Promise.resolve(this.locks.release(entityKey, field, userId));
  }

  releaseSession(sessionId: string): Promise<string[]> {
    return Promise.resolve(this.locks.releaseSession(sessionId));
  }

  releaseUser(userId: string): Promise<string[]> {
    return Promise.resolve(this.locks.releaseUser(userId));
  }

  expire(now: number): string[] {
    return this.locks.expire(now);
  }

  nextExpiry(): number | null {
    return this.locks.nextExpiry();
  }

  locksOf(entityKey: string, now: number): EditLock[] {
    return this.locks.locksOf(entityKey, now);
  }

  isEditing(entityKey: string, userId: string, now: number): boolean {
    return this.locks.isEditing(entityKey, userId, now);
  }

  onRemoteChange(): () => void {
    return () => undefined;
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }
}
