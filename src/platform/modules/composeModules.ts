// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The composer: turns a list of modules into a running product. It checks the static declarations
 * (unique names, migration ids, tables; permissions, screens, settings and streams each owned by one
 * module: moduleDeclarations.ts) and derives the product's lists from them (moduleList.ts), builds the
 * GraphQL schema with the licence gate and the interceptors applied (composeSchema.ts), then creates and
 * hydrates the modules in list order, each with the services of those before it. The gate is applied
 * here and nowhere else (pluginGate.ts).
 *
 * Lifecycle: `composeModules` (create, hydrate, subscribe bus handlers, in list order) -> the
 * server listens -> `start()` in list order -> readiness turns on -> `ready()` in list order -> on
 * shutdown, after the server drained, `stop()` in reverse order (each module's bus handlers are
 * unsubscribed just before its own stop).
 */
import type { DomainEvent } from '../events/domainEvents.js';
import type { Unsubscribe } from '../events/eventBus.js';
import type { GatewayRoute } from '../gateway/routes.js';
import type { HealthCheck } from '../health/readiness.js';
import type { ReplicaTable } from '../persistence/tableSpec.js';
import { MetricsRegistry } from '../metrics/metricsRegistry.js';
import { EntityTypeRegistry } from './entityTypes.js';
import { createWebhookEventCatalog } from '../events/webhookEventCatalog.js';
import { NO_TRACING, type Tracing } from '../tracing/tracing.js';
import { composeSchema } from './composeSchema.js';
import type { ModuleInstance, ModuleKit } from './module.js';
import { checkDeclarations, type AnyModule } from './moduleDeclarations.js';
import type { ModuleList } from './moduleList.js';
import { createPluginGateSlot, gateEntityType, gateRoute, type PluginGate } from './pluginGate.js';
import { isSharedReload, type SharedDeclaration } from './sharedState.js';

/** What a module may hand the entry point, one module each. */
const HANDED_OVER = ['personAuth', 'resultFilter', 'webSocket'] as const;

/** What the entry point supplies; the composer adds the gate, the registries, the schema and the late services. */
export type PlatformKit = Omit<
  ModuleKit,
  'plugins' | 'entityTypes' | 'webhookEvents' | 'graphql' | 'services' | 'screens' | 'streams' | 'metrics' | 'tracing'
> & {
  /** Tracing. @default NO_TRACING (tests that compose without a server) */
  readonly tracing?: Tracing;
  readonly formatError: ModuleKit['graphql']['formatError'];
  /** The metrics registry the modules' declarations join. @default one with metrics off (tests that compose without a server) */
  readonly metrics?: MetricsRegistry;
};

export interface Composition<Services extends object> {
  readonly services: Services;
  /** Handed over by one module each (`ModuleInstance`): who a bearer token is, the answers' field filter, the WebSocket endpoint. */
  readonly personAuth: ModuleInstance<object>['personAuth'];
  readonly resultFilter: ModuleInstance<object>['resultFilter'];
  readonly webSocket: ModuleInstance<object>['webSocket'];
  readonly schema: ModuleKit['graphql']['schema'];
  readonly plugins: PluginGate;
  /** Every module's REST routes, gated and intercepted. */
  readonly routes: readonly GatewayRoute[];
  /** Every module's readiness checks, by name, in module order. */
  readonly checks: ReadonlyMap<string, HealthCheck>;
  /** Every module's replica tables (cluster mode's read model), by table name. */
  readonly replicas: ReadonlyMap<string, ReplicaTable>;
  /** Every module's shared tables (cluster mode's shared state, docs/adr/0068), in module order. */
  readonly shared: readonly SharedDeclaration[];
  /** The shard key of a domain event, asked of every module in order (the first that knows it); null: shard 0. */
  eventShardKey(event: DomainEvent): string | null;
  start(): void;
  /** Once readiness turned on (the start's writes committed, its garbage collected), in list order. */
  ready(): void;
  stop(): Promise<void>;
}

interface Running {
  readonly module: AnyModule;
  readonly instance: ModuleInstance<object>;
  readonly unsubscribes: Unsubscribe[];
}

