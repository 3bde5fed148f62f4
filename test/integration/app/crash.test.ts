/**
 * Durability: "acknowledge after commit" (DESIGN.md). The real server runs as a child process
 * (`node --import tsx src/main.ts`, production settings); a client pushes health reports as fast as
 * it can, 32 at a time, and remembers every push answered 200. Then:
 *
 * - SIGKILL while requests are in flight, restart on the same store: every acknowledged push is
 *   there. A push that was in flight at the kill may or may not be; a push answered with an error
 *   must not be.
 * - SIGTERM while pushes stream in: the process exits 0, every acknowledged push is there, and a
 *   request in flight got a 200 (and is there), a 503 while the server drains (and is not there) or
 *   a connection error; never a 200 that is lost.
 *
 * The state is read back through the restarted server's API, so hydration is checked as well.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testBackends, type Backend } from '../../support/backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer, stopGracefully, type ChildServer } from '../../support/childServer.js';

const API_KEY = CHILD_API_KEY;
const CONCURRENCY = 32;
/** Acknowledged pushes after which the server is stopped (or LOAD_MS, whichever comes first). */
const TARGET_ACKS = 2000;
const LOAD_MS = 2000;
const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
const ROOT_NODE = 'crash';

// ---------------------------------------------------------------------------------------------
// The load: 32 clients, each the only writer of its own services, so the last acknowledged push of
// a service is its committed state, and at most one push per service is ever in doubt.

interface Push {
  readonly status: string;
  readonly message: string;
}

interface Tracked {
  readonly nodeId: string;
  readonly name: string;
  /** Last push answered 200. */
  acked: Push | undefined;
  /** A push sent and not answered (in flight at the kill, or cut off): it may or may not be committed. */
  inDoubt: Push | undefined;
}

interface LoadResult {
  readonly services: Map<string, Tracked>;
  readonly acked: number;
  /** Answers other than 200 (after the stop signal: the server refusing new work while it drains). */
  readonly refusals: ReadonlyArray<{ readonly status: number; readonly text: string }>;
  readonly connectionErrors: number;
  /** Requests in flight when `stop` was called. */
  readonly inFlightAtStop: number;
}

interface Load {
  /** Resolves once `target` pushes were acknowledged or `ms` passed. */
  readonly enough: Promise<void>;
  /** Resolves when every client has stopped (at its first request without an answer). */
  finish(): Promise<LoadResult>;
  /** Marks the moment the server is told to go; from then on connection errors are expected. */
  markStop(): void;
}

