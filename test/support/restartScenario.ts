/**
 * A restart under load, as an orchestrator does it, measured (test/integration/app/restartUnderLoad.test.ts
 * asserts on it, bench/drain.ts prints it): the real server as a child process on a port of its own,
 * `subscribers` graphql-ws clients (subscriberFleet.ts) watching one marker service, `pushers` HTTP
 * clients pushing health reports (pushLoad.ts). SIGTERM; once the process exited, a new one starts
 * on the same store and port (clients keep one URL, as behind a stable address). The marker changes
 * as soon as the new process serves, while most subscribers are still away (they must catch up),
 * and once more when every subscriber is back (each must hear it live).
 */
import { createServer } from 'node:net';
import type { Backend } from './backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer, type ChildServer } from './childServer.js';
import { until } from './polling.js';
import { durabilityProblems, startPushLoad, storedServices, type PushLoadResult } from './pushLoad.js';
import { startSubscribers, type SubscriberRecord } from './subscriberFleet.js';

export interface RestartScenarioOptions {
  readonly backend: Backend;
  readonly subscribers: number;
  readonly pushers: number;
  /** SVC_SHUTDOWN_DELAY_MS and SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS of both processes. */
  readonly delayMs: number;
  readonly webSocketWindowMs: number;
  /** Pushes acknowledged before the stop, and by the new process before the load stops. */
  readonly acksBefore: number;
  readonly acksAfter: number;
  /** How long to wait for every subscriber to be back before giving up (the result says who is not). */
  readonly backWithinMs: number;
  readonly log?: (line: string) => void;
}

export interface RestartScenarioResult {
  readonly exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null };
  /** From SIGTERM (performance.now() times throughout). */
  readonly signalledAt: number;
  readonly exitedAt: number;
  /** The new process serves (its "listening" line). */
  readonly servingAt: number;
  /** The marker change made while subscribers were away was acknowledged. */
  readonly missedChangeAt: number;
  readonly load: PushLoadResult;
  readonly durabilityProblems: readonly string[];
  readonly subscribers: readonly SubscriberRecord[];
  /** Subscribers that did not hear the change made once all were back. */
  readonly deafAfterReturn: readonly number[];
  readonly firstLogs: readonly Record<string, unknown>[];
}

const MARKER_ROOT = 'watch';
const LOAD_ROOT = 'load';
export const MISSED_MESSAGE = 'changed while you were away';
const FINAL_MESSAGE = 'changed once everyone was back';
const ADMIN_PASSWORD = 'drain-admin-password-0123';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function graphql(url: string, query: string, token?: string): Promise<any> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as { data?: any; errors?: unknown };
  if (body.errors !== undefined) throw new Error(`GraphQL answered ${response.status}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

async function setMarker(url: string, status: string, message: string): Promise<void> {
  const response = await fetch(`${url}/api/v1/health/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': CHILD_API_KEY },
    body: JSON.stringify({ service: 'marker', nodeId: MARKER_ROOT, status, message }),
  });
  if (response.status !== 200) throw new Error(`the marker push answered ${response.status}: ${await response.text()}`);
}

const heard = (record: SubscriberRecord, message: string) =>
  record.events.some(
    (event) => (event as { data?: { serviceStatusChanged?: { message?: string } } }).data?.serviceStatusChanged?.message === message,
  );

