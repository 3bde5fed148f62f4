/**
 * The lease timings (docs/adr/0054 "Timings"). NATS 2.9 has only a bucket-wide TTL (JetStream `max_age`) and no
 * watch event when it removes a key, so a dead owner's lease is freed by the TTL after its last write, and the
 * others find that out by trying (`create` every renew interval). After a kill -9:
 *
 *     lease freed  <= last renewal + ttl + the server's expiry lag (about 0.1 s)    <= 3.1 s
 *     noticed      <= the next membership poll and the next try to take            <= 2 x renewInterval = 2 s
 *     taken        <= about 5.1 s after the kill: within the 6 s the cluster promises
 *
 * An owner self-fences: a lease counts as held only until (when its last successful write was SENT) + ttl -
 * safetyMargin on the owner's own clock. The server stamps the write when it arrives, after it was sent, and
 * removes it no earlier than ttl later, so the owner stops strictly before anyone else can take the shard; the
 * margin covers the owner's event-loop lag between checking `held` and acting on it. With the defaults the owner
 * keeps a shard through one lost renewal (valid 2.5 s after a renewal is sent, renewals every 1 s).
 */

export interface LeaseTimings {
  /** The buckets' TTL: a lease or a member not written for this long is gone. */
  readonly ttlMs: number;
  /** How often an owner renews its leases and an instance its membership (and looks for free shards). */
  readonly renewIntervalMs: number;
  /** How long before the TTL could free a lease its owner stops counting it as held. */
  readonly safetyMarginMs: number;
}

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { ttlMs: 3_000, renewIntervalMs: 1_000, safetyMarginMs: 500 };

/** How long a write sent at `sentAt` keeps a lease valid for its owner: the self-fence deadline. */
export function validUntil(sentAt: number, timings: LeaseTimings): number {
  return sentAt + timings.ttlMs - timings.safetyMarginMs;
}

/**
 * Refuses timings that cannot work: a lease must survive one lost renewal (two renew intervals fit before the
 * self-fence deadline), and the margin must be positive. Throws a RangeError naming the rule.
 */
export function checkLeaseTimings(timings: LeaseTimings): LeaseTimings {
  const { ttlMs, renewIntervalMs, safetyMarginMs } = timings;
  for (const [name, value] of Object.entries(timings)) {
    if (!Number.isInteger(value) || value <= 0)
      throw new RangeError(`lease timings: ${name} must be a whole number of ms above 0, not ${value}`);
  }
  if (2 * renewIntervalMs > ttlMs - safetyMarginMs) {
    throw new RangeError(
      `lease timings: two renew intervals (${2 * renewIntervalMs} ms) must fit in ttl - safety margin (${ttlMs - safetyMarginMs} ms), so one lost renewal does not drop every shard`,
    );
  }
  return timings;
}
