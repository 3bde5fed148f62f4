/** The services of the attachments module, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../../../core/coreServices.js';
import type { TicketDirectory } from '../ticketContract.js';
import type { AttachmentService } from './attachmentService.js';

/** What the module needs from the modules before it: the ticket core's directory. */
export interface AttachmentsNeeds {
  readonly tickets: TicketDirectory;
}

export interface AttachmentsServices {
  readonly ticketAttachments: AttachmentService;
}

export type AttachmentsContext = CoreServices & AttachmentsNeeds & AttachmentsServices;
