/**
 * The committed event stream of cluster mode (docs/adr/0060): what a shard's owner publishes after a commit and
 * every instance receives, in order, once. This file is the stream's vocabulary (an event, a position, the
 * subjects, the wire format); the sides are in their own files:
 *
 * - eventPublisher.ts: the owner stages events into the group commit (`cluster_events`, eventHistory.ts) with
 *   consecutive sequences per (shard, epoch), and publishes them on core NATS after the commit, in commit order;
 * - eventSubscriber.ts: every instance tracks (epoch, seq) per shard, drops duplicates, and repairs a gap, an epoch
 *   it cannot stitch or a reconnect by replaying from PostgreSQL (eventReplay.ts) before delivering newer events;
 * - eventProbe.ts: a probe each instance sends itself through the same subscription, for readiness;
 * - eventPruning.ts: the history's retention.
 *
 * Core NATS is at most once: a message may be lost (a reconnect, a slow consumer), never duplicated or reordered
 * from one publisher. The table is what makes delivery exactly once; NATS only makes it fast.
 */

/** One committed event of a shard, as every subscriber receives it. */
export interface ClusterEvent {
  readonly shard: number;
  /** The shard's epoch when the event was committed (its owner's lease revision: only grows). */
  readonly epoch: number;
  /** 1, 2, 3, ... within (shard, epoch), in commit order. */
  readonly seq: number;
  /** The owner's clock at staging, epoch milliseconds. */
  readonly at: number;
  /** The event itself: any JSON value (a domain event). */
  readonly payload: unknown;
}

/** Where a subscriber is in a shard's stream: the last event delivered, (0, 0) before any. */
export interface StreamPosition {
  readonly epoch: number;
  readonly seq: number;
}

export const START: StreamPosition = { epoch: 0, seq: 0 };

/** The subject of a shard's events: `<cluster>.events.<shard>`. */
export function eventSubject(cluster: string, shard: number): string {
  return `${cluster}.events.${shard}`;
}

/** The one subject the delivery probes travel on, beside the shards' (so through the same subscription). */
export function probeSubject(cluster: string): string {
  return `${cluster}.events.probe`;
}

/** What a subscriber subscribes to: every shard and the probes. */
export function eventsWildcard(cluster: string): string {
  return `${cluster}.events.*`;
}

/** `a` after `b` in a shard's stream. */
export function isAfter(a: StreamPosition, b: StreamPosition): boolean {
  return a.epoch > b.epoch || (a.epoch === b.epoch && a.seq > b.seq);
}

/**
 * The wire format: short keys, one JSON object per event. `o`, first when present, is the publishing instance's
 * token: that instance skips its own copy unread (it had the event in process, docs/adr/0073); others ignore it.
 */
interface WireEvent {
  readonly o?: string;
  readonly s: number;
  readonly e: number;
  readonly q: number;
  readonly t: number;
  readonly p: unknown;
}

export function encodeEvent(event: ClusterEvent, origin?: string): string {
  const wire: WireEvent = { s: event.shard, e: event.epoch, q: event.seq, t: event.at, p: event.payload };
  return JSON.stringify(origin === undefined ? wire : { o: origin, ...wire });
}

/** How every message `origin` published begins (`encodeEvent(event, origin)`): tells its own copies apart unread. */
export function originPrefix(origin: string): string {
  return `{"o":${JSON.stringify(origin)},`;
}

/** The event a message carries, or undefined for anything malformed (logged by the caller, never delivered). */
export function decodeEvent(text: string): ClusterEvent | undefined {
  let wire: Partial<WireEvent>;
  try {
    wire = JSON.parse(text) as Partial<WireEvent>;
  } catch {
    return undefined;
  }
  if (wire === null || typeof wire !== 'object') return undefined;
  const { s, e, q, t } = wire;
  const whole = (n: unknown, min: number): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= min;
  if (!whole(s, 0) || !whole(e, 1) || !whole(q, 1) || typeof t !== 'number' || !('p' in wire)) return undefined;
  return { shard: s, epoch: e, seq: q, at: t, payload: wire.p };
}
