/**
 * Deliveries are background work: they use the event loop the requests leave. Every sample period
 * the pacer reads the loop's utilization (the share of time it was busy) and the request rate,
 * and sets how many attempts may start per second: down to the floor at once, up by doubling.
 *
 * - busy (utilization above `busyAbove`, or a commit in flight for more than `commitBusyAbove` of
 *   the period, while requests arrive at `busyRequestsPerSecond` or more, say pushes at
 *   saturation): `minPerSecond` at once, so deliveries fall behind instead of taking request
 *   throughput; the backlog waits in the outbox and the queue. A loop busy with deliveries alone
 *   is not slowed down;
 * - a burst of requests while the batch writer is busy brakes to `minPerSecond` at once,
 *   between samples (`shouldBrake`);
 * - otherwise, with the loop below `idleBelow` and the commit path below `commitIdleBelow`, or
 *   without request load: double it, and above `maxPerSecond` lift the limit, so a quiet server
 *   drains a backlog at full speed within a second or so.
 *
 * Why the commit path: with PostgreSQL on the same machine a push spends most of its time waiting
 * for its group commit, so at saturation the loop is far from busy while commits run back to back,
 * and every attempt adds an execution row and a state row to those commits. Why at once: a limit
 * lifted between bursts meets the next burst at full speed, and halving (or quartering) takes too
 * long to come down, letting most of a saturation round's attempts through at its start
 * (bench/README.md, webhooks).
 *
 * `minPerSecond` keeps deliveries moving under any load; the attempt caps (in flight, per webhook)
 * apply as well. The rule is a pure function; the sampling timer is the only I/O, on real time (it
 * measures the machine: a manual product clock in tests must not stop or drive it). Without it,
 * pushes that each owed a delivery ran far below the push rate without webhooks at saturation and
 * fell behind a paced load that the server otherwise keeps up with (bench/README.md, webhooks, has
 * the runs with and without it).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { systemClock, type Clock } from '../../platform/scheduler/index.js';

export interface PacerLimits {
  /** @default 50 */
  readonly minPerSecond?: number;
  /** Above this the limit is lifted. @default 20000 */
  readonly maxPerSecond?: number;
  /** @default 0.75 */
  readonly busyAbove?: number;
  /** @default 0.5 */
  readonly idleBelow?: number;
  /** Requests per second that count as request load. @default 200 */
  readonly busyRequestsPerSecond?: number;
  /** Share of the period a commit was in flight above which the commit path counts as busy. @default 0.85 */
  readonly commitBusyAbove?: number;
  /** ... and below which it counts as idle. @default 0.6 */
  readonly commitIdleBelow?: number;
  /** Requests under way at once (with the writer busy) that brake deliveries to the floor before the next sample. @default 8 */
  readonly brakeInFlight?: number;
}

export interface LoadSample {
  /** Share of the period the event loop was busy, 0 to 1. */
  readonly utilization: number;
  readonly requestsPerSecond: number;
  /** Attempts started per second. */
  readonly startsPerSecond: number;
  /** Share of the period the batch writer had a commit in flight, 0 to 1 (0 when not measured). */
  readonly commitBusy?: number;
}

/** The next limit on attempts started per second (null: none) from the current one and the last period. */
export function nextRate(current: number | null, sample: LoadSample, limits: PacerLimits = {}): number | null {
  const min = limits.minPerSecond ?? 50;
  const max = limits.maxPerSecond ?? 20_000;
  const requestLoad = sample.requestsPerSecond >= (limits.busyRequestsPerSecond ?? 200);
  const commitBusy = sample.commitBusy ?? 0;
  const busy = sample.utilization > (limits.busyAbove ?? 0.75) || commitBusy > (limits.commitBusyAbove ?? 0.85);
  if (busy && requestLoad) return min;
  const idle = sample.utilization < (limits.idleBelow ?? 0.5) && commitBusy < (limits.commitIdleBelow ?? 0.6);
  if (current !== null && (idle || !requestLoad)) return current * 2 > max ? null : current * 2;
  return current;
}

