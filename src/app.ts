/**
 * The composition root: opens the store, migrates, hydrates the actors, and serves. Tests start the
 * product through this function exactly as `main.ts` does, with their own config, clock and store.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { AgentRegistry } from './actors/agentRegistry.js';
import { ensureBootstrapAdmin } from './auth/bootstrapAdmin.js';
import { NodeHierarchy } from './actors/nodeHierarchy.js';
import { createLocalServiceRegistry } from './actors/serviceRegistry.js';
import { SlaGroupStore } from './actors/slaGroupStore.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config/config.js';
import { createInProcessEventBus, type EventBus } from './events/eventBus.js';
import { createAddressMatcher } from './gateway/addressRange.js';
import { createCors } from './gateway/cors.js';
import { createGatewayApplication } from './gateway/gatewayApplication.js';
import { createMachineAuth } from './gateway/machineAuth.js';
import { createRateLimiter } from './gateway/rateLimiter.js';
import { Router } from './gateway/routes.js';
import { startHttpServer } from './gateway/uws.js';
import type { Fleet } from './ingest/fleet.js';
import type { Logger } from './log/logger.js';
import { BatchWriter } from './persistence/batchWriter.js';
import { openDatabase, type Database } from './persistence/database.js';
import { hydrate } from './persistence/hydrate.js';
import { migrate } from './persistence/migrate.js';
import { machineRoutes } from './rest/machineRoutes.js';
import { probeRoutes } from './rest/probeRoutes.js';
import { AuthService, createDecoyHash } from './auth/authService.js';
import { createLoginThrottle } from './auth/loginThrottle.js';
import { PasswordResets } from './auth/passwordResets.js';
import { LOCAL_PROVIDER, providersRoute } from './auth/providersRoute.js';
import { SessionStore } from './auth/sessionStore.js';
import { createTokenService } from './auth/tokens.js';
import { resolveJwtSecret } from './config/secrets.js';
import { createDashboardStats } from './dashboard/dashboardStats.js';
import { defaultPageBlocks } from './dashboard/uptimeQuery.js';
import type { Route } from './gateway/routes.js';
import type { AppServices } from './graphql/context.js';
import { createGraphQLExecutor } from './graphql/executor.js';
import { graphqlRoute } from './graphql/graphqlRoute.js';
import { buildSchema } from './graphql/schema.js';
import { GroupDirectory } from './people/groupDirectory.js';
import { PeopleService } from './people/peopleService.js';
import { UserDirectory } from './people/userDirectory.js';
import { hydratePeople } from './persistence/hydratePeople.js';
import { FleetService } from './services/fleetService.js';
import { activationRoute } from './license/activationRoute.js';
import { hydrateLicense } from './license/hydrateLicense.js';
import { LicenseManager } from './license/licenseManager.js';
import { decodePublicKey } from './license/licenseToken.js';
import { PRODUCT_LICENSE_PUBLIC_KEY } from './license/productKey.js';
import { AuditTrail } from './audit/auditTrail.js';
import { auditedRoute } from './audit/auditedRoute.js';
import { createErrorFormatter } from './graphql/errors.js';
import { GRAPHQL_BODY_LIMIT } from './graphql/graphqlRoute.js';
import { createNotifications } from './notifications/index.js';
import { coreEntityTypes } from './realtime/coreEntityTypes.js';
import { createGraphQLWsEndpoint, createRealtimeCore } from './realtime/index.js';
import { createWebhooks } from './webhooks/createWebhooks.js';
import { createWorkerPool } from './workers/createWorkerPool.js';

export interface ServerDependencies {
  readonly logger: Logger;
  readonly version: string;
  readonly clock?: Clock;
  /** An open embedded database to use instead of the data dir (tests). */
  readonly pglite?: PGlite;
  /** Routes of the development module (`npm run dev` only; the release build has no such module). */
  readonly extraRoutes?: (app: AppServices) => readonly Route[];
  /** A graphql-ws connection that sends no connection_init within this is closed. @default 3000 */
  readonly connectionInitTimeoutMs?: number;
  /** Waiting webhook deliveries held in memory; the rest wait on their outbox pages (tests set it small). @default 4096 */
  readonly webhookMaxHeld?: number;
}

