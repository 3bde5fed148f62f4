/**
 * Cluster mode's metrics (issue 30 item 1, "when clustered": shards owned, forwards, handoffs and bus lag), read at
 * scrape time from the counts the parts keep anyway (the forwarder's, the forward server's, the ownership's, the
 * event subscriber's and the replicator's `stats`), except the bus lag, observed as each event from another instance
 * arrives. Declared only in cluster mode: a single process exposes none of them. No label grows with the fleet.
 */
import type { MetricDeclaration } from '../metrics/metricDeclaration.js';
import type { MetricsRegistry } from '../metrics/metricsRegistry.js';
import type { ClusterMode } from './clusterMode.js';
import type { ReadModel } from './readModel.js';
import { systemClock } from '../scheduler/index.js';

/** Event lag buckets: a millisecond to ten seconds (a replay after a reconnect is seconds). */
const LAG_BUCKETS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const CLUSTER_METRICS: readonly MetricDeclaration[] = [
  { name: 'svc_cluster_shards_owned', kind: 'gauge', help: 'Shards this instance owns now' },
  { name: 'svc_cluster_members', kind: 'gauge', help: 'Live instances of the cluster as this one sees them' },
  {
    name: 'svc_cluster_shard_changes_total',
    kind: 'counter',
    help: 'Shards taken here, handed off by a graceful release, or dropped (lease lost, fenced, released)',
    labels: { change: ['taken', 'handed_off', 'dropped'] },
  },
  {
    name: 'svc_cluster_forwards_total',
    kind: 'counter',
    help: "Requests this instance sent to their entity's owner, by how they ended",
    labels: { outcome: ['relayed', 'timed_out', 'split'] },
  },
  { name: 'svc_cluster_forward_retries_total', kind: 'counter', help: 'Forward attempts repeated while a shard moved' },
  {
    name: 'svc_cluster_forward_resends_total',
    kind: 'counter',
    help: 'Forwarded requests sent again, with the same idempotency key, to a new owner while the first had not answered',
  },
  {
    name: 'svc_cluster_forwarded_in_total',
    kind: 'counter',
    help: 'Requests other instances forwarded here, by outcome (not_mine: the shard had moved on)',
    labels: { outcome: ['answered', 'not_mine', 'malformed'] },
  },
  {
    name: 'svc_cluster_events_total',
    kind: 'counter',
    help: 'Committed events of other instances delivered here, and those replayed from PostgreSQL after a gap',
    labels: { how: ['delivered', 'replayed'] },
  },
  { name: 'svc_cluster_event_replays_total', kind: 'counter', help: 'Replays from PostgreSQL (a gap, a reconnect, a failed probe)' },
  { name: 'svc_cluster_replication_failures_total', kind: 'counter', help: "Rows of other instances' commits that failed to apply here" },
  {
    name: 'svc_cluster_event_lag_seconds',
    kind: 'histogram',
    help: "Seconds from another instance's commit of an event to its arrival here (instances' clocks must agree)",
    buckets: LAG_BUCKETS,
  },
];

export function instrumentCluster(metrics: MetricsRegistry, cluster: ClusterMode, readModel: ReadModel | undefined): void {
  metrics.declare(CLUSTER_METRICS, 'cluster');
  metrics.collect('svc_cluster_shards_owned', () => cluster.ownership.owned().size);
  metrics.collect('svc_cluster_members', () => cluster.ownership.live.length);
  metrics.collect('svc_cluster_shard_changes_total', () => [
    { labels: { change: 'taken' }, value: cluster.stats.taken },
    { labels: { change: 'handed_off' }, value: cluster.stats.handedOff },
    { labels: { change: 'dropped' }, value: cluster.stats.dropped },
  ]);
  const forwards = cluster.forwarder.stats;
  metrics.collect('svc_cluster_forwards_total', () => [
    { labels: { outcome: 'relayed' }, value: forwards.relayed },
    { labels: { outcome: 'timed_out' }, value: forwards.timedOut },
    { labels: { outcome: 'split' }, value: forwards.split },
  ]);
  metrics.collect('svc_cluster_forward_retries_total', () => forwards.retries);
  metrics.collect('svc_cluster_forward_resends_total', () => forwards.resent);
  const incoming = cluster.forwardServer.stats;
  metrics.collect('svc_cluster_forwarded_in_total', () => [
    { labels: { outcome: 'answered' }, value: incoming.answered },
    { labels: { outcome: 'not_mine' }, value: incoming.notMine },
    { labels: { outcome: 'malformed' }, value: incoming.malformed },
  ]);
  if (readModel === undefined) return;
  const events = readModel.subscriber.stats;
  metrics.collect('svc_cluster_events_total', () => [
    { labels: { how: 'delivered' }, value: events.delivered },
    { labels: { how: 'replayed' }, value: events.replayed },
  ]);
  metrics.collect('svc_cluster_event_replays_total', () => events.replays);
  metrics.collect('svc_cluster_replication_failures_total', () => readModel.replicator.stats.failures);
  const lag = metrics.histogram('svc_cluster_event_lag_seconds');
  cluster.onDelivered = (event) => lag.observe(Math.max(0, systemClock.now() - event.at) / 1000);
}
