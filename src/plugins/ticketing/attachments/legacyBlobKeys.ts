/**
 * Attachment blobs of versions before owner prefixes: their keys are bare UUIDs,
 * which the orphan sweep (it lists `attachment-` keys) never saw, so a bare blob a crash left without
 * its row stayed forever. At start, once the interrupted deletions are finished:
 *
 * 1. every attachment row that refers to a bare key gets its blob under `attachment-<that uuid>`:
 *    the bytes copied (checked against the row's SHA-256), the rows of a batch committed with the new
 *    key, then the bare blobs deleted. A crash at any step leaves the row pointing at bytes that
 *    exist: before the commit the old key (the copy is overwritten next time, or swept as an orphan),
 *    after it the new one (the bare copy is then an orphan, step 2);
 * 2. every bare-UUID blob no row refers to and older than ORPHAN_BLOB_AGE_MS is deleted; younger ones
 *    (an upload of the older version cut short just before the upgrade) are counted, and the service
 *    looks again at its next orphan sweep until none is left.
 *
 * Only bare UUIDs are touched: another owner's keys carry its prefix. Rows are read a batch at a time
 * in id order, so the fleet's attachments are never held at once.
 */
import type { Knex } from 'knex';
import type { BlobStore } from '../../../platform/blobs/blobStore.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { patchSpec } from '../../../platform/persistence/tableSpec.js';
import { ticketAttachmentsTable } from './attachmentTables.js';
import { ATTACHMENT_BLOB_OWNER } from './multipartUpload.js';
import { removeUnreferencedBlobs, type OrphanOutcome } from './orphanBlobs.js';

/** The key an attachment's blob got before keys carried their owner's prefix. */
const BARE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BATCH = 500;
const TABLE = ticketAttachmentsTable.name;

/** A row's blob moved to its prefixed key. */
export const attachmentBlobKeyPatch = patchSpec(ticketAttachmentsTable, ['blob_key'], 732);

export interface LegacyBlobKeysDeps {
  readonly blobs: BlobStore;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly logger: Logger;
}

export interface LegacyBlobKeysOutcome {
  /** Rows whose blob now has the prefixed key. */
  readonly renamed: number;
  /** Rows whose bare blob is missing or does not match the row's SHA-256 (left as they are, logged). */
  readonly unmoved: number;
  /** Bare blobs without a row, deleted. */
  readonly orphansRemoved: number;
  /** Bare blobs without a row, too young to be called orphans yet. */
  readonly youngOrphans: number;
}

/** The prefixed key of a bare one. */
export function prefixedKey(bare: string): string {
  return `${ATTACHMENT_BLOB_OWNER}-${bare}`;
}

export async function migrateLegacyBlobKeys(deps: LegacyBlobKeysDeps, orphanAgeMs: number): Promise<LegacyBlobKeysOutcome> {
  const { renamed, unmoved } = await renameReferenced(deps);
  const { removed, young } = await removeBareOrphans(deps, orphanAgeMs);
  return { renamed, unmoved, orphansRemoved: removed, youngOrphans: young };
}

async function renameReferenced(deps: LegacyBlobKeysDeps): Promise<{ renamed: number; unmoved: number }> {
  const { blobs, knex, writer, logger } = deps;
  let renamed = 0;
  let unmoved = 0;
  let after = '';
  for (;;) {
    // Marked rows are the deletion sweep's (it ran before this); prefixed keys are done.
    const query = knex(TABLE).whereNull('deleted_at').whereNot('blob_key', 'like', `${ATTACHMENT_BLOB_OWNER}-%`).orderBy('id').limit(BATCH);
    const rows = (await (after === '' ? query : query.where('id', '>', after)).select('id', 'blob_key', 'sha256')) as Array<{
      id: string;
      blob_key: string;
      sha256: string;
    }>;
    if (rows.length === 0) break;
    after = String(rows[rows.length - 1]!.id);
    const moved: Array<{ id: string; from: string; to: string }> = [];
    for (const row of rows) {
      const from = String(row.blob_key);
      if (!BARE_UUID.test(from)) continue;
      const to = prefixedKey(from);
      const content = await blobs.get(from);
      if (content === null) {
        // Copied and committed before, its bare blob deleted, but the commit lost? Then the copy is there.
        if ((await blobs.stat(to)) !== null) moved.push({ id: String(row.id), from, to });
        else {
          unmoved += 1;
          logger.error('an attachment blob of an earlier version is missing; its attachment cannot be downloaded', {
            attachmentId: row.id,
            blobKey: from,
          });
        }
        continue;
      }
      const copy = await blobs.put(content, { key: to });
      if (copy.sha256 !== row.sha256) {
        await blobs.delete(to);
        unmoved += 1;
        logger.error('an attachment blob of an earlier version does not match its SHA-256; left under its old key', {
          attachmentId: row.id,
          blobKey: from,
        });
        continue;
      }
      moved.push({ id: String(row.id), from, to });
    }
    if (moved.length === 0) continue;
    await commitChange({ writer, clock: deps.clock }, () => {
      for (const m of moved) writer.upsert(attachmentBlobKeyPatch, { id: m.id, blob_key: m.to });
    });
    for (const m of moved) await blobs.delete(m.from);
    renamed += moved.length;
  }
  return { renamed, unmoved };
}

/** Deletes bare-UUID blobs that no row refers to once they are older than `orphanAgeMs`; counts the younger ones. */
export function removeBareOrphans(deps: Pick<LegacyBlobKeysDeps, 'blobs' | 'knex' | 'clock'>, orphanAgeMs: number): Promise<OrphanOutcome> {
  return removeUnreferencedBlobs(deps, bareKeys(deps.blobs), deps.clock.now() - orphanAgeMs);
}

/** Bare keys have no prefix of their own: every key is listed, and only bare UUIDs are kept. */
async function* bareKeys(blobs: BlobStore): AsyncIterable<string> {
  for await (const key of blobs.keys('')) if (BARE_UUID.test(key)) yield key;
}
