/**
 * Latency from the publish stamps (server process) and the receipt times (load clients), all
 * CLOCK_MONOTONIC nanoseconds on one machine. Every (subscriber, event) pair is one sample; none is
 * sampled away.
 */
import { percentile } from '../lib/loadRun.js';

export interface Distribution {
  readonly samples: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
}

export function distribution(values: Float64Array): Distribution {
  const sorted = values.sort();
  return {
    samples: sorted.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    p999Ms: percentile(sorted, 0.999),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

export interface ClientReceipts {
  readonly connections: number;
  /** connections x events, receipt ns or 0 when the frame never came. */
  readonly receipts: Float64Array;
}

export interface LatencyFigures {
  /** Every delivered frame: receipt - publish stamp. */
  readonly perFrame: Distribution;
  /** Per event: the last subscriber's receipt - publish stamp (how long one fan-out takes to finish). */
  readonly lastPerEvent: Distribution;
  /** Per event: publish stamp - the time the bench meant to publish it (queueing before the publish). */
  readonly publishLag: Distribution;
  readonly delivered: number;
  readonly missing: number;
  /** First due time to the last receipt, seconds. */
  readonly spanSeconds: number;
  readonly firstMissing: string[];
}

/**
 * `stamps[j]` / `dues[j]`: publish stamp and due time of the j-th measured event (ns; NaN when the
 * server never published it).
 */
export function latencyFigures(clients: readonly ClientReceipts[], stamps: Float64Array, dues: Float64Array): LatencyFigures {
  const events = stamps.length;
  const total = clients.reduce((n, c) => n + c.connections, 0) * events;
  const perFrame = new Float64Array(total);
  const lastReceipt = new Float64Array(events);
  let n = 0;
  let missing = 0;
  const firstMissing: string[] = [];
  clients.forEach((client, clientIndex) => {
    for (let c = 0; c < client.connections; c += 1) {
      for (let j = 0; j < events; j += 1) {
        const receipt = client.receipts[c * events + j] ?? 0;
        if (receipt === 0 || Number.isNaN(stamps[j]!)) {
          missing += 1;
          if (firstMissing.length < 5) firstMissing.push(`client ${clientIndex} connection ${c} event ${j}`);
          continue;
        }
        perFrame[n++] = (receipt - stamps[j]!) / 1e6;
        if (receipt > lastReceipt[j]!) lastReceipt[j] = receipt;
      }
    }
  });
  const last: number[] = [];
  const lag: number[] = [];
  let maxReceipt = 0;
  for (let j = 0; j < events; j += 1) {
    if (lastReceipt[j]! > 0 && !Number.isNaN(stamps[j]!)) last.push((lastReceipt[j]! - stamps[j]!) / 1e6);
    if (!Number.isNaN(stamps[j]!)) lag.push((stamps[j]! - dues[j]!) / 1e6);
    if (lastReceipt[j]! > maxReceipt) maxReceipt = lastReceipt[j]!;
  }
  return {
    perFrame: distribution(perFrame.subarray(0, n)),
    lastPerEvent: distribution(Float64Array.from(last)),
    publishLag: distribution(Float64Array.from(lag)),
    delivered: n,
    missing,
    spanSeconds: events > 0 && maxReceipt > 0 ? (maxReceipt - dues[0]!) / 1e9 : Number.NaN,
    firstMissing,
  };
}
