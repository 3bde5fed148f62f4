/**
 * Webhook custom header values at rest (issue 27, item 9): an Authorization header's value was
 * stored in clear in `webhooks.headers` (and shown to admins) while the signing secret was sealed.
 * Every header value is now sealed like the secret (src/platform/config/secretBox.ts, the webhook id and the
 * header name as additional data) in `headers_sealed`; the API shows names with `hasValue` only;
 * an update that gives a header without its value keeps the stored one; values an older version
 * stored in clear are sealed at the next start; a key rotation works as for the secret; under
 * another key the webhook says why (`headersError`) and sends nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql } from '../../../support/graphql.js';
import type { TestServer } from '../../../support/testServer.js';
import { createWebhook, executionsOf, push, runUnderSecretKey, startReceiver, type Receiver } from '../../../support/webhooks.js';

const KEY_A = 'webhook-headers-key-a-0123456789-abcdefghij';
const KEY_B = 'webhook-headers-key-b-0123456789-abcdefghij';
const TOKEN = 'Bearer receiver-token-do-not-store-in-clear';
const TEAM = 'payments-oncall-team';
const HEADERS_STATE = 'query($id: ID!) { webhook(id: $id) { headers { name hasValue value } headersError } }';
const UPDATE =
  'mutation($id: ID!, $i: UpdateWebhookInput!) { updateWebhook(id: $id, input: $i) { headers { name hasValue value } headersError } }';

for (const backend of testBackends()) {
  describe(`webhook header values at rest (${backend.name})`, { timeout: 180_000 }, () => {
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
      (await t.server.database.knex('webhooks').where({ id }).first('headers', 'headers_sealed')) as {
        headers: unknown;
        headers_sealed: unknown;
      };
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    /** The headers of the next request the receiver gets after `send`. */
    const delivered = async (send: () => Promise<void>) => {
      const before = receiver.requests.length;
      await send();
      return (await receiver.received(before + 1))[before]!.headers;
    };
    const hook = (t: TestServer, token: string, service: string, extra: Record<string, unknown> = {}) =>
      createWebhook(t, token, {
        url: receiver.url,
        events: ['service.down', 'service.up'],
        filters: `{"service.name": "${service}"}`,
        headers: [
          { name: 'Authorization', value: TOKEN },
          { name: 'X-Team', value: TEAM },
        ],
        ...extra,
      });

    it('values are sealed in the row, never returned (names with hasValue), and still sent on delivery', async () => {
      await run(KEY_A, async (t, token) => {
        const created = await gql(
          t,
          'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id headers { name hasValue value } } }',
          {
            i: {
              url: receiver.url,
              events: ['service.down'],
              filters: '{"service.name": "sealed-h"}',
              headers: [
                { name: 'Authorization', value: TOKEN },
                { name: 'X-Team', value: TEAM },
              ],
            },
          },
          token,
        );
        assert.equal(created.errors, undefined, created.text);
        const id = created.data.createWebhook.id as string;
        assert.deepEqual(created.data.createWebhook.headers, [
          { name: 'Authorization', hasValue: true, value: null },
          { name: 'X-Team', hasValue: true, value: null },
        ]);
        assert.ok(!created.text.includes(TOKEN) && !created.text.includes(TEAM), 'no value in the answer');
        const read = await gql(t, HEADERS_STATE, { id }, token);
        assert.ok(!read.text.includes(TOKEN), 'no value when read back, even by an admin');
        assert.deepEqual(read.data.webhook, {
          headers: [
            { name: 'Authorization', hasValue: true, value: null },
            { name: 'X-Team', hasValue: true, value: null },
          ],
          headersError: null,
        });

        const row = await storedRow(t, id);
        assert.deepEqual(json(row.headers), [], 'the clear column is empty');
        const sealed = json(row.headers_sealed) as Array<{ name: string; sealed: string }>;
        assert.deepEqual(
          sealed.map((h) => h.name),
          ['Authorization', 'X-Team'],
        );
        for (const h of sealed) assert.match(h.sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
        const rowText = JSON.stringify(await t.server.database.knex('webhooks').where({ id }).first());
        assert.ok(
          !rowText.includes(TOKEN) && !rowText.includes('receiver-token') && !rowText.includes(TEAM),
          'no value anywhere in the row',
        );

        const headers = await delivered(() => push(t, 'sealed-h', 'DOWN'));
        assert.equal(headers['authorization'], TOKEN);
        assert.equal(headers['x-team'], TEAM);
      });
    });

    it('an update keeps a header given without its value, replaces one given with a value, and drops one left out', async () => {
      await run(KEY_A, async (t, token) => {
        const w = await hook(t, token, 'kept-h');
        const updated = await gql(
          t,
          UPDATE,
          { id: w.id, i: { headers: [{ name: 'authorization' }, { name: 'X-Region', value: 'eu' }] } },
          token,
        );
        assert.equal(updated.errors, undefined, updated.text);
        assert.deepEqual(updated.data.updateWebhook.headers, [
          { name: 'authorization', hasValue: true, value: null },
          { name: 'X-Region', hasValue: true, value: null },
        ]);
        const headers = await delivered(() => push(t, 'kept-h', 'DOWN'));
        assert.equal(headers['authorization'], TOKEN, 'kept although not sent again');
        assert.equal(headers['x-region'], 'eu');
        assert.equal(headers['x-team'], undefined, 'a header left out of the list is removed');
        // Other fields leave the headers alone.
        assert.equal((await gql(t, UPDATE, { id: w.id, i: { retryMax: 1 } }, token)).errors, undefined);
        assert.equal((await delivered(() => push(t, 'kept-h', 'OPERATIONAL')))['authorization'], TOKEN);
      });
    });

    const missingValue: Array<[string, string, Record<string, unknown>, RegExp]> = [
      [
        'createWebhook with a header without a value',
        'create',
        { headers: [{ name: 'Authorization' }] },
        /header Authorization: value is required/,
      ],
      [
        'updateWebhook keeping a header that is not stored',
        'update',
        { headers: [{ name: 'X-Unknown', value: null }] },
        /header X-Unknown: there is no stored value to keep; give its value/,
      ],
    ];
    for (const [what, operation, input, message] of missingValue) {
      it(`${what} is refused with BAD_USER_INPUT and changes nothing`, async () => {
        await run(KEY_A, async (t, token) => {
          const w = await hook(t, token, `refused-${operation}`);
          const res =
            operation === 'create'
              ? await gql(
                  t,
                  'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }',
                  { i: { url: receiver.url, events: ['service.down'], ...input } },
                  token,
                )
              : await gql(t, UPDATE, { id: w.id, i: input }, token);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
          assert.match(res.errors![0].message, message);
          assert.equal(
            (await delivered(() => push(t, `refused-${operation}`, 'DOWN')))['authorization'],
            TOKEN,
            'the stored headers are unchanged',
          );
        });
      });
    }

    it('values an older version stored in clear are sealed at the next start and still sent', async () => {
      const id = await run(KEY_A, async (t, token) => {
        const w = await hook(t, token, 'legacy-h');
        // What a row written before header values were sealed looks like.
        await t.server.database
          .knex('webhooks')
          .where({ id: w.id })
          .update({
            headers: JSON.stringify([
              { name: 'Authorization', value: TOKEN },
              { name: 'X-Team', value: TEAM },
            ]),
            headers_sealed: null,
          });
        return w.id as string;
      });
      await run(KEY_A, async (t, token) => {
        await t.server.writer.flush();
        const row = await storedRow(t, id);
        assert.deepEqual(json(row.headers), [], 'the clear values are gone from the row');
        assert.ok(!JSON.stringify(row.headers_sealed).includes(TOKEN));
        assert.equal((json(row.headers_sealed) as unknown[]).length, 2);
        assert.deepEqual((await gql(t, HEADERS_STATE, { id }, token)).data.webhook.headersError, null);
        const headers = await delivered(() => push(t, 'legacy-h', 'DOWN'));
        assert.deepEqual([headers['authorization'], headers['x-team']], [TOKEN, TEAM]);
      });
    });

    it('after a key rotation (the old key as SVC_AUTH_SECRET_KEY_PREVIOUS) values are still sent and sealed again under the new key', async () => {
      const { id, sealedBefore } = await run(KEY_A, async (t, token) => {
        const w = await hook(t, token, 'rotated-h');
        return { id: w.id as string, sealedBefore: JSON.stringify((await storedRow(t, w.id)).headers_sealed) };
      });
      await run(
        KEY_B,
        async (t) => {
          assert.equal((await delivered(() => push(t, 'rotated-h', 'DOWN')))['authorization'], TOKEN);
          await t.server.writer.flush();
          assert.notEqual(JSON.stringify((await storedRow(t, id)).headers_sealed), sealedBefore, 'sealed again at start');
        },
        KEY_A,
      );
      await run(KEY_B, async (t, token) => {
        assert.deepEqual((await gql(t, HEADERS_STATE, { id }, token)).data.webhook.headersError, null, 'the new key alone opens them now');
        assert.equal((await delivered(() => push(t, 'rotated-h', 'OPERATIONAL')))['authorization'], TOKEN);
      });
    });

    it('under another key the webhook says why and sends nothing; giving the headers again makes it deliver', async () => {
      const id = await run(KEY_A, async (t, token) => (await hook(t, token, 'rekeyed-h', { retryMax: 0 })).id as string);
      await run(KEY_B, async (t, token) => {
        const state = (await gql(t, HEADERS_STATE, { id }, token)).data.webhook;
        assert.match(state.headersError, /stored header values cannot be read.*SVC_AUTH_SECRET_KEY/);
        assert.deepEqual(
          state.headers.map((h: { name: string }) => h.name),
          ['Authorization', 'X-Team'],
        );
        const before = receiver.requests.length;
        await push(t, 'rekeyed-h', 'DOWN');
        const [attempt] = await executionsOf(t, token, id, 1);
        assert.equal(attempt.status, 'ExecFailed');
        assert.match(attempt.error, /not sent without its headers: the stored header values cannot be read/);
        assert.equal(receiver.requests.length, before, 'nothing reached the receiver');
        const keep = await gql(t, UPDATE, { id, i: { headers: [{ name: 'Authorization' }] } }, token);
        assert.deepEqual(keep.codes, ['BAD_USER_INPUT'], 'an unreadable value cannot be kept');
        assert.match(keep.errors![0].message, /give every header's value again/);

        const given = await gql(t, UPDATE, { id, i: { headers: [{ name: 'Authorization', value: `${TOKEN}-new` }] } }, token);
        assert.equal(given.errors, undefined, given.text);
        assert.equal(given.data.updateWebhook.headersError, null);
        assert.equal((await delivered(() => push(t, 'rekeyed-h', 'OPERATIONAL')))['authorization'], `${TOKEN}-new`);
      });
    });
  });
}
