/**
 * The NATS permissions an instance of a cluster needs, and nothing more: its buckets' JetStream API calls (leases,
 * members, and presence's viewers and locks), writes to their keys, replies to its own inbox prefix (`_INBOX_<name>`,
 * natsConnection.ts: subscribed for its own requests' answers, published to for the answers of requests forwarded to
 * it) and the subjects under the cluster's prefix (`<name>.>`: `<name>.forward.<instance>` for command forwarding,
 * `<name>.events.<shard>` for events, `<name>.presence.alive` for presence heartbeats, `<name>.shared` for the shared
 * state's pokes: table names only, docs/adr/0068). Give each cluster its own NATS user
 * with these; another cluster's user, or any other client without them, can neither read nor write its leases
 * (tested in test/unit/platform/cluster/natsConnection.test.ts against a server configured with them).
 *
 * `$JS.API.STREAM.CREATE.*` is needed only by the instance that creates the buckets (the first to start);
 * an operator who creates them ahead (`nats kv add`, with the TTL and description of buckets.ts) may leave it out.
 */
import { bucketNames, presenceBucketNames } from './buckets.js';

export interface NatsPermissions {
  readonly publish: readonly string[];
  readonly subscribe: readonly string[];
}

export function clusterNatsPermissions(cluster: string): NatsPermissions {
  const buckets = bucketNames(cluster);
  const presence = presenceBucketNames(cluster);
  const perBucket = [buckets.leases, buckets.members, presence.viewers, presence.locks].flatMap((bucket) => {
    const stream = `KV_${bucket}`;
    return [
      `$JS.API.STREAM.INFO.${stream}`,
      `$JS.API.STREAM.CREATE.${stream}`,
      // Reads of one key (the buckets allow direct gets).
      `$JS.API.DIRECT.GET.${stream}.>`,
      // Watching the bucket (ownership.ts) runs an ordered consumer: created, asked for, deleted and re-created
      // after a gap, and its flow-control requests answered.
      `$JS.API.CONSUMER.CREATE.${stream}.>`,
      `$JS.API.CONSUMER.INFO.${stream}.>`,
      `$JS.API.CONSUMER.DELETE.${stream}.>`,
      `$JS.FC.${stream}.>`,
      // Writes: create, update, delete of a key.
      `$KV.${bucket}.>`,
    ];
  });
  return {
    // $JS.API.INFO: the client checks JetStream is there before it opens a bucket.
    // The inbox prefix: answers to forwarded requests (forwardServer.ts) go to the asking instance's inbox.
    publish: ['$JS.API.INFO', ...perBucket, `${cluster}.>`, `${inboxPrefix(cluster)}.>`],
    subscribe: [`${inboxPrefix(cluster)}.>`, `${cluster}.>`],
  };
}

/** The prefix of the cluster's reply subjects, so that no other user's subscription can read its replies. */
export function inboxPrefix(cluster: string): string {
  return `_INBOX_${cluster}`;
}
