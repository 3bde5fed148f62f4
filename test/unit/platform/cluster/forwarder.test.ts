/**
 * The edge of a forward (src/platform/cluster/forwarder.ts) against a real NATS server, with owners played by plain
 * subscribers: when nobody listens on the owner's subject the request surely never arrived ("nothing was applied");
 * when the owner received it and no answer came back it may have been applied, and the answer gives the
 * Idempotency-Key a retry applies it at most once with. The owner's side (keyed replay) is test/cluster/forwarding.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { decodeRequest, encodeAnswer, forwardSubject } from '../../../../src/platform/cluster/forwardWire.js';
import { RequestForwarder } from '../../../../src/platform/cluster/forwarder.js';
import { ErrorCode } from '../../../../src/platform/errors/catalog.js';
import { ShardElsewhereError } from '../../../../src/platform/errors/shardElsewhere.js';
import type { Reply, RequestHead } from '../../../../src/platform/gateway/http.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { systemDeadlineClock } from '../../../../src/platform/scheduler/index.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';

const CLUSTER = 'fwd';
const OWNER = 'owner-1';
const HEAD: RequestHead = {
  method: 'POST',
  path: '/api/v1/health/report',
  query: '',
  headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
  peerAddress: '127.0.0.1',
};
const refuse = (_head: RequestHead, code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply => ({
  status: code === ErrorCode.Unavailable ? 503 : 400,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ error: message }),
});

describe('the forwarding edge', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let edge: NatsConnection;
  let owner: NatsConnection;
  before(async () => {
    server = await startNatsServer();
    edge = await connect({ servers: server.url });
    owner = await connect({ servers: server.url });
  });
  after(async () => {
    await edge?.close();
    await owner?.close();
    await server?.stop();
  });

  const forwarder = () =>
    new RequestForwarder({
      nc: edge,
      cluster: CLUSTER,
      ownerOf: () => ({ owner: OWNER, epoch: 1 }),
      clock: systemDeadlineClock,
      logger: createMemoryLogger(),
      deadlineMs: 600,
    });
  const body = (reply: Reply) => JSON.parse(String(reply.body)) as { error: string };

  it('says nothing was applied when no owner listened, and gives no key', async () => {
    const reply = await forwarder().forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3]), refuse);
    assert.equal(reply.status, 503);
    assert.equal(reply.headers?.['retry-after'], '1');
    assert.equal(reply.headers?.['idempotency-key'], undefined);
    assert.match(body(reply).error, /nothing was applied, retry/);
  });

  it('says the request may have been applied when the owner got it and no answer came, with the key every attempt carried', async () => {
    const keys: string[] = [];
    const silent = owner.subscribe(forwardSubject(CLUSTER, OWNER), {
      callback: (_error, message) => void keys.push(decodeRequest(message.data).head.headers['idempotency-key']!),
    });
    await owner.flush();
    try {
      const reply = await forwarder().forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3]), refuse);
      assert.equal(reply.status, 503);
      assert.equal(reply.headers?.['retry-after'], '1');
      const key = reply.headers?.['idempotency-key'];
      assert.ok(key?.startsWith('fwd-'), `a key made at the edge: ${key}`);
      assert.ok(keys.length >= 1 && keys.every((sent) => sent === key), `every attempt carried the same key: ${keys.join(', ')}`);
      assert.equal(
        body(reply).error,
        `the instance that owns this entity did not answer within 0.6 s; the request may have been applied: retry it with the header Idempotency-Key: ${key} to apply it at most once and get its answer`,
      );
    } finally {
      silent.unsubscribe();
    }
  });

  it("keeps the client's own key and relays the owner's answer as it is", async () => {
    let attempts = 0;
    const late = owner.subscribe(forwardSubject(CLUSTER, OWNER), {
      callback: (_error, message) => {
        attempts += 1;
        const key = decodeRequest(message.data).head.headers['idempotency-key'];
        message.respond(
          encodeAnswer({
            kind: 'reply',
            status: 200,
            headers: { 'idempotent-replayed': 'true', 'x-key': String(key) },
            body: Buffer.from('{}'),
          }),
        );
      },
    });
    await owner.flush();
    try {
      const reply = await new RequestForwarder({
        nc: edge,
        cluster: CLUSTER,
        ownerOf: () => ({ owner: OWNER, epoch: 1 }),
        clock: systemDeadlineClock,
        logger: createMemoryLogger(),
        deadlineMs: 3_000,
      }).forward(
        { ...HEAD, headers: { ...HEAD.headers, 'idempotency-key': 'client-key-1' } },
        Buffer.from('{}'),
        new ShardElsewhereError([3]),
        refuse,
      );
      assert.equal(reply.status, 200);
      assert.equal(reply.headers?.['x-key'], 'client-key-1');
      assert.equal(attempts, 1);
    } finally {
      late.unsubscribe();
    }
  });
});
