/**
 * The blob store seam (DESIGN.md "Seams"): bytes too large or too opaque for a database row
 * (attachments, reports), stored under a key. The data directory implements it by default
 * (dataDirBlobStore.ts); object storage can later, and must pass the same conformance suite
 * (test/support/blobStoreConformance.ts).
 *
 * Keys are never a client's file name or path: a key is generated (`newBlobKey`) or chosen by the
 * server and validated (`assertBlobKey`); what a person called the file belongs in the row that
 * refers to the blob. Descriptors (size, SHA-256) belong in that row too: the store keeps bytes.
 * Every owner generates its keys under its own prefix (`newBlobKey(owner)`), so it can list its
 * blobs (`keys`) and remove the ones a crash left without a row, never another owner's.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../errors/catalog.js';

/** What `put` stored. */
export interface BlobDescriptor {
  readonly key: string;
  /** Bytes. */
  readonly size: number;
  /** SHA-256 of the content, lower-case hex. */
  readonly sha256: string;
}

export interface BlobStat {
  readonly key: string;
  readonly size: number;
  /** When the blob was stored, ms since the epoch (the store's own clock: a file's mtime). */
  readonly modifiedAt: number;
}

/** Bytes at once, or a stream of chunks (a Node `Readable` is one, and so is a request body). */
export type BlobSource = Uint8Array | AsyncIterable<Uint8Array>;

export interface PutOptions {
  /** Where to store (see `assertBlobKey`); a new generated key when absent. */
  readonly key?: string;
  /** More bytes than this fail the put with PAYLOAD_TOO_LARGE and store nothing. */
  readonly maxBytes?: number;
}

export interface BlobStore {
  /**
   * Stores `source` under a key. The blob is visible only once complete: a reader sees the old
   * content (or none) until then, never a part. When the source fails or is over `maxBytes`, the
   * put rejects and nothing is stored (an older blob under the same key stays). A put to an
   * existing key replaces it.
   */
  put(source: BlobSource, options?: PutOptions): Promise<BlobDescriptor>;
  /** The content as a stream, or null when there is no blob under `key`. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<BlobStat | null>;
  /** True when a blob was deleted, false when there was none. */
  delete(key: string): Promise<boolean>;
  /**
   * The key of every complete blob whose key starts with `prefix`, each once, in no particular
   * order. A put under way is not listed; a blob put or deleted while the listing runs may or may
   * not be.
   */
  keys(prefix: string): AsyncIterable<string>;
}

/**
 * Lower-case letters, digits, and `.`, `_`, `-` inside; 1 to 200 characters, starting and ending
 * with a letter or digit. So no separator, no `..`, nothing absolute, no NUL, and two keys never
 * name one file on a case-insensitive file system.
 */
const KEY = /^[a-z0-9](?:[a-z0-9._-]{0,198}[a-z0-9])?$/;

/** Throws BAD_REQUEST unless `key` is a valid blob key. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) {
    throw new AppError(
      ErrorCode.BadRequest,
      `blob key ${JSON.stringify(String(key).slice(0, 60))} is not valid: 1-200 characters of a-z, 0-9, ".", "_", "-", starting and ending with a letter or digit`,
    );
  }
}

const OWNER = /^[a-z0-9]{1,40}$/;

/** A new key, `<owner>-<uuid>` (or a bare uuid without an owner): `keys(\`${owner}-\`)` lists them. */
export function newBlobKey(owner?: string): string {
  if (owner === undefined) return randomUUID();
  if (!OWNER.test(owner)) throw new Error(`blob owner ${JSON.stringify(owner)} must be 1-40 characters of a-z and 0-9`);
  return `${owner}-${randomUUID()}`;
}

/** True when `key` is a valid blob key (what `assertBlobKey` accepts). */
export function isBlobKey(key: string): boolean {
  return typeof key === 'string' && KEY.test(key);
}

/** The put's byte cap was passed: nothing was stored. */
export class BlobTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(ErrorCode.PayloadTooLarge, `the blob is larger than the ${maxBytes} bytes allowed`);
    this.name = 'BlobTooLargeError';
  }
}
