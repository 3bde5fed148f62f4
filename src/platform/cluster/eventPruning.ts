/**
 * The event history's retention (docs/adr/0060): rows older than `retentionMs`, and rows beyond the newest
 * `maxPerShard` of a shard, are deleted; each shard's newest row always stays, so a subscriber that starts reads
 * where every shard is. The history only has to cover a subscriber's longest repairable outage (a reconnect, a
 * replay); an instance away longer reloads (the subscriber's `onLoss`).
 *
 * Who prunes: each instance prunes the shards it owns, every `intervalMs` (`EventPruner` with `owned` from
 * ShardOwnership), so every shard is pruned by one instance with no lease of its own; a shard that moved is
 * pruned by its new owner at its next round. One statement per round, over the owned shards only.
 */
import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';

export const EVENT_RETENTION_MS = 10 * 60_000;
export const EVENT_MAX_PER_SHARD = 20_000;
export const EVENT_PRUNE_INTERVAL_MS = 60_000;

export interface PruneOptions {
  /** Rows staged before this instant (epoch ms) go. */
  readonly before: number;
  /** At most this many rows stay per shard. */
  readonly maxPerShard: number;
  /** Only these shards. */
  readonly shards: readonly number[];
}

/** Deletes what the retention lets go of; returns the number of rows deleted. */
export async function pruneClusterEvents(knex: Knex, options: PruneOptions): Promise<number> {
  if (options.shards.length === 0) return 0;
  const result = await knex.raw(
    `delete from cluster_events c using (
       select shard, epoch, seq from (
         select shard, epoch, seq, at, row_number() over (partition by shard order by epoch desc, seq desc) as rank
         from cluster_events where shard in (select value::integer from json_array_elements_text(?::json))
       ) r where r.rank > 1 and (r.at < ?::timestamptz or r.rank > ?)
     ) d
     where c.shard = d.shard and c.epoch = d.epoch and c.seq = d.seq`,
    [JSON.stringify(options.shards), new Date(options.before).toISOString(), options.maxPerShard],
  );
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
  );
}

export interface EventPrunerOptions {
  readonly knex: Knex;
  readonly clock: Clock;
  readonly logger: Logger;
  /** The shards this instance owns now (ShardOwnership.owned). */
  readonly owned: () => Iterable<number>;
  /** @default EVENT_RETENTION_MS */
  readonly retentionMs?: number;
  /** @default EVENT_MAX_PER_SHARD */
  readonly maxPerShard?: number;
  /** @default EVENT_PRUNE_INTERVAL_MS */
  readonly intervalMs?: number;
}

/** Prunes the owned shards' history on a repeating timer; one round at a time. */
export class EventPruner {
  readonly #options: EventPrunerOptions;
  #timer: TimerHandle | undefined;
  #running: Promise<number> | undefined;

  constructor(options: EventPrunerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#timer = this.#options.clock.setRepeatingTimer(this.#options.intervalMs ?? EVENT_PRUNE_INTERVAL_MS, () => void this.prune());
  }

  async stop(): Promise<void> {
    this.#options.clock.clearTimer(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  /** One round now (the timer runs them); a round already running is not doubled. Resolves with the rows deleted. */
  prune(): Promise<number> {
    this.#running ??= pruneClusterEvents(this.#options.knex, {
      before: this.#options.clock.now() - (this.#options.retentionMs ?? EVENT_RETENTION_MS),
      maxPerShard: this.#options.maxPerShard ?? EVENT_MAX_PER_SHARD,
      shards: [...this.#options.owned()],
    })
      .catch((error: unknown) => {
        this.#options.logger.warn('cluster events: pruning the history failed; the next round tries again', { error });
        return 0;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }
}
