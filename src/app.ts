// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The composition root: opens the store, listens with the probes alone (src/platform/health), runs
 * the modules' migrations, composes the product's modules (their list: src/plugins/productModules.ts;
 * src/platform/modules: each creates and hydrates its part), mounts their routes beside the GraphQL
 * endpoints, and serves. Tests start the
 * product through this function exactly as `main.ts` does, with their own config, clock and store
 * (and, for the module contract's tests, a test-only module).
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { usePermissions } from './core/auth/roles.js';
import type { Fleet } from './core/fleet/fleet.js';
import { blobDirectory, openDataDirBlobStore } from './platform/blobs/dataDirBlobStore.js';
import { systemClock, type Clock } from './platform/scheduler/index.js';
import type { DrainPlan } from './platform/config/shutdownSettings.js';
import { collectStartGarbage } from './platform/config/startGarbage.js';
import { startDatabaseCheck } from './platform/health/databaseCheck.js';
import { gracefulStop } from './gracefulStop.js';
import { probeRoutes } from './platform/health/probeRoutes.js';
import { Readiness } from './platform/health/readiness.js';
import { listenWhileLoading } from './platform/health/startingApplication.js';
import type { Config } from './platform/config/config.js';
import { lazySecretKeys } from './platform/config/secrets.js';
import { warnOnEndOfLife } from './platform/config/nodeRuntime.js';
import { createInProcessEventBus, type EventBus } from './platform/events/eventBus.js';
import { createGatewayApplication } from './platform/gateway/gatewayApplication.js';
import { createGatewayParts } from './platform/gateway/gatewayParts.js';
import { Router, type GatewayRoute } from './platform/gateway/routes.js';
import type { RunningHttpServer } from './platform/gateway/uws.js';
import { startTracing } from './platform/tracing/tracing.js';
import { createErrorFormatter } from './platform/graphql/errors.js';
import { createGraphQLExecutor } from './platform/graphql/executor.js';
import { GRAPHQL_BODY_LIMIT, graphqlRoute } from './platform/graphql/graphqlRoute.js';
import type { Logger } from './platform/log/logger.js';
import { metricsEndpoint } from './platform/metrics/metricsEndpoint.js';
import { MetricsRegistry } from './platform/metrics/metricsRegistry.js';
import { instrumentPlatform } from './platform/metrics/platformMetrics.js';
import { composeModules } from './platform/modules/composeModules.js';
import { type ReadModel, type ReadModelOptions, startReadModel } from './platform/cluster/readModel.js';
import { connectClusterMode, type ClusterMode } from './platform/cluster/clusterMode.js';
import { instrumentCluster } from './platform/cluster/clusterMetrics.js';
import { combineSeals } from './platform/persistence/batchSeal.js';
import { keyedRoutes } from './platform/idempotency/keyedRoutes.js';
import type { ProductModule } from './platform/modules/module.js';
import { BatchWriter } from './platform/persistence/batchWriter.js';
import type { ShardRouting } from './platform/persistence/shardRouting.js';
import { openDatabase, type Database } from './platform/persistence/database.js';
import { createWorkerPool } from './productWorker.js';
import { migrate } from './platform/persistence/migrate.js';
import type { PresenceStore } from './plugins/realtime/presenceStore.js';
import { productModules, type AppServices } from './plugins/productModules.js';
import { openNatsPresenceStore } from './plugins/realtime/natsPresenceStore.js';

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
  /** Deliveries one webhook may owe before it goes to ERROR (tests set it small). @default 250,000 */
  readonly webhookMaxOwed?: number;
  /** Modules composed after the product's (tests register test-only modules here; none ship). */
  readonly extraModules?: readonly ProductModule<AppServices, any>[];
  /** The Node.js version it runs on (the start-up warning on an end-of-life line). @default process.versions.node */
  readonly nodeVersion?: string;
  /**
   * Viewers and edit locks shared with other instances (cluster mode: `openNatsPresenceStore`,
   * src/plugins/realtime/natsPresenceStore.ts); stopped with the server. @default this process's memory
   */
  readonly presence?: PresenceStore;
  /**
   * Cluster mode's read model (src/platform/cluster/readModel.ts, docs/adr/0065): the NATS connection, the shards and
   * the epochs this instance writes at. The cluster start-up fills it from the ownership; tests with one writer too.
   */
  readonly readModel?: ReadModelOptions;
  /**
   * Which shards this instance writes, outside cluster mode (tests with one writer and a read model: its followers
   * own nothing, so they neither take commands nor fire the timers of what they adopt). Cluster mode routes itself.
   */
  readonly routing?: ShardRouting;
}

