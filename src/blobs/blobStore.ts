/**
 * The blob store seam (DESIGN.md "Seams"): bytes too large or too opaque for a database row
 * (attachments, reports), stored under a key. The data directory implements it by default
 * (dataDirBlobStore.ts); object storage can later, and must pass the same conformance suite
 * (test/support/blobStoreConformance.ts).
 *
 * Keys are never a client's file name or path: a key is generated (`newBlobKey`) or chosen by the
 * server and validated (`assertBlobKey`); what a person called the file belongs in the row that
 * refers to the blob. Descriptors (size, SHA-256) belong in that row too: the store keeps bytes.
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
}

/**
 * Lower-case letters, digits, and `.`, `_`, `-` inside; 1 to 200 characters, starting and ending
 * with a letter or digit. So no separator, no `..`, nothing absolute, no NUL, and two keys never
 * name one file on a case-insensitive file system.
 */
const KEY = /^[a-z0-9](?:[a-z0-9._-]{0,198}[a-z0-9])?$/;

/** Throws BAD_REQUEST unless `key` is a valid blob key. */
export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || !KEY.test(key)) {
    throw new AppError(ErrorCode.BadRequest, `blob key ${JSON.stringify(String(key).slice(0, 60))} is not valid: 1-200 characters of a-z, 0-9, ".", "_", "-", starting and ending with a letter or digit`);
  }
}

export function newBlobKey(): string {
  return randomUUID();
}

/** The put's byte cap was passed: nothing was stored. */
export class BlobTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(ErrorCode.PayloadTooLarge, `the blob is larger than the ${maxBytes} bytes allowed`);
    this.name = 'BlobTooLargeError';
  }
}
