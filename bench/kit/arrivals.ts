/**
 * When each arrival of an open-model stream is due (seconds after the start): a steady rate, with
 * an optional linear ramp from 0 to the rate over the first `rampSeconds` (k6's ramping arrival
 * rate), or a burst. Pure: the engine asks for arrival i's time and sends it when that time comes,
 * measuring its latency from it (wrk2's intended send time).
 */
import type { Stream } from './operation.js';

/** Seconds after the start at which arrival `i` of a stream is due; Infinity when it has no arrival i. */
export function arrivalSeconds(stream: Stream, i: number, rampSeconds: number): number {
  if (stream.kind === 'burst') {
    if (i >= stream.count) return Number.POSITIVE_INFINITY;
    return stream.atSeconds + (stream.count <= 1 ? 0 : (i * stream.overSeconds) / stream.count);
  }
  const rate = stream.perSecond;
  if (!(rate > 0)) return Number.POSITIVE_INFINITY;
  if (rampSeconds <= 0) return i / rate;
  // During the ramp the arrivals so far are N(t) = rate * t^2 / (2 * ramp), so arrival i is due at sqrt(2 * ramp * i / rate).
  const duringRamp = (rate * rampSeconds) / 2;
  if (i < duringRamp) return Math.sqrt((2 * rampSeconds * i) / rate);
  return rampSeconds + (i - duringRamp) / rate;
}
