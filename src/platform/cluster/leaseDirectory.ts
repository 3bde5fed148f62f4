/**
 * Who holds each shard's lease, as the leases bucket's watch last told: the routing table (a command for a
 * shard goes to its holder) read synchronously from memory. It lags NATS by one message, and an expiry by the
 * bucket's TTL sends no message, so an entry can name an owner that died: ownership.ts answers only holders that
 * are live members, and a forwarded command whose owner does not answer is retried (routing's concern).
 */
import type { KvEntry } from '@nats-io/kv';
import type { ShardHolder } from './leases.js';
import { leaseOf } from './records.js';

/** What one watch entry did to the table. */
export interface LeaseChange {
  readonly shard: number;
  /** The holder before the entry; undefined when the table had none. */
  readonly previous: ShardHolder | undefined;
  /** The holder after it; undefined when the lease was deleted (released or taken back). */
  readonly current: ShardHolder | undefined;
}

export class LeaseDirectory {
  readonly #shards: number;
  readonly #holders = new Map<number, ShardHolder>();

  constructor(shards: number) {
    this.#shards = shards;
  }

  /** The shard's holder as last seen; undefined when nobody holds it, or nothing was seen. */
  get(shard: number): ShardHolder | undefined {
    return this.#holders.get(shard);
  }

  /** Applies one entry of the leases bucket; undefined for a key that is not a shard of this cluster. */
  apply(entry: KvEntry): LeaseChange | undefined {
    const shard = Number(entry.key);
    if (!Number.isInteger(shard) || shard < 0 || shard >= this.#shards || String(shard) !== entry.key) return undefined;
    const previous = this.#holders.get(shard);
    const lease = leaseOf(entry);
    if (lease === undefined) {
      this.#holders.delete(shard);
      return { shard, previous, current: undefined };
    }
    const current: ShardHolder = { owner: lease.owner, epoch: lease.epoch };
    if (previous?.owner !== current.owner || previous.epoch !== current.epoch) this.#holders.set(shard, current);
    return { shard, previous, current: this.#holders.get(shard) };
  }
}
