// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The licence gate, applied in one place. The composer passes every part of a gated module through
 * these wrappers, so a plugin's code never asks the licence itself: while the module's plugin is
 * not active, its REST routes answer 503 `{"error": "the <plugin> plugin is not active: ..."}`,
 * its GraphQL fields (queries, mutations, subscriptions, and fields it adds to other modules'
 * types) answer `PLUGIN_INACTIVE`, and its entity types refuse presence, locks and `entityEvents`
 * the same way. The gate is asked on every call, so activating a licence (or an admin's
 * `togglePlugin`) takes effect at once, without a restart; so does expiry. Subscriptions of a gated
 * module (its Subscription fields, `entityEvents` on its entity types) that are already running end
 * with PLUGIN_INACTIVE when the plugin goes inactive (src/plugins/realtime/pluginStreams.ts).
 *
 * A person's right comes before the plugin's state (nobody learns about a plugin they may not use):
 * while the plugin is off, a gated field's resolver still runs, but with `ctx.app` fenced, so its
 * own checks of the person (`authorize(ctx.viewer, ...)`, which come first in every resolver) answer
 * UNAUTHENTICATED or FORBIDDEN as usual, and its first reach for a service, or its end, answers
 * PLUGIN_INACTIVE. Resolvers reach state only through `ctx.app` (no module-level singletons), so the
 * fenced run reads and changes nothing.
 */
import { defaultFieldResolver, Kind, parse, type GraphQLFieldResolver } from 'graphql';
import type { GatewayRoute, Route, StreamingRestRequest, StreamingRoute } from '../gateway/routes.js';
import type { SchemaModule } from '../graphql/module.js';
import type { PluginName } from './pluginNames.js';
import type { EntityType } from './entityTypes.js';

/**
 * What a starting subscription carries about its owners (part of the subscription's scope): the
 * gate adds the plugin of a gated Subscription field; the live updates plugin ends the owned
 * streams when their plugin goes inactive (src/plugins/realtime/pluginStreams.ts).
 */
export interface PluginOwnership {
  /** Plugins that own the subscription being started; filled while it starts. */
  readonly owners: PluginName[];
  /**
   * Ends the subscription from the server's side with `error` (graphql-ws: a `next` frame with the
   * error, then `complete`), as a subscription refused when it starts is answered.
   */
  readonly end: (error: Error) => void;
}

export interface PluginGate {
  isActive(plugin: PluginName): boolean;
  /** Throws PLUGIN_INACTIVE (HTTP 503) naming the plugin and how to turn it on. */
  require(plugin: PluginName): void;
}

/** The gate modules are handed before the module that decides it (the licence module) exists. */
export interface PluginGateSlot extends PluginGate {
  /** The deciding module hands its gate over; only one may. */
  provide(gate: PluginGate, module: string): void;
  readonly provided: boolean;
}

export function createPluginGateSlot(): PluginGateSlot {
  let gate: PluginGate | undefined;
  let providedBy = '';
  const current = (): PluginGate => {
    // Only reachable when the module list is wrong: requests start after every module is composed.
    if (!gate) throw new Error('the plugin gate was asked before the licence module was composed');
    return gate;
  };
  return {
    isActive: (plugin) => current().isActive(plugin),
    require: (plugin) => current().require(plugin),
    provide(next, module) {
      if (gate) throw new Error(`module ${module} provides a plugin gate, but module ${providedBy} already did`);
      gate = next;
      providedBy = module;
    },
    get provided() {
      return gate !== undefined;
    },
  };
}

export function gateRoute(route: GatewayRoute, plugin: PluginName, gate: PluginGate): GatewayRoute {
  // async: the gateway expects a rejected promise, not a synchronous throw.
  if (route.body === 'stream') {
    const streaming: StreamingRoute = route;
    return {
      ...streaming,
      handle: async (request: StreamingRestRequest) => {
        gate.require(plugin);
        return streaming.handle(request);
      },
    } satisfies StreamingRoute;
  }
  const buffered: Route = route;
  return {
    ...buffered,
    handle: async (request) => {
      gate.require(plugin);
      return buffered.handle(request);
    },
  };
}

export function gateEntityType(type: EntityType, plugin: PluginName, gate: PluginGate): EntityType {
  return {
    ...type,
    plugin,
    exists: (id) => {
      gate.require(plugin);
      return type.exists(id);
    },
  };
}

