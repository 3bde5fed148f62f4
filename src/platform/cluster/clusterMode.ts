/**
 * Cluster mode in the running server (docs/adr/0067, building ADR 0061): the composition the entry calls when
 * `SVC_CLUSTER_NATS_URL` is set, so app.ts stays a few lines. It connects to NATS, opens the buckets and builds
 * the ownership reconciler (ownership.ts) with the host's hooks; gives the writer its fence (a refused commit
 * drops the shard) and its routing (which shards are owned here, asked before every change); forwards a request
 * refused with `ShardElsewhereError` to the owner and answers those forwarded here (forwarder.ts,
 * forwardServer.ts); and reports readiness until this instance owns every shard placement gives it.
 *
 * Order (app.ts): `connectClusterMode` before the writer (it needs `fence` and `routing`); hydration (the modules
 * load the whole state: every instance holds the whole read model); `serve` once the gateway exists; `join` after
 * the server listens (take the shards: claim each epoch in PostgreSQL, then accept commands for it), readiness
 * failing until every desired shard is owned. Stop: `handOff` after the requests under way finished (each shard's
 * accepted commands committed, then its lease released so another instance takes it at once), then `close`.
 */
import type { ClusterEvent } from './eventStream.js';
import type { ReadModel, ReadModelOptions } from './readModel.js';
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Knex } from 'knex';
import type { ClusterConfig } from '../config/cluster.js';
import type { ShardElsewhereError } from '../errors/shardElsewhere.js';
import type { HttpApplication, Reply, RequestHead } from '../gateway/http.js';
import type { HealthCheck } from '../health/readiness.js';
import type { Logger } from '../log/logger.js';
import type { CommitFence } from '../persistence/batchFence.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import type { ShardRouting } from '../persistence/shardRouting.js';
import { systemClock, systemDeadlineClock } from '../scheduler/index.js';
import { type ClusterBuckets, openClusterBuckets } from './buckets.js';
import { claimShardEpoch } from './fence.js';
import { ForwardServer, NOT_MINE } from './forwardServer.js';
import { RequestForwarder } from './forwarder.js';
import { connectClusterNats } from './natsConnection.js';
import { ShardOwnership } from './ownership.js';
import { SharedStateSync } from './sharedStateSync.js';
import { shardOf } from './shards.js';
import { DEFAULT_LEASE_TIMINGS, type LeaseTimings } from './timings.js';

export interface ClusterModeOptions {
  readonly config: ClusterConfig;
  /** The shared PostgreSQL: the fence's epochs are claimed there. */
  readonly knex: Knex;
  readonly logger: Logger;
  /** @default DEFAULT_LEASE_TIMINGS (3 s TTL, renewed every second) */
  readonly timings?: LeaseTimings;
  /** How long a request waits for its shard's owner before 503. @default 5 s */
  readonly forwardDeadlineMs?: number;
}

/** How long a forwarded request waits here for a shard this instance is loading (the claim and the read model's catch-up). */
const ACQUIRE_WAIT_MS = 2_000;

/** Tries for an id in an owned shard: with one shard in 16 owned, 64 tries miss once in 60. */
const NEW_ID_TRIES = 64;

/** Connects to NATS and opens the cluster's buckets; nothing is joined or taken yet. */
export async function connectClusterMode(options: ClusterModeOptions): Promise<ClusterMode> {
  const nc = await connectClusterNats(options.config);
  try {
    const timings = options.timings ?? DEFAULT_LEASE_TIMINGS;
    const buckets = await openClusterBuckets(nc, {
      name: options.config.name,
      shards: options.config.shards,
      replicas: options.config.replicas,
      timings,
    });
    return new ClusterMode(options, nc, buckets, timings);
  } catch (error) {
    await nc.close().catch(() => undefined);
    throw error;
  }
}

export class ClusterMode {
  readonly instanceId: string;
  /** SVC_CLUSTER_NAME: the prefix of every subject and bucket of this cluster. */
  readonly name: string;
  /** JetStream replicas of the cluster's buckets (SVC_CLUSTER_NATS_REPLICAS). */
  readonly replicas: number;
  readonly nc: NatsConnection;
  readonly ownership: ShardOwnership;
  readonly forwarder: RequestForwarder;
  readonly forwardServer: ForwardServer;
  /** The writer's fence: PostgreSQL refused a commit's epoch, so another instance owns the shard: drop it at once. */
  readonly fence: CommitFence;
  /** The writer's routing: a change is admitted only for a shard owned here and not being handed off. */
  readonly routing: ShardRouting;
  /**
   * People, sessions, the licence and settings committed by any instance, applied here (sharedStateSync.ts,
   * docs/adr/0068): `begin` before the modules load, `seal` on the writer, `attach` their declarations after.
   */
  readonly sharedState: SharedStateSync;
  readonly #options: ClusterModeOptions;
  readonly #shards: number;
  /** Shards being handed off: new commands wait for the next owner, the accepted ones commit. */
  readonly #releasing = new Set<number>();
  readonly #takenListeners = new Set<(shard: number) => void>();
  #writer: BatchWriter | undefined;
  #edge: HttpApplication | undefined;
  #owner: HttpApplication | undefined;
  #joined = false;
  #readModel: ReadModel | undefined;
  /** Shards taken, handed off and dropped since start (metrics: clusterMetrics.ts). */
  readonly stats = { taken: 0, handedOff: 0, dropped: 0 };
  /** Told of each event another instance committed as it arrives here (the bus lag metric); set by the metrics. */
  onDelivered: ((event: ClusterEvent) => void) | undefined;

