/**
 * Ticket attachments over real HTTP (issue 17, part 6; SPEC.md "Attachments", "Limits"): upload
 * streamed through busboy into the data-directory blob store, list, download, delete, and every way
 * an upload is refused (a file over 10 MiB, a request over 12 MiB, too many files or parts, no
 * token, no standing on the ticket, the plugin off) leaving nothing stored: the blob directory and
 * the list are looked at, not just the status. Odd file names are display names only.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newBlobKey } from '../../../../src/platform/blobs/blobStore.js';
import { blobDirectory, openDataDirBlobStore } from '../../../../src/platform/blobs/dataDirBlobStore.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { ORPHAN_BLOB_AGE_MS } from '../../../../src/plugins/ticketing/attachments/attachmentService.js';
import { contentDisposition, sanitizeFileName } from '../../../../src/plugins/ticketing/attachments/attachmentNames.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken, TOGGLE } from '../../../support/license.js';
import { multipart, postChunked, type Part } from '../../../support/multipart.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An attachment's blob key: generated, under the attachments' own prefix. */
const ATTACHMENT_KEY = /^attachment-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const FIELDS = 'id ticketId fileName contentType size sha256 uploadedBy { username } createdAt downloadUrl';
const LIST = `query($t: ID!) { ticketAttachments(ticketId: $t) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteTicketAttachment(id: $id) }';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const bearer = (who: SignedIn) => ({ authorization: `Bearer ${who.accessToken}` });

for (const backend of testBackends()) {
  describe(`ticket attachments (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let dataDir: string;
    let t: TestServer;
    let admin: SignedIn;
    let requester: SignedIn & { username: string };
    let stranger: SignedIn;
    let operator: SignedIn;
    let assignee: SignedIn & { username: string };
    let ticketId: string;

    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'svc-attachments-'));
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock), SVC_DATA_DIR: dataDir } });
      admin = await signInAdmin(t);
      requester = await personWithRole(t, admin, 'USER');
      stranger = await personWithRole(t, admin, 'USER');
      operator = await personWithRole(t, admin, 'OPERATOR');
      assignee = await personWithRole(t, admin, 'USER');
      ticketId = await newTicket(requester);
    });
    after(async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function newTicket(who: SignedIn): Promise<string> {
      const res = await gql(
        t,
        'mutation($i: CreateTicketInput!) { createTicket(input: $i) { id } }',
        { i: { title: 'printer on fire', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW' } },
        who.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      return res.data.createTicket.id;
    }

    const upload = (ticket: string, parts: readonly Part[], who: SignedIn | null = requester, headers: Record<string, string> = {}) => {
      const { body, contentType } = multipart(parts);
      return fetch(`${t.url}/api/v1/tickets/${ticket}/attachments`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType, ...(who ? bearer(who) : {}), ...headers },
      });
    };
    const uploaded = async (ticket: string, parts: readonly Part[], who: SignedIn = requester) => {
      const res = await upload(ticket, parts, who);
      const text = await res.text();
      assert.equal(res.status, 201, text);
      return JSON.parse(text).attachments as any[];
    };
    const list = async (ticket: string, who: SignedIn = requester) => {
      const res = await fetch(`${t.url}/api/v1/tickets/${ticket}/attachments`, { headers: bearer(who) });
      assert.equal(res.status, 200, await res.clone().text());
      return ((await res.json()) as any).attachments as any[];
    };
    const download = (id: string, who: SignedIn | null = requester) =>
      fetch(`${t.url}/api/v1/tickets/attachments/${id}`, { headers: who ? bearer(who) : {} });
    /** Every file under the data directory's blob store (blobs and temporary files). */
    const blobFiles = async () =>
      (await readdir(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort();
    /** Every file anywhere under the data directory. */
    const dataFiles = async () =>
      (await readdir(dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
    const error = async (res: Response) => {
      const body = (await res.json()) as any;
      assert.deepEqual(Object.keys(body), ['error']);
      return body.error as string;
    };
    /** Asserts the request changed nothing stored: the same blobs, the same list. */
    async function nothingStored(before: { files: string[]; listed: number }, ticket = ticketId) {
      // A request cut off at its cap was answered at once; its blobs are deleted right after.
      await t.server.app.ticketAttachments.settled();
      assert.deepEqual(await blobFiles(), before.files, 'no blob (nor temporary file) was left');
      assert.equal((await list(ticket)).length, before.listed, 'no attachment was recorded');
    }
    const snapshot = async (ticket = ticketId) => ({ files: await blobFiles(), listed: (await list(ticket)).length });

    it('an upload of a binary file and a text file answers 201 with their records; each downloads byte for byte', async () => {
      const binary = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(MiB), Buffer.from('\r\n--\r\n')]);
      const text = Buffer.from('line one\nline two\n', 'utf8');
      const records = await uploaded(ticketId, [
        { filename: 'dump.bin', contentType: 'application/octet-stream', data: binary },
        { filename: 'notes.txt', contentType: 'text/plain; charset=utf-8', data: text },
      ]);
      assert.equal(records.length, 2);
      const [bin, txt] = records;
      assert.match(bin.id, UUID);
      assert.deepEqual(
        {
          ticketId: bin.ticketId,
          fileName: bin.fileName,
          contentType: bin.contentType,
          size: bin.size,
          sha256: bin.sha256,
          uploadedById: bin.uploadedById,
          downloadUrl: bin.downloadUrl,
        },
        {
          ticketId,
          fileName: 'dump.bin',
          contentType: 'application/octet-stream',
          size: binary.length,
          sha256: sha256(binary),
          uploadedById: requester.userId,
          downloadUrl: `/api/v1/tickets/attachments/${bin.id}`,
        },
      );
      assert.equal(txt.contentType, 'text/plain');
      assert.equal(bin.createdAt, new Date(T0).toISOString());

      for (const [record, data] of [
        [bin, binary],
        [txt, text],
      ] as const) {
        const res = await download(record.id);
        assert.equal(res.status, 200);
        const got = Buffer.from(await res.arrayBuffer());
        assert.equal(got.length, data.length);
        assert.equal(sha256(got), sha256(data), 'the bytes are identical');
        assert.equal(res.headers.get('content-length'), String(data.length));
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.equal(res.headers.get('content-disposition'), contentDisposition(record.fileName));
      }
      assert.equal((await download(txt.id)).headers.get('content-type'), 'text/plain');
    });

    it("the list (REST and GraphQL) shows a ticket's attachments oldest first to whoever may read the ticket", async () => {
      const ticket = await newTicket(requester);
      const first = await uploaded(ticket, [{ filename: 'a.txt', data: 'a' }]);
      clock.advance(1_000);
      const second = await uploaded(ticket, [{ filename: 'b.txt', data: 'bb' }], operator);
      assert.deepEqual(
        (await list(ticket)).map((a) => a.fileName),
        ['a.txt', 'b.txt'],
      );
      assert.deepEqual(
        (await list(ticket, operator)).map((a) => a.id),
        [first[0].id, second[0].id],
      );
      const res = await gql(t, LIST, { t: ticket }, requester.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.deepEqual(
        res.data.ticketAttachments.map((a: any) => [a.fileName, a.size, a.uploadedBy.username]),
        [
          ['a.txt', 1, requester.username],
          ['b.txt', 2, (await gql(t, '{ me { username } }', undefined, operator.accessToken)).data.me.username],
        ],
      );
      assert.equal(res.data.ticketAttachments[0].sha256, sha256(Buffer.from('a')));
    });

    it('an upload from a browser page (Origin, multipart) is accepted: the bearer token, not the form, is the credential', async () => {
      const [record] = await (async () => {
        const res = await upload(ticketId, [{ filename: 'from-browser.txt', data: 'hi' }], requester, {
          origin: 'https://console.example',
        });
        assert.equal(res.status, 201, await res.clone().text());
        return ((await res.json()) as any).attachments;
      })();
      assert.equal(record.fileName, 'from-browser.txt');
    });

    it('an empty file is stored and downloads empty', async () => {
      const [record] = await uploaded(ticketId, [{ filename: 'empty.log', data: Buffer.alloc(0) }]);
      assert.equal(record.size, 0);
      const res = await download(record.id);
      assert.equal(res.status, 200);
      assert.equal((await res.arrayBuffer()).byteLength, 0);
    });

    it('a file of exactly 10 MiB is accepted', { timeout: 60_000 }, async () => {
      const data = randomBytes(10 * MiB);
      const [record] = await uploaded(ticketId, [{ filename: 'max.bin', data }]);
      assert.equal(record.size, 10 * MiB);
      assert.equal(sha256(Buffer.from(await (await download(record.id)).arrayBuffer())), sha256(data));
    });

    it('a file of 10 MiB + 1 byte is refused with 413 {error} and nothing is stored, not even the file before it', {
      timeout: 60_000,
    }, async () => {
      const before = await snapshot();
      const res = await upload(ticketId, [
        { filename: 'small.txt', data: 'fits' },
        { filename: 'big.bin', data: randomBytes(10 * MiB + 1) },
      ]);
      assert.equal(res.status, 413);
      assert.match(await error(res), /big\.bin.*10 MiB/);
      await nothingStored(before);
    });

    it('a request over 12 MiB is refused with 413 from its Content-Length, before a byte is stored', { timeout: 60_000 }, async () => {
      const before = await snapshot();
      const res = await upload(ticketId, [
        { filename: 'one.bin', data: randomBytes(7 * MiB) },
        { filename: 'two.bin', data: randomBytes(6 * MiB) },
      ]);
      assert.equal(res.status, 413);
      assert.match(await error(res), /12 MiB/);
      await nothingStored(before);
    });

    it('a chunked request that grows past 12 MiB is cut off at the cap with 413, and the files it already stored are deleted', {
      timeout: 60_000,
    }, async () => {
      const before = await snapshot();
      const { body, contentType } = multipart([
        { filename: 'one.bin', data: randomBytes(7 * MiB) },
        { filename: 'two.bin', data: randomBytes(6 * MiB) },
      ]);
      const res = await postChunked(`${t.url}/api/v1/tickets/${ticketId}/attachments`, body, {
        'content-type': contentType,
        ...bearer(requester),
      });
      assert.equal(res.status, 413, res.text);
      assert.match(JSON.parse(res.text).error, /12 MiB/);
      await nothingStored(before);
    });

    it('more than 10 files is refused with 413 and nothing is stored', async () => {
      const before = await snapshot();
      const res = await upload(
        ticketId,
        Array.from({ length: 11 }, (_, i) => ({ filename: `f${i}.txt`, data: `file ${i}` })),
      );
      assert.equal(res.status, 413);
      assert.match(await error(res), /at most 10 files/);
      await nothingStored(before);
    });

    it('more than 20 parts is refused with 413 and nothing is stored', async () => {
      const before = await snapshot();
      const parts: Part[] = [
        ...Array.from({ length: 5 }, (_, i) => ({ filename: `p${i}.txt`, data: 'x' })),
        ...Array.from({ length: 16 }, (_, i) => ({ name: `field${i}`, data: 'v' })),
      ];
      const res = await upload(ticketId, parts);
      assert.equal(res.status, 413);
      assert.match(await error(res), /at most \d+ (parts|form fields)/);
      await nothingStored(before);
    });

    it('a form field over its size is refused with 413 (busboy would cut it silently)', async () => {
      const before = await snapshot();
      const res = await upload(ticketId, [
        { filename: 'a.txt', data: 'a' },
        { name: 'comment', data: 'x'.repeat(9 * KiB) },
      ]);
      assert.equal(res.status, 413);
      await nothingStored(before);
    });

    describe('bodies that are not an upload are refused and store nothing', () => {
      it('not multipart: 415', async () => {
        const res = await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, {
          method: 'POST',
          body: 'raw bytes',
          headers: { 'content-type': 'application/octet-stream', ...bearer(requester) },
        });
        assert.equal(res.status, 415);
        assert.match(await error(res), /multipart\/form-data/);
      });
      it('multipart without a file part: 400', async () => {
        const res = await upload(ticketId, [{ name: 'comment', data: 'no file here' }]);
        assert.equal(res.status, 400);
        assert.match(await error(res), /no file/);
      });
      it('a multipart body cut short: 400', async () => {
        const before = await snapshot();
        const { body, contentType } = multipart([{ filename: 'cut.txt', data: 'cut short' }]);
        const res = await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, {
          method: 'POST',
          body: body.subarray(0, body.length - 20),
          headers: { 'content-type': contentType, ...bearer(requester) },
        });
        assert.equal(res.status, 400);
        await nothingStored(before);
      });
    });

    describe('odd file names are kept as display names only, and nothing is written outside the blob store', () => {
      const names: ReadonlyArray<readonly [string, string]> = [
        ['a path up', '../../etc/passwd'],
        ['a nested path', 'a/b'],
        ['an absolute path', '/tmp/owned'],
        ['a Windows path', '..\\..\\boot.ini'],
        ['a NUL byte', '\u0000'],
        ['a NUL inside', 'x\u0000.sh'],
        ['a header break', 'x.txt\r\nX-Injected: 1'],
        ['quotes and a semicolon', 'a"; filename="evil.html'],
        ['very long', `${'long'.repeat(300)}.pdf`],
        ['unicode', 'Résumé 日本語 📄.pdf'],
        ['a right-to-left override', 'invoice\u202efdp.exe'],
      ];
      for (const [what, name] of names) {
        it(what, async () => {
          const [record] = await uploaded(ticketId, [{ filename: name, contentType: 'text/plain', data: `content of ${what}` }]);
          assert.equal(record.fileName, sanitizeFileName(name));
          assert.doesNotMatch(record.fileName, /[/\\\u0000-\u001f]/);
          const res = await download(record.id);
          assert.equal(res.status, 200);
          assert.equal(await res.text(), `content of ${what}`);
          const disposition = res.headers.get('content-disposition')!;
          assert.equal(disposition, contentDisposition(record.fileName));
          assert.match(disposition, /^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/);
          // Every file of the data directory is a blob under a generated key or the embedded database's own.
          for (const file of await dataFiles())
            assert.ok(!file.includes('passwd') && !file.includes('owned') && !file.includes('boot.ini'), file);
          assert.ok(
            (await blobFiles()).every((f) => ATTACHMENT_KEY.test(f)),
            'blobs are named by generated keys',
          );
        });
      }
    });

    it('active content (HTML, SVG, JavaScript) is recorded as sent but served as application/octet-stream, nosniff, as a download', async () => {
      for (const [type, name] of [
        ['text/html', 'page.html'],
        ['image/svg+xml', 'logo.svg'],
        ['application/javascript', 'x.js'],
        ['text/xml', 'x.xml'],
      ] as const) {
        const [record] = await uploaded(ticketId, [{ filename: name, contentType: type, data: '<script>alert(1)</script>' }]);
        assert.equal(record.contentType, type);
        const res = await download(record.id);
        assert.equal(res.headers.get('content-type'), 'application/octet-stream', type);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
        assert.match(res.headers.get('content-disposition')!, /^attachment;/);
        assert.match(res.headers.get('content-security-policy')!, /sandbox/);
        await res.arrayBuffer();
      }
    });

    it("a part with no content type, or one that is not type/subtype, is recorded as text/plain (RFC 7578's default, which busboy applies)", async () => {
      const records = await uploaded(ticketId, [
        { filename: 'odd.dat', contentType: 'not-a-type', data: 'x' },
        { filename: 'none.dat', data: 'y' },
        { filename: 'params.csv', contentType: 'Text/CSV; charset=utf-8; x="y"', data: 'a,b' },
      ]);
      assert.deepEqual(
        records.map((r) => r.contentType),
        ['text/plain', 'text/plain', 'text/csv'],
      );
    });

    describe('without a valid access token: 401 {error}, nothing read or stored', () => {
      for (const [what, headers] of [
        ['no token', {}],
        ['a bad token', { authorization: 'Bearer not.a.token' }],
        ['not a bearer', { authorization: 'Basic YTpi' }],
      ] as const) {
        it(what, async () => {
          const before = await snapshot();
          const up = await upload(ticketId, [{ filename: 'a.txt', data: 'a' }], null, headers);
          assert.equal(up.status, 401);
          assert.match(up.headers.get('www-authenticate') ?? '', /^Bearer/);
          await error(up);
          const [someone] = await list(ticketId);
          for (const res of [
            await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, { headers }),
            await fetch(`${t.url}/api/v1/tickets/attachments/${someone.id}`, { headers }),
          ]) {
            assert.equal(res.status, 401);
            await error(res);
          }
          await nothingStored(before);
        });
      }
      it('the API key is not a person', async () => {
        const res = await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, {
          headers: { 'x-api-key': 'test-operator-key-0123456789' },
        });
        assert.equal(res.status, 401);
      });
    });

    it('a person who may not read the ticket gets 404 on upload, list and download, as if it did not exist; nothing is stored', async () => {
      const before = await snapshot();
      const [record] = await list(ticketId);
      const up = await upload(ticketId, [{ filename: 'a.txt', data: 'a' }], stranger);
      assert.equal(up.status, 404);
      assert.match(await error(up), /no ticket/);
      const listed = await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, { headers: bearer(stranger) });
      assert.equal(listed.status, 404);
      const down = await download(record.id, stranger);
      assert.equal(down.status, 404);
      assert.match(await error(down), /no attachment/);
      const res = await gql(t, LIST, { t: ticketId }, stranger.accessToken);
      assert.deepEqual(res.codes, ['NOT_FOUND']);
      await nothingStored(before);
    });

    it('unknown tickets and attachments are 404; ids that are not UUIDs are 400 at the edge', async () => {
      assert.equal((await upload(NOWHERE, [{ filename: 'a.txt', data: 'a' }])).status, 404);
      assert.equal((await download(NOWHERE)).status, 404);
      for (const path of [
        '/api/v1/tickets/not-a-uuid/attachments',
        '/api/v1/tickets/attachments/..%2F..%2Fetc%2Fpasswd',
        '/api/v1/tickets/attachments/latest',
      ]) {
        const res = await fetch(t.url + path, { headers: bearer(requester) });
        assert.equal(res.status, 400, path);
        assert.match(await error(res), /must be a UUID/);
      }
      assert.deepEqual((await gql(t, LIST, { t: 'nope' }, requester.accessToken)).codes, ['BAD_USER_INPUT']);
      const wrongMethod = await fetch(`${t.url}/api/v1/tickets/attachments/${NOWHERE}`, { method: 'POST', headers: bearer(requester) });
      assert.equal(wrongMethod.status, 405);
      assert.equal(wrongMethod.headers.get('allow'), 'GET');
    });

    it('deleteTicketAttachment: the uploader may; the row and the blob are gone; a second delete is NOT_FOUND', async () => {
      const [record] = await uploaded(ticketId, [{ filename: 'gone.txt', data: 'soon gone' }]);
      const filesBefore = await blobFiles();
      const res = await gql(t, DELETE, { id: record.id }, requester.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.deleteTicketAttachment, true);
      assert.equal((await download(record.id)).status, 404);
      assert.ok(!(await list(ticketId)).some((a) => a.id === record.id));
      assert.equal((await blobFiles()).length, filesBefore.length - 1, 'the blob is deleted');
      assert.deepEqual((await gql(t, DELETE, { id: record.id }, requester.accessToken)).codes, ['NOT_FOUND']);
      await t.server.writer.flush();
      assert.equal(await t.server.database.knex('ticket_attachments').where({ id: record.id }).first(), undefined, 'the row is deleted');
    });

    it('deleteTicketAttachment: another reader of the ticket is FORBIDDEN; an operator and an admin may; a stranger gets NOT_FOUND', async () => {
      const assign = await gql(
        t,
        'mutation($id: ID!, $a: ID) { assignTicket(id: $id, assigneeId: $a) { id } }',
        { id: ticketId, a: assignee.userId },
        operator.accessToken,
      );
      assert.equal(assign.errors, undefined, assign.text);
      const [one, two] = await uploaded(ticketId, [
        { filename: 'one.txt', data: '1' },
        { filename: 'two.txt', data: '2' },
      ]);
      assert.deepEqual((await gql(t, DELETE, { id: one.id }, assignee.accessToken)).codes, ['FORBIDDEN']);
      assert.deepEqual((await gql(t, DELETE, { id: one.id }, stranger.accessToken)).codes, ['NOT_FOUND']);
      assert.equal((await gql(t, DELETE, { id: one.id }, operator.accessToken)).data?.deleteTicketAttachment, true);
      assert.equal((await gql(t, DELETE, { id: two.id }, admin.accessToken)).data?.deleteTicketAttachment, true);
    });

    it('a deleted ticket takes no uploads and shows no attachments (404)', async () => {
      const ticket = await newTicket(requester);
      const [record] = await uploaded(ticket, [{ filename: 'x.txt', data: 'x' }]);
      const del = await gql(t, 'mutation($id: ID!) { deleteTicket(id: $id) }', { id: ticket }, operator.accessToken);
      assert.equal(del.errors, undefined, del.text);
      assert.equal((await upload(ticket, [{ filename: 'y.txt', data: 'y' }])).status, 404);
      assert.equal((await fetch(`${t.url}/api/v1/tickets/${ticket}/attachments`, { headers: bearer(requester) })).status, 404);
      assert.equal((await download(record.id)).status, 404);
    });

    it('with the ticketing plugin off, every attachment endpoint answers 503 {error} and GraphQL PLUGIN_INACTIVE', async () => {
      const [record] = await list(ticketId);
      const off = await gql(t, TOGGLE, { n: 'ticketing', e: false }, admin.accessToken);
      assert.equal(off.errors, undefined, off.text);
      try {
        const before = await blobFiles();
        for (const res of [
          await upload(ticketId, [{ filename: 'a.txt', data: 'a' }]),
          await fetch(`${t.url}/api/v1/tickets/${ticketId}/attachments`, { headers: bearer(requester) }),
          await download(record.id),
        ]) {
          assert.equal(res.status, 503);
          assert.match(await error(res), /ticketing plugin is not active/);
        }
        assert.deepEqual(await blobFiles(), before);
        assert.deepEqual((await gql(t, LIST, { t: ticketId }, requester.accessToken)).codes, ['PLUGIN_INACTIVE']);
        assert.deepEqual((await gql(t, DELETE, { id: record.id }, requester.accessToken)).codes, ['PLUGIN_INACTIVE']);
      } finally {
        await gql(t, TOGGLE, { n: 'ticketing', e: true }, admin.accessToken);
      }
    });
  });

  describe(`ticket attachments across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a deletion a crash interrupted (row marked, blob still there) is finished at the next start', async () => {
      const clock = createManualClock(T0);
      const dataDir = await mkdtemp(join(tmpdir(), 'svc-attachments-restart-'));
      const durable = await durableStore(backend);
      const env = { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock), SVC_DATA_DIR: dataDir };
      try {
        let t = await startTestServer(backend, { clock, env, store: durable.forRun() });
        const admin = await signInAdmin(t);
        const res = await gql(
          t,
          'mutation($i: CreateTicketInput!) { createTicket(input: $i) { id } }',
          { i: { title: 'crash', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW' } },
          admin.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        const { body, contentType } = multipart([
          { filename: 'kept.txt', data: 'kept' },
          { filename: 'half-deleted.txt', data: 'half' },
        ]);
        const up = await fetch(`${t.url}/api/v1/tickets/${res.data.createTicket.id}/attachments`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, ...bearer(admin) },
        });
        assert.equal(up.status, 201);
        const [kept, half] = ((await up.json()) as any).attachments;
        // What a crash between the committed mark and the blob's deletion leaves behind.
        await t.server.database
          .knex('ticket_attachments')
          .where({ id: half.id })
          .update({ deleted_at: new Date(T0).toISOString() });
        await t.close();

        t = await startTestServer(backend, { clock, env, store: durable.forRun() });
        try {
          const files = async () =>
            (await readdir(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
          assert.equal(await t.server.app.ticketAttachments.swept, 1, 'one interrupted deletion finished');
          await t.server.writer.flush();
          assert.equal(await files(), 1, 'only the kept blob is left');
          assert.deepEqual(
            (await t.server.database.knex('ticket_attachments').select('id')).map((r) => r.id),
            [kept.id],
          );
          const again = await signInAdmin(t);
          const down = await fetch(`${t.url}/api/v1/tickets/attachments/${kept.id}`, { headers: bearer(again) });
          assert.equal(await down.text(), 'kept');
        } finally {
          await t.close();
        }
      } finally {
        await durable.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    });

    it("an upload's blob a crash left without its row is removed at the next start once an hour old; younger ones and other owners' blobs stay", async () => {
      const clock = createManualClock(T0);
      const dataDir = await mkdtemp(join(tmpdir(), 'svc-attachments-orphans-'));
      const durable = await durableStore(backend);
      const env = { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock), SVC_DATA_DIR: dataDir };
      try {
        let t = await startTestServer(backend, { clock, env, store: durable.forRun() });
        const admin = await signInAdmin(t);
        const res = await gql(
          t,
          'mutation($i: CreateTicketInput!) { createTicket(input: $i) { id } }',
          { i: { title: 'orphans', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW' } },
          admin.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        const { body, contentType } = multipart([{ filename: 'kept.txt', data: 'kept' }]);
        const up = await fetch(`${t.url}/api/v1/tickets/${res.data.createTicket.id}/attachments`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, ...bearer(admin) },
        });
        assert.equal(up.status, 201);
        const [kept] = ((await up.json()) as any).attachments;
        await t.close();

        // What a crash between an upload's stored blob and its row's commit leaves, at two ages, and another owner's blob.
        const root = blobDirectory(dataDir);
        const store = await openDataDirBlobStore({ root, clock });
        const storedAt = async (key: string, at: number) => {
          await store.put(Buffer.from(key), { key });
          const file = join(root, createHash('sha256').update(key).digest('hex').slice(0, 2), key);
          await utimes(file, at / 1000, at / 1000);
        };
        const oldOrphan = newBlobKey('attachment');
        const youngOrphan = newBlobKey('attachment');
        const otherOwners = newBlobKey('report');
        await storedAt(oldOrphan, T0 - ORPHAN_BLOB_AGE_MS - 60_000);
        await storedAt(youngOrphan, T0 - ORPHAN_BLOB_AGE_MS + 60_000);
        await storedAt(otherOwners, T0 - 30 * ORPHAN_BLOB_AGE_MS);

        t = await startTestServer(backend, { clock, env, store: durable.forRun() });
        try {
          assert.equal(await t.server.app.ticketAttachments.orphansSwept, 1, 'one orphan removed');
          const keys: string[] = [];
          for await (const key of store.keys('')) keys.push(key);
          const keptKey = await keyOf(t, kept.id);
          assert.match(keptKey, /^attachment-/, "an upload's blob is stored under the attachments' prefix");
          assert.deepEqual(keys.sort(), [youngOrphan, otherOwners, keptKey].sort());
          const again = await signInAdmin(t);
          const down = await fetch(`${t.url}/api/v1/tickets/attachments/${kept.id}`, { headers: bearer(again) });
          assert.equal(await down.text(), 'kept');

          // The younger one, an hour later, on the sweep that runs every few hours.
          clock.advance(6 * ORPHAN_BLOB_AGE_MS);
          await t.server.app.ticketAttachments.settled();
          assert.equal(await store.stat(youngOrphan), null, 'the younger orphan removed by the repeating sweep');
          assert.notEqual(await store.stat(otherOwners), null, "another owner's blob is never an attachment's orphan");
        } finally {
          await t.close();
        }
      } finally {
        await durable.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}

async function keyOf(t: TestServer, attachmentId: string): Promise<string> {
  const row = await t.server.database.knex('ticket_attachments').where({ id: attachmentId }).first('blob_key');
  return row.blob_key as string;
}
