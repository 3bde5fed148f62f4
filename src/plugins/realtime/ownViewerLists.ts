/**
 * This instance's viewer lists in `<cluster>_viewers` (natsPresenceStore.ts): one key per entity it has viewers on,
 * written when the list changes, deleted when it empties. Only this instance writes these keys, so plain puts do,
 * as long as each key's writes stay in order: they are written one round at a time, each round the latest list of
 * every entity marked since the last (a burst of changes to one entity is one write).
 */
import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from '../../platform/log/logger.js';
import type { PresenceTable } from './presence.js';
import { viewersKey, type ViewersRecord } from './presenceRecords.js';

export interface OwnViewerListsOptions {
  readonly nc: NatsConnection;
  readonly kv: KV;
  readonly instanceId: string;
  readonly incarnation: string;
  /** The instance's own watches: what the lists are read from. */
  readonly local: PresenceTable;
  readonly logger: Logger;
}

export class OwnViewerLists {
  readonly #options: OwnViewerListsOptions;
  /** Entities whose list is to be written, and those written (a delete is due when they empty). */
  readonly #dirty = new Set<string>();
  readonly #published = new Set<string>();
  #flushing: Promise<void> | undefined;
  #stopped = false;

  constructor(options: OwnViewerListsOptions) {
    this.#options = options;
  }

  /** The entity's list changed: written soon. */
  changed(entityKey: string): void {
    if (this.#stopped) return;
    this.#dirty.add(entityKey);
    this.#flushing ??= this.#flush().finally(() => (this.#flushing = undefined));
  }

  /** Writes every list again (after a reconnect: NATS restarted, or survivors swept them while we were cut off). */
  republish(): void {
    for (const entityKey of this.#published) this.changed(entityKey);
  }

  /** Stops writing and deletes every list written; never throws (what stays is swept by the survivors). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#flushing;
    const { nc, kv, instanceId } = this.#options;
    if (nc.isClosed()) return;
    await Promise.all([...this.#published].map((entityKey) => kv.delete(viewersKey(instanceId, entityKey)).catch(() => undefined)));
    this.#published.clear();
  }

  async #flush(): Promise<void> {
    const { nc, kv, instanceId, incarnation, local, logger } = this.#options;
    while (this.#dirty.size > 0 && !nc.isClosed()) {
      const round = [...this.#dirty];
      this.#dirty.clear();
      await Promise.all(
        round.map(async (entityKey) => {
          const key = viewersKey(instanceId, entityKey);
          const viewers = local.viewersOf(entityKey);
          try {
            if (viewers.length > 0) {
              const record: ViewersRecord = { instanceId, incarnation, entityKey, viewers };
              await kv.put(key, JSON.stringify(record));
              this.#published.add(entityKey);
            } else if (this.#published.delete(entityKey)) {
              await kv.delete(key);
            }
          } catch (error) {
            // NATS away: the list is written again when the connection comes back (republish).
            logger.warn('realtime: could not share the viewers of an entity', { entityKey, error: String(error) });
          }
        }),
      );
    }
  }
}
