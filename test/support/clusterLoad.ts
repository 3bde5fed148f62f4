/**
 * Health pushes into a cluster through a load balancer, for the fault suite: the balancer sends each request to an
 * instance whose /readyz answered 200 at its last check (every 100 ms, as a balancer's health check does), and the
 * pushers are pushLoad.ts's clients (each the only writer of its own services, every answer recorded), with a
 * deadline per request: a paused instance's requests time out and stay in doubt, as behind a real balancer. A push
 * answered "may have been applied" with an `Idempotency-Key` is sent again with that key until it is answered (so it
 * applies at most once), as the answer asks.
 *
 * Every answer is recorded with its time, so a test reads what happened during one fault (`since`).
 */
import { type PushLoad, startPushers } from './pushLoad.js';

export { isBad, type Outcome } from './pushLoad.js';

/** Longer than a request may wait for its shard's owner while the shard moves (5 s, then 503): a balancer's deadline. */
const REQUEST_DEADLINE_MS = 8_000;
const HEALTH_CHECK_EVERY_MS = 100;

/** Sends each request to an instance that answered its last readiness check (none while none did). */
export class ReadinessBalancer {
  #ready: string[] = [];
  #stopped = false;
  readonly #done: Promise<void>;
  #turn = 0;

  constructor(private readonly instances: () => readonly string[]) {
    this.#done = this.#checkLoop();
  }

  /** The next ready instance's URL, round robin; undefined while no instance is ready. */
  next(): string | undefined {
    const ready = this.#ready;
    if (ready.length === 0) return undefined;
    return ready[this.#turn++ % ready.length];
  }

  get ready(): readonly string[] {
    return this.#ready;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#done;
  }

  async #checkLoop(): Promise<void> {
    while (!this.#stopped) {
      const urls = this.instances();
      const answers = await Promise.all(
        urls.map(async (url) => {
          try {
            const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(HEALTH_CHECK_EVERY_MS * 5) });
            await answer.arrayBuffer();
            return answer.status === 200;
          } catch {
            return false;
          }
        }),
      );
      this.#ready = urls.filter((_, i) => answers[i]);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_EVERY_MS));
    }
  }
}

export type ClusterLoad = PushLoad;

/** pushLoad.ts's clients through the balancer, each request with a balancer's deadline, keyed retries as asked. */
export function startClusterLoad(balancer: ReadinessBalancer, options: { readonly pushers: number; readonly root: string }): ClusterLoad {
  return startPushers({
    ...options,
    target: () => balancer.next(),
    deadlineMs: REQUEST_DEADLINE_MS,
    keyedRetry: true,
    // A well-behaved client waits as told, at most a second here.
    maxRetryAfterMs: 1_000,
  });
}
