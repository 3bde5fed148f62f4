/**
 * Ticket attachments as a module behind the `ticketing` licence gate: the
 * multipart upload streamed into the blob store, the list and the download (REST, a person's token),
 * `ticketAttachments` and `deleteTicketAttachment` (GraphQL). It reaches tickets only through the
 * core's `tickets` directory. docs/adr/0043-ticket-attachments-and-blob-store.md has the rules.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { TimerHandle } from '../../../platform/scheduler/index.js';
import { MiB, KiB } from '../../../platform/gateway/routes.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import { attachmentRoutes } from './attachmentRoutes.js';
import { attachmentSchema } from './attachmentSchema.js';
import type { AttachmentsNeeds, AttachmentsServices } from './attachmentsContext.js';
import { AttachmentService } from './attachmentService.js';
import { ticketAttachmentsTable } from './attachmentTables.js';
import { ticketAttachmentsSchema } from './migrations/0019_ticket_attachments.js';
import type { UploadLimits } from './multipartUpload.js';

/** SPEC.md "Limits": 10 MiB per file (12 MiB per request is the route's cap); the rest bound busboy, whose limits default to Infinity. */
export const UPLOAD_LIMITS: UploadLimits = {
  fileBytes: 10 * MiB,
  files: 10,
  parts: 20,
  fields: 10,
  fieldBytes: 8 * KiB,
  headerPairs: 20,
};

/** Blobs an interrupted upload left are looked for at start and this often (they are removed once an hour old). */
const ORPHAN_SWEEP_INTERVAL_MS = 6 * 60 * 60_000;

export const ticketAttachmentsModule: ProductModule<CoreServices & AttachmentsNeeds, AttachmentsServices> = {
  name: 'ticketAttachments',
  plugin: 'ticketing',
  migrations: [ticketAttachmentsSchema],
  // The deletion patch (order 731) writes this table too; the composer checks tables by name.
  tables: [ticketAttachmentsTable],
  schema: [attachmentSchema],
  create(kit, { tickets }) {
    const ticketAttachments = new AttachmentService({
      tickets,
      blobs: kit.blobs,
      writer: kit.writer,
      knex: kit.knex,
      clock: kit.clock,
      newId: kit.newId,
      logger: kit.logger,
      limits: UPLOAD_LIMITS,
    });
    let orphanSweeps: TimerHandle | undefined;
    return {
      services: { ticketAttachments },
      routes: attachmentRoutes(ticketAttachments),
      // Deletions and uploads a crash interrupted; background work (not gated), never in the way of start.
      start: () => {
        ticketAttachments.startSweep();
        orphanSweeps = kit.clock.setRepeatingTimer(ORPHAN_SWEEP_INTERVAL_MS, () => void ticketAttachments.sweepOrphansLogged());
      },
      // After the server drained: an upload cut off at its cap may still be deleting its blobs.
      stop: () => {
        kit.clock.clearTimer(orphanSweeps);
        orphanSweeps = undefined;
        return ticketAttachments.settled();
      },
    };
  },
};
