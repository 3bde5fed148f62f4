/**
 * The event stream a Subscription resolver hands to graphql-ws: it never yields, because events
 * reach the client through the fan-out hub (one execution per group, uWS topics), not through
 * graphql-js executing per subscriber. graphql-ws keeps the stream in `ctx.subscriptions` and
 * calls `return()` when the client completes the subscription or the connection closes; that is
 * when the subscriber leaves. A class, not closures: one of these lives per open subscription, so
 * its size is the idle cost.
 *
 * `next()` answers a promise that nothing can settle. graphql-ws awaits it in a `for await` inside
 * its message handler; as nothing else references that promise, V8 collects the suspended
 * handler with everything it holds (the subscribe message and its query text, the execution
 * arguments and context, the emit closures, per subscriber) while the subscription
 * itself lives on in `ctx.subscriptions`. Nothing is lost with the handler: its remaining steps
 * would only send `complete`, which graphql-ws skips anyway once the client completed or the
 * socket closed, the only two ways a stream here ends. (It also keeps a stale handler from
 * deleting a newer subscription that reused the id.)
 */
const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });
const NEVER_SETTLES = (): void => {};

/** What ends when the stream ends: a hub membership, or a watch that also updates presence. */
export interface Leavable {
  leave(): void;
}

export class PendingStream implements AsyncIterableIterator<never> {
  private ended = false;

  constructor(private readonly subscription: Leavable) {}

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<never>> {
    if (this.ended) return Promise.resolve(DONE);
    return new Promise(NEVER_SETTLES);
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
  }
}

export function pendingStream(subscription: Leavable): AsyncIterableIterator<never> {
  return new PendingStream(subscription);
}
