/**
 * What every `BlobStore` promises (src/platform/blobs/blobStore.ts), as one suite any implementation runs:
 * the data directory today, object storage later. Call `blobStoreConformance` at the top level of
 * a test file with a function that opens a fresh, empty store.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { newBlobKey, type BlobStore } from '../../src/platform/blobs/blobStore.js';
import { AppError } from '../../src/platform/errors/catalog.js';

export interface BlobStoreHarness {
  readonly store: BlobStore;
  dispose(): Promise<void>;
}

const MiB = 1024 * 1024;

export const INVALID_BLOB_KEYS: ReadonlyArray<readonly [string, string]> = [
  ['empty', ''],
  ['parent directory', '..'],
  ['current directory', '.'],
  ['a path up', '../escape'],
  ['a nested path', 'a/b'],
  ['an absolute path', '/etc/passwd'],
  ['a Windows path', 'a\\b'],
  ['a NUL byte', 'a\u0000b'],
  ['upper case', 'Report'],
  ['a leading dot', '.hidden'],
  ['a trailing dot', 'name.'],
  ['a leading dash', '-rf'],
  ['a space', 'a b'],
  ['a non-ASCII letter', 'r\u00e9sum\u00e9'],
  ['201 characters', 'x'.repeat(201)],
];

function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

async function contentOf(store: BlobStore, key: string): Promise<Buffer | null> {
  const stream = await store.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** `total` bytes in `size` pieces, then `failure` if given. */
async function* pieces(data: Buffer, size: number, failure?: Error): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
  if (failure) throw failure;
}

function badRequest(error: unknown): boolean {
  return error instanceof AppError && error.code === 'BAD_REQUEST';
}

function tooLarge(error: unknown): boolean {
  return error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE';
}

