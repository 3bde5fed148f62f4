/**
 * Presence and edit locks across the instances of a cluster (issue 29 item 5, docs/adr/0066): the NATS
 * implementation of `PresenceStore`.
 *
 * - **Viewers**: each instance keeps its own watches in memory (the same table as one process) and writes, per
 *   entity, the list of its viewers to `<cluster>_viewers` when it changes (key: instance and entity; deleted when
 *   empty). Every instance watches the bucket and merges the lists of live instances into `viewersOf`.
 * - **Locks**: one key per (entity, field) in `<cluster>_locks`. Taking, renewing and releasing read the key and
 *   write by compare-and-set on its revision, so two instances can never both hand the same field to two people:
 *   one write wins, the other re-reads and finds the lock held. A lock whose writer is dead counts as free.
 *   Every instance mirrors the bucket by a watch, for `locksOf`, `isEditing` and the expiry timers.
 * - **Death**: instanceLiveness.ts. When an incarnation is found dead (three seconds without a heartbeat), its
 *   entries stop counting at once on every instance, which announce the change; the survivors delete its keys by
 *   compare-and-set (a restarted instance's new writes are never deleted by it).
 *
 * Concurrency: one event loop. The viewer lists are written one flush at a time (each key's writes in order);
 * watch entries are applied synchronously in the bucket's order, ignoring any older than what the mirror holds.
 * Lock operations are a few NATS round trips; a refused compare-and-set is retried after a fresh read.
 */
import { Kvm, type KV, type KvEntry, type KvWatchEntry } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { presenceBucketNames } from '../../platform/cluster/buckets.js';
import { BucketWatch } from '../../platform/cluster/bucketWatch.js';
import { isRefusedBySequence, newIncarnation } from '../../platform/cluster/records.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import { systemClock, type Clock, type TimerHandle } from '../../platform/scheduler/index.js';
import type { EditLock, LockHolder, LockOutcome } from './editLocks.js';
import { InstanceLiveness, LIVENESS_EXPIRY_MS } from './instanceLiveness.js';
import { PresenceTable, type ViewerEntry } from './presence.js';
import {
  lockKey,
  lockOfRecord,
  lockRecord,
  parseLockRecord,
  parseViewersRecord,
  viewersKey,
  type LockRecord,
  type ViewersRecord,
} from './presenceRecords.js';
import type { PresenceChange, PresenceStore } from './presenceStore.js';

export interface NatsPresenceStoreOptions {
  /** This instance's id (SVC_INSTANCE_ID): shown in logs and records. */
  readonly instanceId: string;
  readonly logger: Logger;
  /** The clock liveness runs on (heartbeats, expiry of silent instances). @default systemClock */
  readonly clock?: Clock;
  /** JetStream replicas of the two buckets (1, 3 or 5). @default 1 */
  readonly replicas?: number;
  /** Liveness pacing (tests): @default 1000 and 3000 ms. */
  readonly heartbeatIntervalMs?: number;
  readonly livenessExpiryMs?: number;
}

/** Compare-and-set rounds before a lock operation gives up (each lost to another writer of the same key). */
const CAS_ATTEMPTS = 5;
/** A viewer list of an entity on one instance; larger is refused by the bucket rather than filling it. */
const MAX_VALUE_BYTES = 256 * 1024;

interface Mirrored<T> {
  /** Undefined: deleted by this instance, kept so that a late watch entry of the older write is not taken back in. */
  readonly record: T | undefined;
  readonly revision: number;
}

/**
 * Opens (or creates) the cluster's presence buckets on `nc`, starts watching them and saying "alive": the store
 * the realtime module takes in cluster mode (`ServerDependencies.presence`). `cluster` is SVC_CLUSTER_NAME.
 */
