/**
 * A watch of every key of one KV bucket: the last value of each key first, then every write and explicit
 * delete as it happens (a JetStream ordered consumer, which the client re-creates after a gap or a reconnect).
 * NATS 2.9 sends nothing when the bucket's TTL removes a key, so a watch tells of takes, renewals, releases,
 * joins and leaves, never of an expiry: the rounds of ownership.ts find those by trying.
 *
 * The watch can end (the connection closed, the consumer could not be re-created); `running` then turns false
 * and the owner starts it again (ownership.ts does at its next round). Entries are handed to `onEntry`
 * synchronously, in the bucket's order; a listener that throws is logged and the watch goes on.
 */
import type { KV, KvWatchEntry } from '@nats-io/kv';
import type { Logger } from '../log/logger.js';

type Watch = Awaited<ReturnType<KV['watch']>>;

export class BucketWatch {
  readonly #kv: KV;
  readonly #onEntry: (entry: KvWatchEntry) => void;
  readonly #logger: Logger;
  readonly #what: string;
  #watch: Watch | undefined;
  #starting: Promise<void> | undefined;
  #stopped = false;

  constructor(kv: KV, what: string, onEntry: (entry: KvWatchEntry) => void, logger: Logger) {
    this.#kv = kv;
    this.#what = what;
    this.#onEntry = onEntry;
    this.#logger = logger;
  }

  /** Whether the watch is delivering (started and not ended). */
  get running(): boolean {
    return this.#watch !== undefined;
  }

  /** Starts the watch if it is not running; resolves once NATS has created it. Throws when NATS cannot. */
  start(): Promise<void> {
    if (this.#stopped || this.#watch !== undefined) return Promise.resolve();
    this.#starting ??= this.#open().finally(() => (this.#starting = undefined));
    return this.#starting;
  }

  /** Ends the watch for good. */
  stop(): void {
    this.#stopped = true;
    this.#watch?.stop();
    this.#watch = undefined;
  }

  async #open(): Promise<void> {
    const watch = await this.#kv.watch();
    if (this.#stopped) {
      watch.stop();
      return;
    }
    this.#watch = watch;
    void this.#drain(watch);
  }

  async #drain(watch: Watch): Promise<void> {
    try {
      for await (const entry of watch) {
        try {
          this.#onEntry(entry);
        } catch (error) {
          this.#logger.error('cluster: a watch listener failed', { bucket: this.#what, error: String(error) });
        }
      }
    } catch (error) {
      this.#logger.warn('cluster: a bucket watch ended', { bucket: this.#what, error: String(error) });
    } finally {
      if (this.#watch === watch) this.#watch = undefined;
    }
  }
}
