/**
 * Every instance's side of the event stream (eventStream.ts, docs/adr/0060): receives the events of every shard
 * on core NATS and hands each to `onEvent` once, in (epoch, seq) order per shard (no order across shards).
 *
 * Per shard it keeps a position (the last event delivered). An event right after it is delivered; one at or
 * before it is a duplicate (a replay's overlap, or an older epoch whose events a replay already gave) and is
 * dropped; anything else (a sequence that jumps, a new epoch: where the old one ended is unknown) starts a
 * replay of that shard from PostgreSQL (`(epoch, seq) > position`, eventReplay.ts), and the shard's events that
 * arrive meanwhile wait in a buffer until it is done. A reconnect of the NATS connection (messages may have been
 * lost while it was down) and a failing delivery probe (the subscription is re-made) replay every shard.
 *
 * Start: subscribe first, then read each shard's last event (the heads): events from there on are delivered, the
 * ones before are the state the instance loaded. Loss: an event older than the history's retention is gone
 * (pruned); when a replay shows one missing, `onLoss` says so (the host reloads that shard) and delivery goes on.
 * A buffered event that arrived before its replay's query began was committed before that query: a hole before
 * it that the replay did not fill is such a loss, not a reason to replay again, so replays always terminate.
 *
 * Concurrency: one event loop. NATS messages are handled synchronously in the subscription's callback; one replay
 * query runs at a time (the shards asked for meanwhile go in the next). Buffers are bounded: past `bufferLimit` a
 * shard's buffer is dropped and read back from the table by another replay (its events are committed there).
 */
import type { Knex } from 'knex';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { DeliveryProbe } from './eventProbe.js';
import { readAfter, readHeads } from './eventReplay.js';
import {
  type ClusterEvent,
  decodeEvent,
  eventsWildcard,
  isAfter,
  originPrefix,
  probeSubject,
  START,
  type StreamPosition,
} from './eventStream.js';

export interface EventSubscriberOptions {
  readonly nc: NatsConnection;
  readonly knex: Knex;
  readonly cluster: string;
  /** The cluster's shard count: shards 0 to count - 1. */
  readonly shards: number;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Each committed event once, in order per shard. A listener that throws is logged; delivery goes on. */
  readonly onEvent: (event: ClusterEvent) => void;
  /** Events between `after` and `next` of `shard` are gone from the history (pruned): reload the shard. */
  readonly onLoss?: (shard: number, after: StreamPosition, next: StreamPosition) => void;
  /** The delivery probe's timing (eventProbe.ts). */
  readonly probe?: { readonly intervalMs?: number; readonly withinMs?: number };
  /**
   * This instance's token as its publisher writes it (`originPrefix`): messages that begin with it are its own,
   * handed over in process by `own` when they were published, and skipped here unread.
   */
  readonly origin?: string;
  /** Rows per shard per replay query. @default 5000 */
  readonly replayLimit?: number;
  /** Events buffered per shard during a replay before the buffer is dropped (and read back). @default 10000 */
  readonly bufferLimit?: number;
  /** Wait before a failed replay query is tried again. @default 1000 */
  readonly retryMs?: number;
  /**
   * How often the shards' heads are read to find a lost tail: the last events of a shard whose messages were lost
   * (core NATS is at most once) with no later event to reveal the gap. @default 2000
   */
  readonly tailCheckMs?: number;
}

interface Buffered {
  readonly event: ClusterEvent;
  /** Arrived before the current replay's query was sent. */
  early: boolean;
}

interface ShardState {
  readonly shard: number;
  position: StreamPosition;
  replaying: boolean;
  buffer: Buffered[];
  overflowed: boolean;
}

export class ClusterEventSubscriber {
  readonly probe: DeliveryProbe;
  /** Counters since start (metrics, tests). */
  readonly stats = { delivered: 0, duplicates: 0, replays: 0, replayed: 0, lost: 0, malformed: 0, tailChecks: 0 };
  readonly #options: EventSubscriberOptions;
  readonly #states: ShardState[];
  readonly #pending = new Set<number>();
  #replayLoop: Promise<void> | undefined;
  #subscription: Subscription | undefined;
  #statuses: AsyncIterable<unknown> | undefined;
  #stopped = false;
  #tailCheck: TimerHandle | undefined;
  #checkingTail = false;
  /** The shards' heads at the last tail check. */
  #headsSeen = new Map<number, StreamPosition>();
  /** Ends the wait before a failed replay is tried again (at stop). */
  #wakeRetry: (() => void) | undefined;
  readonly #idle: (() => void)[] = [];
  readonly #ownPrefix: string | undefined;