function startLoad(url: string, target: number, ms: number): Load {
  const services = new Map<string, Tracked>();
  let acked = 0;
  const refusals: Array<{ status: number; text: string }> = [];
  let connectionErrors = 0;
  let inFlight = 0;
  let inFlightAtStop = -1;
  let stopping = false;
  let unexpected: Error | undefined;
  let reached!: () => void;
  const enough = new Promise<void>((done) => (reached = done));
  const timer = setTimeout(() => reached(), ms);

  const client = async (w: number) => {
    const mine: Tracked[] = [];
    // Clients go on sending after the stop signal, until the server stops answering.
    for (let i = 0; ; i += 1) {
      // Half the pushes create a service, half move one of this client's services to another status.
      let service: Tracked;
      if (mine.length < 3 || i % 2 === 0) {
        service = { nodeId: `${ROOT_NODE}/zone-${w % 4}/client-${w}`, name: `svc-${w}-${i}`, acked: undefined, inDoubt: undefined };
        mine.push(service);
        services.set(`${service.nodeId}/${service.name}`, service);
      } else {
        service = mine[(i * 7) % mine.length]!;
      }
      const previous = service.acked?.status;
      const status = STATUSES.filter((s) => s !== previous)[i % (previous === undefined ? STATUSES.length : STATUSES.length - 1)]!;
      const push: Push = { status, message: `client ${w} push ${i}` };
      service.inDoubt = push;
      inFlight += 1;
      try {
        const response = await fetch(`${url}/api/v1/health/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
          body: JSON.stringify({ service: service.name, nodeId: service.nodeId, status, message: push.message }),
        });
        const text = await response.text();
        if (response.status === 200) {
          service.acked = push;
          acked += 1;
          if (acked === target) reached();
        } else {
          // Refused (a 503 while the server drains, or when the database did not commit): nothing was applied.
          refusals.push({ status: response.status, text });
          if (!stopping) unexpected ??= new Error(`push answered ${response.status} before the server was stopped: ${text}`);
        }
        service.inDoubt = undefined;
      } catch (error) {
        // No answer: the push may or may not have been committed; it stays in doubt.
        connectionErrors += 1;
        if (!stopping) unexpected ??= new Error(`push failed before the server was stopped: ${(error as Error).message}`, { cause: error });
        break;
      } finally {
        inFlight -= 1;
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, w) => client(w));
  return {
    enough,
    markStop() {
      stopping = true;
      inFlightAtStop = inFlight;
    },
    async finish() {
      clearTimeout(timer);
      await Promise.all(clients);
      if (unexpected) throw unexpected;
      return { services, acked, refusals, connectionErrors, inFlightAtStop };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the state back

interface ServiceView {
  readonly name: string;
  readonly nodeId: string;
  readonly status: string;
  readonly statusMessage: string | null;
}

async function servicesOf(server: ChildServer): Promise<Map<string, ServiceView>> {
  const response = await fetch(`${server.url}/api/v1/operator/services?nodeId=${encodeURIComponent(ROOT_NODE)}`, {
    headers: { 'x-api-key': API_KEY },
  });
  const body = (await response.json()) as { services?: ServiceView[]; error?: string };
  assert.equal(response.status, 200, `GET services after the restart: ${JSON.stringify(body).slice(0, 300)}`);
  return new Map(body.services!.map((s) => [`${s.nodeId}/${s.name}`, s]));
}

/** Every acknowledged push is committed; a push in doubt may be; nothing else is. */
function assertDurable(result: LoadResult, stored: Map<string, ServiceView>): void {
  const problems: string[] = [];
  let inDoubt = 0;
  for (const [key, tracked] of result.services) {
    const found = stored.get(key);
    if (tracked.inDoubt) inDoubt += 1;
    const allowed = [tracked.acked, tracked.inDoubt].filter((p): p is Push => p !== undefined);
    if (found === undefined) {
      if (tracked.acked)
        problems.push(`${key}: acknowledged as ${tracked.acked.status} ("${tracked.acked.message}") but missing after the restart`);
      continue;
    }
    if (!allowed.some((p) => p.status === found.status && p.message === found.statusMessage)) {
      problems.push(
        `${key}: stored ${found.status} ("${found.statusMessage}"), acknowledged ${tracked.acked ? `${tracked.acked.status} ("${tracked.acked.message}")` : 'nothing'}` +
          `${tracked.inDoubt ? `, in doubt ${tracked.inDoubt.status} ("${tracked.inDoubt.message}")` : ''}`,
      );
    }
  }
  for (const key of stored.keys()) if (!result.services.has(key)) problems.push(`${key}: stored but never pushed`);
  assert.deepEqual(
    problems.slice(0, 20),
    [],
    `${problems.length} durability violations (${result.acked} acknowledged, ${inDoubt} in doubt)`,
  );
}

/**
 * Runs `interrupt` against a first server on a fresh store (it starts servers with `start` and
 * returns what the load saw), then restarts on the same store and checks that every acknowledged
 * push is there. Every server started is killed and the store disposed, whatever happens.
 */
async function withRestart(backend: Backend, interrupt: (start: () => Promise<ChildServer>) => Promise<LoadResult>): Promise<void> {
  const store = await createChildStore(backend);
  const started: ChildServer[] = [];
  const start = async () => {
    const server = await startChildServer(store);
    started.push(server);
    return server;
  };
  try {
    const result = await interrupt(start);
    const second = await start();
    assertDurable(result, await servicesOf(second));
    await stopGracefully(second);
  } finally {
    for (const server of started) server.process.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    await store.dispose();
  }
}

// ---------------------------------------------------------------------------------------------

for (const backend of testBackends()) {
  describe(`crash durability: acknowledged pushes survive the process (${backend.name})`, { timeout: 180_000 }, () => {
    it('SIGKILL with pushes in flight loses no acknowledged push', async () => {
      await withRestart(backend, async (start) => {
        const first = await start();
        const load = startLoad(first.url, TARGET_ACKS, LOAD_MS);
        await load.enough;
        load.markStop();
        first.process.kill('SIGKILL');
        const exit = await first.exited;
        assert.equal(exit.signal, 'SIGKILL');
        const result = await load.finish();
        assert.ok(result.acked > 0, 'some pushes were acknowledged before the kill');
        assert.ok(result.inFlightAtStop > 0, 'the kill came while requests were in flight');
        return result;
      });
    });

    it('SIGTERM during a stream of pushes exits 0 and loses no acknowledged push', async () => {
      await withRestart(backend, async (start) => {
        const first = await start();
        const load = startLoad(first.url, TARGET_ACKS / 2, LOAD_MS);
        await load.enough;
        load.markStop();
        first.process.kill('SIGTERM');
        const [exit, result] = await Promise.all([first.exited, load.finish()]);
        assert.deepEqual(exit, { code: 0, signal: null }, `graceful stop failed:\n${first.stderr()}`);
        assert.ok(
          first.logs.some((l) => l['msg'] === 'stopped'),
          'the server logged that it stopped',
        );
        assert.ok(result.acked > 0, 'some pushes were acknowledged before the stop');
        assert.ok(result.inFlightAtStop > 0, 'the stop came while requests were in flight');
        // Pushes arriving on kept-alive connections while the server drains are refused: 503 {error}, nothing applied (checked below).
        for (const refusal of result.refusals) {
          assert.equal(refusal.status, 503, `a push during the graceful stop answered ${refusal.status} ${refusal.text}`);
          assert.equal(typeof (JSON.parse(refusal.text) as { error?: unknown }).error, 'string', refusal.text);
        }
        return result;
      });
    });
  });
}
