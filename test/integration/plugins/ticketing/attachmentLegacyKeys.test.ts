/**
 * Attachment blobs from before owner prefixes (issue 27, item 10). Earlier versions stored an
 * attachment's bytes under a bare UUID key; the orphan sweep lists only `attachment-` keys, so such
 * a blob whose row was never committed (a crash mid-upload) stayed in the data directory forever,
 * and the ones with rows stayed outside the attachments' own prefix. At start the rows' blobs are
 * now moved to `attachment-<uuid>` (rows updated), and bare blobs without a row older than an hour
 * are removed; younger ones are removed by a later sweep. Real data-directory blob store, both
 * databases, across a restart.
 */
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { BlobStore } from '../../../../src/platform/blobs/blobStore.js';
import { blobDirectory, openDataDirBlobStore } from '../../../../src/platform/blobs/dataDirBlobStore.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { ORPHAN_BLOB_AGE_MS } from '../../../../src/plugins/ticketing/attachments/attachmentService.js';
import { durableStore, testBackends, type Backend } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { multipart } from '../../../support/multipart.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-07-01T09:00:00.000Z');
const bearer = (who: SignedIn) => ({ authorization: `Bearer ${who.accessToken}` });

interface Before {
  readonly t: TestServer;
  readonly admin: SignedIn;
  readonly store: BlobStore;
  /** Puts `content` under `key` as stored at `at` (the file's mtime is the blob's age). */
  storedAt(key: string, content: Buffer, at: number): Promise<void>;
  /** Uploads one file to a ticket; the attachment's id. */
  upload(name: string, data: string): Promise<string>;
}

/**
 * Runs `prepare` on a server of this version (what an earlier version left is made there, by hand),
 * restarts on the same database and data directory, and runs `check` once the start's sweeps are done.
 */
async function acrossRestart<T>(
  backend: Backend,
  clock: ManualClock,
  prepare: (before: Before) => Promise<T>,
  check: (t: TestServer, prepared: T, store: BlobStore) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-attachments-legacy-'));
  const durable = await durableStore(backend);
  const env = { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock), SVC_DATA_DIR: dataDir };
  try {
    const t = await startTestServer(backend, { clock, env, store: durable.forRun() });
    const root = blobDirectory(dataDir);
    const store = await openDataDirBlobStore({ root, clock });
    let prepared: T;
    try {
      const admin = await signInAdmin(t);
      const created = await gql(
        t,
        'mutation($i: CreateTicketInput!) { createTicket(input: $i) { id } }',
        { i: { title: 'legacy', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW' } },
        admin.accessToken,
      );
      assert.equal(created.errors, undefined, created.text);
      const ticketId = created.data.createTicket.id as string;
      prepared = await prepare({
        t,
        admin,
        store,
        async storedAt(key, content, at) {
          await store.put(content, { key });
          await utimes(join(root, createHash('sha256').update(key).digest('hex').slice(0, 2), key), at / 1000, at / 1000);
        },
        async upload(name, data) {
          const { body, contentType } = multipart([{ filename: name, data }]);
          const res = await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, {
            method: 'POST',
            body,
            headers: { 'content-type': contentType, ...bearer(admin) },
          });
          assert.equal(res.status, 201);
          return ((await res.json()) as any).attachments[0].id as string;
        },
      });
    } finally {
      await t.close();
    }
    const again = await startTestServer(backend, { clock, env, store: durable.forRun() });
    try {
      await again.server.app.ticketAttachments.orphansSwept;
      await check(again, prepared, store);
    } finally {
      await again.close();
    }
  } finally {
    await durable.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const backend of testBackends()) {
  describe(`attachment blobs of earlier versions (${backend.name})`, { timeout: 180_000 }, () => {
    it('a blob under a bare UUID that a row refers to moves to attachment-<uuid> at start, the row with it, and still downloads', async () => {
      const clock = createManualClock(T0);
      await acrossRestart(
        backend,
        clock,
        async ({ t, store, storedAt, upload }) => {
          const oldId = await upload('old.txt', 'bytes of an earlier version');
          const newId = await upload('new.txt', 'bytes of this version');
          // What an earlier version stored: the same bytes under a bare UUID, and the row pointing there.
          const legacyKey = randomUUID();
          const prefixed = await keyOf(t, oldId);
          await storedAt(legacyKey, await read(store, prefixed), T0 - 30 * ORPHAN_BLOB_AGE_MS);
          await store.delete(prefixed);
          await t.server.database.knex('ticket_attachments').where({ id: oldId }).update({ blob_key: legacyKey });
          return { oldId, legacyKey, newKey: await keyOf(t, newId) };
        },
        async (t, { oldId, legacyKey, newKey }, store) => {
          assert.deepEqual(await t.server.app.ticketAttachments.legacyKeys, { renamed: 1, unmoved: 0, orphansRemoved: 0, youngOrphans: 0 });
          assert.equal(await keyOf(t, oldId), `attachment-${legacyKey}`, 'the row refers to the prefixed key');
          assert.deepEqual(
            (await keys(store)).sort(),
            [`attachment-${legacyKey}`, newKey].sort(),
            'the bare blob is gone; nothing else moved',
          );
          const down = await fetch(`${t.url}/api/v1/tickets/attachments/${oldId}`, { headers: bearer(await signInAdmin(t)) });
          assert.equal(down.status, 200);
          assert.equal(await down.text(), 'bytes of an earlier version');
        },
      );
    });

    it('bare-UUID blobs no row refers to are removed at start once an hour old, younger ones by the sweep every few hours', async () => {
      const clock = createManualClock(T0);
      await acrossRestart(
        backend,
        clock,
        async ({ t, storedAt, upload }) => {
          const kept = await keyOf(t, await upload('kept.txt', 'kept'));
          // What a crash between an earlier version's stored blob and its row's commit left, at two ages.
          const oldOrphan = randomUUID();
          const youngOrphan = randomUUID();
          await storedAt(oldOrphan, Buffer.from('an upload cut short long ago'), T0 - ORPHAN_BLOB_AGE_MS - 60_000);
          await storedAt(youngOrphan, Buffer.from('an upload cut short just now'), T0 - ORPHAN_BLOB_AGE_MS + 60_000);
          return { kept, youngOrphan };
        },
        async (t, { kept, youngOrphan }, store) => {
          assert.deepEqual(await t.server.app.ticketAttachments.legacyKeys, { renamed: 0, unmoved: 0, orphansRemoved: 1, youngOrphans: 1 });
          assert.deepEqual((await keys(store)).sort(), [kept, youngOrphan].sort(), 'the old orphan is gone, the young one stays');

          clock.advance(6 * ORPHAN_BLOB_AGE_MS);
          await t.server.app.ticketAttachments.settled();
          assert.deepEqual(await keys(store), [kept], 'the younger orphan removed by the repeating sweep once an hour old');
        },
      );
    });
  });
}

async function keyOf(t: TestServer, attachmentId: string): Promise<string> {
  const row = await t.server.database.knex('ticket_attachments').where({ id: attachmentId }).first('blob_key');
  return row.blob_key as string;
}

async function keys(store: { keys(prefix: string): AsyncIterable<string> }): Promise<string[]> {
  const all: string[] = [];
  for await (const key of store.keys('')) all.push(key);
  return all;
}

async function read(store: { get(key: string): Promise<AsyncIterable<Uint8Array> | null> }, key: string): Promise<Buffer> {
  const stream = await store.get(key);
  assert.ok(stream, `a blob under ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
