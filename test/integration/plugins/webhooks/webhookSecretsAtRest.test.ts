/**
 * Webhook signing secrets at rest: sealed under SVC_AUTH_SECRET_KEY (the row never holds the secret
 * in clear), opened at start so deliveries stay signed after a restart; a secret an older version
 * stored in clear is sealed at the next start, and so is one sealed under the key before a rotation
 * (SVC_AUTH_SECRET_KEY_PREVIOUS); under another key the webhook says why
 * (`secretError`) and sends nothing, unsigned or otherwise, until an admin sets the secret again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql } from '../../../support/graphql.js';
import type { TestServer } from '../../../support/testServer.js';
import {
  createWebhook,
  executionsOf,
  push,
  runUnderSecretKey,
  startReceiver,
  UPDATE_WEBHOOK,
  verifySignatures,
  type Receiver,
} from '../../../support/webhooks.js';

const KEY_A = 'webhook-secrets-key-a-0123456789-abcdefghij';
const KEY_B = 'webhook-secrets-key-b-0123456789-abcdefghij';
const SECRET = 'a-webhook-secret-of-32-characters';
const SECRET_STATE = 'query($id: ID!) { webhook(id: $id) { hasSecret secretError } }';

for (const backend of testBackends()) {
  describe(`webhook secrets at rest (${backend.name})`, { timeout: 180_000 }, () => {
    let durable: Awaited<ReturnType<typeof durableStore>>;
    let receiver: Receiver;
    before(async () => {
      durable = await durableStore(backend);
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver?.close();
      await durable?.dispose();
    });
    const run = <T>(key: string, body: (t: TestServer, token: string) => Promise<T>, previous?: string): Promise<T> =>
      runUnderSecretKey(backend, durable, key, body, previous);
    const storedRow = async (t: TestServer, id: string) =>
      (await t.server.database.knex('webhooks').where({ id }).first('secret', 'secret_sealed')) as {
        secret: string | null;
        secret_sealed: string | null;
      };

    it('the row holds the secret sealed, never in clear, and deliveries after a restart are signed with it', async () => {
      const id = await run(KEY_A, async (t, token) => {
        const w = await createWebhook(t, token, {
          url: receiver.url,
          secret: SECRET,
          events: ['service.down'],
          filters: '{"service.name": "sealed-a"}',
        });
        const row = await storedRow(t, w.id);
        assert.equal(row.secret, null, 'no clear secret column value');
        assert.match(row.secret_sealed ?? '', /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
        assert.ok(!row.secret_sealed!.includes(SECRET));
        return w.id as string;
      });
      await run(KEY_A, async (t, token) => {
        const before = receiver.requests.length;
        await push(t, 'sealed-a', 'DOWN');
        await executionsOf(t, token, id, 1);
        const [request] = (await receiver.received(before + 1)).slice(before);
        verifySignatures(request!, SECRET);
      });
    });

    it('a secret an older version stored in clear is sealed at the next start and still signs', async () => {
      const id = await run(KEY_A, async (t, token) => {
        const w = await createWebhook(t, token, {
          url: receiver.url,
          secret: SECRET,
          events: ['service.down'],
          filters: '{"service.name": "legacy-clear"}',
        });
        // What a row written before secrets were sealed looks like.
        await t.server.database.knex('webhooks').where({ id: w.id }).update({ secret: SECRET, secret_sealed: null });
        return w.id as string;
      });
      await run(KEY_A, async (t, token) => {
        await t.server.writer.flush();
        const row = await storedRow(t, id);
        assert.equal(row.secret, null, 'the clear secret is gone from the row');
        assert.match(row.secret_sealed ?? '', /^v1\./);
        const before = receiver.requests.length;
        await push(t, 'legacy-clear', 'DOWN');
        await executionsOf(t, token, id, 1);
        verifySignatures(receiver.requests[before]!, SECRET);
      });
    });

    it('after a key rotation (the old key as SVC_AUTH_SECRET_KEY_PREVIOUS) deliveries stay signed and the secret is sealed again under the new key', async () => {
      const { id, sealedBefore } = await run(KEY_A, async (t, token) => {
        const w = await createWebhook(t, token, {
          url: receiver.url,
          secret: SECRET,
          events: ['service.down', 'service.up'],
          filters: '{"service.name": "rotated"}',
        });
        return { id: w.id as string, sealedBefore: (await storedRow(t, w.id)).secret_sealed };
      });
      await run(
        KEY_B,
        async (t, token) => {
          assert.deepEqual((await gql(t, SECRET_STATE, { id }, token)).data.webhook, { hasSecret: true, secretError: null });
          const before = receiver.requests.length;
          await push(t, 'rotated', 'DOWN');
          await executionsOf(t, token, id, 1);
          verifySignatures(receiver.requests[before]!, SECRET);
          await t.server.writer.flush();
          assert.notEqual((await storedRow(t, id)).secret_sealed, sealedBefore, 'sealed again at start');
        },
        KEY_A,
      );
      await run(KEY_B, async (t, token) => {
        assert.deepEqual(
          (await gql(t, SECRET_STATE, { id }, token)).data.webhook,
          { hasSecret: true, secretError: null },
          'the new key alone opens it now',
        );
        const before = receiver.requests.length;
        await push(t, 'rotated', 'OPERATIONAL');
        await receiver.received(before + 1);
        verifySignatures(receiver.requests[before]!, SECRET);
      });
    });

    it('under another key the webhook says why and sends nothing; the sealed value is kept; a new secret makes it deliver signed', async () => {
      const id = await run(KEY_A, async (t, token) => {
        const w = await createWebhook(t, token, {
          url: receiver.url,
          secret: SECRET,
          events: ['service.down', 'service.up'],
          filters: '{"service.name": "rekeyed"}',
          retryMax: 0,
        });
        return w.id as string;
      });
      const sealedUnderA = await run(KEY_B, async (t, token) => {
        const state = (await gql(t, SECRET_STATE, { id }, token)).data.webhook;
        assert.equal(state.hasSecret, false);
        assert.match(state.secretError, /SVC_AUTH_SECRET_KEY/);
        assert.ok(!state.secretError.includes(SECRET), 'the reason never carries the secret');
        const before = receiver.requests.length;
        await push(t, 'rekeyed', 'DOWN');
        const [run] = await executionsOf(t, token, id, 1);
        assert.equal(run.status, 'ExecFailed');
        assert.match(run.error, /not sent unsigned: the stored secret cannot be read/);
        assert.equal(receiver.requests.length, before, 'nothing reached the receiver');
        await t.server.writer.flush();
        return (await storedRow(t, id)).secret_sealed;
      });
      await run(KEY_A, async (t, token) => {
        assert.equal((await storedRow(t, id)).secret_sealed === null, false);
        assert.deepEqual(
          (await gql(t, SECRET_STATE, { id }, token)).data.webhook,
          { hasSecret: true, secretError: null },
          'the right key opens the kept value',
        );
      });
      assert.notEqual(sealedUnderA, null);
      await run(KEY_B, async (t, token) => {
        const updated = await gql(t, UPDATE_WEBHOOK, { id, i: { secret: `${SECRET}-new` } }, token);
        assert.equal(updated.errors, undefined, updated.text);
        assert.deepEqual((await gql(t, SECRET_STATE, { id }, token)).data.webhook, { hasSecret: true, secretError: null });
        const before = receiver.requests.length;
        await push(t, 'rekeyed', 'OPERATIONAL');
        await receiver.received(before + 1);
        verifySignatures(receiver.requests[before]!, `${SECRET}-new`);
      });
    });
  });
}
