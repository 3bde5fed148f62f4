/**
 * What the NATS presence store writes into its two KV buckets (natsPresenceStore.ts), and their keys.
 *
 * - `<cluster>_viewers`: one key per (instance, entity) that has viewers on that instance, holding their list.
 *   Only that instance writes it (plain puts, in order); the others merge every live instance's lists.
 * - `<cluster>_locks`: one key per (entity, field), holding its lock; written by any instance by compare-and-set
 *   on the key's last revision, which is what makes a lock one person's across instances.
 *
 * Every record names its writer's instance and incarnation: a record of an incarnation that no longer says it is
 * alive (instanceLiveness.ts) does not count, wherever it is read. KV keys allow only `[-/_=.A-Za-z0-9]`, so the
 * parts of a key (entity keys hold ids from users; instance ids are host names) are base64url, joined by a dot.
 */
import type { KvEntry } from '@nats-io/kv';
import type { EditLock } from './editLocks.js';
import type { ViewerEntry } from './presence.js';

interface Writer {
  readonly instanceId: string;
  readonly incarnation: string;
}

export interface ViewersRecord extends Writer {
  readonly entityKey: string;
  readonly viewers: readonly ViewerEntry[];
}

export interface LockRecord extends Writer, EditLock {}

function part(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function viewersKey(instanceId: string, entityKey: string): string {
  return `${part(instanceId)}.${part(entityKey)}`;
}

export function lockKey(entityKey: string, field: string): string {
  return `${part(entityKey)}.${part(field)}`;
}

/** The lock a record holds, without its writer. */
export function lockOfRecord(record: EditLock): EditLock {
  const { userId, username, sessionId, entityKey, field, acquiredAt, expiresAt } = record;
  return { userId, username, sessionId, entityKey, field, acquiredAt, expiresAt };
}

/** A lock record as written: the lock and its writer. */
export function lockRecord(lock: EditLock, writer: Writer): LockRecord {
  return { ...lockOfRecord(lock), instanceId: writer.instanceId, incarnation: writer.incarnation };
}

export function parseViewersRecord(entry: KvEntry): ViewersRecord | undefined {
  const value = parse(entry) as Partial<ViewersRecord> | undefined;
  if (!isWriter(value) || typeof value.entityKey !== 'string' || !Array.isArray(value.viewers)) return undefined;
  const viewers = value.viewers.filter(
    (v: Partial<ViewerEntry> | null): v is ViewerEntry =>
      typeof v === 'object' && v !== null && typeof v.userId === 'string' && typeof v.username === 'string' && typeof v.since === 'number',
  );
  return { instanceId: value.instanceId, incarnation: value.incarnation, entityKey: value.entityKey, viewers };
}

/** The lock record of an entry, or undefined for a deleted key or a value that is not one. */
export function parseLockRecord(entry: KvEntry | null): LockRecord | undefined {
  if (entry === null || entry.operation !== 'PUT') return undefined;
  const value = parse(entry) as Partial<LockRecord> | undefined;
  if (
    !isWriter(value) ||
    typeof value.entityKey !== 'string' ||
    typeof value.field !== 'string' ||
    typeof value.userId !== 'string' ||
    typeof value.username !== 'string' ||
    typeof value.sessionId !== 'string' ||
    typeof value.acquiredAt !== 'number' ||
    typeof value.expiresAt !== 'number'
  )
    return undefined;
  return value as LockRecord;
}

function isWriter<T extends Partial<Writer>>(value: T | undefined): value is T & Writer {
  return typeof value?.instanceId === 'string' && typeof value.incarnation === 'string';
}

function parse(entry: KvEntry): unknown {
  try {
    return entry.json();
  } catch {
    return undefined;
  }
}