  constructor(options: ClusterModeOptions, nc: NatsConnection, buckets: ClusterBuckets, timings: LeaseTimings) {
    const { config, logger } = options;
    this.#options = options;
    this.instanceId = config.instanceId;
    this.name = config.name;
    this.replicas = config.replicas;
    this.nc = nc;
    this.#shards = config.shards;
    this.ownership = new ShardOwnership({
      buckets,
      instanceId: config.instanceId,
      shards: config.shards,
      // Real time: the rounds pace I/O, and the self-fence must follow the wall clock (docs/adr/0027).
      clock: systemClock,
      timings,
      logger,
      hooks: {
        acquire: (shard, epoch) => this.#acquire(shard, epoch),
        beforeRelease: (shard) => this.#beforeRelease(shard),
        dropped: (shard, reason) => {
          this.stats.dropped += 1;
          logger.info('cluster: dropped a shard', { shard, reason });
          // A tenure ended: the next one (here or elsewhere) has a new epoch and numbers its events from 1.
          this.#readModel?.publisher.forget(shard);
        },
      },
    });
    this.fence = {
      onFenced: (shards) => {
        for (const shard of shards) this.ownership.fenced(shard);
      },
    };
    this.routing = {
      shardOf: (key) => shardOf(key, this.#shards),
      epochOf: (shard) => (this.#releasing.has(shard) ? undefined : this.ownership.epochOf(shard)),
      onTaken: (listener) => {
        this.#takenListeners.add(listener);
        return () => this.#takenListeners.delete(listener);
      },
    };
    this.forwarder = new RequestForwarder({
      nc,
      cluster: config.name,
      ownerOf: (shard) => this.ownership.ownerOf(shard),
      clock: systemDeadlineClock,
      logger,
      onRoutingChange: (listener) => this.ownership.onRoutingChange(listener),
      ...(options.forwardDeadlineMs !== undefined ? { deadlineMs: options.forwardDeadlineMs } : {}),
    });
    this.forwardServer = new ForwardServer({ nc, cluster: config.name, instanceId: config.instanceId, logger });
    // Real time: its passes pace I/O (docs/adr/0027).
    this.sharedState = new SharedStateSync({ nc, cluster: config.name, knex: options.knex, clock: systemClock, logger });
  }

  /**
   * The product's `newId` in cluster mode: a random UUID in a shard this instance owns (a few tries: about one
   * in N is), so an entity sharded by its id (a ticket, a maintenance window) is created where it is asked for
   * instead of being refused and forwarded, and the owner, if it is forwarded, mints its own. Owning nothing
   * (joining), it gives the last try.
   */
  readonly newId = (): string => {
    let id = randomUUID();
    for (let tries = 1; tries < NEW_ID_TRIES && this.routing.epochOf(this.routing.shardOf(id)) === undefined; tries++) id = randomUUID();
    return id;
  };

  /** The edge application's `elsewhere`: forward to the owner (needs `serve` first, for the refusals' shape). */
  readonly elsewhere = (head: RequestHead, body: Buffer, error: ShardElsewhereError): Promise<Reply> => {
    const edge = this.#edge;
    if (edge === undefined) throw error;
    return this.forwarder.forward(head, body, error, (h, code, message, headers) => edge.refusal(h, code, message, headers));
  };

  /**
   * The owner application's `elsewhere`: a forwarded request whose shard is not (any longer) here: the edge retries.
   * A shard this instance has just taken and is loading (the edge saw its lease and sent the request at once) is
   * waited for, up to `ACQUIRE_WAIT_MS`, and the request run again once it is owned: no round trip to the edge and
   * no pause there.
   */
  readonly notMine = async (head: RequestHead, body: Buffer, error: ShardElsewhereError): Promise<Reply> => {
    const { shards } = error;
    if (!shards.some((shard) => this.ownership.acquiring(shard))) return NOT_MINE;
    const owned = await this.#whenOwned(shards, ACQUIRE_WAIT_MS);
    return owned ? this.forwardServer.replyHere(head, body) : NOT_MINE;
  };

  /** True once every shard is owned here (its commands admitted), false when one stops being taken here or after `ms`. */
  #whenOwned(shards: readonly number[], ms: number): Promise<boolean> {
    const outcome = (): boolean | undefined => {
      if (shards.every((shard) => this.routing.epochOf(shard) !== undefined)) return true;
      return shards.every((shard) => this.routing.epochOf(shard) !== undefined || this.ownership.acquiring(shard)) ? undefined : false;
    };
    const now = outcome();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<boolean>((resolve) => {
      const done = (value: boolean) => {
        systemDeadlineClock.clearTimer(timer);
        off();
        resolve(value);
      };
      const timer = systemDeadlineClock.setTimer(ms, () => done(false));
      const off = this.ownership.onRoutingChange(() => {
        const settled = outcome();
        if (settled !== undefined) done(settled);
      });
    });
  }

  /** Readiness: failing until every shard placement gives this instance is owned (after `join`). */
  readonly check: HealthCheck = () => {
    if (this.ownership.isReady)
      return { status: 'pass', componentType: 'component', observedValue: this.ownership.owned().size, observedUnit: 'shards' };
    const output = this.#joined
      ? `cluster: taking shards (${this.ownership.owned().size} of ${this.ownership.desired().size} owned)`
      : 'cluster: not joined yet';
    return { status: 'fail', componentType: 'component', output };
  };

  /** Starts answering forwarded requests with `owner` (an application whose `elsewhere` is `notMine`); `edge` shapes refusals. */
  serve(applications: { readonly edge: HttpApplication; readonly owner: HttpApplication }): void {
    this.#edge = applications.edge;
    this.#owner = applications.owner;
    this.forwardServer.serve(applications.owner);
  }

  /** The application forwarded requests run through (after `serve`). */
  get ownerApplication(): HttpApplication | undefined {
    return this.#owner;
  }

  /** Joins the members and takes this instance's shards (readiness turns green once all are owned). */
  async join(writer: BatchWriter): Promise<void> {
    this.#writer = writer;
    this.#joined = true;
    await this.ownership.start();
    void this.ownership.ready.then(
      () =>
        this.#options.logger.info('cluster: ready', {
          instance: this.instanceId,
          shards: this.ownership.owned().size,
          members: this.ownership.live.length,
        }),
      () => undefined,
    );
  }

  /** SIGTERM: leave the members and hand every shard over (accepted commands committed first). */
  async handOff(): Promise<void> {
    if (this.#joined) await this.ownership.stop({ handoff: true });
  }

  /** Stops answering forwarded requests and closes the NATS connection. Call `handOff` first. */
  async close(): Promise<void> {
    await this.ownership.stop({ handoff: false });
    await this.forwardServer.stop();
    await this.sharedState.stop();
    if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
  }

  /**
   * The read model this instance keeps (readModel.ts, docs/adr/0065), fed by the shards' owners: its options come from
   * the ownership, and a shard taken here is written only once the read model applied everything committed in it.
   */
  readModelOptions(): ReadModelOptions {
    return {
      nc: this.nc,
      cluster: this.#options.config.name,
      shards: this.#shards,
      epochOf: (shard) => this.ownership.epochOf(shard),
      owned: () => this.ownership.owned(),
      onDelivered: (event) => this.onDelivered?.(event),
    };
  }

  attachReadModel(readModel: ReadModel): void {
    this.#readModel = readModel;
  }

  async #acquire(shard: number, epoch: number): Promise<void> {
    const claim = await claimShardEpoch(this.#options.knex, shard, epoch, this.instanceId);
    if (!claim.claimed)
      throw new Error(`shard ${shard}: PostgreSQL holds epoch ${claim.holder.epoch} of ${claim.holder.owner}, not older than ${epoch}`);
    // The old owner can no longer commit (the fence); what it committed is applied here before this instance writes.
    await this.#readModel?.caughtUp(shard);
    // Likewise the shared state it committed (its open SLA incidents, active alerts, burn states, links waiting for a
    // recovery: docs/adr/0068), so this instance continues them instead of opening them again. One query, coalesced
    // over the shards taken together.
    await this.sharedState.catchUp([]);
    this.#releasing.delete(shard);
    this.stats.taken += 1;
    for (const listener of this.#takenListeners) {
      try {
        listener(shard);
      } catch (error) {
        this.#options.logger.error('cluster: a shard-taken listener failed', { shard, error: String(error) });
      }
    }
  }

  async #beforeRelease(shard: number): Promise<void> {
    // From here on new commands for the shard wait for its next owner; those accepted commit under the epoch.
    this.#releasing.add(shard);
    this.stats.handedOff += 1;
    await this.#writer?.flush();
  }
}
