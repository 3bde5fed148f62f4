/**
 * Presence and edit locks across the instances of a cluster (issue 29 item 5, docs/adr/0064): the NATS
 * implementation of `PresenceStore`.
 *
 * - **Viewers**: each instance keeps its own watches in memory (the same table as one process) and writes, per
 *   entity, the list of its viewers to `<cluster>_viewers` when it changes (ownViewerLists.ts). Every instance
 *   watches the bucket and merges the lists of live instances into `viewersOf` (presenceMirrors.ts).
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
import { Kvm, type KV, type KvEntry } from '@nats-io/kv';
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
import { LockMirror, ViewerMirror, type Held } from './presenceMirrors.js';
import { OwnViewerLists } from './ownViewerLists.js';
import { lockKey, lockOfRecord, lockRecord, parseLockRecord, type LockRecord, type ViewersRecord } from './presenceRecords.js';
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
  /** Other instances' viewer lists; every lock of the bucket (this instance's too). */
  readonly #viewers = new ViewerMirror();
  readonly #locks = new LockMirror();
  /** This instance's lists, written to the viewers bucket. */
  readonly #own: OwnViewerLists;
  readonly #listeners = new Set<(change: PresenceChange) => void>();
  readonly #clock: Clock;
  readonly #expiryMs: number;
  /** False between a disconnect and the reconnect: a death seen then may be our own silence, so nothing is swept. */
  #connected = true;
  #resweep: TimerHandle | undefined;
  #watchCheck: TimerHandle | undefined;
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
    this.#own = new OwnViewerLists({
      nc,
      kv: viewers,
      instanceId: options.instanceId,
      incarnation: this.incarnation,
      local: this.#local,
      logger: options.logger,
    });
    this.#watches = [
      new BucketWatch(
        viewers,
        'viewers',
        (entry) => {
          const entityKey = this.#viewers.apply(entry, this.incarnation);
          if (entityKey !== undefined) this.#emit({ viewers: [entityKey], locks: [] });
        },
        options.logger,
      ),
      new BucketWatch(
        locks,
        'locks',
        (entry) => {
          const entityKey = this.#locks.apply(entry);
          if (entityKey !== undefined) this.#emit({ viewers: [entityKey], locks: [entityKey] });
        },
        options.logger,
      ),
    ];
  }

  /** Watches both buckets, then says "alive"; after one liveness expiry, entries of unheard incarnations are swept. */
  async start(): Promise<void> {
    await Promise.all(this.#watches.map((watch) => watch.start()));
    this.#liveness.onDeath((incarnation) => this.#onDeath(incarnation));
    this.#liveness.start(() => this.#onSettled());
    void this.#followConnection();
    // A watch can end (its consumer not re-created after a gap): started again, replaying the buckets, within an expiry.
    this.#watchCheck = this.#clock.setRepeatingTimer(this.#expiryMs, () => {
      for (const watch of this.#watches) if (!watch.running) void watch.start().catch(() => undefined);
    });
  }

  // ---- viewers -------------------------------------------------------------------------------

  watch(entityKey: string, userId: string, username: string, now: number): symbol {
    const token = this.#local.watch(entityKey, userId, username, now);
    if (this.#local.isOnlyWatchOf(entityKey, token)) this.#own.changed(entityKey);
    return token;
  }

  unwatch(entityKey: string, token: symbol): boolean {
    const changed = this.#local.unwatch(entityKey, token);
    if (changed) this.#own.changed(entityKey);
    return changed;
  }

  isOnlyWatchOf(entityKey: string, token: symbol): boolean {
    return this.#local.isOnlyWatchOf(entityKey, token);
  }

  viewersOf(entityKey: string): ViewerEntry[] {
    const local = this.#local.viewersOf(entityKey);
    const lists = this.#viewers.listsOf(entityKey);
    if (lists.length === 0) return local;
    const byUser = new Map<string, ViewerEntry>();
    const add = (viewer: ViewerEntry) => {
      const seen = byUser.get(viewer.userId);
      if (!seen || viewer.since < seen.since) byUser.set(viewer.userId, viewer);
    };
    for (const viewer of local) add(viewer);
    for (const list of lists) if (this.#liveness.isAlive(list.incarnation)) for (const viewer of list.viewers) add(viewer);
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
    const due = this.#locks.expire(now);
    // The writer cleans its own expired lock up (a dead writer's: the survivors, at its death).
    for (const { key, record, revision } of due)
      if (record.incarnation === this.incarnation) void this.#deleteAt(this.#locksKv, key, revision);
    return [...new Set(due.map(({ record }) => record.entityKey))];
  }

  nextExpiry(): number | null {
    return this.#locks.nextExpiry(this.#isAlive);
  }

  locksOf(entityKey: string, now: number): EditLock[] {
    return this.#locks
      .live(entityKey, now, this.#isAlive)
      .map(lockOfRecord)
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  }

  isEditing(entityKey: string, userId: string, now: number): boolean {
    return this.#locks.live(entityKey, now, this.#isAlive).some((record) => record.userId === userId);
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
    this.#clock.clearTimer(this.#watchCheck);
    this.#liveness.stop();
    for (const watch of this.#watches) watch.stop();
    await this.#own.stop();
    if (this.#nc.isClosed()) return;
    const own = this.#locks.matching((record) => record.incarnation === this.incarnation);
    await Promise.all(own.map(({ key, revision }) => this.#deleteAt(this.#locksKv, key, revision)));
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
        this.#locks.set(key, record, revision);
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
        this.#locks.set(key, undefined, entry.revision);
        return true;
      } catch (error) {
        if (!isRefusedBySequence(error)) throw unavailable(error);
      }
    }
    return false;
  }

  /** Deletes every lock of the mirror that `matches` (each checked again against the bucket); the entities touched. */
  async #deleteLocksWhere(matches: (record: LockRecord) => boolean): Promise<string[]> {
    const touched = new Set<string>();
    await Promise.all(
      this.#locks.matching(matches).map(async ({ key, record }) => {
        try {
          if (await this.#deleteLockIf(key, matches)) touched.add(record.entityKey);
        } catch (error) {
          this.#logger.warn('realtime: could not release a lock; it expires by its time', { error: String(error) });
        }
      }),
    );
    return [...touched];
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
    viewers: Held<ViewersRecord>[];
    locks: Held<LockRecord>[];
  } {
    const viewers = this.#viewers.matching(matches);
    const locks = this.#locks.matching(matches);
    const lockEntities = new Set(locks.map(({ record }) => record.entityKey));
    const viewerEntities = new Set([...viewers.map(({ record }) => record.entityKey), ...lockEntities]);
    return { change: { viewers: [...viewerEntities], locks: [...lockEntities] }, viewers, locks };
  }

  /** Deletes dead entries by compare-and-set on the revision seen (a newer write, by a restarted writer, stays). */
  async #sweep(viewers: readonly Held<ViewersRecord>[], locks: readonly Held<LockRecord>[]): Promise<void> {
    await Promise.all([
      ...viewers.map(({ key, revision }) => this.#deleteAt(this.#viewersKv, key, revision)),
      ...locks.map(({ key, revision }) => this.#deleteAt(this.#locksKv, key, revision)),
    ]);
  }

  readonly #isAlive = (incarnation: string): boolean => this.#liveness.isAlive(incarnation);

  /** After a reconnect, this instance's viewer lists are written again (a NATS restart, or a sweep while we were cut off). */
  async #followConnection(): Promise<void> {
    for await (const status of this.#nc.status()) {
      if (this.#stopped) return;
      if (status.type === 'disconnect') this.#connected = false;
      if (status.type !== 'reconnect') continue;
      this.#connected = true;
      this.#own.republish();
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

/** NATS did not answer a lock operation: the person can try again in a moment. */
function unavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError(
    ErrorCode.Unavailable,
    `edit locks are unavailable for a moment (the cluster's NATS did not answer: ${String(error)}); try again`,
  );
}