export async function openNatsPresenceStore(
  nc: NatsConnection,
  cluster: string,
  options: NatsPresenceStoreOptions,
): Promise<NatsPresenceStore> {
  const kvm = new Kvm(nc);
  const names = presenceBucketNames(cluster);
  const common = { history: 1, replicas: options.replicas ?? 1, maxValueSize: MAX_VALUE_BYTES };
  const viewers = await kvm.create(names.viewers, { ...common, description: `who watches what, per instance, of cluster ${cluster}` });
  const locks = await kvm.create(names.locks, { ...common, description: `field edit locks of cluster ${cluster}` });
  const store = new NatsPresenceStore(nc, cluster, viewers, locks, options);
  await store.start();
  return store;
}

export class NatsPresenceStore implements PresenceStore {
  readonly incarnation = newIncarnation();
  readonly #nc: NatsConnection;
  readonly #viewersKv: KV;
  readonly #locksKv: KV;
  readonly #instanceId: string;
  readonly #logger: Logger;
  readonly #liveness: InstanceLiveness;
  readonly #watches: BucketWatch[];
  readonly #local = new PresenceTable();
  /** Other instances' viewer lists by KV key, and the keys of each entity. */
  readonly #remoteViewers = new Map<string, Mirrored<ViewersRecord>>();
  readonly #viewerKeysByEntity = new Map<string, Set<string>>();
  /** Every lock of the bucket by KV key (this instance's too), and the keys of each entity. */
  readonly #locks = new Map<string, Mirrored<LockRecord>>();
  readonly #lockKeysByEntity = new Map<string, Set<string>>();
  /** Entities whose local viewer list is to be written, and those written (a delete is due when they empty). */
  readonly #dirty = new Set<string>();
  readonly #published = new Set<string>();
  #flushing: Promise<void> | undefined;
  readonly #listeners = new Set<(change: PresenceChange) => void>();
  readonly #clock: Clock;
  readonly #expiryMs: number;
  /** False between a disconnect and the reconnect: a death seen then may be our own silence, so nothing is swept. */
  #connected = true;
  #resweep: TimerHandle | undefined;
  #stopped = false;

  constructor(nc: NatsConnection, cluster: string, viewers: KV, locks: KV, options: NatsPresenceStoreOptions) {
    this.#nc = nc;
    this.#viewersKv = viewers;
    this.#locksKv = locks;
    this.#instanceId = options.instanceId;
    this.#logger = options.logger;
    this.#clock = options.clock ?? systemClock;
    this.#expiryMs = options.livenessExpiryMs ?? LIVENESS_EXPIRY_MS;
    this.#liveness = new InstanceLiveness({
      nc,
      cluster,
      instanceId: options.instanceId,
      incarnation: this.incarnation,
      clock: this.#clock,
      logger: options.logger,
      ...(options.heartbeatIntervalMs !== undefined ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
      ...(options.livenessExpiryMs !== undefined ? { expiryMs: options.livenessExpiryMs } : {}),
    });
    this.#watches = [
      new BucketWatch(viewers, 'viewers', (entry) => this.#onViewersEntry(entry), options.logger),
      new BucketWatch(locks, 'locks', (entry) => this.#onLockEntry(entry), options.logger),
    ];
  }

