/**
 * Attachments of tickets, whichever API asks (REST upload, list and download; GraphQL list and
 * delete). Who may do what is the ticket directory's answer (`TicketDirectory.authorize`, asked
 * before anything is read or stored): reading a ticket's attachments takes `read`, uploading takes
 * `attach`; deleting one takes `read` on its ticket and being its uploader, an operator or an admin
 * (docs/ticketing-roles.md, docs/adr/0043-ticket-attachments-and-blob-store.md).
 *
 * The bytes live in the blob store under a generated key; the row holds the display name, the
 * content type, size and SHA-256. Order of effects, so a crash never leaves a row without its bytes:
 * upload stores the blobs, then commits the rows (a failed commit deletes the blobs); delete commits
 * `deleted_at` first (the attachment is gone for every reader), then deletes the blob, then the row;
 * rows a crash left marked are finished at the next start (`sweep`). A crash between an upload's
 * blob and its row's commit leaves a blob without a row: `sweepOrphanBlobs` removes those (at start
 * and every few hours), once they are older than any upload still under way could be. Blobs of
 * versions before owner prefixes (bare UUID keys) are moved to prefixed keys at start, and those
 * without a row removed the same way (legacyBlobKeys.ts).
 */
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { BlobStore } from '../../../platform/blobs/blobStore.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { TicketDirectory } from '../ticketContract.js';
import { attachmentDeletionPatch, attachmentRow, rowToAttachment, ticketAttachmentsTable, type Attachment } from './attachmentTables.js';
import { migrateLegacyBlobKeys, removeBareOrphans, type LegacyBlobKeysOutcome } from './legacyBlobKeys.js';
import { ATTACHMENT_BLOB_OWNER, discard, receiveFiles, type UploadLimits } from './multipartUpload.js';
import { removeUnreferencedBlobs } from './orphanBlobs.js';

export interface AttachmentServiceDeps {
  readonly tickets: TicketDirectory;
  readonly blobs: BlobStore;
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly logger: Logger;
  readonly limits: UploadLimits;
}

/** A download: the record and its bytes as a stream (the caller sends it and the gateway closes it). */
export interface Download {
  readonly attachment: Attachment;
  readonly content: Readable;
}

const TABLE = ticketAttachmentsTable.name;
/**
 * A blob without a row is an orphan only when it is older than this: an upload commits its rows
 * milliseconds after its blobs are stored, so a younger one may belong to an upload under way.
 */
export const ORPHAN_BLOB_AGE_MS = 60 * 60_000;

export class AttachmentService {
  /** The start's sweep (`startSweep`): how many interrupted deletions it finished. */
  swept: Promise<number> = Promise.resolve(0);
  /** The start's move of bare-UUID blobs of earlier versions (legacyBlobKeys.ts); null when it failed. */
  legacyKeys: Promise<LegacyBlobKeysOutcome | null> = Promise.resolve(null);
  /** The start's orphan sweep (`sweepOrphanBlobs`): how many blobs without a row it removed. */
  orphansSwept: Promise<number> = Promise.resolve(0);
  /** Bare-UUID blobs without a row that were too young to remove: the orphan sweeps look at them again. */
  private youngBareOrphans = 0;
  /** Uploads and orphan sweeps under way (`settled`). */
  private readonly working = new Set<Promise<void>>();

  constructor(private readonly deps: AttachmentServiceDeps) {}

  /** Runs `sweep`, then `sweepOrphanBlobs`, in the background (at start); failures are logged, and the next start tries again. */
  startSweep(): void {
    this.swept = this.sweep().then(
      (count) => {
        if (count > 0) this.deps.logger.info('finished attachment deletions a stop interrupted', { count });
        return count;
      },
      (error: unknown) => {
        this.deps.logger.error('finishing interrupted attachment deletions failed; retried at the next start', { error });
        return 0;
      },
    );
    this.legacyKeys = this.swept.then(() => this.migrateLegacyKeysLogged());
    this.orphansSwept = this.legacyKeys.then(() => this.sweepOrphansLogged());
    // The whole chain, not only the step under way: a stop right after start waits for it instead of
    // closing the database under a step that has not been tracked yet.
    this.track(this.orphansSwept);
  }

  private migrateLegacyKeysLogged(): Promise<LegacyBlobKeysOutcome | null> {
    const work = migrateLegacyBlobKeys(this.deps, ORPHAN_BLOB_AGE_MS).then(
      (outcome) => {
        this.youngBareOrphans = outcome.youngOrphans;
        if (outcome.renamed > 0 || outcome.orphansRemoved > 0)
          this.deps.logger.info('attachment blobs of an earlier version moved to prefixed keys', { ...outcome });
        return outcome;
      },
      (error: unknown) => {
        this.deps.logger.error('moving attachment blobs of an earlier version to prefixed keys failed; retried at the next start', {
          error,
        });
        return null;
      },
    );
    this.track(work);
    return work;
  }

  /** `sweepOrphanBlobs` with its outcome logged; never rejects (the next sweep tries again). */
  sweepOrphansLogged(): Promise<number> {
    const sweep = this.sweepOrphanBlobs().then(
      (count) => {
        if (count > 0)
          this.deps.logger.warn('removed attachment blobs that no attachment refers to (an upload a stop cut short)', { count });
        return count;
      },
      (error: unknown) => {
        this.deps.logger.error('removing attachment blobs without an attachment failed; retried at the next sweep', { error });
        return 0;
      },
    );
    this.track(sweep);
    return sweep;
  }

  /** Checked before the body is read: a refused upload stores nothing and reads nothing. */
  async authorizeUpload(viewer: Viewer, ticketId: string): Promise<void> {
    await this.deps.tickets.authorize(viewer, ticketId, 'attach');
  }

