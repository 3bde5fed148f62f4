/**
 * "Who owns a shard may have changed": the signal a forward waiting for its shard's owner waits on instead of
 * polling (forwarder.ts). `ShardOwnership` emits it when the leases watch applies an entry (a take, a renewal
 * that changed the holder, a release), when the live members change, and when a tenure here is acquired or ends.
 * It names no shard: a listener reads `ownerOf` again and decides.
 *
 * Concurrency: one event loop; listeners are called synchronously, each failure logged and contained.
 */
import type { Logger } from '../log/logger.js';

export class RoutingChanges {
  readonly #listeners = new Set<() => void>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Calls `listener` at every change from now on; returns the unsubscribe. */
  on(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener();
      } catch (error) {
        this.#logger.error('cluster: a routing-change listener failed', { error: String(error) });
      }
    }
  }

  /** Listeners now (tests, metrics). */
  get size(): number {
    return this.#listeners.size;
  }
}
