/**
 * What a scenario asks the engine to send, and the streams of it: the kit's protocol between
 * scenarios (scenarios/*.ts) and the engine (engine.ts). An operation is one HTTP request with a
 * name (the row of the summary, the left side of a threshold like `push.p99<50ms`); a stream is an
 * arrival process of one kind of operation: a steady rate, or a burst of a set count at a set time.
 */

export interface Operation {
  /** The operation's name in the results (`push`, `heartbeat`, `ticket.create`). */
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** JSON text. */
  readonly body?: string;
  /** Besides Host, Content-Type and Content-Length: the API key or the bearer token. */
  readonly headers: Readonly<Record<string, string>>;
  /** A GraphQL request: a 200 whose body has `errors` counts as an error of each error's code. */
  readonly graphql?: boolean;
  /** Called with a 2xx answer (after it was counted), at `performance.now()` time `at`. */
  readonly onAnswer?: (body: Buffer, at: number) => void;
}

export interface RateStream {
  readonly kind: 'rate';
  /** Operations per second at full rate (after the ramp). */
  readonly perSecond: number;
  /** The i-th operation of this stream (i counts from 0). */
  next(i: number): Operation;
}

export interface BurstStream {
  readonly kind: 'burst';
  /** When the burst starts, in seconds after the load started. */
  readonly atSeconds: number;
  readonly count: number;
  /** The burst's operations are spread evenly over this long (0: all due at once). */
  readonly overSeconds: number;
  next(i: number): Operation;
}

export type Stream = RateStream | BurstStream;

/** The share of the traffic a stream has in the closed model (virtual users pick streams by it). */
export function streamWeight(stream: Stream, durationSeconds: number): number {
  return stream.kind === 'rate' ? stream.perSecond * durationSeconds : stream.count;
}
