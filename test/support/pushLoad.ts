/**
 * Health pushes through a restart (restartScenario.ts): `pushers` clients push back to back to
 * whichever process answers at `url`, each the only writer of its own services, so the last
 * acknowledged push of a service is its committed state.
 *
 * How answers are treated: 200 acknowledges the push; a 503 must carry `Retry-After` (the client
 * waits that long, as a well-behaved client does) and applied nothing; any other answer is recorded
 * as bad. No answer (connection refused while no process listens, or a connection cut) is not an
 * answer: the push stays in doubt (it may or may not have been committed; one refused at connect
 * never reached a server) and the client tries again after RETRY_MS, like a client with a short
 * backoff. Every acknowledged push must be stored afterwards (`durabilityProblems`).
 */
import { CHILD_API_KEY } from './childServer.js';

const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
/** A client that got no answer tries again after this long. */
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
  /** Stops every client after its push under way; the result. */
  stop(): Promise<PushLoadResult>;
}

export function startPushLoad(url: string, options: { readonly pushers: number; readonly root: string }): PushLoad {
  const services = new Map<string, Tracked>();
  const answers: Record<string, number> = {};
  const badAnswers: Array<{ status: number; retryAfter: string | null; text: string }> = [];
  const noAnswer: Record<string, number> = {};
  let acked = 0;
  let stopping = false;
  let waiters: Array<{ at: number; done: () => void }> = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const client = async (w: number) => {
    const mine: Tracked[] = [];
    for (let i = 0; !stopping; i += 1) {
      // Half the pushes create a service, half move one of this client's services to another status.
      let service: Tracked;
      if (mine.length < 3 || i % 2 === 0) {
        service = { nodeId: `${options.root}/client-${w}`, name: `svc-${w}-${i}`, acked: undefined, inDoubt: [] };
        mine.push(service);
        services.set(`${service.nodeId}/${service.name}`, service);
      } else {
        service = mine[(i * 7) % mine.length]!;
      }
      const push: Push = { status: STATUSES[(i + w) % STATUSES.length]!, message: `client ${w} push ${i}` };
      let response: Response;
      let text: string;
      try {
        response = await fetch(`${url}/api/v1/health/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': CHILD_API_KEY },
          body: JSON.stringify({ service: service.name, nodeId: service.nodeId, status: push.status, message: push.message }),
        });
        text = await response.text();
      } catch (error) {
        const cause = (error as { cause?: { code?: string; name?: string } }).cause;
        const code = cause?.code ?? cause?.name ?? (error as Error).name;
        noAnswer[code] = (noAnswer[code] ?? 0) + 1;
        service.inDoubt.push(push);
        await wait(RETRY_MS);
        continue;
      }
      answers[String(response.status)] = (answers[String(response.status)] ?? 0) + 1;
      if (response.status >= 200 && response.status < 300) {
        service.acked = push;
        service.inDoubt = [];
        acked += 1;
        const due = waiters.filter((waiter) => waiter.at <= acked);
        waiters = waiters.filter((waiter) => waiter.at > acked);
        for (const waiter of due) waiter.done();
        continue;
      }
      const retryAfter = response.headers.get('retry-after');
      if (response.status !== 503 || retryAfter === null)
        badAnswers.push({ status: response.status, retryAfter, text: text.slice(0, 300) });
      // Refused: nothing applied. A well-behaved client waits as told.
      await wait(Number(retryAfter ?? 1) * 1000);
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
    async stop() {
      stopping = true;
      await Promise.all(clients);
      return { services, acked, answers, badAnswers, noAnswer };
    },
  };
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
