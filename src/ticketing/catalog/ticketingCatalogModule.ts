/**
 * The ticketing catalog as a module (plugin `ticketing`): workflows, catalog categories and items,
 * business calendars, the priority policy and routing rules, read by the ticket core through
 * `ticketingCatalog` (TicketingCatalogReader), and the runner of workflow steps (`workflowSteps`),
 * which the core calls after a transition commits. Listed after the SLA modules: templates carry
 * SLA definitions.
 */
import type { ProductModule } from '../../modules/module.js';
import type { TicketingCatalogReader, WorkflowStepRunner } from '../ticketContract.js';
import { OutboundStepRunner } from '../workflows/workflowStepRunner.js';
import { TicketingCatalog } from './ticketingCatalog.js';

/** The runner as the product holds it: the contract's, plus a wait for the runs under way (tests, shutdown). */
export interface WorkflowSteps extends WorkflowStepRunner {
  idle(): Promise<void>;
}

export interface TicketingCatalogServices {
  readonly ticketingCatalog: TicketingCatalogReader;
  readonly workflowSteps: WorkflowSteps;
}

export const ticketingCatalogModule: ProductModule<object, TicketingCatalogServices> = {
  name: 'ticketingCatalog',
  plugin: 'ticketing',
  create(kit) {
    const catalog = new TicketingCatalog();
    const steps = new OutboundStepRunner({
      policy: { allowPrivate: kit.config.security.allowPrivateWebhooks, hostAllowlist: kit.config.security.webhookHostAllowlist },
      logger: kit.logger,
    });
    return {
      services: { ticketingCatalog: catalog, workflowSteps: steps },
      // Steps in flight are aborted (they fail as aborted); the transitions they follow are committed already.
      stop: () => steps.stop(),
    };
  },
};
