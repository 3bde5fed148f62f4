// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The composition root: opens the store, runs the modules' migrations, composes the product's
 * modules (src/platform/modules: each creates and hydrates its part), mounts their routes beside the GraphQL
 * endpoints, and serves. Tests start the product through this function exactly as `main.ts` does,
 * with their own config, clock and store (and, for the module contract's tests, a test-only module).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { usePermissions } from './core/auth/roles.js';
import type { Fleet } from './core/fleet/fleet.js';
import { agentKeysModule } from './plugins/agentKeys/agentKeysModule.js';
import { auditModule } from './plugins/audit/auditModule.js';
import { signInProvidersModule } from './plugins/signInProviders/signInProvidersModule.js';
import { blobDirectory, openDataDirBlobStore } from './platform/blobs/dataDirBlobStore.js';
import { systemClock, systemDeadlineClock, type Clock, type TimerHandle } from './platform/scheduler/index.js';
import { loadConfig, type Config, type ConfigDefaults, type EnvSource } from './platform/config/config.js';
import { lazySecretKeys } from './platform/config/secrets.js';
import { consoleModule } from './plugins/console/consoleModule.js';
import { createInProcessEventBus, type EventBus } from './platform/events/eventBus.js';
import { createAddressMatcher } from './platform/gateway/addressRange.js';
import { createCors } from './platform/gateway/cors.js';
import { createOriginPolicy } from './platform/gateway/originPolicy.js';
import { createGatewayApplication } from './platform/gateway/gatewayApplication.js';
import { createMachineAuth } from './platform/gateway/machineAuth.js';
import { createRequestThrottle } from './platform/gateway/requestThrottle.js';
import { Router, type GatewayRoute } from './platform/gateway/routes.js';
import { startHttpServer } from './platform/gateway/uws.js';
import { createErrorFormatter } from './platform/graphql/errors.js';
import { createGraphQLExecutor } from './platform/graphql/executor.js';
import { GRAPHQL_BODY_LIMIT, graphqlRoute } from './platform/graphql/graphqlRoute.js';
import { licenseModule } from './plugins/license/licenseModule.js';
import type { Logger } from './platform/log/logger.js';
import { composeModules, ModuleList, type ServicesOf } from './platform/modules/composeModules.js';
import { coreModule } from './core/coreModule.js';
import { clusterFenceModule } from './platform/cluster/fenceModule.js';
import type { ProductModule } from './platform/modules/module.js';
import { notificationsModule } from './plugins/notifications/notificationsModule.js';
import { policyModule } from './plugins/policy/policyModule.js';
import { BatchWriter } from './platform/persistence/batchWriter.js';
import { openDatabase, type Database } from './platform/persistence/database.js';
import { createWorkerPool } from './productWorker.js';
import { migrate } from './platform/persistence/migrate.js';
import { realtimeModule } from './plugins/realtime/realtimeModule.js';
import { agentCommandsModule } from './core/operations/agentCommandsModule.js';
import { savedFiltersModule } from './plugins/savedFilters/savedFiltersModule.js';
import { slaModule } from './plugins/sla/slaModule.js';
import { slaEvaluationModule } from './plugins/sla/evaluation/slaEvaluationModule.js';
import { maintenanceWindowsModule } from './plugins/sla/windows/maintenanceWindowsModule.js';
import { slaFiguresModule } from './plugins/sla/figures/slaFiguresModule.js';
import { ticketingCatalogModule } from './plugins/ticketing/catalog/ticketingCatalogModule.js';
import { ticketingModule } from './plugins/ticketing/core/ticketingModule.js';
import { ticketAttachmentsModule } from './plugins/ticketing/attachments/ticketAttachmentsModule.js';
import { ticketConversationModule } from './plugins/ticketing/conversation/ticketConversationModule.js';
import { ticketSlaLinkModule } from './plugins/ticketing/slaLink/ticketSlaLinkModule.js';
import { ticketNotificationsModule } from './plugins/ticketing/notifications/ticketNotificationsModule.js';
import { webhooksModule } from './plugins/webhooks/webhooksModule.js';

export interface ProductOptions {
  /** Waiting webhook deliveries held in memory; the rest wait on their outbox pages. @default 4096 */
  readonly webhookMaxHeld?: number;
}

/**
 * The product's modules in start order (src/platform/modules/README.md): each is created and hydrated with
 * the services of those before it, started in this order once the server listens, stopped in reverse.
 */
export function productModules(options: ProductOptions = {}) {
  return ModuleList.start()
    .with(clusterFenceModule)
    .with(coreModule)
    .with(policyModule)
    .with(auditModule)
    .with(signInProvidersModule)
    .with(licenseModule)
    .with(notificationsModule)
    .with(webhooksModule(options.webhookMaxHeld !== undefined ? { maxHeld: options.webhookMaxHeld } : {}))
    .with(realtimeModule)
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

export interface ServerDependencies {
  readonly logger: Logger;
  readonly version: string;
  readonly clock?: Clock;
  /** An open embedded database to use instead of the data dir (tests). */
  readonly pglite?: PGlite;
  /** Routes of the development module (`npm run dev` only; the release build has no such module). */
  readonly extraRoutes?: (app: AppServices) => readonly GatewayRoute[];
  /** A graphql-ws connection that sends no connection_init within this is closed. @default 3000 */
  readonly connectionInitTimeoutMs?: number;
  /** Waiting webhook deliveries held in memory; the rest wait on their outbox pages (tests set it small). @default 4096 */
  readonly webhookMaxHeld?: number;
  /** Modules composed after the product's (tests register test-only modules here; none ship). */
  readonly extraModules?: readonly ProductModule<AppServices, any>[];
}

export interface RunningServer {
  readonly port: number;
  readonly database: Database;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly fleet: Fleet;
  readonly app: AppServices;
  /** Graceful stop: stop accepting, finish requests under way, stop the modules, flush the writer, close the store. */
  close(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 10_000;

export async function startServer(config: Config, deps: ServerDependencies): Promise<RunningServer> {
  const { logger } = deps;
  const clock = deps.clock ?? systemClock;
  // Before the store: a build without its worker module fails here with nothing to clean up (threads start with work).
  const workers = createWorkerPool(config.workers);
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.database.dataDir,
    ...(deps.pglite ? { pglite: deps.pglite } : {}),
  });
  try {
    const modules = productModules(deps.webhookMaxHeld !== undefined ? { webhookMaxHeld: deps.webhookMaxHeld } : {}).withAll(
      deps.extraModules ?? [],
    );
    for (const slice of modules.settings()) {
      if (!(slice.key in config))
        throw new Error(`the configuration has no "${slice.key}" settings: load it with loadProductConfig (with the same extra modules)`);
    }
    await migrate(database.knex, logger, modules.migrations());
    usePermissions(modules.permissions());
    const writer = new BatchWriter({
      knex: database.knex,
      statements: database.statements,
      logger,
      commitWindowMs: config.database.commitWindowMs,
      tableOrder: modules.tableOrder(),
    });
    const bus = createInProcessEventBus(logger);
    const production = config.env === 'production';
    const formatError = createErrorFormatter({ production, logger });
    if (config.security.operatorApiKey === '') {
      logger.warn('SVC_SECURITY_OPERATOR_API_KEY is empty: machine endpoints are open to anyone who can reach this port');
    }
    const machineAuth = createMachineAuth(config.security.operatorApiKey);
    // Opened (directory made, a crash's temporary files removed) before any module may store bytes.
    const blobs = await openDataDirBlobStore({ root: blobDirectory(config.database.dataDir), clock });
    let http: Awaited<ReturnType<typeof startHttpServer>> | undefined;
    const product = await composeModules(modules, {
      config,
      production,
      version: deps.version,
      database,
      knex: database.knex,
      writer,
      bus,
      clock,
      logger,
      newId: randomUUID,
      workers,
      blobs,
      machineAuth,
      secretKeys: lazySecretKeys(config.authSecretKey, config.previousAuthSecretKey, config.database.dataDir, logger),
      traffic: { received: () => http?.requests ?? 0, inFlight: () => http?.inFlight ?? 0 },
      formatError,
    });
    const app = product.services;
    const personAuth = product.personAuth;
    if (personAuth === undefined) throw new Error('no module hands over personAuth: which module signs people in (the core)?');

    const executor = createGraphQLExecutor({
      schema: product.schema,
      app,
      writer,
      auth: personAuth,
      ...(product.resultFilter ? { resultFilter: product.resultFilter } : {}),
      production,
      introspection: !production,
      logger,
      ...(config.graphqlExecution === 'plain' ? { execution: 'plain' as const } : {}),
    });
    if (config.graphqlExecution === 'plain') {
      logger.warn(
        'SVC_GRAPHQL_EXECUTION=plain: every GraphQL request is parsed, validated and executed by graphql-js without cache or compiler (benchmark/diagnostic mode)',
      );
    }
    const throttle = createRequestThrottle({ perAddress: config.rateLimit, clock, logger });
    const isTrustedProxy = createAddressMatcher(config.security.trustedProxies);
    const origins = createOriginPolicy(config.security.corsAllowedOrigins, isTrustedProxy);
    const webSocket = product.webSocket?.({
      schema: product.schema,
      documents: executor.cache,
      maxMessageBytes: GRAPHQL_BODY_LIMIT,
      connectionInitTimeoutMs: deps.connectionInitTimeoutMs ?? 3000,
      origins,
      rateLimiter: throttle,
      isTrustedProxy,
      formatError,
      logger,
    });
    const application = createGatewayApplication({
      router: new Router([...product.routes, graphqlRoute(executor), ...(deps.extraRoutes?.(app) ?? [])]),
      throttle,
      machineAuth,
      personAuth,
      cors: createCors(origins),
      isTrustedProxy,
      production,
      logger,
    });
    const server = await startHttpServer({ host: config.host, port: config.port, application, ...(webSocket ? { webSocket } : {}) });
    http = server;
    logger.info('listening', { url: `http://${config.host}:${server.port}`, env: config.env, version: deps.version });
    product.start();

    let closing: Promise<void> | undefined;
    return {
      port: server.port,
      database,
      writer,
      bus,
      fleet: app.fleet,
      app,
      close() {
        closing ??= (async () => {
          server.stopAccepting();
          // Real time (an I/O deadline, src/platform/scheduler/clock.ts): a manual clock must not hold up a stop.
          let timer: TimerHandle | undefined;
          await Promise.race([
            server.drained(),
            new Promise<void>((resolve) => (timer = systemDeadlineClock.setTimer(DRAIN_TIMEOUT_MS, resolve))),
          ]);
          systemDeadlineClock.clearTimer(timer);
          // Modules stop in reverse order: realtime, webhooks (attempts in flight are aborted and stay pending), ...
          await product.stop();
          throttle.stop();
          await writer.flush();
          server.closeConnections();
          await workers.close();
          await database.close();
          logger.info('stopped');
        })();
        return closing;
      },
    };
  } catch (error) {
    await workers.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
