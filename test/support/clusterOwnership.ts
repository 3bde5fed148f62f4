/**
 * Ownership instances for the cluster tests: each on its own NATS connection (as separate processes would be),
 * with hooks that record what the reconciler asked of the host, and a way to await a condition that the hooks
 * make true (checked after every hook call, never by sleeping). `kill()` closes the connection without a
 * release or a leave: to NATS, a kill -9.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type ClusterBuckets, openClusterBuckets } from '../../src/platform/cluster/buckets.js';
import { ShardOwnership } from '../../src/platform/cluster/ownership.js';
import type { ShardDropReason, ShardOwnershipHooks } from '../../src/platform/cluster/ownershipHooks.js';
import type { LeaseTimings } from '../../src/platform/cluster/timings.js';
import { createLogger } from '../../src/platform/log/logger.js';
import { systemClock, type Clock } from '../../src/platform/scheduler/index.js';

export type HookEvent =
  | { readonly kind: 'acquire'; readonly shard: number; readonly epoch: number; readonly at: number }
  | { readonly kind: 'acquired'; readonly shard: number; readonly epoch: number; readonly at: number }
  | { readonly kind: 'acquireFailed'; readonly shard: number; readonly epoch: number; readonly at: number }
  | { readonly kind: 'beforeRelease'; readonly shard: number; readonly at: number }
  | { readonly kind: 'dropped'; readonly shard: number; readonly reason: ShardDropReason; readonly at: number };

/** Hook events of every instance of a test, and waiting on them. */
export class HookLog {
  readonly #waiters = new Set<() => void>();

  notify(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }

  /** Resolves once `condition` holds: checked now and after every hook call; fails after `timeoutMs` naming `what`. */
  until(condition: () => boolean, what: string | (() => string), timeoutMs = 10_000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!condition()) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`timed out waiting until ${typeof what === 'string' ? what : what()}`));
      }, timeoutMs);
      this.#waiters.add(check);
    });
  }
}

export interface TestInstanceOptions {
  readonly url: string;
  readonly cluster: string;
  readonly id: string;
  readonly shards: number;
  readonly timings: LeaseTimings;
  readonly log: HookLog;
  readonly clock?: Clock;
  /** The host's acquire: the default resolves at once. */
  readonly acquire?: (shard: number, epoch: number) => Promise<void>;
  readonly beforeRelease?: (shard: number) => Promise<void>;
  readonly handoffTimeoutMs?: number;
}

export interface TestInstance {
  readonly id: string;
  readonly nc: NatsConnection;
  /** The cluster's buckets on this instance's connection, to look at NATS directly. */
  readonly buckets: ClusterBuckets;
  readonly ownership: ShardOwnership;
  readonly events: HookEvent[];
  /** The hook events of one kind. */
  of<K extends HookEvent['kind']>(kind: K): Extract<HookEvent, { kind: K }>[];
  /** Closes the NATS connection abruptly: no release, no leave (the reconciler keeps running, cut off). */
  kill(): Promise<void>;
  /** Stops the reconciler (if it runs) and closes the connection. */
  close(): Promise<void>;
}

const silent = createLogger({ level: 'error', write: () => undefined });

export async function testInstance(options: TestInstanceOptions): Promise<TestInstance> {
  const nc = await connect({ servers: options.url });
  const buckets = await openClusterBuckets(nc, { name: options.cluster, shards: options.shards, timings: options.timings });
  const events: HookEvent[] = [];
  const record = (event: HookEvent, notifyLater = false): void => {
    events.push(event);
    if (notifyLater) setImmediate(() => options.log.notify());
    else options.log.notify();
  };
  const hooks: ShardOwnershipHooks = {
    async acquire(shard, epoch) {
      record({ kind: 'acquire', shard, epoch, at: performance.now() });
      try {
        await options.acquire?.(shard, epoch);
      } catch (error) {
        record({ kind: 'acquireFailed', shard, epoch, at: performance.now() });
        throw error;
      }
      // Conditions are checked once the reconciler's continuation has run (after every pending microtask), when
      // `owned()` shows the shard.
      record({ kind: 'acquired', shard, epoch, at: performance.now() }, true);
    },
    async beforeRelease(shard) {
      record({ kind: 'beforeRelease', shard, at: performance.now() });
      await options.beforeRelease?.(shard);
    },
    dropped(shard, reason) {
      record({ kind: 'dropped', shard, reason, at: performance.now() });
    },
  };
  const ownership = new ShardOwnership({
    buckets,
    instanceId: options.id,
    shards: options.shards,
    clock: options.clock ?? systemClock,
    timings: options.timings,
    logger: silent,
    hooks,
    ...(options.handoffTimeoutMs === undefined ? {} : { handoffTimeoutMs: options.handoffTimeoutMs }),
  });
  return {
    id: options.id,
    nc,
    buckets,
    ownership,
    events,
    of: <K extends HookEvent['kind']>(kind: K) => events.filter((event): event is Extract<HookEvent, { kind: K }> => event.kind === kind),
    async kill() {
      await nc.close();
    },
    async close() {
      await ownership.stop({ handoff: false });
      if (!nc.isClosed()) await nc.close();
    },
  };
}