export async function composeModules<Services extends object>(
  list: ModuleList<Services>,
  platform: PlatformKit,
): Promise<Composition<Services>> {
  const { modules } = list;
  checkDeclarations(modules);
  const gate = createPluginGateSlot();
  const entityTypes = new EntityTypeRegistry();
  const webhookEvents = createWebhookEventCatalog([]);
  for (const module of modules) for (const source of module.webhookEvents ?? []) webhookEvents.register(source);
  const schema = composeSchema(modules, gate);

  const services: Record<string, unknown> = {};
  let composed = false;
  const {
    formatError,
    metrics = new MetricsRegistry({ enabled: false, logger: platform.logger }),
    tracing = NO_TRACING,
    ...shared
  } = platform;
  for (const module of modules) metrics.declare(module.metrics ?? [], `module ${module.name}`);
  const kit: ModuleKit = {
    ...shared,
    metrics,
    tracing,
    plugins: gate,
    screens: list.screens(),
    streams: list.streams(),
    entityTypes,
    webhookEvents,
    graphql: { schema, formatError },
    services: () => {
      if (!composed) throw new Error('the product services were asked for before every module was composed');
      return services;
    },
  };

  const running: Running[] = [];
  const handedOver: Partial<Record<(typeof HANDED_OVER)[number], { module: string; value: any }>> = {};
  try {
    for (const module of modules) {
      const instance: ModuleInstance<object> = await module.create(kit, { ...services });
      for (const [key, value] of Object.entries(instance.services)) {
        if (key in services)
          throw new Error(`module ${module.name} provides the service "${key}", which an earlier module already provides`);
        services[key] = value;
      }
      if (instance.pluginGate) gate.provide(instance.pluginGate, module.name);
      for (const key of HANDED_OVER) {
        if (instance[key] === undefined) continue;
        if (handedOver[key] !== undefined)
          throw new Error(`module ${module.name} hands over the ${key}, which module ${handedOver[key].module} already does`);
        handedOver[key] = { module: module.name, value: instance[key] };
      }
      for (const type of instance.entityTypes ?? []) entityTypes.register(module.plugin ? gateEntityType(type, module.plugin, gate) : type);
      const entry: Running = { module, instance, unsubscribes: [] };
      running.push(entry);
      await instance.hydrate?.();
      const handlers = instance.busHandlers;
      if (handlers?.staged) entry.unsubscribes.push(platform.bus.subscribeStaged(handlers.staged));
      if (handlers?.committed) entry.unsubscribes.push(platform.bus.subscribeAll(handlers.committed));
    }
    countEntities(entityTypes, metrics);
    const gated = modules.filter((m) => m.plugin !== undefined).map((m) => m.name);
    if (gated.length > 0 && !gate.provided)
      throw new Error(`modules ${gated.join(', ')} are gated by a plugin, but no module provides the plugin gate (the licence module)`);
  } catch (error) {
    for (const entry of running) for (const unsubscribe of entry.unsubscribes) unsubscribe();
    throw error;
  }
  composed = true;

  const routes = running.flatMap(({ module, instance }) =>
    (instance.routes ?? []).map((route) => {
      const gatedRoute = module.plugin ? gateRoute(route, module.plugin, gate) : route;
      // The gate is innermost; the first module's interceptor is outermost, as for mutations.
      return modules.reduceRight((wrapped, m) => m.intercept?.route?.(wrapped, services) ?? wrapped, gatedRoute);
    }),
  );

  const checks = new Map<string, HealthCheck>();
  for (const { module, instance } of running) {
    for (const [name, check] of Object.entries(instance.checks ?? {})) {
      if (checks.has(name))
        throw new Error(`module ${module.name} adds the readiness check "${name}", which an earlier module already adds`);
      checks.set(name, check);
    }
  }

  const replicas = new Map<string, ReplicaTable>();
  for (const { module, instance } of running) {
    for (const replica of instance.replicas ?? []) {
      if (replicas.has(replica.table))
        throw new Error(`module ${module.name} declares the replica of table ${replica.table} a second time`);
      replicas.set(replica.table, replica);
    }
  }

  const sharedDeclarations: SharedDeclaration[] = [];
  const sharedTables = new Map<string, string>();
  for (const { module, instance } of running) {
    for (const declaration of instance.shared ?? []) {
      for (const table of isSharedReload(declaration) ? declaration.tables : [declaration.table]) {
        const owner = sharedTables.get(table);
        if (owner !== undefined)
          throw new Error(`module ${module.name} declares table ${table} shared, which module ${owner} already does`);
        sharedTables.set(table, module.name);
      }
      sharedDeclarations.push(declaration);
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    services: services as Services,
    personAuth: handedOver.personAuth?.value,
    resultFilter: handedOver.resultFilter?.value,
    webSocket: handedOver.webSocket?.value,
    schema,
    plugins: gate,
    routes,
    checks,
    replicas,
    shared: sharedDeclarations,
    eventShardKey(event) {
      for (const { instance } of running) {
        const key = instance.eventShardKey?.(event);
        if (key !== undefined) return key;
      }
      return null;
    },
    start() {
      for (const { instance } of running) instance.start?.();
    },
    ready() {
      for (const { instance } of running) instance.ready?.();
    },
    stop() {
      stopping ??= (async () => {
        for (const { instance, unsubscribes } of [...running].reverse()) {
          for (const unsubscribe of unsubscribes) unsubscribe();
          await instance.stop?.();
        }
      })();
      return stopping;
    },
  };
}

/**
 * `svc_entities{type}`: what the modules hold in memory, per entity type that says (`EntityType.held`); its
 * label's values are the registered types, fixed once the modules are composed.
 */
function countEntities(entityTypes: EntityTypeRegistry, metrics: MetricsRegistry): void {
  const counted = entityTypes.all().filter((type) => type.held !== undefined);
  if (counted.length === 0) return;
  metrics.declare(
    [
      {
        name: 'svc_entities',
        kind: 'gauge',
        help: 'Entities held in memory, by entity type (services, people, open tickets, ...)',
        labels: { type: counted.map((type) => type.name) },
      },
    ],
    'the module composer',
  );
  metrics.collect('svc_entities', () => counted.map((type) => ({ labels: { type: type.name }, value: type.held!() })));
}
