/**
 * Webhook helpers for integration tests: a receiver (receiver.ts's, at /hook) that records every
 * request byte for byte and answers as the test says, the server env that
 * allows calling it, the GraphQL documents, and a health push.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after } from 'node:test';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Backend, TestStore } from './backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from './graphql.js';
import { eventually } from './polling.js';
import { startReceiver as startHttpReceiver, type HttpReceiver } from './receiver.js';
import { startTestServer, type TestServer } from './testServer.js';

/** startTestServer env: known admin password, and the receivers on 127.0.0.1 may be called. */
export const WEBHOOK_ENV: Record<string, string> = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' };

export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The exact bytes received. */
  readonly body: Buffer;
  readonly json: any;
  /** The status this receiver answered (undefined: it never answered). */
  answered: number | undefined;
}

/**
 * What to do with request number `index` (0-based): answer a status (once `after` resolves, when
 * given; with `headers` added, e.g. a `location`), or hang until the receiver closes.
 */
export type Answer = { status: number; body?: string; headers?: Record<string, string>; after?: Promise<unknown> } | 'hang';

export interface Receiver {
  readonly url: string;
  readonly port: number;
  readonly requests: Received[];
  /** TCP connections accepted so far. */
  readonly connections: number;
  answer: (request: Received, index: number) => Answer;
  /** Resolves when at least `n` requests have arrived (10 s at most). */
  received(n: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const waiters: Array<{ n: number; done: () => void }> = [];
  const hanging = new Set<ServerResponse>();
  const http: HttpReceiver = await startHttpReceiver((_req, res, received) => {
    let json: unknown;
    try {
      json = JSON.parse(received.body);
    } catch {
      json = undefined;
    }
    const request: Received = {
      method: received.method,
      path: received.url,
      headers: received.headers,
      body: received.bytes,
      json,
      answered: undefined,
    };
    const index = receiver.requests.length;
    receiver.requests.push(request);
    const reply = receiver.answer(request, index);
    if (reply === 'hang') hanging.add(res);
    else {
      const send = () => {
        request.answered = reply.status;
        res.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.body ?? '');
      };
      if (reply.after) {
        hanging.add(res);
        void reply.after.then(() => {
          hanging.delete(res);
          if (!res.destroyed) send();
        });
      } else {
        send();
      }
    }
    for (const waiter of waiters.splice(0)) {
      if (receiver.requests.length >= waiter.n) waiter.done();
      else waiters.push(waiter);
    }
  });
  const receiver: Receiver = {
    url: `${http.url}/hook`,
    port: http.port,
    requests: [],
    get connections() {
      return http.connections;
    },
    answer,
    received(n) {
      if (receiver.requests.length >= n) return Promise.resolve(receiver.requests);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${receiver.requests.length} requests, expected ${n}`)), 10_000);
        waiters.push({ n, done: () => (clearTimeout(timer), resolve(receiver.requests)) });
      });
    },
    async close() {
      for (const res of hanging) res.destroy();
      await http.close();
    },
  };
  return receiver;
}

/**
 * Starts receivers for a suite's tests and closes them after the suite: call it in a `describe`
 * body; the function it returns starts one receiver.
 */
export function useReceivers(): (answer?: Receiver['answer']) => Promise<Receiver> {
  const started: Receiver[] = [];
  after(() => Promise.all(started.map((r) => r.close())));
  return async (answer) => {
    const r = await startReceiver(answer);
    started.push(r);
    return r;
  };
}

/** The receiver's check of both signature schemes, recomputed over the exact bytes received. */
export function verifySignatures(request: Received, secret: string): void {
  const expectedSvc = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
  assert.equal(request.headers['x-svc-signature'], expectedSvc, 'X-Svc-Signature is the hex HMAC-SHA256 of the body bytes');
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const signed = Buffer.concat([Buffer.from(`${id}.${timestamp}.`), request.body]);
  const expectedStandard = `v1,${createHmac('sha256', secret).update(signed).digest('base64')}`;
  assert.equal(request.headers['webhook-signature'], expectedStandard, 'webhook-signature is v1,<base64 HMAC-SHA256 of id.timestamp.body>');
}

export const WEBHOOK_FIELDS = `id name url method hasSecret headers { name value } events filters customPayloadTemplate timeoutMs retryMax
  retryDelayMs retryBackoff status statusReason statusChangedAt consecutiveFailures pendingDeliveries createdAt updatedAt createdBy`;
export const EXECUTION_FIELDS =
  'id webhookId deliveryId eventId event test attempt status statusCode durationMs responseExcerpt error url at';
export const CREATE_WEBHOOK = `mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { ${WEBHOOK_FIELDS} } }`;
export const UPDATE_WEBHOOK = `mutation($id: ID!, $i: UpdateWebhookInput!) { updateWebhook(id: $id, input: $i) { ${WEBHOOK_FIELDS} } }`;
export const DELETE_WEBHOOK = 'mutation($id: ID!) { deleteWebhook(id: $id) }';
export const TEST_WEBHOOK = `mutation($id: ID!) { testWebhook(id: $id) { ${EXECUTION_FIELDS} } }`;
export const WEBHOOK = `query($id: ID!) { webhook(id: $id) { ${WEBHOOK_FIELDS} } }`;
export const EXECUTIONS = `query($f: WebhookExecutionFilter, $l: Int) { webhookExecutions(filter: $f, limit: $l) { ${EXECUTION_FIELDS} } }`;
export const STATS = `query($id: ID) { webhookStats(webhookId: $id) { webhookId deliveries delivered failed pending cancelled attempts successes
  failures refused averageDurationMs lastSuccessAt lastFailureAt since } }`;

/** createWebhook as `token`; fails the test on errors. */
export async function createWebhook(t: TestServer, token: string, input: Record<string, unknown>): Promise<any> {
  const res = await gql(t, CREATE_WEBHOOK, { i: input }, token);
  assert.equal(res.errors, undefined, res.text);
  return res.data.createWebhook;
}

export async function executions(t: TestServer, token: string, filter: Record<string, unknown>): Promise<any[]> {
  const res = await gql(t, EXECUTIONS, { f: filter, l: 1000 }, token);
  assert.equal(res.errors, undefined, res.text);
  return res.data.webhookExecutions;
}

/** Health push through the machine API; fails the test unless it is answered 200. */
export async function push(
  t: TestServer,
  service: string,
  status: string,
  nodeId = 'eu/prod/vm/apps',
  message = `${service} is ${status}`,
): Promise<void> {
  const res = await t.call('POST', '/api/v1/health/report', { service, nodeId, status, message });
  assert.equal(res.status, 200, res.text);
}

/** The executions of a webhook once there are at least `n`, oldest first. */
export function executionsOf(t: TestServer, token: string, webhookId: string, n: number): Promise<any[]> {
  return eventually(async () => {
    const list = await executions(t, token, { webhookId });
    return list.length >= n ? list.reverse() : undefined;
  }, `webhook ${webhookId} has ${n} executions`);
}

/** The outbox rows of a webhook, straight from the database. */
export async function deliveryRows(t: TestServer, webhookId: string): Promise<any[]> {
  return t.server.database.knex('webhook_deliveries').where({ webhook_id: webhookId }).orderBy('created_at').select('*');
}

/**
 * Runs `body` as the admin on a webhook server started over `durable` with `key` as
 * SVC_AUTH_SECRET_KEY (and `previous` as SVC_AUTH_SECRET_KEY_PREVIOUS), then closes the server:
 * one start of a series across restarts that seal and open secrets at rest.
 */
export async function runUnderSecretKey<T>(
  backend: Backend,
  durable: { forRun(): TestStore },
  key: string,
  body: (t: TestServer, token: string) => Promise<T>,
  previous?: string,
): Promise<T> {
  const keys = { SVC_AUTH_SECRET_KEY: key, ...(previous !== undefined ? { SVC_AUTH_SECRET_KEY_PREVIOUS: previous } : {}) };
  const t = await startTestServer(backend, { store: durable.forRun(), env: { ...WEBHOOK_ENV, ...keys } });
  try {
    return await body(t, (await signInAdmin(t)).accessToken);
  } finally {
    await t.close();
  }
}