export interface RunningServer {
  readonly port: number;
  /** The port of the metrics listener (SVC_METRICS_ADDRESS), undefined without one. */
  readonly metricsPort: number | undefined;
  readonly database: Database;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly fleet: Fleet;
  readonly app: AppServices;
  /** What `/readyz` reports (src/platform/health). */
  readonly readiness: Readiness;
  /** Cluster mode's read model (docs/adr/0065); undefined in single-process mode. */
  readonly readModel: ReadModel | undefined;
  /** Cluster mode's ownership and forwarding (src/platform/cluster/clusterMode.ts); undefined in a single process. */
  readonly cluster: ClusterMode | undefined;
  /**
   * Graceful stop: readiness fails at once; after `plan.delayMs` the listen socket closes, requests
   * under way finish (at most `plan.requestsTimeoutMs`) while WebSocket clients are closed with 1012
   * over `plan.webSocketWindowMs`; then the modules stop, the writer flushes, the store closes.
   * Without a plan (tests): no delay, every WebSocket at once, requests waited for up to 10 s.
   */
  close(plan?: Partial<DrainPlan>): Promise<void>;
}

export async function startServer(config: Config, deps: ServerDependencies): Promise<RunningServer> {
  const { logger } = deps;
  // Before anything logs (main.ts does it too, for its own lines before this): the configured secrets never reach a line.
  logger.redact(config.secrets ?? []);
  const clock = deps.clock ?? systemClock;
  warnOnEndOfLife(logger, deps.nodeVersion ?? process.versions.node, clock.now());
  // The catalog's platform part; modules declare theirs when composed (src/platform/metrics, docs/adr/0055).
  const metrics = new MetricsRegistry({ enabled: config.metrics.enabled, logger });
  const instruments = instrumentPlatform(metrics);
  // Off unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then the SDK is loaded, and only then (src/platform/tracing, docs/adr/0069).
  const tracing = await startTracing(config.tracing, { logger, clock, version: deps.version });
  // Before the store: a build without its worker module fails here with nothing to clean up (threads start with work).
  const workers = instruments.workers(createWorkerPool(config.workers));
  const database = await openDatabase({
    url: config.database.url,
    dataDir: config.database.dataDir,
    ...(deps.pglite ? { pglite: deps.pglite } : {}),
  });
  // Real time, unref'd (src/platform/scheduler/clock.ts): the database check paces I/O.
  const databaseCheck = startDatabaseCheck({ database, clock: systemClock, logger });
  let http: RunningHttpServer | undefined;
  let stopReadModel: (() => Promise<void>) | undefined;
  // Cluster mode (src/platform/cluster/clusterMode.ts): NATS joined after hydration; undefined in a single process.
  let cluster: ClusterMode | undefined;
  try {
    const production = config.env === 'production';
    const readiness = new Readiness();
    readiness.register('database', databaseCheck.check);
    const { gateway, origins } = createGatewayParts({
      security: config.security,
      rateLimit: config.rateLimit,
      production,
      clock,
      logger,
      ...(instruments.requests ? { requestStats: instruments.requests } : {}),
    });
    const { throttle, machineAuth, isTrustedProxy } = gateway;
    const probes = probeRoutes({ readiness, database, version: deps.version });
    // Listening before the migrations and the state load: probes say "alive, not ready" instead of a refused connection.
    http = await listenWhileLoading({
      host: config.host,
      port: config.port,
      gateway,
      probes,
      shapeOf: (path) => (path === '/graphql' ? 'graphql' : 'rest'),
      logger,
      ...(instruments.sockets ? { sockets: instruments.sockets } : {}),
      tracing,
    });
    const server = http;

    // Cluster mode connects first (NATS and its buckets; nothing joined yet).
    if (config.cluster) cluster = await connectClusterMode({ config: config.cluster, knex: database.knex, logger });
    // Cluster mode: viewers and edit locks shared through NATS (docs/adr/0064); the realtime module stops the store.
    const presence =
      deps.presence ??
      (cluster &&
        (await openNatsPresenceStore(cluster.nc, cluster.name, {
          instanceId: cluster.instanceId,
          logger,
          replicas: cluster.replicas,
        })));
    const modules = productModules({
      ...(deps.webhookMaxHeld !== undefined ? { webhookMaxHeld: deps.webhookMaxHeld } : {}),
      ...(deps.webhookMaxOwed !== undefined ? { webhookMaxOwed: deps.webhookMaxOwed } : {}),
      ...(presence ? { presence } : {}),
    }).withAll(deps.extraModules ?? []);
    for (const slice of modules.settings()) {
      if (!(slice.key in config))
        throw new Error(`the configuration has no "${slice.key}" settings: load it with loadProductConfig (with the same extra modules)`);
    }
    await migrate(database.knex, logger, modules.migrations());
    usePermissions(modules.permissions());
    // Cluster mode: the shared tables' versions, read before the state loads (docs/adr/0068).
    await cluster?.sharedState.begin();
    // Before the state loads: the stream's heads are read first, so nothing committed meanwhile is missed. Real time.
    // Cluster mode: fed by the shards' owners (docs/adr/0065); tests with one writer and no ownership give their own.
    const readModelOptions = deps.readModel ?? cluster?.readModelOptions();
    const readModel = readModelOptions && (await startReadModel(readModelOptions, { knex: database.knex, clock: systemClock, logger }));
    if (readModel) cluster?.attachReadModel(readModel);
    stopReadModel = readModel?.stop;
    const seal = combineSeals(readModel?.seal, cluster?.sharedState.seal);
    const writer = new BatchWriter({
      knex: database.knex,
      statements: database.statements,
      logger,
      clock,
      commitWindowMs: config.database.commitWindowMs,
      tableOrder: modules.tableOrder(),
      ...(instruments.batchEnded ? { onBatchEnd: instruments.batchEnded } : {}),
      ...(seal ? { seal } : {}),
      ...(cluster ? { fence: cluster.fence, routing: cluster.routing } : deps.routing ? { routing: deps.routing } : {}),
      tracing,
    });
    const localBus = createInProcessEventBus(logger);
    const bus = readModel ? readModel.bus(localBus, () => writer.openBatch) : localBus;
    const formatError = createErrorFormatter({ production, logger });
    if (config.security.operatorApiKey === '') {
      logger.warn('SVC_SECURITY_OPERATOR_API_KEY is empty: machine endpoints are open to anyone who can reach this port');
    }
    // Opened (directory made, a crash's temporary files removed) before any module may store bytes.
    const blobs = await openDataDirBlobStore({ root: blobDirectory(config.database.dataDir), clock });
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
      // Cluster mode: new ids in shards owned here, so a new ticket or window is created where it is asked for.
      newId: cluster?.newId ?? randomUUID,
      ...(cluster ? { sharedState: cluster.sharedState } : {}),
      workers,
      blobs,
      machineAuth,
      secretKeys: lazySecretKeys(config.authSecretKey, config.previousAuthSecretKey, config.database.dataDir, logger),
      traffic: { received: () => server.requests, inFlight: () => server.inFlight },
      formatError,
      metrics,
      tracing,
    });
    instruments.watch({ writer, database, workers, inFlight: () => server.inFlight });
    const metricsServed = metricsEndpoint(metrics, config.metrics);
    const app = product.services;
    const personAuth = product.personAuth;
    if (personAuth === undefined) throw new Error('no module hands over personAuth: which module signs people in (the core)?');
    for (const [name, check] of product.checks) readiness.register(name, check);
    if (cluster) readiness.register('sharedState', cluster.sharedState.attach(product.shared));
    readModel?.attach({ replicas: product.replicas, eventShardKey: product.eventShardKey, bus: localBus });
    for (const [name, check] of readModel?.checks ?? []) readiness.register(name, check);
    if (cluster) instrumentCluster(metrics, cluster, readModel);

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
    const router = new Router([
      ...probes,
      // State-changing routes honour Idempotency-Key (src/platform/idempotency); the rest pass as they are.
      ...keyedRoutes([...product.routes, graphqlRoute(executor)], { store: app.idempotency, writer, personAuth }),
      ...metricsServed.routes,
      ...(deps.extraRoutes?.(app) ?? []),
    ]);
    const application = createGatewayApplication({ ...gateway, router, personAuth, ...(cluster ? { elsewhere: cluster.elsewhere } : {}) });
    if (cluster) {
      // Requests forwarded here run through the same pipeline (caller checked again); never forwarded on.
      cluster.serve({ edge: application, owner: createGatewayApplication({ ...gateway, router, personAuth, elsewhere: cluster.notMine }) });
      readiness.register('cluster', cluster.check);
    }
    await metricsServed.listen({ ...gateway, personAuth }, logger);
    // A fresh answer from the database before readiness turns on; nothing awaits between serving and starting.
    await databaseCheck.refresh();
    server.serve(application, webSocket);
    logger.info('listening', { url: `http://${config.host}:${server.port}`, env: config.env, version: deps.version });
    product.start();
    readModel?.start();
    // Hydrated and serving: join and take this instance's shards (readiness waits for them: cluster.check).
    await cluster?.join(writer);
    // The load's garbage and the start's (what the modules' start staged, once committed) go now, before readiness,
    // not hours later when allocation pressure would collect them (docs/adr/0082).
    await writer.settled();
    const collectedMs = collectStartGarbage();
    if (collectedMs !== undefined)
      logger.info('start-up garbage collected', { ms: Math.round(collectedMs), heapUsedBytes: process.memoryUsage().heapUsed });
    readiness.markLoaded();
    product.ready();

    let closing: Promise<void> | undefined;
    return {
      port: server.port,
      metricsPort: metricsServed.port,
      database,
      writer,
      bus,
      fleet: app.fleet,
      app,
      readiness,
      readModel,
      cluster,
      close(plan = {}) {
        closing ??= gracefulStop(
          {
            readiness,
            server,
            metricsServed,
            cluster,
            product,
            throttle,
            writer,
            readModel,
            databaseCheck,
            workers,
            database,
            tracing,
            logger,
          },
          plan,
        );
        return closing;
      },
    };
  } catch (error) {
    http?.stopAccepting();
    http?.closeConnections();
    await stopReadModel?.().catch(() => undefined);
    await cluster?.close().catch(() => undefined);
    await databaseCheck.stop();
    await workers.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await tracing.shutdown();
    throw error;
  }
}
