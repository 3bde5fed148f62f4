// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The composer: turns a list of modules into a running product. It checks the static declarations
 * (unique names, migration ids, tables; permissions, screens, settings and streams each owned by one
 * module) and derives the product's lists from them, builds the GraphQL schema with the licence gate and
 * the interceptors applied, then creates and hydrates the modules in list order, each with the
 * services of those before it. The gate is applied here and nowhere else (pluginGate.ts).
 *
 * Lifecycle: `composeModules` (create, hydrate, subscribe bus handlers, in list order) -> the
 * server listens -> `start()` in list order -> readiness turns on -> `ready()` in list order -> on
 * shutdown, after the server drained, `stop()` in reverse order (each module's bus handlers are
 * unsubscribed just before its own stop).
 */
import type { SettingsSlice } from '../config/settings.js';
import type { DomainEvent } from '../events/domainEvents.js';
import type { Unsubscribe } from '../events/eventBus.js';
import type { GatewayRoute } from '../gateway/routes.js';
import type { HealthCheck } from '../health/readiness.js';
import type { SchemaModule } from '../graphql/module.js';
import { buildSchema, rootSchema } from '../graphql/schema.js';
import { runOrder } from '../persistence/migrate.js';
import { LAST_GLOBAL_VERSION, migrationId, type Migration } from '../persistence/migration.js';
import { commitOrder, type ReplicaTable } from '../persistence/tableSpec.js';
import type { MetricDeclaration } from '../metrics/metricDeclaration.js';
import { MetricsRegistry } from '../metrics/metricsRegistry.js';
import { EntityTypeRegistry } from './entityTypes.js';
import { createWebhookEventCatalog } from '../events/webhookEventCatalog.js';
import { NO_TRACING, type Tracing } from '../tracing/tracing.js';
import type { ConsoleScreen, ModuleInstance, NamedStream, ModuleKit, MutationField, ProductModule, Resolver } from './module.js';
import { createPluginGateSlot, gateEntityType, gateRoute, gateSchemaModule, type PluginGate } from './pluginGate.js';
import type { PluginName } from './pluginNames.js';
import { isSharedReload, type SharedDeclaration } from './sharedState.js';

type AnyModule = ProductModule<any, any>;

/** What a module may hand the entry point, one module each. */
const HANDED_OVER = ['personAuth', 'resultFilter', 'webSocket'] as const;

/**
 * The product's modules in start order. `with` type-checks the order: a module's `Needs` must be
 * among the services of the modules listed before it.
 */
export class ModuleList<Services extends object> {
  private constructor(readonly modules: readonly AnyModule[]) {}

  // biome-ignore lint/complexity/noBannedTypes: {} is the empty service set, the identity of the intersection `with` builds
  static start(): ModuleList<{}> {
    return new ModuleList([]);
  }

  with<Provides extends object>(module: ProductModule<Services, Provides>): ModuleList<Services & Provides> {
    return new ModuleList([...this.modules, module]);
  }

  /** Modules whose services the list does not type (test-only modules). */
  withAll(modules: readonly ProductModule<Services, any>[]): ModuleList<Services> {
    return new ModuleList([...this.modules, ...modules]);
  }

  /** Every module's migrations, in run order (the product-wide sequence, then each module's namespace in list order). */
  migrations(): Migration[] {
    return checkDeclarations(this.modules);
  }

  /** Every module's permissions (action, default roles), in list order; an action belongs to one module. */
  permissions(): Array<readonly [string, readonly string[]]> {
    return ownedOnce(
      this.modules,
      (m) => Object.entries(m.permissions ?? {}),
      ([action]) => action,
      'permission',
    );
  }

  /**
   * The licence plugins the modules are gated by (`plugin`), each once, in list order: the names a licence
   * must be able to grant (src/plugins/license/plugins.ts is checked against them).
   */
  plugins(): PluginName[] {
    return [...new Set(this.modules.flatMap((m) => (m.plugin === undefined ? [] : [m.plugin])))];
  }

  /** Every module's settings slices, in list order; a key belongs to one module. */
  settings(): SettingsSlice[] {
    return ownedOnce(
      this.modules,
      (m) => m.settings,
      (slice) => slice.key,
      'the settings slice',
    );
  }

  /**
   * Commit orders for the tables declared without one: after every table with an order, in module
   * order and then declaration order, so a new module allocates no number. A table's `references`
   * (its foreign keys' tables) must commit before it.
   */
  tableOrder(): Map<string, number> {
    checkDeclarations(this.modules);
    const declared = this.modules.flatMap((m) => (m.tables ?? []).map((table) => ({ module: m.name, table })));
    // A margin above the highest order: patches of a table (not declared) take its order plus one or two.
    let next = Math.floor(Math.max(0, ...declared.map(({ table }) => table.order ?? 0))) + 100;
    const derived = new Map<string, number>();
    for (const { table } of declared) if (table.order === undefined) derived.set(table.name, next++);
    for (const { module, table } of declared) {
      const order = commitOrder(table, derived);
      for (const parent of table.references ?? []) {
        const parentOrder = parent.order ?? derived.get(parent.name);
        if (parentOrder === undefined || parentOrder >= order) {
          throw new Error(
            `table ${table.name} of module ${module} references ${parent.name}, which ${parentOrder === undefined ? 'no module declares' : 'commits after it'}: list the referenced table first (or in a module before)`,
          );
        }
      }
    }
    return derived;
  }

  /** Every module's named streams, in list order; a field belongs to one module. */
  streams(): NamedStream<any>[] {
    return ownedOnce(
      this.modules,
      (m) => m.streams,
      (stream) => stream.field,
      'the stream',
    );
  }

