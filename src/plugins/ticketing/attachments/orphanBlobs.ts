/**
 * Blobs no attachment row refers to: what an upload cut short by a crash leaves behind (the blob is
 * written before its row is committed). Keys are checked against the table a batch at a time, so the
 * fleet's attachments are never held in memory at once. Used by the periodic orphan sweep (owner-
 * prefixed keys) and by the start's pass over keys of older versions (bare UUIDs, legacyBlobKeys.ts).
 */
import type { Knex } from 'knex';
import type { BlobStore } from '../../../platform/blobs/blobStore.js';
import { ticketAttachmentsTable } from './attachmentTables.js';

const CHECK_BATCH = 500;

export interface OrphanOutcome {
  /** Orphans deleted (older than the cut-off). */
  readonly removed: number;
  /** Orphans left because they are younger than the cut-off (an upload may still be committing). */
  readonly young: number;
}

/** Deletes each of `keys` that no row refers to and that was stored before `storedBefore` (epoch ms). */
export async function removeUnreferencedBlobs(
  deps: { readonly blobs: BlobStore; readonly knex: Knex },
  keys: AsyncIterable<string>,
  storedBefore: number,
): Promise<OrphanOutcome> {
  const { blobs, knex } = deps;
  let removed = 0;
  let young = 0;
  let batch: string[] = [];
  const check = async () => {
    const checked = batch;
    batch = [];
    const rows: { blob_key: string }[] = await knex(ticketAttachmentsTable.name).whereIn('blob_key', checked).select('blob_key');
    const referenced = new Set(rows.map((row) => row.blob_key));
    for (const key of checked) {
      if (referenced.has(key)) continue;
      const stat = await blobs.stat(key);
      if (stat === null) continue;
      if (stat.modifiedAt >= storedBefore) young += 1;
      else if (await blobs.delete(key)) removed += 1;
    }
  };
  for await (const key of keys) {
    batch.push(key);
    if (batch.length >= CHECK_BATCH) await check();
  }
  if (batch.length > 0) await check();
  return { removed, young };
}
