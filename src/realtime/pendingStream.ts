/**
 * The event stream a Subscription resolver hands to graphql-ws: it never yields, because events
 * reach the client through the fan-out hub (one execution per group, uWS topics), not through
 * graphql-js executing per subscriber. graphql-ws calls `return()` when the client completes the
 * subscription or the connection closes; that is when the subscriber leaves.
 */
export function pendingStream(onEnd: () => void): AsyncIterableIterator<never> {
  let finish: (result: IteratorResult<never>) => void = () => undefined;
  const ended = new Promise<IteratorResult<never>>((resolve) => (finish = resolve));
  let done = false;
  const end = (): Promise<IteratorResult<never>> => {
    if (!done) {
      done = true;
      onEnd();
      finish({ done: true, value: undefined });
    }
    return Promise.resolve({ done: true, value: undefined });
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next: () => ended,
    return: end,
    throw: end,
  };
}
