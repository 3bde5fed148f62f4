// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules (each with its own type); `unknown` breaks their contravariant positions
/**
 * The product as a list of modules: the platform's, the core and every plugin, in start order, and what is
 * derived from that list before the server starts (the configuration, with every module's slice; the services
 * every resolver sees). Its own module because the list is read without a server (the configuration, tools,
 * tests), and it sits directly in the top tier because it is the one place that names modules of every tier
 * (the tier arrows allow that only here); app.ts composes and serves it.
 */
import { loadConfig, type Config, type ConfigDefaults, type EnvSource } from '../platform/config/config.js';
import type { ProductModule } from '../platform/modules/module.js';
import { ModuleList, type ServicesOf } from '../platform/modules/moduleList.js';
import type { PresenceStore } from './realtime/presenceStore.js';
import { agentKeysModule } from './agentKeys/agentKeysModule.js';
import { auditModule } from './audit/auditModule.js';
import { signInProvidersModule } from './signInProviders/signInProvidersModule.js';
import { consoleModule } from './console/consoleModule.js';
import { licenseModule } from './license/licenseModule.js';
import { logLevelModule } from './logLevel/logLevelModule.js';
import { coreModule } from '../core/coreModule.js';
import { clusterFenceModule } from '../platform/cluster/fenceModule.js';
import { clusterEventsModule } from '../platform/cluster/eventHistory.js';
import { sharedStateModule } from '../platform/cluster/sharedChanges.js';
import { idempotencyModule } from '../platform/idempotency/idempotencyModule.js';
import { onceModule } from '../platform/once/onceModule.js';
import { notificationsModule } from './notifications/notificationsModule.js';
import { policyModule } from './policy/policyModule.js';
import { realtimeModule } from './realtime/realtimeModule.js';
import { agentCommandsModule } from '../core/operations/agentCommandsModule.js';
import { savedFiltersModule } from './savedFilters/savedFiltersModule.js';
import { slaModule } from './sla/slaModule.js';
import { slaEvaluationModule } from './sla/evaluation/slaEvaluationModule.js';
import { maintenanceWindowsModule } from './sla/windows/maintenanceWindowsModule.js';
import { slaFiguresModule } from './sla/figures/slaFiguresModule.js';
import { ticketingCatalogModule } from './ticketing/catalog/ticketingCatalogModule.js';
import { ticketingModule } from './ticketing/core/ticketingModule.js';
import { ticketAttachmentsModule } from './ticketing/attachments/ticketAttachmentsModule.js';
import { ticketConversationModule } from './ticketing/conversation/ticketConversationModule.js';
import { ticketSlaLinkModule } from './ticketing/slaLink/ticketSlaLinkModule.js';
import { ticketNotificationsModule } from './ticketing/notifications/ticketNotificationsModule.js';
import { webhooksModule } from './webhooks/webhooksModule.js';

export interface ProductOptions {
  /** Waiting webhook deliveries held in memory; the rest wait on their outbox pages. @default 4096 */
  readonly webhookMaxHeld?: number;
  /** Deliveries one webhook may owe before it goes to ERROR (docs/adr/0083). @default 250,000 */
  readonly webhookMaxOwed?: number;
  /** Where viewers and edit locks are kept (cluster mode: the NATS store). @default this process's memory */
  readonly presence?: PresenceStore;
}

/**
 * The product's modules in start order (src/platform/modules/README.md): each is created and hydrated with
 * the services of those before it, started in this order once the server listens, stopped in reverse.
 */
export function productModules(options: ProductOptions = {}) {
  return ModuleList.start()
    .with(clusterFenceModule)
    .with(clusterEventsModule)
    .with(sharedStateModule)
    .with(onceModule)
    .with(coreModule)
    .with(idempotencyModule)
    .with(policyModule)
    .with(auditModule)
    .with(signInProvidersModule)
    .with(licenseModule)
    .with(notificationsModule)
    .with(
      webhooksModule({
        ...(options.webhookMaxHeld !== undefined ? { maxHeld: options.webhookMaxHeld } : {}),
        ...(options.webhookMaxOwed !== undefined ? { maxOwed: options.webhookMaxOwed } : {}),
      }),
    )
    .with(realtimeModule(options.presence ? { presence: options.presence } : {}))
    .with(agentCommandsModule)
    .with(slaModule)
    .with(maintenanceWindowsModule)
    .with(slaFiguresModule)
    .with(slaEvaluationModule)
    .with(agentKeysModule)
    .with(savedFiltersModule)
    .with(ticketingCatalogModule)
    .with(ticketingModule)
    .with(ticketAttachmentsModule)
    .with(ticketConversationModule)
    .with(ticketNotificationsModule)
    .with(ticketSlaLinkModule)
    .with(logLevelModule)
    .with(consoleModule);
}

/**
 * The product's configuration: the platform's settings and every module's slice (`ProductModule.settings`),
 * validated together, every problem reported in one ConfigError.
 */
export function loadProductConfig(
  source: EnvSource,
  defaults?: ConfigDefaults,
  extraModules: readonly ProductModule<AppServices, any>[] = [],
): Config {
  return loadConfig(source, defaults, productModules().withAll(extraModules).settings());
}

/** Every module's services: `ctx.app` of every resolver. */
export type AppServices = ServicesOf<ReturnType<typeof productModules>>;
