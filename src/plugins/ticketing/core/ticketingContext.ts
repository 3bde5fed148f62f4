/** What the ticket core needs from the modules before it, what it provides, and its resolvers' slice. */
import type { CoreServices } from '../../../core/coreServices.js';
import type { TicketingCatalogReader, WorkflowStepRunner } from '../ticketContract.js';
import type { TicketCommands } from './ticketCommands.js';
import type { TicketDirectoryService } from './ticketDirectory.js';
import type { TicketRegistry } from './ticketRegistry.js';

export interface TicketingNeeds extends CoreServices {
  readonly ticketingCatalog: TicketingCatalogReader;
  readonly workflowSteps: WorkflowStepRunner;
}

export interface TicketingServices {
  /** The contract's TicketDirectory (find, authorize, can) and the core's reads. */
  readonly tickets: TicketDirectoryService;
  /** Every change to tickets; a null actor is the system (the SLA link). */
  readonly ticketCommands: TicketCommands;
  /** Open tickets in memory (diagnostics, tests, benchmarks). */
  readonly ticketRegistry: TicketRegistry;
}

export type TicketingContext = TicketingNeeds & TicketingServices;
