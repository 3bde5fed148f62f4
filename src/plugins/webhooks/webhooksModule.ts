/**
 * The webhooks module: outgoing webhooks (see README.md beside this file). Its staged bus handler
 * is the outbox; pending deliveries are loaded before the server serves and handed to the
 * dispatcher once it listens; on shutdown the dispatcher stops before the writer's final flush.
 */
import type { CoreServices } from '../../core/coreServices.js';
import { createSecretBox } from '../../platform/config/secretBox.js';
import { webhookClaimsSchema } from './migrations/webhookClaims.js';
import type { OnceServices } from '../../platform/once/onceModule.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { createWebhooks } from './createWebhooks.js';
import { webhooksSchema as webhooksMigration } from './migrations/0007_webhooks.js';
import { webhookOutboxSchema } from './migrations/0009_webhook_outbox.js';
import { webhookSecretSealedSchema } from './migrations/0024_webhook_secret_sealed.js';
import { webhookHeadersSealedSchema } from './migrations/0026_webhook_headers_sealed.js';
import { webhookOutboxTable } from './outboxPage.js';
import { deliveryLatency, instrumentDispatcher, WEBHOOK_METRICS } from './webhookMetrics.js';
import { webhookSchema, type WebhookServices } from './webhookSchema.js';
import { webhookDeliveriesTable, webhookExecutionsTable, webhooksTable } from './webhookTables.js';
import { ADMIN, STAFF, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The webhooks' actions, and the roles allowed each by default. */
export const webhookPermissions = {
  'webhook:read': STAFF,
  'webhook:read-private': ADMIN,
  'webhook:manage': ADMIN,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof webhookPermissions> {}
}

export interface WebhooksModuleOptions {
  /** Waiting deliveries held in memory; the rest wait on their outbox pages (tests set it small). @default 4096 */
  readonly maxHeld?: number;
  /** Deliveries one webhook may owe before it goes to ERROR (tests set it small). @default MAX_OWED_PER_WEBHOOK */
  readonly maxOwed?: number;
}

export function webhooksModule(
  options: WebhooksModuleOptions = {},
): ProductModule<Pick<CoreServices, 'fleet' | 'users'> & Pick<OnceServices, 'once' | 'instanceId'>, WebhookServices> {
  return {
    name: 'webhooks',
    permissions: webhookPermissions,
    screens: [{ name: 'webhooks', label: 'Webhooks', needs: 'webhook:read' }],
    migrations: [webhooksMigration, webhookOutboxSchema, webhookSecretSealedSchema, webhookHeadersSealedSchema, webhookClaimsSchema],
    tables: [webhooksTable, webhookDeliveriesTable, webhookExecutionsTable, webhookOutboxTable],
    schema: [webhookSchema],
    metrics: WEBHOOK_METRICS,
    create(kit, { fleet, users, once, instanceId }) {
      const webhooks = createWebhooks({
        writer: kit.writer,
        knex: kit.knex,
        catalog: kit.webhookEvents,
        clock: kit.clock,
        logger: kit.logger,
        newId: kit.newId,
        secrets: createSecretBox(kit.secretKeys(), 'webhooks'),
        policy: { allowPrivate: kit.config.security.allowPrivateWebhooks, hostAllowlist: kit.config.security.webhookHostAllowlist },
        lookups: { user: (id) => users.get(id), service: (id) => fleet.services.get(id) },
        requests: kit.traffic.received,
        requestsInFlight: kit.traffic.inFlight,
        ...(options.maxHeld !== undefined ? { maxHeld: options.maxHeld } : {}),
        ...(options.maxOwed !== undefined ? { maxOwed: options.maxOwed } : {}),
        onDelivered: deliveryLatency(kit.metrics),
        once,
        // One process (no cluster) is the only instance: it claims every outbox page at start.
        claims: { instanceId, exclusive: kit.config.cluster === undefined },
      });
      instrumentDispatcher(kit.metrics, webhooks.dispatcher, kit.clock);
      return {
        services: { webhooks: webhooks.service },
        async hydrate() {
          kit.logger.info('webhooks loaded', await webhooks.hydrate());
        },
        busHandlers: { staged: webhooks.outbox },
        shared: webhooks.shared,
        // /readyz (src/platform/health): the worker that sends committed deliveries runs.
        checks: {
          webhookWorker: () =>
            webhooks.dispatcher.working
              ? { status: 'pass', componentType: 'component' }
              : {
                  status: 'fail',
                  componentType: 'component',
                  output: 'the webhook delivery worker is not running (not started, or stopped)',
                },
        },
        start: () => webhooks.start(),
        // Attempts in flight are aborted and stay pending: the next start sends them again.
        stop: () => webhooks.close(),
      };
    },
  };
}
