/**
 * The owner's side of the event stream (eventStream.ts): events are staged into the open group commit with the
 * next sequences of their (shard, epoch), as rows of `cluster_events`, and published on `<cluster>.events.<shard>`
 * once that commit succeeded. Publishing runs in the writer's after-commit effects, which run in commit order,
 * so a shard's events leave in sequence order.
 *
 * Sequences: per shard, for its current epoch, from 1. A commit that fails rolls its rows back, and the batch
 * queued behind it too (batchWriter.ts); the rollback hook sets the next sequence back to the last committed
 * one + 1, so the committed sequence of a tenure has no holes. A new epoch (a new tenure) starts again at 1; an
 * older epoch than the shard's current one is refused (a stale owner: the fence refuses its commit anyway).
 *
 * Concurrency: one event loop; `stageEvents` is synchronous, like every stage. Call it in the same synchronous
 * turn as the change's own rows (and the shard's `touchShard` when the fence is on), so they share a batch.
 */
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../log/logger.js';
import type { Clock } from '../scheduler/index.js';
import type { Row, TableSpec } from '../persistence/tableSpec.js';
import type { StageHooks } from '../persistence/batchWriter.js';
import { clusterEventsTable } from './eventHistory.js';
import { type ClusterEvent, encodeEvent, eventSubject } from './eventStream.js';

/** The part of the batch writer staging needs. */
export interface EventStager {
  insert(table: TableSpec, row: Row): void;
  track(hooks: StageHooks): void;
  afterCommit(effect: () => void): void;
}

export interface EventPublisherOptions {
  readonly nc: NatsConnection;
  readonly cluster: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This instance's token, written first in every message (`originPrefix`), so its own subscriber skips them unread. */
  readonly origin?: string;
  /** Each batch of committed events as it is published, in commit order (this instance's own subscriber). */
  readonly onPublished?: (events: readonly ClusterEvent[]) => void;
}

interface Sequence {
  readonly epoch: number;
  /** The next sequence to stage. */
  next: number;
  /** The last sequence whose commit succeeded. */
  committed: number;
}

export class ClusterEventPublisher {
  readonly #options: EventPublisherOptions;
  readonly #sequences = new Map<number, Sequence>();
  /** Events published since start (metrics, tests). */
  published = 0;

  constructor(options: EventPublisherOptions) {
    this.#options = options;
  }

  /**
   * Stages `payloads` (JSON values, in order) as the next events of `shard` at `epoch` into the writer's open batch,
   * and publishes them after that batch commits. Returns the events as they will be published (their sequences).
   */
  stageEvents(writer: EventStager, shard: number, epoch: number, payloads: readonly unknown[]): ClusterEvent[] {
    if (payloads.length === 0) return [];
    let sequence = this.#sequences.get(shard);
    if (sequence === undefined || sequence.epoch < epoch) {
      sequence = { epoch, next: 1, committed: 0 };
      this.#sequences.set(shard, sequence);
    } else if (epoch < sequence.epoch) {
      throw new Error(`cluster events: shard ${shard} is at epoch ${sequence.epoch}; refusing events of the older epoch ${epoch}`);
    }
    const at = this.#options.clock.now();
    const stamp = new Date(at).toISOString();
    const events = payloads.map((payload, i): ClusterEvent => ({ shard, epoch, seq: sequence.next + i, at, payload }));
    sequence.next += events.length;
    for (const event of events) {
      writer.insert(clusterEventsTable, { shard, epoch, seq: event.seq, at: stamp, payload: event.payload });
    }
    const last = sequence.next - 1;
    const state = sequence;
    writer.track({
      onCommit: () => {
        if (last > state.committed) state.committed = last;
      },
      // This batch and every one staged after it failed: nothing past the last commit exists.
      onRollback: () => {
        state.next = state.committed + 1;
      },
    });
    writer.afterCommit(() => this.publish(events));
    return events;
  }

  /** Publishes committed events (in order) on their shard's subject. Core NATS: lost messages are replayed by subscribers. */
  publish(events: readonly ClusterEvent[]): void {
    const { nc, cluster, logger, origin, onPublished } = this.#options;
    // Committed: this instance's own subscriber has them now, whatever NATS does with them.
    onPublished?.(events);
    for (const event of events) {
      try {
        nc.publish(eventSubject(cluster, event.shard), encodeEvent(event, origin));
        this.published += 1;
      } catch (error) {
        // A closed connection: the event is committed, subscribers replay it from the table.
        logger.warn('cluster events: a committed event was not published; subscribers replay it', { shard: event.shard, error });
      }
    }
  }

  /** The tenure of `shard` ended: forget its sequence (a new tenure has a new epoch and starts at 1). */
  forget(shard: number): void {
    this.#sequences.delete(shard);
  }
}
