/**
 * Cluster mode's read model (docs/adr/0065): every instance holds the whole state in memory and keeps it current
 * with the rows other instances commit. Replication is by committed rows, not by domain events:
 *
 * - The owner: as each group commit begins (the writer's `seal`, persistence/batchSeal.ts) the replicator reads the
 *   rows the commit writes to tables someone holds in memory (`ReplicaTable`, declared by modules), groups them with
 *   the domain events staged in that batch by shard, and stages ONE event per shard on the committed event stream
 *   (eventPublisher.ts): its history row goes into the same commit, so rows are published iff they committed, in
 *   commit order, with the shard's (epoch, seq). The epoch is the one the fence checks for that shard (the batch's
 *   `touchShard`, else `epochOf(shard)`, and then touched here so the fence checks it); a shard this instance does
 *   not hold fails the commit.
 * - Every instance: the subscriber (eventSubscriber.ts) hands each shard's events over once and in order; the
 *   replicator applies the rows through the replica tables (the row-to-memory code hydration uses; no action, no
 *   stage, no timer) and then gives the domain events to the local bus's live subscribers (graphql-ws, the console,
 *   notifications). Its own events are skipped: the owner's memory and bus already have them.
 *
 * Concurrency: one event loop. `seal` runs synchronously as a commit begins (one commit at a time, so in commit
 * order); `receive` runs synchronously per delivered event. Events delivered before `attach` (while the modules
 * load) wait in memory and are applied, in order, at `attach`: the subscriber reads the stream's heads before the
 * state is loaded, so nothing committed meanwhile is missed (a row applied twice is the same upsert).
 */
import { randomBytes } from 'node:crypto';
import type { DomainEvent } from '../events/domainEvents.js';
import type { EventBus } from '../events/eventBus.js';
import type { Logger } from '../log/logger.js';
import type { SealedBatch } from '../persistence/batchSeal.js';
import type { ReplicaTable, Row } from '../persistence/tableSpec.js';
import { clusterEventsTable } from './eventHistory.js';
import type { ClusterEventPublisher } from './eventPublisher.js';
import type { ClusterEvent } from './eventStream.js';
import { shardOf } from './shards.js';

/** One row on the wire: table, kind (`u` full row, `p` patch, `i` append, `d` delete), the row (a delete: its key). */
type WireRow = readonly [string, 'u' | 'p' | 'i' | 'd', Row];

/** What one shard's event carries for one commit: the writer's token, its rows, its domain events. */
export interface ReplicationPayload {
  readonly o: string;
  readonly r: readonly WireRow[];
  readonly v: readonly DomainEvent[];
}

export interface CommitReplicatorOptions {
  readonly publisher: ClusterEventPublisher;
  /** The cluster's shard count. */
  readonly shards: number;
  /**
   * The epoch at which this instance holds `shard` now, for a commit that writes it; undefined: not held (the
   * commit is refused). Cluster ownership's `ShardOwnership.epochOf`; a test with one writer answers a constant.
   */
  readonly epochOf: (shard: number) => number | undefined;
  /** The shards held now (`ShardOwnership.owned`): a carrier for rows of shards nobody routes to. @default none */
  readonly owned?: () => Iterable<number>;
  readonly logger: Logger;
  /** This process's token (the publisher writes it on the wire too). @default a random one */
  readonly token?: string;
}

export interface ReplicaAttachment {
  /** Every module's replica tables, by table name (composeModules.ts). */
  readonly replicas: ReadonlyMap<string, ReplicaTable>;
  /** The string a domain event's shard is hashed from (its entity's, as its module says); null: shard 0. */
  readonly eventShardKey: (event: DomainEvent) => string | null;
  /** The local bus the applied events go to (its live subscribers; staged handlers never run for them). */
  readonly bus: Pick<EventBus, 'publish'>;
}

export class CommitReplicator {
  /** Per process: an instance tells its own events from others' (and from its predecessor's). */
  readonly token: string;
  /** Counters since start (metrics, tests). */
  readonly stats = {
    sealed: 0,
    rowsSent: 0,
    eventsSent: 0,
    applied: 0,
    rowsApplied: 0,
    eventsApplied: 0,
    own: 0,
    failures: 0,
    localOnly: 0,
    carried: 0,
  };
  readonly #options: CommitReplicatorOptions;
  /** Domain events staged per open batch (by its identity), taken when it is sealed. */
  readonly #staged = new WeakMap<object, DomainEvent[]>();
  #attached: ReplicaAttachment | undefined;
  #early: ClusterEvent[] = [];

  constructor(options: CommitReplicatorOptions) {
    this.#options = options;
    this.token = options.token ?? randomBytes(8).toString('hex');
  }

  /**
   * The event bus every module uses, recording what is staged into each open batch (`openBatch`: the writer's
   * `openBatch`) so that it travels with that batch's rows. Everything else goes to `inner` unchanged.
   */
  bus(inner: EventBus, openBatch: () => object): EventBus {
    return {
      ...inner,
      stage: (event) => {
        inner.stage(event);
        const batch = openBatch();
        const events = this.#staged.get(batch);
        if (events) events.push(event);
        else this.#staged.set(batch, [event]);
      },
    };
  }

