/**
 * The delivery probe (docs/adr/0060): every `intervalMs` on the clock an instance publishes a probe to itself on
 * `<cluster>.events.probe`, which its event subscription receives like any shard's event. The check fails when
 * no probe of its own came back for `withinMs`: the bus stopped delivering to this instance (a wedged
 * subscription, a connection that looks alive and is not, a server that stopped), whatever the connection's own
 * state says. Probes of other instances arrive too and are ignored.
 */
import { randomBytes } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import type { CheckResult } from '../health/readiness.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { probeSubject } from './eventStream.js';

export interface DeliveryProbeOptions {
  readonly nc: NatsConnection;
  readonly cluster: string;
  readonly clock: Clock;
  /** @default 1000 */
  readonly intervalMs?: number;
  /** A probe not back within this fails the check. @default 5000 */
  readonly withinMs?: number;
}

export class DeliveryProbe {
  /** Unique per process: an instance's probes are told from another's (and from its predecessor's). */
  readonly #token = randomBytes(8).toString('hex');
  readonly #options: DeliveryProbeOptions;
  readonly #intervalMs: number;
  readonly #withinMs: number;
  #timer: TimerHandle | undefined;
  /** When the last own probe came back (the start counts as one: a grace of `withinMs`). */
  #lastBack = 0;
  #sent = 0;
  readonly #listeners = new Set<(ok: boolean) => void>();
  readonly #returnWaiters: (() => void)[] = [];
  #wasOk = true;

  constructor(options: DeliveryProbeOptions) {
    this.#options = options;
    this.#intervalMs = options.intervalMs ?? 1_000;
    this.#withinMs = options.withinMs ?? 5_000;
  }

  start(): void {
    this.#lastBack = this.#options.clock.now();
    this.#timer = this.#options.clock.setRepeatingTimer(this.#intervalMs, () => this.send());
  }

  stop(): void {
    this.#options.clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  /** Publishes one probe now (the timer does it every interval). */
  send(): void {
    this.#notify();
    this.#sent += 1;
    try {
      this.#options.nc.publish(probeSubject(this.#options.cluster), JSON.stringify({ probe: this.#token, n: this.#sent }));
    } catch {
      // A closed connection: the probe does not come back, and the check says so.
    }
  }

  /** A message of the probe subject arrived through the event subscription. */
  received(text: string): void {
    let probe: unknown;
    try {
      probe = (JSON.parse(text) as { probe?: unknown }).probe;
    } catch {
      return;
    }
    if (probe !== this.#token) return;
    this.#lastBack = this.#options.clock.now();
    this.#notify();
    for (const resolve of this.#returnWaiters.splice(0)) resolve();
  }

  /** Resolves when the next own probe comes back (tests; a host awaiting the bus at start). */
  nextReturn(): Promise<void> {
    return new Promise((resolve) => this.#returnWaiters.push(resolve));
  }

  get ok(): boolean {
    return this.#options.clock.now() - this.#lastBack <= this.#withinMs;
  }

  /** Called with the new state when it changes (observed at a send or a return). */
  onChange(listener: (ok: boolean) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** For readiness (`readiness.register('events', probe.check)`): from memory, no I/O. */
  readonly check = (): CheckResult => {
    const age = this.#options.clock.now() - this.#lastBack;
    return this.ok
      ? { status: 'pass', componentType: 'component', observedValue: age, observedUnit: 'ms' }
      : {
          status: 'fail',
          componentType: 'component',
          observedValue: age,
          observedUnit: 'ms',
          output: `the event bus delivered none of this instance's probes for ${age} ms (bound ${this.#withinMs} ms)`,
        };
  };

  #notify(): void {
    const ok = this.ok;
    if (ok === this.#wasOk) return;
    this.#wasOk = ok;
    for (const listener of this.#listeners) listener(ok);
  }
}