type Resolver = GraphQLFieldResolver<unknown, unknown>;
type FieldConfig = Resolver | { resolve?: Resolver; subscribe?: Resolver; [key: string]: unknown };

const ROOT_TYPES = new Set(['Query', 'Mutation', 'Subscription']);

/**
 * Every root field the module declares (Query, Mutation, Subscription) and every field it adds to
 * another module's type (`extend type Service { ... }`) checks the gate before it resolves. The
 * module's own object types are reached only through those fields, so they need no check of their
 * own. A subscription is checked when it starts, and one already running ends when the plugin goes
 * inactive: the gate names the plugin as the stream's owner, and the realtime core ends it.
 */
export function gateSchemaModule<M extends SchemaModule<any>>(module: M, plugin: PluginName, gate: PluginGate): M {
  const resolvers = { ...(module.resolvers as Record<string, Record<string, FieldConfig> | undefined>) };
  for (const [typeName, fieldNames] of gatedFields(module.typeDefs)) {
    const fields = { ...(resolvers[typeName] ?? {}) };
    for (const field of fieldNames) fields[field] = gateField(fields[field], typeName === 'Subscription', plugin, gate);
    resolvers[typeName] = fields;
  }
  return { ...module, resolvers };
}

function gatedFields(typeDefs: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const definition of parse(typeDefs).definitions) {
    const isRoot =
      (definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION) &&
      ROOT_TYPES.has(definition.name.value);
    if (!isRoot && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const names = (definition.fields ?? []).map((f) => f.name.value);
    fields.set(definition.name.value, [...(fields.get(definition.name.value) ?? []), ...names]);
  }
  return fields;
}

function gateField(config: FieldConfig | undefined, subscription: boolean, plugin: PluginName, gate: PluginGate): FieldConfig {
  const checked =
    (resolve: Resolver): Resolver =>
    (source, args, ctx, info) => {
      if (gate.isActive(plugin)) return resolve(source, args, ctx, info);
      return refusedInOrder(resolve, source, args, ctx as { app: object }, info, plugin, gate);
    };
  if (typeof config === 'function') return checked(config);
  if (subscription) {
    if (!config?.subscribe) throw new Error('a Subscription field needs a subscribe resolver');
    const subscribe = config.subscribe;
    // The stream it starts is the plugin's: it ends when the plugin goes inactive (src/plugins/realtime/pluginStreams.ts).
    const owned: Resolver = (source, args, ctx, info) => {
      (ctx as Partial<PluginOwnership>).owners?.push(plugin);
      return subscribe(source, args, ctx, info);
    };
    return { ...config, subscribe: checked(owned) };
  }
  return { ...config, resolve: checked(config?.resolve ?? defaultFieldResolver) };
}

/**
 * The plugin is off: runs `resolve` with `ctx.app` fenced (any read of it throws PLUGIN_INACTIVE),
 * so the person's checks in front of it refuse first; a resolver that gets past them without
 * touching a service (a constant, say) is refused PLUGIN_INACTIVE at its end, and an iterator it
 * made is closed.
 */
function refusedInOrder(
  resolve: Resolver,
  source: unknown,
  args: unknown,
  ctx: { app: object },
  info: Parameters<Resolver>[3],
  plugin: PluginName,
  gate: PluginGate,
): unknown {
  const app = ctx.app;
  const fencedApp = new Proxy(Object.create(null) as object, {
    get(_target, key) {
      gate.require(plugin);
      return Reflect.get(app, key);
    },
    has(_target, key) {
      gate.require(plugin);
      return Reflect.has(app, key);
    },
  });
  const fenced = Object.assign(Object.create(Object.getPrototypeOf(ctx) as object | null) as object, ctx, { app: fencedApp });
  const afterFencedRun = (result: unknown): unknown => {
    const iterator = result as { return?: () => unknown } | null;
    if (typeof iterator?.return === 'function') void Promise.resolve(iterator.return.call(iterator)).catch(() => undefined);
    gate.require(plugin);
    // The plugin came on while the resolver ran: answer as a moment later.
    return resolve(source, args as Record<string, unknown>, ctx, info);
  };
  const result = resolve(source, args as Record<string, unknown>, fenced, info);
  return isPromiseLike(result) ? Promise.resolve(result).then(afterFencedRun) : afterFencedRun(result);
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
