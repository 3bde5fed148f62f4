/**
 * Health pushes through a restart (restartScenario.ts) or into a cluster through a balancer (clusterLoad.ts):
 * `pushers` clients push back to back to the target they are given, each the only writer of its own services, so
 * the last acknowledged push of a service is its committed state.
 *
 * How answers are treated: 200 acknowledges the push; a 503 must carry `Retry-After` (the client
 * waits that long, as a well-behaved client does) and applied nothing; any other answer is recorded
 * as bad. No answer (connection refused while no process listens, or a connection cut) is not an
 * answer: the push stays in doubt (it may or may not have been committed; one refused at connect
 * never reached a server) and the client tries again after RETRY_MS, like a client with a short
 * backoff. With `keyedRetry`, a 503 that says the push may have been applied and gives its
 * `Idempotency-Key` is sent again with the key until answered. Every answer is recorded with its
 * time (`since`). Every acknowledged push must be stored afterwards (`durabilityProblems`).
 */
import { CHILD_API_KEY } from './childServer.js';

const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
/** A client that got no answer (or no instance to send to) tries again after this long. */
const RETRY_MS = 50;

interface Push {
  readonly status: string;
  readonly message: string;
}

interface Tracked {
  readonly nodeId: string;
  readonly name: string;
  /** The last push answered 200. */
  acked: Push | undefined;
  /** Pushes sent since the last acknowledged one that got no answer: each may or may not be stored. */
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

export interface PushLoadResult {
  readonly services: ReadonlyMap<string, Tracked>;
  readonly acked: number;
  /** Answers by status ("200", "503"). */
  readonly answers: Readonly<Record<string, number>>;
  /** Answers that are neither 2xx nor 503 with Retry-After. */
  readonly badAnswers: ReadonlyArray<{ readonly status: number; readonly retryAfter: string | null; readonly text: string }>;
  /** Pushes without an answer, by the client's error code (ECONNREFUSED while no process listens). */
  readonly noAnswer: Readonly<Record<string, number>>;
}

export interface PushLoad {
  /** Pushes acknowledged so far. */
  readonly acked: number;
  /** Resolves once `count` more pushes were acknowledged. */
  moreAcks(count: number): Promise<void>;
  /** Every outcome recorded at or after `at` (performance.now()). */
  since(at: number): readonly Outcome[];
  /** What the push with this message was answered. */
  answersTo(message: string): readonly Outcome[];
  /** Stops every client after its push under way (and its keyed retry, if one is owed); the result. */
  stop(): Promise<PushLoadResult>;
}

export interface PushersOptions {
  readonly pushers: number;
  readonly root: string;
  /** Where the next push goes; undefined while there is nowhere (the client waits RETRY_MS). */
  readonly target: () => string | undefined;
  /** A request not answered within this is given up (no answer: in doubt). @default none */
  readonly deadlineMs?: number;
  /**
   * A push answered 503 "may have been applied" with an `Idempotency-Key` is sent again with that key until it is
   * answered, as the answer asks (cluster mode's forwarding). @default false
   */
  readonly keyedRetry?: boolean;
  /** The longest a client waits after a 503 or 409, whatever `Retry-After` says. @default no cap */
  readonly maxRetryAfterMs?: number;
}

/** Health pushes to one URL (a process being restarted): `startPushers` with that target, each answer waited out. */
export function startPushLoad(url: string, options: { readonly pushers: number; readonly root: string }): PushLoad {
  return startPushers({ ...options, target: () => url });
}

/** `pushers` clients pushing back to back to the targets, each the only writer of its own services; every answer recorded. */
export function startPushers(options: PushersOptions): PushLoad {
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
      const target = options.target();
      if (target === undefined) {
        await wait(RETRY_MS);
        continue;
      }
      let service: Tracked;
      let push: Push;
      if (again !== undefined) {
        ({ service, push } = again);
      } else {
        // Half the pushes create a service, half move one of this client's services to another status.
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
          ...(options.deadlineMs !== undefined ? { signal: AbortSignal.timeout(options.deadlineMs) } : {}),
        });
        text = await response.text();
      } catch (error) {
        // No answer (refused while no process listens, cut, timed out): in doubt; a client with a short backoff.
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
      const key = options.keyedRetry ? response.headers.get('idempotency-key') : null;
      if (response.status === 503 && key !== null && again === undefined) {
        service.inDoubt.push(push);
        again = { service, push, key };
      } else if (response.status !== 503 && response.status !== 409) {
        again = undefined;
      }
      // A well-behaved client waits as told.
      await wait(Math.min(Number(retryAfter ?? 1) * 1000, options.maxRetryAfterMs ?? Number.POSITIVE_INFINITY));
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

interface StoredService {
  readonly name: string;
  readonly nodeId: string;
  readonly status: string;
  readonly statusMessage: string | null;
}

/** Every service under `root`, read back through the server's machine API. */
export async function storedServices(url: string, root: string): Promise<Map<string, StoredService>> {
  const response = await fetch(`${url}/api/v1/operator/services?nodeId=${encodeURIComponent(root)}`, {
    headers: { 'x-api-key': CHILD_API_KEY },
  });
  const body = (await response.json()) as { services?: StoredService[]; error?: string };
  if (response.status !== 200) throw new Error(`GET services answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return new Map(body.services!.map((s) => [`${s.nodeId}/${s.name}`, s]));
}

/** Every acknowledged push is stored (or a push sent after it that got no answer); nothing else is. */
export function durabilityProblems(result: PushLoadResult, stored: ReadonlyMap<string, StoredService>): string[] {
  const problems: string[] = [];
  for (const [key, tracked] of result.services) {
    const found = stored.get(key);
    const allowed = [...(tracked.acked ? [tracked.acked] : []), ...tracked.inDoubt];
    if (found === undefined) {
      if (tracked.acked) problems.push(`${key}: acknowledged as ${tracked.acked.status} ("${tracked.acked.message}") but missing`);
      continue;
    }
    if (!allowed.some((p) => p.status === found.status && p.message === found.statusMessage)) {
      problems.push(
        `${key}: stored ${found.status} ("${found.statusMessage}"), acknowledged ${tracked.acked ? `"${tracked.acked.message}"` : 'nothing'}, in doubt ${tracked.inDoubt.length}`,
      );
    }
  }
  return problems;
}
