/**
 * `bench:cluster`'s floor of a full replica (docs/adr/0073): a process that does only what any follower must do with
 * the committed event stream, receive every event of every shard on core NATS and decode it (the product's own
 * `decodeEvent`), and nothing else: no position, no apply, no bus. Its CPU per push, measured beside the instances',
 * is what one more instance costs per push at the least, whatever the read model does with the events.
 *
 * Run as its own process by bench/cluster/instances.ts with the instances' NATS settings (SVC_CLUSTER_NATS_URL,
 * SVC_CLUSTER_NATS_USER, SVC_CLUSTER_NATS_PASSWORD, SVC_CLUSTER_NAME); prints `listening` once subscribed.
 */
import { connect } from '@nats-io/transport-node';
import { decodeEvent, eventsWildcard } from '../../src/platform/cluster/eventStream.js';
import { inboxPrefix } from '../../src/platform/cluster/permissions.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`the event listener needs ${name}`);
  return value;
};

const cluster = env('SVC_CLUSTER_NAME');
const nc = await connect({
  servers: env('SVC_CLUSTER_NATS_URL'),
  user: env('SVC_CLUSTER_NATS_USER'),
  pass: env('SVC_CLUSTER_NATS_PASSWORD'),
  inboxPrefix: inboxPrefix(cluster),
  noAsyncTraces: true,
});
let events = 0;
let malformed = 0;
nc.subscribe(eventsWildcard(cluster), {
  callback: (error, message) => {
    if (error) return;
    if (decodeEvent(message.string()) === undefined) malformed += 1;
    else events += 1;
  },
});
await nc.flush();
process.stdout.write('listening\n');
process.on('SIGTERM', () => {
  process.stdout.write(`events ${events}, not events (probes) ${malformed}\n`);
  void nc.close().then(() => process.exit(0));
});
