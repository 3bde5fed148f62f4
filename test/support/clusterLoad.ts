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
import { CHILD_API_KEY } from './childServer.js';
import type { PushLoadResult } from './pushLoad.js';

const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
const RETRY_MS = 50;
/** Longer than a request may wait for its shard's owner while the shard moves (5 s, then 503): a balancer's deadline. */
const REQUEST_DEADLINE_MS = 8_000;
const HEALTH_CHECK_EVERY_MS = 100;

interface Push {
  readonly status: string;
  readonly message: string;
}

interface Tracked {
  readonly nodeId: string;
  readonly name: string;
  acked: Push | undefined;
  inDoubt: Push[];
}

/** One request's outcome: an HTTP status, or the client's error code when no answer came. */
export interface Outcome {
  readonly at: number;
  readonly target: string;
  /** The push's message (`client <w> push <i>`), which names it. */
  readonly push: string;
  readonly status?: number;
  readonly retryAfter?: string | null;
  readonly error?: string;
  readonly text?: string;
}

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

export interface ClusterLoad {
  readonly acked: number;
  /** Resolves once `count` more pushes were acknowledged. */
  moreAcks(count: number): Promise<void>;
  /** Every outcome recorded at or after `at` (performance.now()). */
  since(at: number): readonly Outcome[];
  /** What the push with this message was answered. */
  answersTo(message: string): readonly Outcome[];
  stop(): Promise<PushLoadResult>;
}

export function startClusterLoad(balancer: ReadinessBalancer, options: { readonly pushers: number; readonly root: string }): ClusterLoad {
  const services = new Map<string, Tracked>();
  const outcomes: Outcome[] = [];
  let acked = 0;
  let stopping = false;
  let waiters: Array<{ at: number; done: () => void }> = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const client = async (w: number) => {
    const mine: Tracked[] = [];
    /** A push answered "may have been applied" with a key: sent again with it until it is answered. */
    let again: { readonly service: Tracked; readonly push: Push; readonly key: string } | undefined;
    for (let i = 0; !stopping || again !== undefined; i += 1) {
      const target = balancer.next();
      if (target === undefined) {
        await wait(RETRY_MS);
        continue;
      }
      let service: Tracked;
      let push: Push;
      if (again !== undefined) {
        ({ service, push } = again);
      } else {
        if (mine.length < 3 || i % 2 === 0) {
          service = { nodeId: `${options.root}/client-${w}`, name: `svc-${w}-${i}`, acked: undefined, inDoubt: [] };
          mine.push(service);
          services.set(`${service.nodeId}/${service.name}`, service);
        } else {
          service = mine[(i * 7) % mine.length]!;
        }
        push = { status: STATUSES[(i + w) % STATUSES.length]!, message: `client ${w} push ${i}` };
      }
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${target}/api/v1/health/report`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-api-key': CHILD_API_KEY,
            ...(again !== undefined ? { 'idempotency-key': again.key } : {}),
          },
          body: JSON.stringify({ service: service.name, nodeId: service.nodeId, status: push.status, message: push.message }),
          signal: AbortSignal.timeout(REQUEST_DEADLINE_MS),
        });
        text = await response.text();
      } catch (error) {
        const cause = (error as { cause?: { code?: string; name?: string } }).cause;
        outcomes.push({ at: performance.now(), target, push: push.message, error: cause?.code ?? cause?.name ?? (error as Error).name });
        service.inDoubt.push(push);
        await wait(RETRY_MS);
        continue;
      }
      const retryAfter = response.headers.get('retry-after');
      outcomes.push({ at: performance.now(), target, push: push.message, status: response.status, retryAfter, text: text.slice(0, 300) });
      if (response.status >= 200 && response.status < 300) {
        again = undefined;
        service.acked = push;
        service.inDoubt = [];
        acked += 1;
        const due = waiters.filter((waiter) => waiter.at <= acked);
        waiters = waiters.filter((waiter) => waiter.at > acked);
        for (const waiter of due) waiter.done();
        continue;
      }
      // "May have been applied" (the owner's answer was lost): in doubt, and sent again with the key it was given,
      // which applies it at most once. Otherwise refused: 503 with Retry-After applied nothing.
      const key = response.headers.get('idempotency-key');
      if (response.status === 503 && key !== null && again === undefined) {
        service.inDoubt.push(push);
        again = { service, push, key };
      } else if (response.status !== 503 && response.status !== 409) {
        again = undefined;
      }
      // A well-behaved client waits as told, at most a second here.
      await wait(Math.min(Number(retryAfter ?? 1), 1) * 1000);
    }
  };
  const clients = Array.from({ length: options.pushers }, (_, w) => client(w));
  return {
    get acked() {
      return acked;
    },
    moreAcks(count) {
      const at = acked + count;
      return new Promise((done) => waiters.push({ at, done }));
    },
    since(at) {
      return outcomes.filter((outcome) => outcome.at >= at);
    },
    answersTo(message) {
      return outcomes.filter((outcome) => outcome.push === message);
    },
    async stop() {
      stopping = true;
      await Promise.all(clients);
      const answers: Record<string, number> = {};
      const noAnswer: Record<string, number> = {};
      const badAnswers: PushLoadResult['badAnswers'][number][] = [];
      for (const outcome of outcomes) {
        if (outcome.status === undefined) noAnswer[outcome.error!] = (noAnswer[outcome.error!] ?? 0) + 1;
        else {
          answers[String(outcome.status)] = (answers[String(outcome.status)] ?? 0) + 1;
          if (isBad(outcome)) badAnswers.push({ status: outcome.status, retryAfter: outcome.retryAfter ?? null, text: outcome.text ?? '' });
        }
      }
      return { services, acked, answers, badAnswers, noAnswer };
    },
  };
}

/**
 * An answer that is neither 2xx nor 503 with Retry-After, nor 409 with Retry-After (a keyed retry whose first
 * attempt is still under way: docs/api/idempotency.md). No answer at all is not an answer: see `Outcome.error`.
 */
export function isBad(outcome: Outcome): boolean {
  if (outcome.status === undefined) return false;
  if (outcome.status >= 200 && outcome.status < 300) return false;
  const retryAfter = outcome.retryAfter !== null && outcome.retryAfter !== undefined;
  return !((outcome.status === 503 || outcome.status === 409) && retryAfter);
}
