/**
 * Which instances' viewers and locks count: every instance says "alive" on core NATS every second
 * (`<cluster>.presence.alive`), and each receiver declares an instance dead when it has heard nothing from it for
 * three seconds, on its own clock. An instance that stops gracefully says "leaving" and is dead at once.
 *
 * Instances are told apart by incarnation (a random id per process): a restarted instance under the same
 * SVC_INSTANCE_ID is a new incarnation, and its predecessor's entries are dead ones.
 *
 * Why heartbeats and not a KV bucket with a TTL: NATS 2.9 sends no watch event when a TTL removes a key
 * (src/platform/cluster/bucketWatch.ts), so a receiver would have to poll the bucket anyway; heartbeats cost one
 * small message per instance per second, expire on the receiver's injected clock (tests move a manual one), and a
 * lost heartbeat is made good by the next (three are missed before a death). Core NATS is at most once: that is
 * why one lost message is not a death.
 *
 * Conservative where it matters: an incarnation this receiver has never heard is alive until the receiver has
 * listened for the whole expiry (a lock is never taken from a live holder because the taker just started).
 */
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from '../../platform/log/logger.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';

/** How often an instance says it is alive. */
export const HEARTBEAT_INTERVAL_MS = 1_000;
/** Silence after which a receiver counts an instance dead: three heartbeats missed. */
export const LIVENESS_EXPIRY_MS = 3_000;

export interface LivenessOptions {
  readonly nc: NatsConnection;
  /** The cluster's name: the subject's prefix. */
  readonly cluster: string;
  readonly instanceId: string;
  readonly incarnation: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly heartbeatIntervalMs?: number;
  readonly expiryMs?: number;
}

interface Heard {
  readonly instanceId: string;
  lastHeard: number;
  timer: TimerHandle | undefined;
}

interface Beat {
  readonly instanceId: string;
  readonly incarnation: string;
  readonly leaving?: boolean;
}

export function livenessSubject(cluster: string): string {
  return `${cluster}.presence.alive`;
}

export class InstanceLiveness {
  readonly #options: LivenessOptions;
  readonly #interval: number;
  readonly #expiry: number;
  readonly #heard = new Map<string, Heard>();
  readonly #dead = new Set<string>();
  readonly #deathListeners = new Set<(incarnation: string) => void>();
  readonly #listeningSince: number;
  #subscription: Subscription | undefined;
  #beat: TimerHandle | undefined;
  #settled: TimerHandle | undefined;

  constructor(options: LivenessOptions) {
    this.#options = options;
    this.#interval = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.#expiry = options.expiryMs ?? LIVENESS_EXPIRY_MS;
    this.#listeningSince = options.clock.now();
  }

  /** Listens and starts saying "alive"; `onSettled` runs once the expiry has passed since (unheard incarnations are dead then). */
  start(onSettled: () => void): void {
    const { nc, cluster, clock } = this.#options;
    this.#subscription = nc.subscribe(livenessSubject(cluster), {
      callback: (error, message) => {
        if (error) return;
        const beat = parseBeat(message.data);
        if (beat !== undefined) this.#hear(beat);
      },
    });
    this.#send(false);
    this.#beat = clock.setRepeatingTimer(this.#interval, () => this.#send(false));
    this.#settled = clock.setTimer(this.#expiry, onSettled);
  }

  /** Says "leaving" and stops; every timer cleared. */
  stop(): void {
    const { clock } = this.#options;
    if (this.#subscription !== undefined) this.#send(true);
    clock.clearTimer(this.#beat);
    clock.clearTimer(this.#settled);
    for (const heard of this.#heard.values()) clock.clearTimer(heard.timer);
    this.#subscription?.unsubscribe();
    this.#subscription = undefined;
  }

  /** Calls `listener` with an incarnation when it is found dead; returns the unsubscribe. */
  onDeath(listener: (incarnation: string) => void): () => void {
    this.#deathListeners.add(listener);
    return () => this.#deathListeners.delete(listener);
  }

  /** Whether entries written by this incarnation count now. */
  isAlive(incarnation: string): boolean {
    if (incarnation === this.#options.incarnation) return true;
    if (this.#heard.has(incarnation)) return true;
    if (this.#dead.has(incarnation)) return false;
    // Never heard: alive until this receiver has listened for a whole expiry.
    return this.#options.clock.now() < this.#listeningSince + this.#expiry;
  }

  #hear(beat: Beat): void {
    if (beat.incarnation === this.#options.incarnation) return;
    const { clock } = this.#options;
    if (beat.leaving) {
      this.#die(beat.incarnation);
      return;
    }
    let heard = this.#heard.get(beat.incarnation);
    if (heard === undefined) {
      heard = { instanceId: beat.instanceId, lastHeard: clock.now(), timer: undefined };
      this.#heard.set(beat.incarnation, heard);
      // Heard again after a death (a partition healed): its entries count again; it republishes them itself.
      this.#dead.delete(beat.incarnation);
    }
    heard.lastHeard = clock.now();
    clock.clearTimer(heard.timer);
    const entry = heard;
    heard.timer = clock.setTimer(this.#expiry, () => {
      if (this.#heard.get(beat.incarnation) === entry) this.#die(beat.incarnation);
    });
  }

  #die(incarnation: string): void {
    const heard = this.#heard.get(incarnation);
    this.#options.clock.clearTimer(heard?.timer);
    this.#heard.delete(incarnation);
    if (this.#dead.has(incarnation)) return;
    this.#dead.add(incarnation);
    this.#options.logger.info('realtime: an instance stopped answering; its viewers and locks are dropped', {
      instanceId: heard?.instanceId,
      incarnation,
    });
    for (const listener of this.#deathListeners) {
      try {
        listener(incarnation);
      } catch (error) {
        this.#options.logger.error('realtime: a liveness listener failed', { error: String(error) });
      }
    }
  }

  #send(leaving: boolean): void {
    const { nc, cluster, instanceId, incarnation } = this.#options;
    if (nc.isClosed()) return;
    try {
      nc.publish(livenessSubject(cluster), JSON.stringify({ instanceId, incarnation, ...(leaving ? { leaving: true } : {}) }));
    } catch (error) {
      // Disconnected: the client buffers while it reconnects; a closed one throws. The next beat tries again.
      this.#options.logger.warn('realtime: could not send the liveness heartbeat', { error: String(error) });
    }
  }
}

function parseBeat(data: Uint8Array): Beat | undefined {
  try {
    const value = JSON.parse(new TextDecoder().decode(data)) as Partial<Beat>;
    if (typeof value.instanceId !== 'string' || typeof value.incarnation !== 'string') return undefined;
    return { instanceId: value.instanceId, incarnation: value.incarnation, ...(value.leaving === true ? { leaving: true } : {}) };
  } catch {
    return undefined;
  }
}
