/**
 * Deliveries are background work: they use the event loop the requests leave. Every sample period
 * the pacer reads the loop's utilization (the share of time it was busy) and the request rate,
 * and sets how many attempts may start per second, additive increase and multiplicative decrease:
 *
 * - busy (utilization above `busyAbove` while requests arrive at `busyRequestsPerSecond` or more,
 *   say pushes at saturation): half the rate attempts started at in the last period, down to
 *   `minPerSecond`, so deliveries fall behind instead of taking request throughput; the backlog
 *   waits in the outbox and the queue. A loop busy with deliveries alone is not slowed down;
 * - otherwise, below `idleBelow` or without request load: double it, and above `maxPerSecond`
 *   lift the limit, so a quiet server drains a backlog at full speed within a second or so.
 *
 * `minPerSecond` keeps deliveries moving under any load; the attempt caps (in flight, per webhook)
 * apply as well. The rule is a pure function; the sampling timer is the only I/O. Measured
 * (bench/README.md, "Webhook benchmark"): without it, pushes that each owed a delivery ran at 0.39x
 * the push rate without webhooks at saturation and fell behind a paced 70 % load (p99 3.5 s);
 * with it 0.65-0.83x and 1.00x (p99 79-330 ms).
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

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
}

export interface LoadSample {
  /** Share of the period the event loop was busy, 0 to 1. */
  readonly utilization: number;
  readonly requestsPerSecond: number;
  /** Attempts started per second. */
  readonly startsPerSecond: number;
}

/** The next limit on attempts started per second (null: none) from the current one and the last period. */
export function nextRate(current: number | null, sample: LoadSample, limits: PacerLimits = {}): number | null {
  const min = limits.minPerSecond ?? 50;
  const max = limits.maxPerSecond ?? 20_000;
  const requestLoad = sample.requestsPerSecond >= (limits.busyRequestsPerSecond ?? 200);
  if (sample.utilization > (limits.busyAbove ?? 0.75) && requestLoad) return Math.max(min, Math.floor((current ?? sample.startsPerSecond) / 2));
  if (current !== null && (sample.utilization < (limits.idleBelow ?? 0.5) || !requestLoad)) return current * 2 > max ? null : current * 2;
  return current;
}

export interface Pacer {
  /** Attempts that may start now (Infinity without a limit); `spend` what was started. */
  available(): number;
  spend(count: number): void;
  /** Milliseconds until one more attempt may start under the limit. */
  waitMs(): number;
  stop(): void;
}

/** Samples the loop and `requests()` (a running count of requests received) every `periodMs`; `onChange` hears of a new limit. */
export function startPacer(limits: PacerLimits, requests: () => number, onChange: () => void, periodMs = 200): Pacer {
  let rate: number | null = null;
  let tokens = 0;
  let refilledAt = performance.now();
  let started = 0;
  let previous: EventLoopUtilization = performance.eventLoopUtilization();
  let previousRequests = requests();
  const refill = () => {
    const now = performance.now();
    // At most a tenth of a second's worth saved up: no burst after a quiet spell under load.
    if (rate !== null) tokens = Math.min(Math.max(1, rate / 10), tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
  };
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, previous).utilization;
    previous = now;
    const count = requests();
    const perSecond = 1000 / periodMs;
    const next = nextRate(rate, { utilization, requestsPerSecond: (count - previousRequests) * perSecond, startsPerSecond: started * perSecond }, limits);
    previousRequests = count;
    started = 0;
    if (next === rate) return;
    refill();
    rate = next;
    onChange();
  }, periodMs);
  timer.unref();
  return {
    available() {
      if (rate === null) return Infinity;
      refill();
      return Math.floor(tokens);
    },
    spend(count) {
      started += count;
      if (rate !== null) tokens -= count;
    },
    waitMs: () => (rate === null ? 0 : Math.max(1, Math.ceil(((1 - (tokens % 1)) * 1000) / rate))),
    stop: () => clearInterval(timer),
  };
}