  /** Every module's metric declarations, in list order, with the module declaring each; a name belongs to one module. */
  metrics(): Array<{ readonly module: string; readonly declaration: MetricDeclaration }> {
    return ownedOnce(
      this.modules,
      (m) => (m.metrics ?? []).map((declaration) => ({ module: m.name, declaration })),
      (entry) => entry.declaration.name,
      'the metric',
    );
  }

  /** Every module's console screens, in list order; a screen name belongs to one module, and what it needs is a declared action. */
  screens(): ConsoleScreen[] {
    const actions = new Set(this.permissions().map(([action]) => action));
    for (const module of this.modules) {
      for (const screen of module.screens ?? []) {
        if (!actions.has(screen.needs))
          throw new Error(
            `screen ${screen.name} of module ${module.name} needs ${screen.needs}, which no module declares in its permissions`,
          );
      }
    }
    return ownedOnce(
      this.modules,
      (m) => m.screens,
      (screen) => screen.name,
      'screen',
    );
  }

  /** The schema as served, for tools and tests that read or validate it without a server (gated fields cannot run). */
  schema(): ModuleKit['graphql']['schema'] {
    return composeSchema(this.modules, createPluginGateSlot());
  }
}

/** Every module's `pick`, in list order; refuses a key two modules declare (`<what> <key> is declared by module a and by module b`). */
function ownedOnce<T>(
  modules: readonly AnyModule[],
  pick: (module: AnyModule) => readonly T[] | undefined,
  keyOf: (item: T) => string,
  what: string,
): T[] {
  const owners = new Map<string, string>();
  const items: T[] = [];
  for (const module of modules) {
    for (const item of pick(module) ?? []) {
      const key = keyOf(item);
      const owner = owners.get(key);
      if (owner !== undefined) throw new Error(`${what} ${key} is declared by module ${owner} and by module ${module.name}`);
      owners.set(key, module.name);
      items.push(item);
    }
  }
  return items;
}

export type ServicesOf<L> = L extends ModuleList<infer S> ? S : never;

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

/**
 * The executable schema of `modules`: each gated module's fields check the gate first, then every
 * module's mutation interceptors wrap every mutation (the outermost is the first module's).
 */
export function composeSchema(modules: readonly AnyModule[], gate: PluginGate): ModuleKit['graphql']['schema'] {
  const interceptors = modules.flatMap((m) => (m.intercept?.mutation ? [m.intercept.mutation.bind(m.intercept)] : []));
  const schemaModules: SchemaModule<any>[] = [
    rootSchema,
    ...modules.flatMap((m) => (m.schema ?? []).map((s) => (m.plugin ? gateSchemaModule(s, m.plugin, gate) : s))),
  ];
  return buildSchema(schemaModules.map((s) => intercepted(s, interceptors)));
}

function intercepted(
  module: SchemaModule<any>,
  interceptors: readonly ((field: MutationField, resolve: Resolver<any>) => Resolver<any>)[],
): SchemaModule<any> {
  const mutations = module.resolvers['Mutation'] as Record<string, Resolver<any>> | undefined;
  if (!mutations || interceptors.length === 0) return module;
  const ephemeral = new Set(module.ephemeralMutations ?? []);
  const wrapped: Record<string, Resolver<any>> = {};
  for (const [name, resolve] of Object.entries(mutations)) {
    const field = { name, ephemeral: ephemeral.has(name) };
    wrapped[name] = interceptors.reduceRight((inner, intercept) => intercept(field, inner), resolve);
  }
  return { ...module, resolvers: { ...module.resolvers, Mutation: wrapped } };
}

/**
 * Unique module names, migration ids, table names and commit orders; returns the migrations in run
 * order (migrate.ts). A migration of the product-wide sequence has a version unique across modules
 * and at most LAST_GLOBAL_VERSION; any later one is numbered in its own module's namespace.
 */
function checkDeclarations(modules: readonly AnyModule[]): Migration[] {
  const names = new Set<string>();
  const versions = new Map<number, string>();
  const ids = new Set<string>();
  const tables = new Map<string, string>();
  const orders = new Map<number, string>();
  const migrations: Migration[] = [];
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`two modules are named ${module.name}`);
    names.add(module.name);
    for (const migration of module.migrations ?? []) {
      if (migration.namespace === undefined) {
        const owner = versions.get(migration.version);
        if (owner !== undefined)
          throw new Error(`migration version ${migration.version} is declared by module ${owner} and by module ${module.name}`);
        if (migration.version > LAST_GLOBAL_VERSION) {
          throw new Error(
            `migration ${migration.version} (${migration.name}) of module ${module.name} has no namespace: the product-wide sequence ended at ${LAST_GLOBAL_VERSION}; declare it with namespace: '${module.name}' and number it in that namespace`,
          );
        }
        versions.set(migration.version, module.name);
      } else {
        if (migration.namespace !== module.name)
          throw new Error(
            `migration ${migrationId(migration)} of module ${module.name} is in another module's namespace: a module's migrations are in its own (namespace: '${module.name}')`,
          );
        if (ids.has(migrationId(migration)))
          throw new Error(`migration ${migrationId(migration)} is declared twice by module ${module.name}`);
        ids.add(migrationId(migration));
      }
      migrations.push(migration);
    }
    for (const table of module.tables ?? []) {
      const owner = tables.get(table.name) ?? (table.order === undefined ? undefined : orders.get(table.order));
      if (owner !== undefined)
        throw new Error(
          `table ${table.name} (order ${table.order ?? 'derived'}) of module ${module.name} clashes with a table of module ${owner}: names and commit orders are unique`,
        );
      tables.set(table.name, module.name);
      if (table.order !== undefined) orders.set(table.order, module.name);
    }
  }
  return runOrder(migrations);
}
