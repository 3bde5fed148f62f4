/**
 * Cluster mode's read model, composed (docs/adr/0065): the event stream's publisher and subscriber, the commit
 * replicator between them and the writer, the owner's pruning of the history, and the readiness checks. The entry
 * (app.ts) starts it after the migrations and before the modules load, hands `seal` to the writer and wraps the bus
 * with `bus`, then `attach`es the modules' replica tables once they are composed.
 *
 * Nothing here runs in single-process mode: the entry starts it only when cluster mode gives it a NATS connection.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventBus } from '../events/eventBus.js';
import type { CheckResult, HealthCheck } from '../health/readiness.js';
import type { Logger } from '../log/logger.js';
import type { CommitSeal } from '../persistence/batchSeal.js';
import type { Clock } from '../scheduler/index.js';
import { ClusterEventPublisher } from './eventPublisher.js';
import { EventPruner } from './eventPruning.js';
import { readHead } from './eventReplay.js';
import { isAfter, type StreamPosition } from './eventStream.js';
import type { ClusterEvent } from './eventStream.js';
import { ClusterEventSubscriber } from './eventSubscriber.js';
import { CommitReplicator, type ReplicaAttachment } from './replication.js';

/** What cluster mode gives the read model (the seam with the ownership wiring: ADR 0065 "Joining the ownership"). */
export interface ReadModelOptions {
  readonly nc: NatsConnection;
  /** The cluster's name: the subject prefix (`SVC_CLUSTER_NAME`). */
  readonly cluster: string;
  readonly shards: number;
  /** The epoch this instance holds `shard` at, or undefined (`ShardOwnership.epochOf`; one writer in tests: a constant). */
  readonly epochOf: (shard: number) => number | undefined;
  /** The shards this instance owns now, whose history it prunes (`ShardOwnership.owned`). @default none */
  readonly owned?: () => Iterable<number>;
  /** The delivery probe's timing (eventProbe.ts). */
  readonly probe?: { readonly intervalMs?: number; readonly withinMs?: number };
  /** Each event from another instance as it is delivered here, before it is applied (the bus lag metric). */
  readonly onDelivered?: (event: ClusterEvent) => void;
}

export interface ReadModel {
  /** The writer's `seal` option. */
  readonly seal: CommitSeal;
  /** The bus every module uses: `inner` with the staged events recorded per open batch. */
  bus(inner: EventBus, openBatch: () => object): EventBus;
  /** The modules are composed: their replica tables start receiving rows (those that arrived meanwhile first). */
  attach(attachment: ReplicaAttachment): void;
  /** Readiness checks by name: the delivery probe, and the read model's completeness. */
  readonly checks: ReadonlyMap<string, HealthCheck>;
  readonly replicator: CommitReplicator;
  readonly subscriber: ClusterEventSubscriber;
  readonly publisher: ClusterEventPublisher;
  /**
   * Resolves once this instance applied every event of `shard` committed so far (its history's head when asked),
   * replaying from PostgreSQL what NATS did not bring. A new owner calls it after claiming the shard's epoch (the fence
   * then refuses the old owner's commits) and before it writes the shard: its memory is then the committed state.
   * Rejects after `withinMs` (default 5 s) without getting there.
   */
  caughtUp(shard: number, withinMs?: number): Promise<void>;
  /** Start pruning (once the server serves). */
  start(): void;
  stop(): Promise<void>;
}

export async function startReadModel(
  options: ReadModelOptions,
  platform: { readonly knex: Knex; readonly clock: Clock; readonly logger: Logger },
): Promise<ReadModel> {
  const { nc, cluster, shards } = options;
  const { knex, clock, logger } = platform;
  // One token per process: in each replicated payload (`o`) and first on the wire, where this instance's subscriber
  // skips its own messages unread; the publisher hands them to it in process instead (docs/adr/0073).
  const token = randomBytes(8).toString('hex');
  const publisher = new ClusterEventPublisher({
    nc,
    cluster,
    clock,
    logger,
    origin: token,
    onPublished: (events) => subscriber.own(events),
  });
  const replicator = new CommitReplicator({
    token,
    publisher,
    shards,
    epochOf: options.epochOf,
    ...(options.owned ? { owned: options.owned } : {}),
    logger,
  });
  const losses = new Map<number, { after: StreamPosition; next: StreamPosition }>();
  const subscriber = new ClusterEventSubscriber({
    nc,
    knex,
    cluster,
    shards,
    clock,
    logger,
    origin: token,
    onEvent: options.onDelivered
      ? (event) => {
          if ((event.payload as { o?: unknown } | null)?.o !== token) options.onDelivered!(event);
          return replicator.receive(event);
        }
      : replicator.receive,
    // Rows this instance never applied are gone from the history: its memory of that shard is stale until it loads
    // again. Readiness says so (a restart reloads everything); the other shards go on.
    onLoss: (shard, after, next) => void losses.set(shard, { after, next }),
    ...(options.probe ? { probe: options.probe } : {}),
  });
  const pruner = options.owned ? new EventPruner({ knex, clock, logger, owned: options.owned }) : undefined;
  await subscriber.start();
  const complete = (): CheckResult =>
    losses.size === 0
      ? { status: 'pass', componentType: 'component' }
      : {
          status: 'fail',
          componentType: 'component',
          observedValue: losses.size,
          output: `the event history was pruned past this instance's position in shard(s) ${[...losses.keys()].join(', ')}: restart the instance to load their state again`,
        };
  return {
    seal: replicator.seal,
    bus: (inner, openBatch) => replicator.bus(inner, openBatch),
    attach: (attachment) => replicator.attach(attachment),
    checks: new Map<string, HealthCheck>([
      ['events', subscriber.probe.check],
      ['readModel', complete],
    ]),
    replicator,
    subscriber,
    publisher,
    async caughtUp(shard, withinMs = 5_000) {
      const head = await readHead(knex, shard);
      const deadline = clock.now() + withinMs;
      while (head !== undefined && (isAfter(head, subscriber.position(shard)) || !replicator.attached)) {
        if (clock.now() > deadline)
          throw new Error(`cluster read model: shard ${shard} is not caught up with its history within ${withinMs} ms`);
        subscriber.replay([shard]);
        await subscriber.idle();
        // Not yet attached (the modules are loading), or a replay that failed and waits to retry: look again shortly.
        if (isAfter(head, subscriber.position(shard)) || !replicator.attached)
          await new Promise<void>((resolve) => clock.setTimer(20, resolve));
      }
    },
    start: () => pruner?.start(),
    async stop() {
      await pruner?.stop();
      await subscriber.stop();
    },
  };
}