  /**
   * Every file part of `body` attached to the ticket, all or none; answers after the commit. A
   * request cut off at its cap has been answered 413 by the gateway already: the blobs it stored are
   * deleted after that answer (`settled` waits for it).
   */
  upload(viewer: Viewer, ticketId: string, body: Readable, contentType: string | undefined): Promise<Attachment[]> {
    const work = this.receive(viewer, ticketId, body, contentType);
    this.track(work);
    return work;
  }

  /** Resolves when every upload and orphan sweep under way has finished (tests; the module's stop). */
  async settled(): Promise<void> {
    while (this.working.size > 0) await Promise.all([...this.working]);
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.then(
      () => undefined,
      () => undefined,
    );
    this.working.add(tracked);
    void tracked.then(() => this.working.delete(tracked));
  }

  private async receive(viewer: Viewer, ticketId: string, body: Readable, contentType: string | undefined): Promise<Attachment[]> {
    const { deps } = this;
    const files = await receiveFiles(body, contentType, deps.blobs, deps.limits);
    try {
      // The ticket may have been deleted (or the person's standing changed) while the body arrived.
      await deps.tickets.authorize(viewer, ticketId, 'attach');
      return await commitChange(deps, (at) => {
        const attachments = files.map(
          (file): Attachment => ({
            id: deps.newId(),
            ticketId,
            blobKey: file.key,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.size,
            sha256: file.sha256,
            uploadedBy: viewer.userId,
            createdAt: at,
            deletedAt: null,
          }),
        );
        for (const attachment of attachments) deps.writer.upsert(ticketAttachmentsTable, attachmentRow(attachment));
        return attachments;
      });
    } catch (error) {
      await discard(deps.blobs, files);
      throw error;
    }
  }

  /** The ticket's attachments, oldest first. */
  async list(viewer: Viewer, ticketId: string): Promise<Attachment[]> {
    await this.deps.tickets.authorize(viewer, ticketId, 'read');
    const rows = await this.deps
      .knex(TABLE)
      .where({ ticket_id: ticketId })
      .whereNull('deleted_at')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .select('*');
    return rows.map(rowToAttachment);
  }

  /** The attachment when the viewer may read its ticket; NOT_FOUND otherwise (its existence is not revealed). */
  async get(viewer: Viewer, id: string): Promise<Attachment> {
    const row = await this.deps.knex(TABLE).where({ id }).whereNull('deleted_at').first();
    if (!row) throw new AppError(ErrorCode.NotFound, `no attachment ${id}`);
    const attachment = rowToAttachment(row);
    try {
      await this.deps.tickets.authorize(viewer, attachment.ticketId, 'read');
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.Forbidden) throw error;
      throw new AppError(ErrorCode.NotFound, `no attachment ${id}`);
    }
    return attachment;
  }

  async download(viewer: Viewer, id: string): Promise<Download> {
    const attachment = await this.get(viewer, id);
    const content = await this.deps.blobs.get(attachment.blobKey);
    if (content === null) {
      this.deps.logger.error('attachment bytes missing from the blob store', { attachmentId: id, blobKey: attachment.blobKey });
      throw new AppError(ErrorCode.NotFound, `the content of attachment ${id} is missing; upload it again`);
    }
    return { attachment, content };
  }

  /** Removes the attachment and its bytes; true once done. */
  async delete(viewer: Viewer, id: string): Promise<boolean> {
    const { deps } = this;
    const attachment = await this.get(viewer, id);
    if (attachment.uploadedBy !== viewer.userId && viewer.role !== 'operator' && viewer.role !== 'admin') {
      throw new AppError(ErrorCode.Forbidden, `only whoever uploaded "${attachment.fileName}", an operator or an admin may delete it`);
    }
    await commitChange(deps, (at) => deps.writer.upsert(attachmentDeletionPatch, { id, deleted_at: new Date(at).toISOString() }));
    await this.finishDeletion(attachment);
    return true;
  }

  /**
   * Deletions a crash interrupted (rows marked `deleted_at`, their blob perhaps still there): the
   * blob deleted, then the row. Run at start; a failure is logged and retried at the next start.
   */
  async sweep(): Promise<number> {
    const rows = await this.deps.knex(TABLE).whereNotNull('deleted_at').select('*');
    for (const row of rows) await this.finishDeletion(rowToAttachment(row));
    if (rows.length > 0) await this.deps.writer.committed();
    return rows.length;
  }

  /**
   * Deletes every attachment blob that no row refers to (marked rows included: their deletion is
   * `sweep`'s) and that is older than ORPHAN_BLOB_AGE_MS; returns how many (orphanBlobs.ts).
   */
  async sweepOrphanBlobs(): Promise<number> {
    const storedBefore = this.deps.clock.now() - ORPHAN_BLOB_AGE_MS;
    let removed = 0;
    if (this.youngBareOrphans > 0) {
      // Bare-UUID orphans the start found too young (legacyBlobKeys.ts): until none is left.
      const bare = await removeBareOrphans(this.deps, ORPHAN_BLOB_AGE_MS);
      this.youngBareOrphans = bare.young;
      removed += bare.removed;
    }
    const prefixed = await removeUnreferencedBlobs(this.deps, this.deps.blobs.keys(`${ATTACHMENT_BLOB_OWNER}-`), storedBefore);
    return removed + prefixed.removed;
  }

  private async finishDeletion(attachment: Attachment): Promise<void> {
    try {
      await this.deps.blobs.delete(attachment.blobKey);
    } catch (error) {
      // The row stays marked: the next start tries again.
      this.deps.logger.error('attachment blob could not be deleted; retried at the next start', { attachmentId: attachment.id, error });
      return;
    }
    this.deps.writer.delete(ticketAttachmentsTable, { id: attachment.id });
  }
}
