/**
 * The ticketing catalog as a module (plugin `ticketing`): workflows, catalog categories and items,
 * business calendars, the priority policy and routing rules (tables 710-716, migration 0016),
 * read by the ticket core through `ticketingCatalog` (TicketingCatalogReader); the runner of
 * workflow steps (`workflowSteps`), which the core calls after a transition commits; template
 * export and import (src/plugins/ticketing/templates), the only way the catalog changes. Listed after the
 * SLA modules: templates carry SLA definitions.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import type { NotificationServices } from '../../notifications/notificationSchema.js';
import type { SlaServices } from '../../sla/slaContext.js';
import type { TimerHandle } from '../../../platform/scheduler/clock.js';
import { periodKey } from '../../../platform/once/onceClaims.js';
import type { OnceServices } from '../../../platform/once/onceModule.js';
import { templateRoutes } from '../templates/templateRoutes.js';
import { TemplateService } from '../templates/templateService.js';
import type { TicketingCatalogReader, WorkflowStepRunner } from '../ticketContract.js';
import { workflowSource } from '../workflows/workflowEvents.js';
import { WorkflowExecutionLog, workflowExecutionsTable } from '../workflows/workflowExecutionLog.js';
import { OutboundStepRunner } from '../workflows/workflowStepRunner.js';
import { catalogSchema } from './catalogSchema.js';
import { CatalogStore } from './catalogStore.js';
import { catalogTables } from './catalogTables.js';
import { ticketingCatalogSchema } from './migrations/0016_ticketing_catalog.js';
import { TicketingCatalog } from './ticketingCatalog.js';
import { STAFF, type ActionsOf, type PermissionDeclarations } from '../../../core/auth/roles.js';

/** The ticketing catalog's actions, and the roles allowed each by default. */
export const workflowPermissions = {
  'workflow:read': STAFF,
} as const satisfies PermissionDeclarations;

declare module '../../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof workflowPermissions> {}
}

/** How often finished workflow runs older than 30 days are looked for. */
const PRUNE_INTERVAL_MS = 60 * 60_000;

/** The runner as the product holds it: the contract's, plus a wait for the runs under way (tests, shutdown). */
export interface WorkflowSteps extends WorkflowStepRunner {
  idle(): Promise<void>;
}

export interface TicketingCatalogServices {
  readonly ticketingCatalog: TicketingCatalogReader;
  readonly workflowSteps: WorkflowSteps;
  /** The catalog's own parts: its content for the GraphQL lists, the execution records, templates. */
  readonly ticketingCatalogAdmin: {
    readonly catalog: TicketingCatalog;
    readonly executions: WorkflowExecutionLog;
    readonly templates: TemplateService;
  };
}

type Needs = Pick<CoreServices, 'fleet' | 'groups'> & NotificationServices & SlaServices & Pick<OnceServices, 'once'>;

export const ticketingCatalogModule: ProductModule<Needs, TicketingCatalogServices> = {
  name: 'ticketingCatalog',
  permissions: workflowPermissions,
  plugin: 'ticketing',
  migrations: [ticketingCatalogSchema],
  tables: [...catalogTables, workflowExecutionsTable],
  schema: [catalogSchema],
  webhookEvents: [workflowSource],
  create(kit, { fleet, groups, notifications, sla, once }) {
    const { writer, knex, bus, clock, newId, logger } = kit;
    const catalog = new TicketingCatalog();
    const store = new CatalogStore({ writer, knex }, catalog);
    const executions = new WorkflowExecutionLog({ writer, knex, bus });
    const steps = new OutboundStepRunner({
      policy: { allowPrivate: kit.config.security.allowPrivateWebhooks, hostAllowlist: kit.config.security.webhookHostAllowlist },
      log: executions,
      notify: (notification, origin) => notifications.notify(notification, origin),
      clock,
      newId,
      logger,
    });
    const templates = new TemplateService({
      catalog,
      store,
      writer,
      clock,
      newId,
      version: kit.version,
      workers: kit.workers,
      lookups: {
        groupIdNamed: (name) => groups.named(name)?.id,
        groupName: (id) => groups.get(id)?.name,
        serviceExists: (id) => fleet.services.get(id) !== undefined,
      },
      sla: () => (kit.plugins.isActive('sla') ? sla : undefined),
    });
    let pruner: TimerHandle | undefined;
    let pruning = false;
    const pruneNow = () => {
      if (pruning) return;
      pruning = true;
      // One instance of a cluster prunes per hour (src/platform/once).
      once
        .run('ticketing.workflow_runs.prune', periodKey(clock.now(), PRUNE_INTERVAL_MS), () => executions.prune(clock.now()))
        .then((outcome) => (outcome.ran ? outcome.value : 0))
        .then(
          (count) => count > 0 && logger.info('workflow run records older than 30 days pruned', { count }),
          (error: unknown) => logger.error('workflow run records prune failed', { error }),
        )
        .finally(() => (pruning = false));
    };
    return {
      services: { ticketingCatalog: catalog, workflowSteps: steps, ticketingCatalogAdmin: { catalog, executions, templates } },
      async hydrate() {
        logger.info('ticketing catalog loaded', await store.hydrate());
      },
      // Cluster mode: a template imported through another instance (the only way the catalog changes) is read
      // again whole here, as at start (docs/adr/0068): a handful of rows, changed rarely.
      shared: [
        {
          tables: catalogTables.map((table) => table.name),
          reload: async () => void (await store.hydrate()),
        },
      ],
      routes: templateRoutes(templates),
      start() {
        steps.recoverInterrupted().then(
          (count) => count > 0 && logger.warn('workflow runs cut short by the last stop were marked failed', { count }),
          (error: unknown) => logger.error('could not mark interrupted workflow runs failed', { error }),
        );
        // The records are history, kept 30 days (EXECUTION_HISTORY_MS); checked at start and every hour.
        pruneNow();
        pruner = clock.setRepeatingTimer(PRUNE_INTERVAL_MS, pruneNow);
      },
      // Steps in flight are aborted and recorded as failed before the writer's last flush; the transitions they follow are committed already.
      stop: () => {
        clock.clearTimer(pruner);
        pruner = undefined;
        return steps.stop();
      },
    };
  },
};