  /** Watches both buckets, then says "alive"; after one liveness expiry, entries of unheard incarnations are swept. */
  async start(): Promise<void> {
    await Promise.all(this.#watches.map((watch) => watch.start()));
    this.#liveness.onDeath((incarnation) => this.#onDeath(incarnation));
    this.#liveness.start(() => this.#onSettled());
    void this.#followConnection();
  }

  // ---- viewers -------------------------------------------------------------------------------

  watch(entityKey: string, userId: string, username: string, now: number): symbol {
    const token = this.#local.watch(entityKey, userId, username, now);
    if (this.#local.isOnlyWatchOf(entityKey, token)) this.#publishViewers(entityKey);
    return token;
  }

  unwatch(entityKey: string, token: symbol): boolean {
    const changed = this.#local.unwatch(entityKey, token);
    if (changed) this.#publishViewers(entityKey);
    return changed;
  }

  isOnlyWatchOf(entityKey: string, token: symbol): boolean {
    return this.#local.isOnlyWatchOf(entityKey, token);
  }

  viewersOf(entityKey: string): ViewerEntry[] {
    const local = this.#local.viewersOf(entityKey);
    const keys = this.#viewerKeysByEntity.get(entityKey);
    if (keys === undefined) return local;
    const byUser = new Map<string, ViewerEntry>();
    const add = (viewer: ViewerEntry) => {
      const seen = byUser.get(viewer.userId);
      if (!seen || viewer.since < seen.since) byUser.set(viewer.userId, viewer);
    };
    for (const viewer of local) add(viewer);
    for (const key of keys) {
      const record = this.#remoteViewers.get(key)?.record;
      if (record !== undefined && this.#liveness.isAlive(record.incarnation)) for (const viewer of record.viewers) add(viewer);
    }
    return [...byUser.values()].sort((a, b) => a.since - b.since || (a.username < b.username ? -1 : 1));
  }

  // ---- locks ---------------------------------------------------------------------------------

  acquire(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome> {
    return this.#writeLock(entityKey, field, holder, now, ttlMs, 'acquire');
  }

  renew(entityKey: string, field: string, holder: LockHolder, now: number, ttlMs: number): Promise<LockOutcome> {
    return this.#writeLock(entityKey, field, holder, now, ttlMs, 'renew');
  }

  async release(entityKey: string, field: string, userId: string): Promise<boolean> {
    return this.#deleteLockIf(lockKey(entityKey, field), (record) => record.userId === userId);
  }

  releaseSession(sessionId: string): Promise<string[]> {
    return this.#deleteLocksWhere((record) => record.sessionId === sessionId);
  }

  releaseUser(userId: string): Promise<string[]> {
    return this.#deleteLocksWhere((record) => record.userId === userId);
  }

  expire(now: number): string[] {
    const touched = new Set<string>();
    for (const [key, { record, revision }] of this.#locks) {
      if (record === undefined || record.expiresAt > now) continue;
      touched.add(record.entityKey);
      this.#setLock(key, undefined, revision);
      // The writer cleans its own expired lock up (a dead writer's: the survivors, at its death).
      if (record.incarnation === this.incarnation) void this.#deleteAt(this.#locksKv, key, revision);
    }
    return [...touched];
  }

  nextExpiry(): number | null {
    let earliest: number | null = null;
    for (const { record } of this.#locks.values()) {
      if (record === undefined || !this.#liveness.isAlive(record.incarnation)) continue;
      if (earliest === null || record.expiresAt < earliest) earliest = record.expiresAt;
    }
    return earliest;
  }

  locksOf(entityKey: string, now: number): EditLock[] {
    return this.#liveLocks(entityKey, now)
      .map(lockOfRecord)
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  }

  isEditing(entityKey: string, userId: string, now: number): boolean {
    return this.#liveLocks(entityKey, now).some((record) => record.userId === userId);
  }

  onRemoteChange(listener: (change: PresenceChange) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Says "leaving" (every other instance drops this one's entries at once), stops watching, and deletes what this
   * incarnation wrote. Idempotent; never throws (what cannot be deleted is swept by the survivors).
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#clock.clearTimer(this.#resweep);
    this.#liveness.stop();
    for (const watch of this.#watches) watch.stop();
    await this.#flushing;
    if (this.#nc.isClosed()) return;
    const own = [...this.#locks].filter(([, { record }]) => record?.incarnation === this.incarnation);
    await Promise.all([
      ...[...this.#published].map((entityKey) => this.#deleteAt(this.#viewersKv, viewersKey(this.#instanceId, entityKey))),
      ...own.map(([key, { revision }]) => this.#deleteAt(this.#locksKv, key, revision)),
    ]);
  }

  // ---- internals: locks ----------------------------------------------------------------------

  async #writeLock(
    entityKey: string,
    field: string,
    holder: LockHolder,
    now: number,
    ttlMs: number,
    kind: 'acquire' | 'renew',
  ): Promise<LockOutcome> {
    const key = lockKey(entityKey, field);
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const entry = await this.#read(this.#locksKv, key);
      const current = parseLockRecord(entry);
      const live = current !== undefined && current.expiresAt > now && this.#liveness.isAlive(current.incarnation) ? current : undefined;
      if (live !== undefined && live.userId !== holder.userId) return { ok: false, reason: 'held', heldBy: lockOfRecord(live) };
      if (live === undefined && kind === 'renew') return { ok: false, reason: 'not-held' };
      const lock: EditLock = {
        userId: holder.userId,
        username: holder.username,
        sessionId: holder.sessionId,
        entityKey,
        field,
        acquiredAt: live?.acquiredAt ?? now,
        expiresAt: now + ttlMs,
      };
      const record = lockRecord(lock, { instanceId: this.#instanceId, incarnation: this.incarnation });
      try {
        const value = JSON.stringify(record);
        // Compare-and-set: on a key nobody wrote, a create; otherwise an update of the revision just read.
        const revision = entry === null ? await this.#locksKv.create(key, value) : await this.#locksKv.update(key, value, entry.revision);
        this.#setLock(key, record, revision);
        return { ok: true, lock };
      } catch (error) {
        if (!isRefusedBySequence(error)) throw unavailable(error);
        // Another instance wrote the key since our read: read again and decide again.
      }
    }
    throw new AppError(ErrorCode.Conflict, `the lock on "${field}" changed hands ${CAS_ATTEMPTS} times while taking it; try again`);
  }

  /** Deletes a lock by compare-and-set if its current record satisfies `matches`; true when deleted. */
  async #deleteLockIf(key: string, matches: (record: LockRecord) => boolean): Promise<boolean> {
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const entry = await this.#read(this.#locksKv, key);
      const current = parseLockRecord(entry);
      if (entry === null || current === undefined || !matches(current)) return false;
      try {
        await this.#locksKv.delete(key, { previousSeq: entry.revision });
        this.#setLock(key, undefined, entry.revision);
        return true;
      } catch (error) {
        if (!isRefusedBySequence(error)) throw unavailable(error);
      }
    }
    return false;
  }

  /** Deletes every lock of the mirror that `matches` (each checked again against the bucket); the entities touched. */
  async #deleteLocksWhere(matches: (record: LockRecord) => boolean): Promise<string[]> {
    const candidates = [...this.#locks].filter(([, { record }]) => record !== undefined && matches(record));
    const touched = new Set<string>();
    await Promise.all(
      candidates.map(async ([key, { record }]) => {
        try {
          if (await this.#deleteLockIf(key, matches)) touched.add((record as LockRecord).entityKey);
        } catch (error) {
          this.#logger.warn('realtime: could not release a lock; it expires by its time', { error: String(error) });
        }
      }),
    );
    return [...touched];
  }

  #liveLocks(entityKey: string, now: number): LockRecord[] {
    const keys = this.#lockKeysByEntity.get(entityKey);
    if (keys === undefined) return [];
    const live: LockRecord[] = [];
    for (const key of keys) {
      const record = this.#locks.get(key)?.record;
      if (record !== undefined && record.expiresAt > now && this.#liveness.isAlive(record.incarnation)) live.push(record);
    }
    return live;
  }

  /** Records a write or delete in the mirror unless it already holds a later one; true when it changed. */
  #setLock(key: string, record: LockRecord | undefined, revision: number): boolean {
    const held = this.#locks.get(key);
    if (held !== undefined && held.revision > revision) return false;
    if (held !== undefined && held.revision === revision && (held.record === undefined || record !== undefined)) return false;
    const entityKey = record?.entityKey ?? held?.record?.entityKey;
    this.#locks.set(key, { record, revision });
    if (entityKey !== undefined) index(this.#lockKeysByEntity, entityKey, key, record !== undefined);
    return true;
  }

  #onLockEntry(entry: KvWatchEntry): void {
    const held = this.#locks.get(entry.key);
    const entityKey = held?.record?.entityKey;
    if (entry.operation === 'PUT') {
      const record = parseLockRecord(entry);
      if (record === undefined) return;
      if (this.#setLock(entry.key, record, entry.revision)) this.#emit({ viewers: [record.entityKey], locks: [record.entityKey] });
      return;
    }
    // A delete: forget the key (no entry to keep: nothing older can follow it in the bucket's order).
    if (held !== undefined && held.revision >= entry.revision) return;
    this.#locks.delete(entry.key);
    if (entityKey !== undefined) {
      index(this.#lockKeysByEntity, entityKey, entry.key, false);
      this.#emit({ viewers: [entityKey], locks: [entityKey] });
    }
  }

  // ---- internals: viewers --------------------------------------------------------------------

  #publishViewers(entityKey: string): void {
    if (this.#stopped) return;
    this.#dirty.add(entityKey);
    this.#flushing ??= this.#flush().finally(() => (this.#flushing = undefined));
  }

  /** Writes the dirty entities' viewer lists, one round at a time, until none is dirty. */
  async #flush(): Promise<void> {
    while (this.#dirty.size > 0 && !this.#nc.isClosed()) {
      const round = [...this.#dirty];
      this.#dirty.clear();
      await Promise.all(
        round.map(async (entityKey) => {
          const key = viewersKey(this.#instanceId, entityKey);
          const viewers = this.#local.viewersOf(entityKey);
          try {
            if (viewers.length > 0) {
              const record: ViewersRecord = { instanceId: this.#instanceId, incarnation: this.incarnation, entityKey, viewers };
              await this.#viewersKv.put(key, JSON.stringify(record));
              this.#published.add(entityKey);
            } else if (this.#published.delete(entityKey)) {
              await this.#viewersKv.delete(key);
            }
          } catch (error) {
            // NATS away: the list is written again when the connection comes back (#followConnection).
            this.#logger.warn('realtime: could not share the viewers of an entity', { entityKey, error: String(error) });
          }
        }),
      );
    }
  }

  #onViewersEntry(entry: KvWatchEntry): void {
    const held = this.#remoteViewers.get(entry.key);
    if (held !== undefined && held.revision >= entry.revision) return;
    if (entry.operation === 'PUT') {
      const record = parseViewersRecord(entry);
      if (record === undefined) return;
      if (record.incarnation === this.incarnation) {
        // Our own list (the local table answers for it) written over an earlier incarnation's under the same key.
        if (held?.record !== undefined) this.#forgetViewers(entry.key, held.record.entityKey);
        return;
      }
      this.#remoteViewers.set(entry.key, { record, revision: entry.revision });
      index(this.#viewerKeysByEntity, record.entityKey, entry.key, true);
      this.#emit({ viewers: [record.entityKey], locks: [] });
      return;
    }
    if (held?.record !== undefined) this.#forgetViewers(entry.key, held.record.entityKey);
  }

  #forgetViewers(key: string, entityKey: string): void {
    this.#remoteViewers.delete(key);
    index(this.#viewerKeysByEntity, entityKey, key, false);
    this.#emit({ viewers: [entityKey], locks: [] });
  }

  // ---- internals: liveness and the connection -------------------------------------------------

  /** An incarnation died: its entries stopped counting now; tell the subscribers, then delete them. */
  #onDeath(incarnation: string): void {
    const change = this.#entriesOf((record) => record.incarnation === incarnation);
    this.#emit(change.change);
    // Cut off ourselves, everyone looks dead: deleting their entries would take live people's locks once the
    // connection returns. The sweep after the reconnect deletes what is still dead then.
    if (this.#connected) void this.#sweep(change.viewers, change.locks);
  }

  /** One liveness expiry after start: entries of incarnations never heard are dead ones (a crash before we started). */
  #onSettled(): void {
    const dead = this.#entriesOf((record) => record.incarnation !== this.incarnation && !this.#liveness.isAlive(record.incarnation));
    this.#emit(dead.change);
    if (this.#connected) void this.#sweep(dead.viewers, dead.locks);
  }

  /** Deletes the entries of every incarnation dead now (after a reconnect, once the live ones had time to say so). */
  #sweepDead(): void {
    if (!this.#connected || this.#stopped) return;
    const dead = this.#entriesOf((record) => record.incarnation !== this.incarnation && !this.#liveness.isAlive(record.incarnation));
    void this.#sweep(dead.viewers, dead.locks);
  }

  #entriesOf(matches: (record: { readonly incarnation: string }) => boolean): {
    change: PresenceChange;
    viewers: [string, number][];
    locks: [string, number][];
  } {
    const viewerEntities = new Set<string>();
    const lockEntities = new Set<string>();
    const viewers: [string, number][] = [];
    const locks: [string, number][] = [];
    for (const [key, { record, revision }] of this.#remoteViewers) {
      if (record === undefined || !matches(record)) continue;
      viewerEntities.add(record.entityKey);
      viewers.push([key, revision]);
    }
    for (const [key, { record, revision }] of this.#locks) {
      if (record === undefined || !matches(record)) continue;
      lockEntities.add(record.entityKey);
      locks.push([key, revision]);
    }
    return {
      change: { viewers: [...new Set([...viewerEntities, ...lockEntities])], locks: [...lockEntities] },
      viewers,
      locks,
    };
  }

  /** Deletes dead entries by compare-and-set on the revision seen (a newer write, by a restarted writer, stays). */
  async #sweep(viewers: readonly [string, number][], locks: readonly [string, number][]): Promise<void> {
    await Promise.all([
      ...viewers.map(([key, revision]) => this.#deleteAt(this.#viewersKv, key, revision)),
      ...locks.map(([key, revision]) => this.#deleteAt(this.#locksKv, key, revision)),
    ]);
  }

  /** After a reconnect, this instance's viewer lists are written again (a NATS restart, or a sweep while we were cut off). */
  async #followConnection(): Promise<void> {
    for await (const status of this.#nc.status()) {
      if (this.#stopped) return;
      if (status.type === 'disconnect') this.#connected = false;
      if (status.type !== 'reconnect') continue;
      this.#connected = true;
      for (const entityKey of this.#published) this.#publishViewers(entityKey);
      for (const watch of this.#watches) void watch.start().catch(() => undefined);
      this.#clock.clearTimer(this.#resweep);
      this.#resweep = this.#clock.setTimer(this.#expiryMs, () => this.#sweepDead());
    }
  }

  /** A delete that never throws (by compare-and-set when a revision is given); what stays is swept later. */
  async #deleteAt(kv: KV, key: string, revision?: number): Promise<void> {
    try {
      await kv.delete(key, revision === undefined ? {} : { previousSeq: revision });
    } catch (error) {
      if (!isRefusedBySequence(error)) this.#logger.warn('realtime: could not delete a presence entry', { error: String(error) });
    }
  }

  async #read(kv: KV, key: string): Promise<KvEntry | null> {
    try {
      return await kv.get(key);
    } catch (error) {
      throw unavailable(error);
    }
  }

  #emit(change: PresenceChange): void {
    if (this.#stopped || (change.viewers.length === 0 && change.locks.length === 0)) return;
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.#logger.error('realtime: a presence listener failed', { error: String(error) });
      }
    }
  }
}

function index(byEntity: Map<string, Set<string>>, entityKey: string, key: string, present: boolean): void {
  let keys = byEntity.get(entityKey);
  if (present) {
    if (keys === undefined) byEntity.set(entityKey, (keys = new Set()));
    keys.add(key);
  } else if (keys !== undefined) {
    keys.delete(key);
    if (keys.size === 0) byEntity.delete(entityKey);
  }
}

/** NATS did not answer a lock operation: the person can try again in a moment. */
function unavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(
    ErrorCode.Unavailable,
    `edit locks are unavailable for a moment (the cluster's NATS did not answer: ${String(error)}); try again`,
  );
}
