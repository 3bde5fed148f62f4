/**
 * What the cluster writes into its KV buckets, and how a compare-and-set refusal is told from other failures.
 *
 * A record names its writer: the instance and its incarnation (a random id per process), so that an instance
 * restarted under the same SVC_INSTANCE_ID never mistakes its predecessor's lease or membership for its own.
 */
import { randomBytes } from 'node:crypto';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import type { KvEntry } from '@nats-io/kv';

export interface LeaseRecord {
  readonly owner: string;
  readonly incarnation: string;
  /** Absent in the record the lease was taken with (its revision is the epoch); copied into every renewal. */
  readonly epoch?: number;
}

export interface MemberRecord {
  readonly instanceId: string;
  readonly incarnation: string;
}

/** A fresh incarnation: 12 hex digits, one per process (or per test instance). */
export function newIncarnation(): string {
  return randomBytes(6).toString('hex');
}

export function encodeRecord(record: LeaseRecord | MemberRecord): string {
  return JSON.stringify(record);
}

/** The lease an entry holds, or undefined for a deleted key or a value that is not a lease record. */
export function leaseOf(entry: KvEntry | null): (LeaseRecord & { readonly epoch: number; readonly revision: number }) | undefined {
  if (entry === null || entry.operation !== 'PUT') return undefined;
  const record = parse(entry) as Partial<LeaseRecord> | undefined;
  if (typeof record?.owner !== 'string' || typeof record.incarnation !== 'string') return undefined;
  const epoch = typeof record.epoch === 'number' ? record.epoch : entry.revision;
  return { owner: record.owner, incarnation: record.incarnation, epoch, revision: entry.revision };
}

/** The member an entry holds, or undefined for a deleted key or a value that is not a member record. */
export function memberOf(entry: KvEntry | null): (MemberRecord & { readonly revision: number }) | undefined {
  if (entry === null || entry.operation !== 'PUT') return undefined;
  const record = parse(entry) as Partial<MemberRecord> | undefined;
  if (typeof record?.instanceId !== 'string' || typeof record.incarnation !== 'string') return undefined;
  return { instanceId: record.instanceId, incarnation: record.incarnation, revision: entry.revision };
}

function parse(entry: KvEntry): unknown {
  try {
    return entry.json();
  } catch {
    return undefined;
  }
}

/**
 * The server refused a write because the key's last revision was not the one given (`create` on a live key,
 * `update`/`delete` with a stale revision, or of a key the TTL removed): the compare-and-set said no. Anything
 * else (a time-out, NATS unreachable) leaves the outcome unknown.
 */
export function isRefusedBySequence(error: unknown): boolean {
  return (
    error instanceof JetStreamApiError &&
    (error.code === JetStreamApiCodes.StreamWrongLastSequence || error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown)
  );
}