  constructor(options: EventSubscriberOptions) {
    this.#options = options;
    this.#ownPrefix = options.origin === undefined ? undefined : originPrefix(options.origin);
    // Until the heads are read every shard waits (its events buffer), as in a replay.
    this.#states = Array.from({ length: options.shards }, (_, shard) => ({
      shard,
      position: START,
      replaying: true,
      buffer: [],
      overflowed: false,
    }));
    this.probe = new DeliveryProbe({ nc: options.nc, cluster: options.cluster, clock: options.clock, ...options.probe });
  }

  /** Subscribes, reads where each shard is, starts the probe. Rejects when the heads cannot be read. */
  async start(): Promise<void> {
    const { nc, knex } = this.#options;
    this.#subscribe();
    void this.#watchStatus();
    await nc.flush(); // the server has the subscription: nothing published from now on is missed unnoticed
    this.#markEarly(this.#states);
    const heads = await readHeads(knex);
    for (const state of this.#states) state.position = heads.get(state.shard) ?? START;
    for (const state of this.#states) this.#finishReplay(state);
    this.probe.onChange((ok) => {
      if (!ok && !this.#stopped) this.#resubscribe();
    });
    this.probe.start();
    this.#tailCheck = this.#options.clock.setRepeatingTimer(this.#options.tailCheckMs ?? 2000, () => void this.#checkTails());
  }

  /**
   * A lost tail is seen by no gap (nothing arrives after it), so the heads are compared with the positions now and
   * then: a shard still short of the head read at the check before is replayed. One indexed read of 'the last event
   * of each shard' per period; a lost tail is late by at most two periods and a replay.
   */
  async #checkTails(): Promise<void> {
    if (this.#stopped || this.#checkingTail) return;
    this.#checkingTail = true;
    try {
      // Behind a head read one check ago: an event still in flight is delivered well within a period, a lost one never.
      const seen = this.#headsSeen;
      const behind = this.#states.filter((state) => {
        const head = seen.get(state.shard);
        return !state.replaying && head !== undefined && isAfter(head, state.position);
      });
      if (behind.length > 0 && !this.#stopped) this.#requestReplay(behind.map((state) => state.shard));
      this.#headsSeen = await readHeads(this.#options.knex);
      this.stats.tailChecks++;
    } catch (error) {
      this.#options.logger.warn("cluster events: reading the shards' heads failed; trying again at the next check", { error });
    } finally {
      this.#checkingTail = false;
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#options.clock.clearTimer(this.#tailCheck);
    this.probe.stop();
    this.#subscription?.unsubscribe();
    (this.#statuses as { stop?: () => void } | undefined)?.stop?.();
    this.#wakeRetry?.();
    await this.#replayLoop;
  }

  /** Where `shard` is: the last event delivered. */
  position(shard: number): StreamPosition {
    return this.#states[shard]?.position ?? START;
  }

  /** Resolves once no replay is running or asked for (tests, shutdown). */
  idle(): Promise<void> {
    if (this.#replayLoop === undefined && this.#pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Replays every shard from its position (after a reconnect: what was published meanwhile was lost). */
  replayAll(): void {
    this.#requestReplay(this.#states.map((s) => s.shard));
  }

  /** Replays `shards` from their positions (a new owner catching up before it writes: its last message may be lost). */
  replay(shards: readonly number[]): void {
    this.#requestReplay(shards.filter((shard) => this.#states[shard] !== undefined));
  }

  /**
   * This instance's own committed events, as its publisher sends them (in commit order): delivered like any other,
   * without the round trip through NATS and the decoding; their NATS copies are skipped unread (`origin`).
   */
  own(events: readonly ClusterEvent[]): void {
    if (this.#stopped) return;
    for (const event of events) {
      const state = this.#states[event.shard];
      if (state === undefined) continue;
      if (state.replaying) this.#buffer(state, event);
      else this.#apply(state, event, false);
    }
  }

  #subscribe(): void {
    const { nc, cluster } = this.#options;
    const probe = probeSubject(cluster);
    this.#subscription = nc.subscribe(eventsWildcard(cluster), {
      callback: (error, message) => {
        if (error || this.#stopped) return;
        if (message.subject === probe) return this.probe.received(message.string());
        const text = message.string();
        if (this.#ownPrefix !== undefined && text.startsWith(this.#ownPrefix)) return;
        this.#receive(text);
      },
    });
  }

  /** The probe failed: the subscription may be wedged (the server dropped it): make a new one, replay all. */
  #resubscribe(): void {
    this.#options.logger.warn('cluster events: the delivery probe failed; subscribing again and replaying every shard');
    this.#subscription?.unsubscribe();
    this.#subscribe();
    void this.#options.nc
      .flush()
      .catch(() => undefined)
      .then(() => this.replayAll());
  }

  async #watchStatus(): Promise<void> {
    const { nc, logger } = this.#options;
    this.#statuses = nc.status();
    try {
      for await (const status of this.#statuses as AsyncIterable<{ type: string }>) {
        if (this.#stopped) break;
        if (status.type !== 'reconnect') continue;
        logger.info('cluster events: NATS reconnected; replaying every shard from PostgreSQL');
        // After the flush the server has our subscription again: a replay then misses nothing.
        await nc.flush().catch(() => undefined);
        this.replayAll();
      }
    } catch (error) {
      if (!this.#stopped) logger.warn('cluster events: the connection status watch ended', { error });
    }
  }

  #receive(text: string): void {
    const event = decodeEvent(text);
    const state = event === undefined ? undefined : this.#states[event.shard];
    if (event === undefined || state === undefined) {
      this.stats.malformed += 1;
      this.#options.logger.warn('cluster events: a message that is no event of this cluster was ignored');
      return;
    }
    if (state.replaying) this.#buffer(state, event);
    else this.#apply(state, event, false);
  }

  #buffer(state: ShardState, event: ClusterEvent): void {
    if (state.buffer.length >= (this.#options.bufferLimit ?? 10_000)) {
      // Committed, so in the table: another replay reads them back.
      state.buffer = [];
      state.overflowed = true;
    }
    if (!state.overflowed) state.buffer.push({ event, early: false });
  }

  /** A live (or buffered) event against the shard's position. */
  #apply(state: ShardState, event: ClusterEvent, early: boolean): void {
    const { position } = state;
    if (!isAfter(event, position)) {
      this.stats.duplicates += 1;
    } else if (event.epoch === position.epoch && event.seq === position.seq + 1) {
      this.#deliver(state, event);
    } else if (early) {
      // Committed before the replay's query, which did not return what lies between: it is gone.
      this.#lost(state, event);
      this.#deliver(state, event);
    } else {
      state.buffer.push({ event, early: false });
      this.#requestReplay([state.shard]);
    }
  }

  /** A replayed row: the table's order is the truth, holes in it are losses. */
  #applyReplayed(state: ShardState, event: ClusterEvent): void {
    const { position } = state;
    if (!isAfter(event, position)) {
      this.stats.duplicates += 1;
      return;
    }
    const next = event.epoch === position.epoch ? event.seq === position.seq + 1 : event.seq === 1;
    if (!next) this.#lost(state, event);
    this.stats.replayed += 1;
    this.#deliver(state, event);
  }

  #deliver(state: ShardState, event: ClusterEvent): void {
    state.position = { epoch: event.epoch, seq: event.seq };
    this.stats.delivered += 1;
    try {
      this.#options.onEvent(event);
    } catch (error) {
      this.#options.logger.error('cluster events: an event listener failed', { shard: event.shard, error });
    }
  }

  #lost(state: ShardState, next: StreamPosition): void {
    this.stats.lost += 1;
    const after = state.position;
    this.#options.logger.warn('cluster events: events missing from the history (pruned); the shard must be reloaded', {
      shard: state.shard,
      after,
      next: { epoch: next.epoch, seq: next.seq },
    });
    try {
      this.#options.onLoss?.(state.shard, after, { epoch: next.epoch, seq: next.seq });
    } catch (error) {
      this.#options.logger.error('cluster events: a loss listener failed', { shard: state.shard, error });
    }
  }

  #requestReplay(shards: readonly number[]): void {
    if (this.#stopped) return;
    for (const shard of shards) {
      this.#states[shard]!.replaying = true;
      this.#pending.add(shard);
    }
    this.#replayLoop ??= this.#runReplays().finally(() => {
      this.#replayLoop = undefined;
      if (this.#pending.size > 0 && !this.#stopped) this.#requestReplay([]);
      else for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  #markEarly(states: readonly ShardState[]): void {
    for (const state of states) for (const buffered of state.buffer) buffered.early = true;
  }

  async #runReplays(): Promise<void> {
    const limit = this.#options.replayLimit ?? 5_000;
    while (this.#pending.size > 0 && !this.#stopped) {
      const states = [...this.#pending].map((shard) => this.#states[shard]!);
      this.#pending.clear();
      for (const state of states) state.overflowed = false;
      this.#markEarly(states);
      this.stats.replays += 1;
      let rows: ClusterEvent[];
      try {
        rows = await readAfter(this.#options.knex, new Map(states.map((s) => [s.shard, s.position])), limit);
      } catch (error) {
        this.#options.logger.warn('cluster events: a replay from PostgreSQL failed; trying again', { error });
        for (const state of states) this.#pending.add(state.shard);
        await new Promise<void>((resolve) => {
          const timer = this.#options.clock.setTimer(this.#options.retryMs ?? 1_000, resolve);
          this.#wakeRetry = () => {
            this.#options.clock.clearTimer(timer);
            resolve();
          };
        });
        this.#wakeRetry = undefined;
        continue;
      }
      const counts = new Map<number, number>();
      for (const row of rows) {
        this.#applyReplayed(this.#states[row.shard]!, row);
        counts.set(row.shard, (counts.get(row.shard) ?? 0) + 1);
      }
      for (const state of states) {
        // A full page may have more behind it; an overflowed buffer lost events the table has.
        if ((counts.get(state.shard) ?? 0) >= limit || state.overflowed) this.#pending.add(state.shard);
        if (!this.#pending.has(state.shard)) this.#finishReplay(state);
      }
    }
  }

  /** The shard is caught up: deliver its buffer (which may ask for another replay, keeping the rest buffered). */
  #finishReplay(state: ShardState): void {
    state.replaying = false;
    const buffered = state.buffer;
    state.buffer = [];
    for (let i = 0; i < buffered.length; i++) {
      if (state.replaying) {
        state.buffer.push(...buffered.slice(i));
        return;
      }
      this.#apply(state, buffered[i]!.event, buffered[i]!.early);
    }
  }
}
