/**
 * The data-directory blob store: the conformance suite every BlobStore passes, then what is
 * particular to files: where they go, their permissions, and no temporary file left behind.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { openDataDirBlobStore } from '../../../../src/platform/blobs/dataDirBlobStore.js';
import type { BlobStore } from '../../../../src/platform/blobs/blobStore.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { blobStoreConformance } from '../../../support/blobStoreConformance.js';

async function temporaryRoot(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'svc-blobs-'));
}

/** Every file under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

blobStoreConformance('data directory', async () => {
  const root = await temporaryRoot();
  const store = await openDataDirBlobStore({ root, clock: createManualClock() });
  return { store, dispose: () => rm(root, { recursive: true, force: true }) };
});

describe('data-directory blob store', () => {
  let root: string;
  let store: BlobStore;
  before(async () => {
    root = await temporaryRoot();
    store = await openDataDirBlobStore({ root, clock: createManualClock() });
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('a blob is one file named by its key, in a directory named by its hash, readable by the service only', async () => {
    await store.put(Buffer.from('content'), { key: 'placed' });
    const files = (await filesUnder(root)).filter((f) => f.endsWith('placed'));
    assert.equal(files.length, 1);
    assert.match(files[0]!, /^[0-9a-f]{2}\/placed$/);
    assert.equal((await stat(join(root, files[0]!))).mode & 0o777, 0o600);
  });

  it('failed puts leave no temporary file behind', async () => {
    await assert.rejects(
      store.put(
        Readable.from(
          (async function* () {
            yield Buffer.alloc(1024);
            throw new Error('cut');
          })(),
        ),
        { key: 'failed' },
      ),
    );
    await assert.rejects(store.put(Buffer.alloc(100), { key: 'capped', maxBytes: 10 }));
    assert.deepEqual(await readdir(join(root, '.tmp')), []);
    assert.deepEqual(
      (await filesUnder(root)).filter((f) => f.endsWith('failed') || f.endsWith('capped')),
      [],
    );
  });

  it('at open, temporary files a crash left more than an hour ago are removed and newer ones kept', async () => {
    const dir = await temporaryRoot();
    try {
      const clock = createManualClock(Date.parse('2026-03-01T12:00:00Z'));
      await openDataDirBlobStore({ root: dir, clock });
      const stale = join(dir, '.tmp', 'stale.part');
      const recent = join(dir, '.tmp', 'recent.part');
      await writeFile(stale, 'left by a crash');
      await writeFile(recent, 'another process is writing this');
      await utimes(stale, new Date('2026-03-01T10:59:00Z'), new Date('2026-03-01T10:59:00Z'));
      await utimes(recent, new Date('2026-03-01T11:30:00Z'), new Date('2026-03-01T11:30:00Z'));
      await openDataDirBlobStore({ root: dir, clock });
      assert.deepEqual(await readdir(join(dir, '.tmp')), ['recent.part']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
