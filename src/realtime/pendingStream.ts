/**
 * The event stream a Subscription resolver hands to graphql-ws: it never yields, because events
 * reach the client through the fan-out hub (one execution per group, uWS topics), not through
 * graphql-js executing per subscriber. graphql-ws calls `return()` when the client completes the
 * subscription or the connection closes; that is when the subscriber leaves. A class, not
 * closures: one of these lives per open subscription, so its size is the idle cost.
 */
const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/** What ends when the stream ends: a hub membership, or a watch that also updates presence. */
export interface Leavable {
  leave(): void;
}

export class PendingStream implements AsyncIterableIterator<never> {
  private wake: ((result: IteratorResult<never>) => void) | undefined;
  private ended = false;

  constructor(private readonly subscription: Leavable) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<never>> {
    if (this.ended) return Promise.resolve(DONE);
    return new Promise((resolve) => (this.wake = resolve));
  }

  return(): Promise<IteratorResult<never>> {
    this.end();
    return Promise.resolve(DONE);
  }

  throw(): Promise<IteratorResult<never>> {
    this.end();
    return Promise.resolve(DONE);
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.subscription.leave();
    this.wake?.(DONE);
    this.wake = undefined;
  }
}

export function pendingStream(subscription: Leavable): AsyncIterableIterator<never> {
  return new PendingStream(subscription);
}
