/**
 * The cluster's two KV buckets, named under its prefix so that clusters can share one NATS (`<name>_leases`,
 * `<name>_members`; JetStream streams `KV_<name>_leases`, `KV_<name>_members`): one key per shard holding its
 * lease, one key per live instance. Both have history 1 (only the latest write matters), file storage (so that
 * revisions, the shards' epochs, survive a NATS restart and only ever grow) and the lease TTL.
 *
 * The first instance creates them; the others open them and check that they agree: the TTL (the self-fence
 * arithmetic depends on it) and the shard count (written in the leases bucket's description at creation). An
 * instance that disagrees refuses to start rather than fence by the wrong numbers.
 */
import { jetstream } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { LeaseTimings } from './timings.js';

export interface ClusterBuckets {
  readonly leases: KV;
  readonly members: KV;
}

export interface ClusterBucketOptions {
  /** The cluster's name (SVC_CLUSTER_NAME): the prefix of its buckets. */
  readonly name: string;
  readonly shards: number;
  /** JetStream replicas (1, 3 or 5). @default 1 */
  readonly replicas?: number;
  readonly timings: LeaseTimings;
}

/** The buckets' names for a cluster name. */
export function bucketNames(cluster: string): { readonly leases: string; readonly members: string } {
  return { leases: `${cluster}_leases`, members: `${cluster}_members` };
}

/**
 * The buckets of presence and edit locks (the realtime plugin's NATS store: src/plugins/realtime/natsPresenceStore.ts),
 * named here beside the others so that the permissions an instance needs (permissions.ts) list every bucket.
 */
export function presenceBucketNames(cluster: string): { readonly viewers: string; readonly locks: string } {
  return { viewers: `${cluster}_viewers`, locks: `${cluster}_locks` };
}

/** A lease or membership record is a few dozen bytes; anything larger is a bug or someone else's write. */
const MAX_VALUE_BYTES = 1_024;

export async function openClusterBuckets(nc: NatsConnection, options: ClusterBucketOptions): Promise<ClusterBuckets> {
  // A lease or heartbeat answered later than ttl - margin is worth nothing (the lease it renews has lapsed), and an
  // operation sent into a dropped connection would otherwise hold the next round up for JetStream's default 5 s: after
  // NATS comes back, renewals, heartbeats and takes start again within this bound.
  const kvm = new Kvm(jetstream(nc, { timeout: options.timings.ttlMs - options.timings.safetyMarginMs }));
  const names = bucketNames(options.name);
  const common = { ttl: options.timings.ttlMs, history: 1, replicas: options.replicas ?? 1, maxValueSize: MAX_VALUE_BYTES };
  const leases = await kvm.create(names.leases, {
    ...common,
    description: `shard leases of cluster ${options.name}; shards=${options.shards}`,
  });
  const members = await kvm.create(names.members, { ...common, description: `live instances of cluster ${options.name}` });

  let leasesDescription = '';
  for (const [bucket, kv] of [
    [names.leases, leases],
    [names.members, members],
  ] as const) {
    const status = await kv.status();
    if (kv === leases) leasesDescription = status.description ?? '';
    if (status.ttl !== options.timings.ttlMs) {
      throw new Error(
        `cluster ${options.name}: the NATS bucket ${bucket} has a TTL of ${status.ttl} ms, this instance expects ${options.timings.ttlMs} ms; every instance must run with the same lease timings (delete the bucket when no instance runs to change them)`,
      );
    }
  }
  const shards = /shards=(\d+)/.exec(leasesDescription)?.[1];
  if (shards === undefined) {
    throw new Error(
      `cluster ${options.name}: the NATS bucket ${names.leases} was not made by this product (it names no shard count); choose another SVC_CLUSTER_NAME`,
    );
  }
  if (Number(shards) !== options.shards) {
    throw new Error(
      `cluster ${options.name} has ${shards} shards (NATS bucket ${names.leases}), this instance is configured with ${options.shards} (SVC_CLUSTER_SHARDS): every instance of a cluster must use the same count`,
    );
  }
  return { leases, members };
}
