/**
 * A multipart body into the blob store (src/plugins/ticketing/attachments/multipartUpload.ts), with a real
 * data-directory store and a body fed by hand: all or nothing, whichever way the request fails.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BlobStore } from '../../../../src/platform/blobs/blobStore.js';
import { openDataDirBlobStore } from '../../../../src/platform/blobs/dataDirBlobStore.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import { receiveFiles, type UploadLimits } from '../../../../src/plugins/ticketing/attachments/multipartUpload.js';
import { multipart } from '../../../support/multipart.js';

const LIMITS: UploadLimits = { fileBytes: 1024, files: 3, parts: 5, fields: 2, fieldBytes: 64, headerPairs: 10 };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const code = (expected: string) => (error: unknown) => error instanceof AppError && error.code === expected;

describe('receiveFiles', () => {
  let root: string;
  let store: BlobStore;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'svc-multipart-'));
    store = await openDataDirBlobStore({ root, clock: createManualClock() });
  });
  after(() => rm(root, { recursive: true, force: true }));
  const files = async () => (await readdir(root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
  beforeEach(async () => {
    for (const name of await files()) await store.delete(name);
  });

  /** A body stream that delivers `data` and then ends, or fails with `error` after `cut` bytes. */
  function body(data: Buffer, failure?: { cut: number; error: Error }): PassThrough {
    const stream = new PassThrough();
    if (failure) {
      stream.write(data.subarray(0, failure.cut));
      setImmediate(() => stream.destroy(failure.error));
    } else {
      stream.end(data);
    }
    return stream;
  }

  it('stores every file part with its display name, recorded type, size and SHA-256, in order', async () => {
    const a = randomBytes(1024);
    const { body: data, contentType } = multipart([
      { filename: 'a.bin', contentType: 'application/octet-stream', data: a },
      { name: 'note', data: 'a field, not kept' },
      { filename: '../b.txt', contentType: 'Text/Plain; charset=utf-8', data: 'b' },
    ]);
    const received = await receiveFiles(body(data), contentType, store, LIMITS);
    assert.deepEqual(
      received.map(({ fileName, contentType: type, size, sha256: hash }) => ({ fileName, type, size, hash })),
      [
        { fileName: 'a.bin', type: 'application/octet-stream', size: 1024, hash: sha256(a) },
        { fileName: '.._b.txt', type: 'text/plain', size: 1, hash: sha256(Buffer.from('b')) },
      ],
    );
    assert.deepEqual((await files()).sort(), received.map((r) => r.key).sort());
  });

  const refusals: ReadonlyArray<readonly [string, () => ReturnType<typeof multipart>, string, RegExp]> = [
    [
      'a file one byte over the cap',
      () =>
        multipart([
          { filename: 'ok.txt', data: 'ok' },
          { filename: 'big.bin', data: randomBytes(1025) },
        ]),
      'PAYLOAD_TOO_LARGE',
      /big\.bin/,
    ],
    [
      'more files than allowed',
      () => multipart(Array.from({ length: 4 }, (_, i) => ({ filename: `${i}.txt`, data: 'x' }))),
      'PAYLOAD_TOO_LARGE',
      /at most 3 files/,
    ],
    [
      'more parts than allowed',
      () =>
        multipart([
          { filename: 'a.txt', data: 'a' },
          { name: 'f1', data: '1' },
          { name: 'f2', data: '2' },
          { filename: 'b.txt', data: 'b' },
          { filename: 'c.txt', data: 'c' },
          { name: 'f3', data: '3' },
        ]),
      'PAYLOAD_TOO_LARGE',
      /at most/,
    ],
    [
      'more fields than allowed',
      () =>
        multipart([
          { filename: 'a.txt', data: 'a' },
          { name: 'f1', data: '1' },
          { name: 'f2', data: '2' },
          { name: 'f3', data: '3' },
        ]),
      'PAYLOAD_TOO_LARGE',
      /at most 2 form fields/,
    ],
    [
      'a field over its size',
      () =>
        multipart([
          { filename: 'a.txt', data: 'a' },
          { name: 'f', data: 'x'.repeat(65) },
        ]),
      'PAYLOAD_TOO_LARGE',
      /form field/,
    ],
    ['no file part', () => multipart([{ name: 'f', data: 'x' }]), 'BAD_REQUEST', /no file/],
  ];
  for (const [what, build, expected, message] of refusals) {
    it(`${what}: ${expected}, and nothing is left in the store`, async () => {
      const { body: data, contentType } = build();
      await assert.rejects(
        receiveFiles(body(data), contentType, store, LIMITS),
        (error) => code(expected)(error) && message.test((error as Error).message),
      );
      assert.deepEqual(await files(), []);
    });
  }

  it('a file of exactly the cap is whole (busboy would call it truncated)', async () => {
    const data = randomBytes(1024);
    const { body: raw, contentType } = multipart([{ filename: 'exact.bin', data }]);
    const [file] = await receiveFiles(body(raw), contentType, store, LIMITS);
    assert.equal(file!.size, 1024);
    assert.equal(file!.sha256, sha256(data));
  });

  it('a body that fails midway (cut off at the request cap, client gone) fails with its error and deletes the files already stored', async () => {
    const { body: raw, contentType } = multipart([
      { filename: 'first.bin', data: randomBytes(1000) },
      { filename: 'second.bin', data: randomBytes(1000) },
    ]);
    const failure = new Error('the client went away');
    await assert.rejects(
      receiveFiles(body(raw, { cut: raw.length - 500, error: failure }), contentType, store, LIMITS),
      (error) => error === failure,
    );
    assert.deepEqual(await files(), []);
  });

  it('a body cut short (no closing boundary) is BAD_REQUEST and leaves nothing', async () => {
    const { body: raw, contentType } = multipart([
      { filename: 'a.txt', data: 'complete' },
      { filename: 'b.txt', data: 'cut' },
    ]);
    await assert.rejects(receiveFiles(body(raw.subarray(0, raw.length - 10)), contentType, store, LIMITS), code('BAD_REQUEST'));
    assert.deepEqual(await files(), []);
  });

  for (const [what, type] of [
    ['no content type', undefined],
    ['JSON', 'application/json'],
    ['multipart without a boundary', 'multipart/form-data'],
  ] as const) {
    it(`${what}: refused before reading`, async () => {
      await assert.rejects(
        receiveFiles(body(Buffer.from('x')), type, store, LIMITS),
        (error) => error instanceof AppError && (error.code === 'UNSUPPORTED_MEDIA_TYPE' || error.code === 'BAD_REQUEST'),
      );
      assert.deepEqual(await files(), []);
    });
  }
});