  /** The writer's `seal` (persistence/batchSeal.ts): stage each touched shard's event into the commit. */
  readonly seal = (batch: SealedBatch): void => {
    const attached = this.#attached;
    const perShard = new Map<number, { rows: WireRow[]; events: DomainEvent[] }>();
    const entry = (key: string | null) => {
      const shard = key === null ? 0 : shardOf(key, this.#options.shards);
      let found = perShard.get(shard);
      if (!found) perShard.set(shard, (found = { rows: [], events: [] }));
      return found;
    };
    if (attached) {
      for (const { table, kind, row } of batch.rows()) {
        const replica = attached.replicas.get(table.name);
        if (!replica) continue;
        const wire = kind === 'delete' ? 'd' : kind === 'insert' ? 'i' : table.mode === 'update' ? 'p' : 'u';
        const shardKind = wire === 'd' ? 'delete' : wire === 'i' ? 'insert' : wire === 'p' ? 'patch' : 'upsert';
        entry(replica.shardKey(row, shardKind)).rows.push([table.name, wire, row]);
      }
    }
    const events = this.#staged.get(batch.identity);
    if (events) {
      this.#staged.delete(batch.identity);
      const keyOf = attached?.eventShardKey ?? (() => null);
      for (const event of events) entry(keyOf(event)).events.push(event);
    }
    const { publisher, epochOf } = this.#options;
    const epochHere = (shard: number) => batch.shards?.get(shard) ?? epochOf(shard);
    // Rows of a shard not held here that no owner steps: a node of the hierarchy a push created, an agent, an SLA
    // group (their commands are not routed to an owner; the entities' are, so none of theirs arrive here). They
    // ride on a shard this commit holds, ahead of that shard's own rows (a node before the service under it), so
    // every instance still applies them, in this commit's order.
    const orphans: WireRow[] = [];
    for (const [shard, entry] of perShard) {
      if (entry.rows.length === 0 || epochHere(shard) !== undefined) continue;
      orphans.push(...entry.rows);
      entry.rows = [];
    }
    if (orphans.length > 0) {
      const carrier =
        [...perShard.keys()].find((shard) => epochHere(shard) !== undefined) ??
        [...(batch.shards?.keys() ?? [])][0] ??
        first(this.#options.owned?.() ?? []);
      if (carrier === undefined)
        throw new Error('replication: this instance holds no shard yet; a commit that writes rows is refused until it does');
      let found = perShard.get(carrier);
      if (!found) perShard.set(carrier, (found = { rows: [], events: [] }));
      found.rows = [...orphans, ...found.rows];
      this.stats.carried += orphans.length;
    }
    let sealed = false;
    for (const [shard, { rows, events: carried }] of perShard) {
      const epoch = epochHere(shard);
      if (epoch === undefined && rows.length === 0) {
        // Events alone (a sign-in's, say) of a shard held elsewhere: their subscribers here hear them; no other
        // instance does. Rows never take this way: memory elsewhere would miss them.
        this.stats.localOnly += carried.length;
        continue;
      }
      if (epoch === undefined)
        throw new Error(`replication: this instance does not hold shard ${shard}; a commit that writes its rows is refused`);
      if (batch.fenced) batch.touchShard(shard, epoch);
      const payload: ReplicationPayload = { o: this.token, r: rows, v: carried };
      const [event] = publisher.stageEvents(batch, shard, epoch, [payload]);
      // Lost connection mid-commit (commitOutcome.ts): the commit happened if and only if this history row is there.
      batch.confirmBy(
        async (knex) => (await knex(clusterEventsTable.name).where({ shard, epoch, seq: event!.seq }).first('seq')) !== undefined,
      );
      this.stats.rowsSent += rows.length;
      this.stats.eventsSent += carried.length;
      sealed = true;
    }
    if (sealed) this.stats.sealed += 1;
  };

  /** The replica tables are attached: delivered events are applied (before, they wait). */
  get attached(): boolean {
    return this.#attached !== undefined;
  }

  /** The modules are composed: apply what arrived meanwhile, then every event as it arrives. */
  attach(attachment: ReplicaAttachment): void {
    this.#attached = attachment;
    const early = this.#early;
    this.#early = [];
    for (const event of early) this.receive(event);
  }

  /** A committed event of the stream (eventSubscriber.ts `onEvent`), once and in order per shard. */
  readonly receive = (event: ClusterEvent): void => {
    const attached = this.#attached;
    if (!attached) {
      this.#early.push(event);
      return;
    }
    const payload = event.payload as Partial<ReplicationPayload> | null;
    if (payload === null || typeof payload !== 'object' || !Array.isArray(payload.r) || !Array.isArray(payload.v)) return;
    if (payload.o === this.token) {
      this.stats.own += 1;
      return;
    }
    this.stats.applied += 1;
    for (const [table, kind, row] of payload.r) {
      const replica = attached.replicas.get(table);
      if (!replica) continue;
      try {
        if (kind === 'd') replica.remove(row);
        else replica.apply(row, kind === 'p');
        this.stats.rowsApplied += 1;
      } catch (error) {
        // One bad row must not stop the stream; the state of that entity is stale until its next row.
        this.stats.failures += 1;
        this.#options.logger.error('cluster read model: a committed row could not be applied', { table, shard: event.shard, error });
      }
    }
    for (const domainEvent of payload.v) {
      this.stats.eventsApplied += 1;
      attached.bus.publish(domainEvent);
    }
  };
}

function first(values: Iterable<number>): number | undefined {
  for (const value of values) return value;
  return undefined;
}