export interface RunningServer {
  readonly port: number;
  readonly database: Database;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly fleet: Fleet;
  readonly app: AppServices;
  /** Graceful stop: stop accepting, finish requests under way, flush the writer, close the store. */
  close(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 10_000;
const SESSION_PRUNE_INTERVAL_MS = 10 * 60_000;

export async function startServer(config: Config, deps: ServerDependencies): Promise<RunningServer> {
  const { logger } = deps;
  const clock = deps.clock ?? systemClock;
  // Before the store: a build without its worker module fails here with nothing to clean up (threads start with work).
  const workers = createWorkerPool(config.workers);
  const database = await openDatabase({ url: config.database.url, dataDir: config.database.dataDir, ...(deps.pglite ? { pglite: deps.pglite } : {}) });
  try {
    await migrate(database.knex, logger);
    await ensureBootstrapAdmin(database.knex, config.bootstrapAdmin, clock.now(), logger);
    const writer = new BatchWriter({ knex: database.knex, logger, commitWindowMs: config.database.commitWindowMs });
    const bus = createInProcessEventBus(logger);
    const nodes = new NodeHierarchy(writer);
    const fleet: Fleet = {
      nodes,
      services: createLocalServiceRegistry({ writer, bus, nodes, newId: randomUUID }),
      agents: new AgentRegistry(writer, randomUUID),
      slaGroups: new SlaGroupStore(writer, randomUUID),
    };
    const counts = await hydrate(database.knex, fleet, clock.now());
    const people = {
      users: new UserDirectory(writer, randomUUID),
      groups: new GroupDirectory(writer, randomUUID),
      sessions: new SessionStore(writer),
      resets: new PasswordResets(writer, randomUUID),
    };
    const peopleCounts = await hydratePeople(database.knex, people, clock.now());
    logger.info('state loaded', { ...counts, ...peopleCounts, database: database.kind });

    const production = config.env === 'production';
    const auth = new AuthService({
      ...people,
      tokens: createTokenService({ secret: config.jwtSecret ?? resolveJwtSecret(undefined, config.database.dataDir, logger), clock }),
      throttle: createLoginThrottle({
        perAddressPerMinute: config.auth.loginAttemptsPerMinutePerAddress,
        perAccountPerMinute: config.auth.loginAttemptsPerMinutePerAccount,
        now: clock.now,
      }),
      writer,
      bus,
      clock,
      decoyHash: await createDecoyHash(),
    });
    const license = new LicenseManager({
      publicKey: decodePublicKey(config.license.publicKey ?? PRODUCT_LICENSE_PUBLIC_KEY),
      writer,
      bus,
      clock,
      logger,
      newId: randomUUID,
    });
    await hydrateLicense(database.knex, license);
    await license.configure(config.license.key);
    const audit = new AuditTrail({ writer, license, clock, newId: randomUUID });
    const schema = buildSchema();
    const formatError = createErrorFormatter({ production, logger });
    const entityTypes = coreEntityTypes(fleet, people.users, people.groups);
    const notifications = createNotifications({ knex: database.knex, writer, bus, clock, fleet, users: people.users, groups: people.groups, logger });
    const realtimeCore = createRealtimeCore({ schema, formatError, entityTypes, sessions: people.sessions, users: people.users, clock, logger });
    const { realtime } = realtimeCore;
    let requestsReceived = () => 0;
    let requestsInFlight = () => 0;
    const webhooks = createWebhooks({
      writer,
      bus,
      knex: database.knex,
      clock,
      logger,
      newId: randomUUID,
      policy: { allowPrivate: config.security.allowPrivateWebhooks, hostAllowlist: config.security.webhookHostAllowlist },
      lookups: { user: (id) => people.users.get(id), service: (id) => fleet.services.get(id) },
      requests: () => requestsReceived(),
      requestsInFlight: () => requestsInFlight(),
      ...(deps.webhookMaxHeld !== undefined ? { maxHeld: deps.webhookMaxHeld } : {}),
    });
    logger.info('webhooks loaded', await webhooks.hydrate());
    const app: AppServices = {
      ...people,
      fleet,
      fleetService: new FleetService({ fleet, users: people.users, groups: people.groups, writer, clock }),
      people: new PeopleService({ ...people, auth, services: fleet.services, writer, bus, clock }),
      auth,
      license,
      audit,
      webhooks: webhooks.service,
      knex: database.knex,
      dashboard: createDashboardStats({ knex: database.knex, fleet, clock, pool: workers, pageBlocks: defaultPageBlocks(database.kind) }),
      notifications,
      realtime,
      entityTypes,
      writer,
      clock,
      version: deps.version,
    };
    // Ended and expired sessions are history: keep memory bounded by the sessions that can still be used.
    const sessionPruner = setInterval(() => people.sessions.pruneAll(clock.now()), SESSION_PRUNE_INTERVAL_MS);
    sessionPruner.unref();
    realtimeCore.bind(app);
    realtime.start(bus);
    const executor = createGraphQLExecutor({
      schema,
      app,
      auth,
      production,
      introspection: !production,
      logger,
      ...(config.graphqlExecution === 'plain' ? { execution: 'plain' as const } : {}),
    });
    if (config.graphqlExecution === 'plain') {
      logger.warn('SVC_GRAPHQL_EXECUTION=plain: every GraphQL request is parsed, validated and executed by graphql-js without cache or compiler (benchmark/diagnostic mode)');
    }

    if (config.security.operatorApiKey === '') {
      logger.warn('SVC_SECURITY_OPERATOR_API_KEY is empty: machine endpoints are open to anyone who can reach this port');
    }
    const ctx = { fleet, writer, database, clock, version: deps.version };
    const machineAuth = createMachineAuth(config.security.operatorApiKey);
    const rateLimiter = createRateLimiter({ ...config.rateLimit, now: clock.now });
    const isTrustedProxy = createAddressMatcher(config.security.trustedProxies);
    const webSocket = createGraphQLWsEndpoint({
      schema,
      documents: executor.cache,
      auth,
      realtime,
      hub: realtimeCore.hub,
      app,
      limits: {
        ...config.realtime,
        maxMessageBytes: GRAPHQL_BODY_LIMIT,
        connectionInitTimeoutMs: deps.connectionInitTimeoutMs ?? 3000,
      },
      allowedOrigins: config.security.corsAllowedOrigins,
      rateLimiter,
      isTrustedProxy,
      formatError,
      logger,
    });
    const application = createGatewayApplication({
      router: new Router([
        ...probeRoutes(ctx),
        ...[...machineRoutes(ctx), activationRoute({ license, machineAuth, auth, audit })].map((route) => auditedRoute(route, audit)),
        graphqlRoute(executor),
        providersRoute(() => [LOCAL_PROVIDER]),
        ...(deps.extraRoutes?.(app) ?? []),
      ]),
      rateLimiter,
      machineAuth,
      cors: createCors(config.security.corsAllowedOrigins),
      isTrustedProxy,
      production,
      logger,
    });
    const http = await startHttpServer({ host: config.host, port: config.port, application, webSocket });
    logger.info('listening', { url: `http://${config.host}:${http.port}`, env: config.env, version: deps.version });
    requestsReceived = () => http.requests;
    requestsInFlight = () => http.inFlight;
    webhooks.start();

    let closing: Promise<void> | undefined;
    return {
      port: http.port,
      database,
      writer,
      bus,
      fleet,
      app,
      close() {
        closing ??= (async () => {
          clearInterval(sessionPruner);
          license.close();
          realtime.stop();
          http.stopAccepting();
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([http.drained(), new Promise((resolve) => (timer = setTimeout(resolve, DRAIN_TIMEOUT_MS)))]);
          clearTimeout(timer);
          // Attempts in flight are aborted and stay pending: the next start sends them again.
          await webhooks.close();
          await writer.flush();
          http.closeConnections();
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
