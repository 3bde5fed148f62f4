/**
 * What the HTTP edge answered, by route template, method and status class, with latency buckets: plain
 * numbers kept on the request's path (a map lookup and a few array increments), read by the metrics
 * when scraped (src/platform/metrics/httpMetrics.ts). The gateway knows nothing of the metrics.
 *
 * Bounded by construction: a route's label is its template (`/api/v1/tickets/{ticketId}/attachments`,
 * never the path asked for), a request no route takes is `unmatched`, and a method outside the HTTP
 * verbs is `other`. So the tallies grow with the routes the product declares, never with traffic.
 */

/** Upper bounds of the latency buckets, in seconds (the last bucket is everything above). */
export const REQUEST_SECONDS_BUCKETS: readonly number[] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Status classes in tally order: index `floor(status / 100) - 1`. */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The route label of a request no route takes. */
export const UNMATCHED_ROUTE = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SLOTS = REQUEST_SECONDS_BUCKETS.length + 1;

/** One (route, method): per status class, answers, their summed seconds, and answers per latency bucket. */
export class RouteTally {
  readonly counts = new Float64Array(STATUS_CLASSES.length);
  readonly seconds = new Float64Array(STATUS_CLASSES.length);
  /** `SLOTS` per status class, not cumulative; the last slot of each is above every bound. */
  readonly buckets = new Float64Array(STATUS_CLASSES.length * SLOTS);

  constructor(
    readonly route: string,
    readonly method: string,
  ) {}

  record(status: number, seconds: number): void {
    const klass = Math.min(4, Math.max(0, Math.floor(status / 100) - 1));
    this.counts[klass]! += 1;
    this.seconds[klass]! += seconds;
    let slot = 0;
    while (slot < REQUEST_SECONDS_BUCKETS.length && seconds > REQUEST_SECONDS_BUCKETS[slot]!) slot += 1;
    this.buckets[klass * SLOTS + slot]! += 1;
  }

  /** The non-cumulative bucket counts of one status class. */
  bucketsOf(klass: number): Float64Array {
    return this.buckets.subarray(klass * SLOTS, (klass + 1) * SLOTS);
  }
}

/** The part of a route the tally is keyed by. */
interface RouteKey {
  readonly method: string;
  readonly path: string;
}

export class RequestStats {
  private readonly byRoute = new Map<RouteKey, RouteTally>();
  private readonly unmatched = new Map<string, RouteTally>();

  /** One answer: `route` is the route that took the request, undefined when none did (404, 405, a refusal at the edge). */
  record(route: RouteKey | undefined, method: string, status: number, seconds: number): void {
    let tally: RouteTally | undefined;
    if (route !== undefined) {
      tally = this.byRoute.get(route);
      if (tally === undefined) this.byRoute.set(route, (tally = new RouteTally(route.path, route.method)));
    } else {
      const verb = METHODS.has(method) ? method : 'other';
      tally = this.unmatched.get(verb);
      if (tally === undefined) this.unmatched.set(verb, (tally = new RouteTally(UNMATCHED_ROUTE, verb)));
    }
    tally.record(status, seconds);
  }

  /** Every (route, method) answered at least once. */
  *tallies(): IterableIterator<RouteTally> {
    yield* this.byRoute.values();
    yield* this.unmatched.values();
  }
}
