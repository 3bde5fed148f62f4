/**
 * The blob store in the data directory (`SVC_DATA_DIR/blobs`), the default.
 *
 * Layout: `<root>/<aa>/<key>`, where `aa` is the first byte of SHA-256(key) in hex, so no directory
 * holds more than a 256th of the blobs; `<root>/.tmp/` holds puts under way (a name no key can
 * have, on the same file system, so the final rename is atomic).
 *
 * A put writes a temporary file, flushes it to disk (fsync), renames it over the final name and
 * flushes the directory, so after a crash a blob is either complete or absent. When the source
 * fails or the cap is passed, the temporary file is removed. Temporary files a crash left behind
 * are removed when the store opens (those older than an hour: another process may be writing the
 * newer ones).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Clock } from '../scheduler/index.js';
import {
  assertBlobKey,
  BlobTooLargeError,
  isBlobKey,
  newBlobKey,
  type BlobDescriptor,
  type BlobSource,
  type BlobStat,
  type BlobStore,
  type PutOptions,
} from './blobStore.js';

const TEMP_DIR = '.tmp';
const STALE_TEMP_MS = 60 * 60_000;
/** A blob directory's name: the first byte of SHA-256(key) in hex (never `.tmp`). */
const SHARD = /^[0-9a-f]{2}$/;

export interface DataDirBlobStoreOptions {
  /** The directory blobs live in (created when missing), e.g. `blobDirectory(dataDir)`. */
  readonly root: string;
  /** For the age of leftover temporary files. */
  readonly clock: Clock;
}

/** Where the product keeps its blobs inside `SVC_DATA_DIR`. */
export function blobDirectory(dataDir: string): string {
  return join(dataDir, 'blobs');
}

export async function openDataDirBlobStore(options: DataDirBlobStoreOptions): Promise<BlobStore> {
  const { root } = options;
  const temp = join(root, TEMP_DIR);
  await mkdir(temp, { recursive: true, mode: 0o700 });
  await removeStaleTemporaries(temp, options.clock.now() - STALE_TEMP_MS);

  const pathOf = (key: string) => {
    assertBlobKey(key);
    const dir = join(root, createHash('sha256').update(key).digest('hex').slice(0, 2));
    return { dir, file: join(dir, key) };
  };

  return {
    async put(source: BlobSource, putOptions: PutOptions = {}): Promise<BlobDescriptor> {
      const key = putOptions.key ?? newBlobKey();
      const { dir, file } = pathOf(key);
      const maxBytes = putOptions.maxBytes ?? Number.POSITIVE_INFINITY;
      const partial = join(temp, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let size = 0;
      let handle: FileHandle | undefined = await open(partial, 'wx', 0o600);
      try {
        for await (const chunk of source instanceof Uint8Array ? [source] : source) {
          size += chunk.byteLength;
          if (size > maxBytes) throw new BlobTooLargeError(maxBytes);
          hash.update(chunk);
          await writeAll(handle, chunk);
        }
        await handle.sync();
        await handle.close();
        handle = undefined;
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await rename(partial, file);
        await syncDirectory(dir);
      } catch (error) {
        await handle?.close().catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    async get(key: string): Promise<Readable | null> {
      const { file } = pathOf(key);
      try {
        // Opened first, so a blob deleted or replaced meanwhile is read whole or not at all.
        const handle = await open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async stat(key: string): Promise<BlobStat | null> {
      const { file } = pathOf(key);
      try {
        const info = await stat(file);
        return { key, size: info.size, modifiedAt: info.mtimeMs };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string): Promise<boolean> {
      const { file } = pathOf(key);
      try {
        await unlink(file);
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *keys(prefix: string): AsyncIterable<string> {
      for (const shard of await readdir(root, { withFileTypes: true })) {
        if (!shard.isDirectory() || !SHARD.test(shard.name)) continue;
        let names: string[];
        try {
          names = await readdir(join(root, shard.name));
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        for (const name of names) if (name.startsWith(prefix) && isBlobKey(name)) yield name;
      }
    },
  };
}

async function writeAll(handle: FileHandle, chunk: Uint8Array): Promise<void> {
  for (let offset = 0; offset < chunk.byteLength; ) {
    offset += (await handle.write(chunk, offset, chunk.byteLength - offset)).bytesWritten;
  }
}

/** A rename is durable once the directory that holds the name is flushed. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeStaleTemporaries(temp: string, olderThan: number): Promise<void> {
  for (const name of await readdir(temp)) {
    const path = join(temp, name);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < olderThan) await rm(path, { force: true });
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}