export async function runRestartScenario(options: RestartScenarioOptions): Promise<RestartScenarioResult> {
  const log = options.log ?? (() => undefined);
  const store = await createChildStore(options.backend);
  const port = await freePort();
  const env = {
    SVC_PORT: String(port),
    SVC_SHUTDOWN_DELAY_MS: String(options.delayMs),
    SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS: String(options.webSocketWindowMs),
    SVC_SHUTDOWN_TIMEOUT_MS: '20000',
    SVC_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD,
  };
  const started: ChildServer[] = [];
  const start = async () => {
    const server = await startChildServer(store, env);
    started.push(server);
    return server;
  };
  let fleet: ReturnType<typeof startSubscribers> | undefined;
  try {
    const first = await start();
    const url = first.url;
    const token = (await graphql(url, `mutation { login(username: "admin", password: "${ADMIN_PASSWORD}") { accessToken } }`)).login
      .accessToken as string;
    await setMarker(url, 'OPERATIONAL', 'before the restart');
    fleet = startSubscribers({
      wsUrl: `${url.replace(/^http/, 'ws')}/graphql/ws`,
      token,
      count: options.subscribers,
      query: `subscription { serviceStatusChanged(nodePath: "${MARKER_ROOT}") { status message changedAt } }`,
      catchUp: async () =>
        (await graphql(url, `{ services(filter: { nodeId: "${MARKER_ROOT}" }) { status statusMessage } }`, token)).services[0],
    });
    const records = fleet.records;
    await until(() => records.every((r) => r.connects.length > 0), 'every subscriber connected', 60_000);
    // graphql-ws has no "subscribed" message: change the marker until every subscriber heard a change.
    for (let round = 0; !records.every((r) => r.events.length > 0); round += 1) {
      if (round === 30) throw new Error(`${records.filter((r) => r.events.length === 0).length} subscribers never heard the marker`);
      await setMarker(url, round % 2 === 0 ? 'DEGRADED' : 'OPERATIONAL', `warm-up ${round}`);
      await until(() => records.every((r) => r.events.length > 0), 'every subscriber heard the marker', 1000).catch(() => undefined);
    }
    log(`${options.subscribers} subscribers listening`);

    const load = startPushLoad(url, { pushers: options.pushers, root: LOAD_ROOT });
    await load.moreAcks(options.acksBefore);
    const signalledAt = performance.now();
    first.process.kill('SIGTERM');
    const exit = await first.exited;
    const exitedAt = performance.now();
    log(`exited ${(exitedAt - signalledAt).toFixed(0)} ms after SIGTERM (${exit.code ?? exit.signal})`);

    const second = await start();
    const servingAt = performance.now();
    await setMarker(url, 'DOWN', MISSED_MESSAGE);
    const missedChangeAt = performance.now();
    const back = () => records.filter((r) => r.connects.length >= 2).length;
    await until(
      () => back() === records.length,
      () => `every subscriber back (${back()} of ${records.length})`,
      options.backWithinMs,
    ).catch(() => undefined);
    log(`${back()} of ${records.length} subscribers back ${(performance.now() - servingAt).toFixed(0)} ms after the new process served`);

    await load.moreAcks(options.acksAfter);
    const loadResult = await load.stop();
    await setMarker(url, 'DEGRADED', FINAL_MESSAGE);
    await until(() => records.every((r) => heard(r, FINAL_MESSAGE)), 'every subscriber heard the last change', 10_000).catch(
      () => undefined,
    );
    const deafAfterReturn = records.filter((r) => !heard(r, FINAL_MESSAGE)).map((r) => r.index);
    const problems = durabilityProblems(loadResult, await storedServices(second.url, LOAD_ROOT));
    return {
      exit,
      signalledAt,
      exitedAt,
      servingAt,
      missedChangeAt,
      load: loadResult,
      durabilityProblems: problems,
      subscribers: records,
      deafAfterReturn,
      firstLogs: first.logs,
    };
  } finally {
    await fleet?.dispose();
    for (const server of started) server.process.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    await store.dispose();
  }
}

/** p-th percentile (0-100) of `values`, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Per subscriber: its first close after connecting, and its next connect. */
export function returns(record: SubscriberRecord): { readonly close?: { code: number; at: number }; readonly backAt?: number } {
  const firstConnect = record.connects[0];
  const close = firstConnect === undefined ? undefined : record.closes.find((c) => c.at > firstConnect);
  const backAt = close === undefined ? undefined : record.connects.find((at) => at > close.at);
  return { ...(close ? { close } : {}), ...(backAt !== undefined ? { backAt } : {}) };
}
