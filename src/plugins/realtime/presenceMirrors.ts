/**
 * The NATS presence store's memory of its two buckets (natsPresenceStore.ts): every lock of `<cluster>_locks` and
 * every other instance's viewer list of `<cluster>_viewers`, by KV key, with each entity's keys indexed. Fed by the
 * store's own writes (at once) and by the buckets' watches (a little later, the store's writes included); an entry
 * older than what is held is ignored, so the order the two arrive in does not matter. No I/O; liveness is asked of
 * the caller.
 */
import type { KvWatchEntry } from '@nats-io/kv';
import { parseLockRecord, parseViewersRecord, type LockRecord, type ViewersRecord } from './presenceRecords.js';

interface Mirrored<T> {
  /** Undefined: deleted by this instance, kept so that a late watch entry of the older write is not taken back in. */
  readonly record: T | undefined;
  readonly revision: number;
}

/** A held record with its key and revision (what a compare-and-set delete needs). */
export interface Held<T> {
  readonly key: string;
  readonly record: T;
  readonly revision: number;
}

export class LockMirror {
  readonly #locks = new Map<string, Mirrored<LockRecord>>();
  readonly #keysByEntity = new Map<string, Set<string>>();

  /** Records a write (or, `record` undefined, a delete) unless a later one is held; true when it changed. */
  set(key: string, record: LockRecord | undefined, revision: number): boolean {
    const held = this.#locks.get(key);
    if (held !== undefined && held.revision > revision) return false;
    if (held !== undefined && held.revision === revision && (held.record === undefined || record !== undefined)) return false;
    const entityKey = record?.entityKey ?? held?.record?.entityKey;
    this.#locks.set(key, { record, revision });
    if (entityKey !== undefined) index(this.#keysByEntity, entityKey, key, record !== undefined);
    return true;
  }

  /** A watch entry: the entity whose locks changed, or undefined. */
  apply(entry: KvWatchEntry): string | undefined {
    if (entry.operation === 'PUT') {
      const record = parseLockRecord(entry);
      return record !== undefined && this.set(entry.key, record, entry.revision) ? record.entityKey : undefined;
    }
    // A delete: forget the key (nothing older can follow it in the bucket's order).
    const held = this.#locks.get(entry.key);
    if (held === undefined || held.revision >= entry.revision) return undefined;
    this.#locks.delete(entry.key);
    const entityKey = held.record?.entityKey;
    if (entityKey === undefined) return undefined;
    index(this.#keysByEntity, entityKey, entry.key, false);
    return entityKey;
  }

  /** An entity's locks that have not expired and whose writer is alive. */
  live(entityKey: string, now: number, isAlive: (incarnation: string) => boolean): LockRecord[] {
    const keys = this.#keysByEntity.get(entityKey);
    if (keys === undefined) return [];
    const live: LockRecord[] = [];
    for (const key of keys) {
      const record = this.#locks.get(key)?.record;
      if (record !== undefined && record.expiresAt > now && isAlive(record.incarnation)) live.push(record);
    }
    return live;
  }

  /** Forgets the locks whose time is up; returns them. */
  expire(now: number): Held<LockRecord>[] {
    const due = this.matching((record) => record.expiresAt <= now);
    for (const { key, revision } of due) this.set(key, undefined, revision);
    return due;
  }

  /** The earliest expiry of the locks whose writer is alive, or null. */
  nextExpiry(isAlive: (incarnation: string) => boolean): number | null {
    let earliest: number | null = null;
    for (const { record } of this.#locks.values()) {
      if (record === undefined || !isAlive(record.incarnation)) continue;
      if (earliest === null || record.expiresAt < earliest) earliest = record.expiresAt;
    }
    return earliest;
  }

  matching(matches: (record: LockRecord) => boolean): Held<LockRecord>[] {
    const found: Held<LockRecord>[] = [];
    for (const [key, { record, revision }] of this.#locks)
      if (record !== undefined && matches(record)) found.push({ key, record, revision });
    return found;
  }
}

export class ViewerMirror {
  readonly #lists = new Map<string, Mirrored<ViewersRecord>>();
  readonly #keysByEntity = new Map<string, Set<string>>();

  /**
   * A watch entry: the entity whose viewers changed, or undefined. Lists of `ownIncarnation` are not kept (the
   * local table answers for them); one written over an earlier incarnation's list under the same key removes it.
   */
  apply(entry: KvWatchEntry, ownIncarnation: string): string | undefined {
    const held = this.#lists.get(entry.key);
    if (held !== undefined && held.revision >= entry.revision) return undefined;
    const record = entry.operation === 'PUT' ? parseViewersRecord(entry) : undefined;
    if (entry.operation === 'PUT' && record === undefined) return undefined;
    if (record !== undefined && record.incarnation !== ownIncarnation) {
      this.#lists.set(entry.key, { record, revision: entry.revision });
      index(this.#keysByEntity, record.entityKey, entry.key, true);
      return record.entityKey;
    }
    const entityKey = held?.record?.entityKey;
    if (entityKey === undefined) return undefined;
    this.#lists.delete(entry.key);
    index(this.#keysByEntity, entityKey, entry.key, false);
    return entityKey;
  }

  /** The lists other instances hold for an entity (alive or not: the caller asks). */
  listsOf(entityKey: string): ViewersRecord[] {
    const keys = this.#keysByEntity.get(entityKey);
    if (keys === undefined) return [];
    const lists: ViewersRecord[] = [];
    for (const key of keys) {
      const record = this.#lists.get(key)?.record;
      if (record !== undefined) lists.push(record);
    }
    return lists;
  }

  matching(matches: (record: ViewersRecord) => boolean): Held<ViewersRecord>[] {
    const found: Held<ViewersRecord>[] = [];
    for (const [key, { record, revision }] of this.#lists)
      if (record !== undefined && matches(record)) found.push({ key, record, revision });
    return found;
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