export function blobStoreConformance(name: string, open: () => Promise<BlobStoreHarness>): void {
  describe(`BlobStore conformance: ${name}`, () => {
    let harness: BlobStoreHarness;
    let store: BlobStore;
    before(async () => {
      harness = await open();
      store = harness.store;
    });
    after(() => harness.dispose());

    it('bytes put under a generated key read back the same, with their size and SHA-256', async () => {
      const data = randomBytes(10_000);
      const before = Date.now();
      const stored = await store.put(data);
      const after = Date.now();
      assert.match(stored.key, /^[a-z0-9][a-z0-9._-]*$/);
      assert.deepEqual(stored, { key: stored.key, size: data.length, sha256: sha256(data) });
      assert.deepEqual(await contentOf(store, stored.key), data);
      const { modifiedAt, ...stat } = (await store.stat(stored.key))!;
      assert.deepEqual(stat, { key: stored.key, size: data.length });
      // File systems keep modification times at their own resolution (ext4: ns; some: 1-2 s).
      assert.ok(modifiedAt >= before - 2000 && modifiedAt <= after + 2000, `modifiedAt ${modifiedAt} within the put (${before}..${after})`);
    });

    it("keys lists every blob under an owner's prefix once, and nothing of another owner", async () => {
      const mine = await Promise.all([1, 2, 3].map(() => store.put(Buffer.from('mine'), { key: newBlobKey('listed') }).then((d) => d.key)));
      const theirs = await store.put(Buffer.from('theirs'), { key: newBlobKey('other') });
      for (const key of mine) assert.match(key, /^listed-[0-9a-f-]{36}$/);
      const listed: string[] = [];
      for await (const key of store.keys('listed-')) listed.push(key);
      assert.deepEqual(listed.sort(), [...mine].sort());
      const others: string[] = [];
      for await (const key of store.keys('other-')) others.push(key);
      assert.deepEqual(others, [theirs.key]);
    });

    it('keys does not list a deleted blob, nor a put under way', async () => {
      const gone = await store.put(Buffer.from('gone'), { key: newBlobKey('ephemeral') });
      await store.delete(gone.key);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      async function* slow(): AsyncGenerator<Buffer> {
        yield Buffer.from('half');
        await held;
        yield Buffer.from(' and the rest');
      }
      const underWay = store.put(Readable.from(slow()), { key: newBlobKey('ephemeral') });
      const listed: string[] = [];
      for await (const key of store.keys('ephemeral-')) listed.push(key);
      release();
      const stored = await underWay;
      assert.deepEqual(listed, []);
      const after: string[] = [];
      for await (const key of store.keys('ephemeral-')) after.push(key);
      assert.deepEqual(after, [stored.key]);
    });

    it('every put without a key gets a key of its own', async () => {
      const keys = await Promise.all([1, 2, 3, 4].map(() => store.put(Buffer.from('same')).then((d) => d.key)));
      assert.equal(new Set(keys).size, keys.length);
    });

    it('a 9 MiB stream of chunks is stored whole under the key given', async () => {
      const data = randomBytes(9 * MiB);
      const stored = await store.put(Readable.from(pieces(data, 256 * 1024)), { key: 'report-2026-01.pdf' });
      assert.deepEqual(stored, { key: 'report-2026-01.pdf', size: data.length, sha256: sha256(data) });
      assert.equal(sha256((await contentOf(store, 'report-2026-01.pdf'))!), sha256(data));
    });

    it('an empty blob is stored and reads back empty', async () => {
      const stored = await store.put(Buffer.alloc(0), { key: 'empty' });
      assert.equal(stored.size, 0);
      assert.deepEqual(await contentOf(store, 'empty'), Buffer.alloc(0));
    });

    it('a put to an existing key replaces its content', async () => {
      await store.put(Buffer.from('first'), { key: 'replaced' });
      await store.put(Buffer.from('second version'), { key: 'replaced' });
      assert.equal((await contentOf(store, 'replaced'))!.toString(), 'second version');
      assert.equal((await store.stat('replaced'))!.size, 'second version'.length);
    });

    it('a key without a blob: get and stat give null, delete gives false', async () => {
      assert.equal(await store.get('never-stored'), null);
      assert.equal(await store.stat('never-stored'), null);
      assert.equal(await store.delete('never-stored'), false);
    });

    it('a deleted blob is gone', async () => {
      await store.put(Buffer.from('short-lived'), { key: 'deleted' });
      assert.equal(await store.delete('deleted'), true);
      assert.equal(await store.get('deleted'), null);
      assert.equal(await store.stat('deleted'), null);
    });

    it('a source that fails midway fails the put and stores nothing', async () => {
      const failure = new Error('the client went away');
      await assert.rejects(
        store.put(Readable.from(pieces(randomBytes(2 * MiB), 64 * 1024, failure)), { key: 'half' }),
        (error) => error === failure,
      );
      assert.equal(await store.stat('half'), null);
      assert.equal(await store.get('half'), null);
    });

    it('a source that fails midway leaves the blob it was to replace as it was', async () => {
      await store.put(Buffer.from('kept'), { key: 'kept' });
      await assert.rejects(store.put(Readable.from(pieces(randomBytes(MiB), 64 * 1024, new Error('cut'))), { key: 'kept' }));
      assert.equal((await contentOf(store, 'kept'))!.toString(), 'kept');
    });

    it('a source over maxBytes fails the put with PAYLOAD_TOO_LARGE and stores nothing', async () => {
      await assert.rejects(
        store.put(Readable.from(pieces(randomBytes(MiB + 1), 64 * 1024)), { key: 'too-large', maxBytes: MiB }),
        tooLarge,
      );
      assert.equal(await store.stat('too-large'), null);
      await assert.rejects(store.put(randomBytes(11), { key: 'too-large', maxBytes: 10 }), tooLarge);
      assert.equal(await store.stat('too-large'), null);
    });

    it('a source of exactly maxBytes is stored', async () => {
      const stored = await store.put(Readable.from(pieces(randomBytes(MiB), 64 * 1024)), { key: 'at-the-cap', maxBytes: MiB });
      assert.equal(stored.size, MiB);
    });

    it('while a put is under way its key shows what was there before, never a part', async () => {
      await store.put(Buffer.from('before'), { key: 'in-progress' });
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let halfway: () => void = () => undefined;
      const sent = new Promise<void>((resolve) => (halfway = resolve));
      const put = store.put(
        (async function* () {
          yield Buffer.alloc(MiB, 0x61);
          halfway();
          await gate;
          yield Buffer.alloc(MiB, 0x62);
        })(),
        { key: 'in-progress' },
      );
      await sent;
      assert.equal((await contentOf(store, 'in-progress'))!.toString(), 'before');
      assert.equal((await store.stat('in-progress'))?.size, 'before'.length);
      release();
      assert.equal((await put).size, 2 * MiB);
      assert.equal((await store.stat('in-progress'))!.size, 2 * MiB);
    });

    it('a reader that has the blob open reads it whole even when it is replaced meanwhile', async () => {
      const old = randomBytes(2 * MiB);
      await store.put(old, { key: 'read-while-replaced' });
      const reading = await store.get('read-while-replaced');
      await store.put(randomBytes(MiB), { key: 'read-while-replaced' });
      const chunks: Buffer[] = [];
      for await (const chunk of reading!) chunks.push(Buffer.from(chunk as Uint8Array));
      assert.equal(sha256(Buffer.concat(chunks)), sha256(old));
    });

    it('puts racing for one key leave one of them, whole', async () => {
      const versions = [randomBytes(MiB), randomBytes(MiB), randomBytes(MiB)];
      await Promise.all(versions.map((data) => store.put(Readable.from(pieces(data, 64 * 1024)), { key: 'raced' })));
      const winner = sha256((await contentOf(store, 'raced'))!);
      assert.ok(
        versions.some((data) => sha256(data) === winner),
        'the content is one whole version',
      );
    });

    describe('keys that are not valid are refused with BAD_REQUEST by every call', () => {
      for (const [what, key] of INVALID_BLOB_KEYS) {
        it(what, async () => {
          await assert.rejects(store.put(Buffer.from('x'), { key }), badRequest);
          await assert.rejects(store.get(key), badRequest);
          await assert.rejects(store.stat(key), badRequest);
          await assert.rejects(store.delete(key), badRequest);
        });
      }
    });

    it('the longest valid key (200 characters) works', async () => {
      const key = `k${'x'.repeat(198)}k`;
      await store.put(Buffer.from('long'), { key });
      assert.equal((await contentOf(store, key))!.toString(), 'long');
    });
  });
}
