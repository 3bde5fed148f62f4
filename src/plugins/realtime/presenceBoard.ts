/**
 * Who is watching and editing what, as subscribers hear it: the presence store's viewers and edit locks
 * (presenceStore.ts; every instance's in cluster mode), each change announced on the entity's `viewers` and `locks`
 * channels, and a lock's expiry announced at its instant by the injected clock. The realtime service authorizes
 * first and hands over entity keys; this board only keeps and announces.
 */
import type { Viewer } from '../../core/auth/roles.js';
import type { Logger } from '../../platform/log/logger.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { channels } from './channels.js';
import { lockRefusal, lockTtlMs, type EditLock, type LocksPayload } from './editLocks.js';
import { assertFieldName, entityKey } from './entityFields.js';
import type { FanoutHub } from './fanoutHub.js';
import type { ViewersPayload } from './presence.js';
import type { PresenceChange, PresenceStore } from './presenceStore.js';

export interface PresenceBoardDeps {
  readonly store: PresenceStore;
  readonly hub: FanoutHub;
  readonly clock: Clock;
  readonly logger: Logger;
}

export class PresenceBoard {
  /** One timer, for the earliest lock expiry it knows of (`lockTimerAt`); see armLockExpiry. */
  private lockTimer: TimerHandle | undefined;
  private lockTimerAt: number | null = null;
  private unfollow: (() => void) | undefined;

  constructor(private readonly deps: PresenceBoardDeps) {}

  get store(): PresenceStore {
    return this.deps.store;
  }

  viewersOf(typeName: string, id: string): ViewersPayload {
    const key = entityKey(typeName, id);
    const now = this.deps.clock.now();
    const { store } = this.deps;
    return {
      event: 'user:viewing',
      entityType: typeName,
      entityId: id,
      viewers: store.viewersOf(key).map((v) => ({ ...v, editing: store.isEditing(key, v.userId, now) })),
    };
  }

  locksOf(typeName: string, id: string): LocksPayload {
    return {
      event: 'user:editing',
      entityType: typeName,
      entityId: id,
      locks: this.deps.store.locksOf(entityKey(typeName, id), this.deps.clock.now()),
    };
  }

  /** Takes `field` of the entity `typeName`/`id` for `viewer` (already allowed to edit it), or refuses. */
  acquire(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    return this.hold('acquire', viewer, typeName, id, field, ttlSeconds);
  }

  /** Extends `viewer`'s lock of `field`, or refuses. */
  renew(viewer: Viewer, typeName: string, id: string, field: string, ttlSeconds: number | null): Promise<EditLock> {
    return this.hold('renew', viewer, typeName, id, field, ttlSeconds);
  }

  async release(viewer: Viewer, typeName: string, id: string, field: string): Promise<boolean> {
    const key = entityKey(typeName, id);
    const released = await this.deps.store.release(key, assertFieldName(field), viewer.userId);
    if (released) this.announceLocks([key]);
    return released;
  }

  /** Locks released in the store (a session's, a person's): announced once the store has answered. */
  announceReleased(released: Promise<string[]>): void {
    released.then(
      (keys) => this.announceLocks(keys),
      (error: unknown) => this.deps.logger.warn('realtime: releasing locks failed; they expire by their time', { error: String(error) }),
    );
  }

  publishViewers(typeName: string, id: string): void {
    const channel = channels.viewers(entityKey(typeName, id));
    if (this.deps.hub.hasSubscribers(channel)) this.deps.hub.publish(channel, { entityViewersChanged: this.viewersOf(typeName, id) });
  }

  /** Follows changes made through other instances. */
  start(): void {
    this.unfollow = this.deps.store.onRemoteChange((change) => this.onRemoteChange(change));
  }

  /** Stops the timer, and gives this instance's viewers and locks back to the store (cluster mode: deleted from NATS). */
  async stop(): Promise<void> {
    this.unfollow?.();
    this.unfollow = undefined;
    this.deps.clock.clearTimer(this.lockTimer);
    this.lockTimer = undefined;
    this.lockTimerAt = null;
    await this.deps.store.stop();
  }

  private async hold(
    how: 'acquire' | 'renew',
    viewer: Viewer,
    typeName: string,
    id: string,
    field: string,
    ttlSeconds: number | null,
  ): Promise<EditLock> {
    const key = entityKey(typeName, id);
    const { store, clock } = this.deps;
    const outcome = await store[how](key, assertFieldName(field), viewer, clock.now(), lockTtlMs(ttlSeconds));
    if (!outcome.ok) throw lockRefusal(typeName, id, field, outcome);
    this.announceLocks([key]);
    this.armLockExpiry(outcome.lock.expiresAt);
    return outcome.lock;
  }

  /**
   * A lock's expiry is announced (`editLockChanged`, `entityViewersChanged`) at its instant, by the
   * injected clock: one timer for the earliest expiry known. A lock that expires earlier than the
   * timer re-arms it; a renewal or a release leaves it, and when it fires it drops what is due,
   * then arms for the next earliest lock (a scan of the live locks, which are few).
   */
  private armLockExpiry(expiresAt: number): void {
    if (this.lockTimerAt !== null && this.lockTimerAt <= expiresAt) return;
    const { clock, store } = this.deps;
    clock.clearTimer(this.lockTimer);
    this.lockTimerAt = expiresAt;
    this.lockTimer = clock.setTimer(expiresAt - clock.now(), () => {
      this.lockTimer = undefined;
      this.lockTimerAt = null;
      this.announceLocks(store.expire(clock.now()));
      const next = store.nextExpiry();
      if (next !== null) this.armLockExpiry(next);
    });
  }

  /** Viewers or locks changed through another instance: announce them here, and arm for a lock's expiry. */
  private onRemoteChange(change: PresenceChange): void {
    const locks = new Set(change.locks);
    this.announceLocks(change.locks);
    for (const key of change.viewers) {
      if (locks.has(key)) continue;
      const [typeName, id] = splitKey(key);
      this.publishViewers(typeName, id);
    }
    if (change.locks.length > 0) {
      const next = this.deps.store.nextExpiry();
      if (next !== null) this.armLockExpiry(next);
    }
  }

  private announceLocks(keys: readonly string[]): void {
    for (const key of keys) {
      const [typeName, id] = splitKey(key);
      this.deps.hub.publish(channels.locks(key), { editLockChanged: this.locksOf(typeName, id) });
      this.publishViewers(typeName, id);
    }
  }
}

/** An entity key's type name and id (entityFields.ts: `<type>:<id>`; the id may hold colons). */
function splitKey(key: string): [string, string] {
  const split = key.indexOf(':');
  return [key.slice(0, split), key.slice(split + 1)];
}