/**
 * The brake: a burst of requests (at least `brakeInFlight` under way while the batch writer is
 * busy: a commit in flight or changes waiting for the next) drops the limit to the floor at once,
 * when the dispatcher next looks, instead of at the next sample. Without it, load arriving after a
 * quiet spell meets an unlimited rate for up to a period, and a backlog goes out at full speed at
 * the start of every saturation round. Many slow requests on an idle machine do not
 * brake: the writer has nothing to do then.
 *
 * Why "busy" and not "a commit in flight": the dispatcher mostly looks from an after-commit effect
 * (deliveries just committed), which runs between two commits. There, "in flight" was always false,
 * and the brake never fired at saturation (attempts far above the floor, nearly all in each
 * round's first period).
 */
export function shouldBrake(rate: number | null, requestsInFlight: number, writerBusy: boolean, limits: PacerLimits = {}): boolean {
  return writerBusy && requestsInFlight >= (limits.brakeInFlight ?? 8) && (rate === null || rate > (limits.minPerSecond ?? 50));
}

export interface Pacer {
  /** Attempts that may start now (Infinity without a limit); `spend` what was started. */
  available(): number;
  spend(count: number): void;
  /** Milliseconds until one more attempt may start under the limit. */
  waitMs(): number;
  stop(): void;
}

/** What the pacer samples besides the event loop: running totals since start. */
export interface LoadSources {
  /** Requests received. */
  readonly requests: () => number;
  /** Milliseconds a commit was in flight. */
  readonly commitBusyMs?: () => number;
  /** Requests under way now, and whether the batch writer is busy now (the brake). */
  readonly requestsInFlight?: () => number;
  readonly writerBusy?: () => boolean;
}

export interface PacerTiming {
  /** Real time for the sampling timer. @default systemClock */
  readonly timers?: Clock;
  /** @default 200 */
  readonly periodMs?: number;
}

/** Samples the loop and the load sources every `periodMs`; `onChange` hears of a new limit. */
export function startPacer(limits: PacerLimits, sources: LoadSources, onChange: () => void, timing: PacerTiming = {}): Pacer {
  const timers = timing.timers ?? systemClock;
  const periodMs = timing.periodMs ?? 200;
  const { requests, commitBusyMs, requestsInFlight, writerBusy } = sources;
  let rate: number | null = null;
  let tokens = 0;
  let refilledAt = performance.now();
  let started = 0;
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  let previousRequests = requests();
  let previousBusyMs = commitBusyMs?.() ?? 0;
  const refill = () => {
    const now = performance.now();
    // At most a tenth of a second's worth saved up: no burst after a quiet spell under load.
    if (rate !== null) tokens = Math.min(Math.max(1, rate / 10), tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
  };
  const timer = timers.setRepeatingTimer(periodMs, () => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
    const count = requests();
    const perSecond = 1000 / periodMs;
    const busyMs = commitBusyMs?.() ?? 0;
    const commitBusy = Math.min(1, (busyMs - previousBusyMs) / periodMs);
    previousBusyMs = busyMs;
    const next = nextRate(
      rate,
      { utilization, requestsPerSecond: (count - previousRequests) * perSecond, startsPerSecond: started * perSecond, commitBusy },
      limits,
    );
    previousRequests = count;
    started = 0;
    if (next === rate) return;
    refill();
    rate = next;
    onChange();
  });
  return {
    available() {
      if (requestsInFlight && writerBusy && shouldBrake(rate, requestsInFlight(), writerBusy(), limits)) {
        rate = limits.minPerSecond ?? 50;
        tokens = 0;
        refilledAt = performance.now();
        return 0;
      }
      if (rate === null) return Infinity;
      refill();
      return Math.floor(tokens);
    },
    spend(count) {
      started += count;
      if (rate !== null) tokens -= count;
    },
    waitMs: () => (rate === null ? 0 : Math.max(1, Math.ceil(((1 - (tokens % 1)) * 1000) / rate))),
    stop: () => timers.clearTimer(timer),
  };
}
