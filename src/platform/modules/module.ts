// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The module contract: what a capability brings to the product, declared in one object, so that a
 * new plugin adds files and touches no handler (DESIGN.md "Seams"). src/platform/modules/README.md has the
 * lifecycle and an example; composeModules.ts carries it out.
 *
 * A module declares statically (read before anything starts): its name, its licence gate, its
 * permissions, console screens, settings and named streams, its migrations (in its own namespace)
 * and tables, its GraphQL schema, the webhook events it produces and the calls it intercepts; the
 * product's lists of each are derived from the module list (ModuleList in moduleList.ts). `create` then builds its running parts from the platform (`ModuleKit`) and the
 * services of the modules before it (`Needs`, a typed slice), and returns what it adds
 * (`Provides`) with its hydration, routes, entity types, bus handlers, start and stop.
 */
import type { GraphQLError, GraphQLFieldResolver, GraphQLSchema } from 'graphql';
import type { Knex } from 'knex';
import type { BlobStore } from '../blobs/blobStore.js';
import type { SecretKeys } from '../config/secretBox.js';
import type { Clock } from '../scheduler/index.js';
import type { Config } from '../config/config.js';
import type { SettingsSlice } from '../config/settings.js';
import type { DomainEvent, DomainEventMap, DomainEventType } from '../events/domainEvents.js';
import type { EventBus } from '../events/eventBus.js';
import type { MachineAuth } from '../gateway/machineAuth.js';
import type { GatewayRoute } from '../gateway/routes.js';
import type { HealthCheck } from '../health/readiness.js';
import type { GraphQLContext } from '../graphql/context.js';
import type { DocumentCache } from '../graphql/documentCache.js';
import type { GraphQLExecutorOptions } from '../graphql/executor.js';
import type { OriginPolicy } from '../gateway/originPolicy.js';
import type { RateLimiter } from '../gateway/rateLimiter.js';
import type { WebSocketEndpoint } from '../gateway/webSocket.js';
import type { FormattedError } from '../graphql/errors.js';
import type { SchemaModule } from '../graphql/module.js';
import type { PluginName } from './pluginNames.js';
import type { Logger } from '../log/logger.js';
import type { BatchWriter, TableSpec } from '../persistence/batchWriter.js';
import type { ReplicaTable } from '../persistence/tableSpec.js';
import type { Database } from '../persistence/database.js';
import type { Migration } from '../persistence/migration.js';
import type { MetricDeclaration } from '../metrics/metricDeclaration.js';
import type { Metrics } from '../metrics/metricsRegistry.js';
import type { EntityType, EntityTypeRegistry } from './entityTypes.js';
import type { WebhookEventCatalog, WebhookEventSource } from '../events/webhookEventCatalog.js';
import type { ProductWorkerPool } from '../workers/productTasks.js';
import type { PluginGate } from './pluginGate.js';
import type { SharedDeclaration, SharedStateAccess } from './sharedState.js';
import type { Tracing } from '../tracing/tracing.js';

/** What every module is handed: the platform's shared parts, configured once by the entry point. */
export interface ModuleKit {
  readonly config: Config;
  readonly production: boolean;
  readonly version: string;
  readonly database: Database;
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newId: () => string;
  /** CPU work off the event loop (src/platform/workers): one pool for the product, closed after the modules stop. */
  readonly workers: ProductWorkerPool;
  /** Bytes that do not belong in a row (attachments), in `SVC_DATA_DIR/blobs` (src/platform/blobs). */
  readonly blobs: BlobStore;
  /** The operator API key check (routes with `auth: 'machine'` get it from the gateway). */
  readonly machineAuth: MachineAuth;
  /**
   * The keys secrets at rest are sealed under (src/platform/config/secretBox.ts): SVC_AUTH_SECRET_KEY (else
   * generated once into the data dir) and SVC_AUTH_SECRET_KEY_PREVIOUS. Resolved on first use, once
   * for every module.
   */
  secretKeys(): SecretKeys;
  /** Requests the HTTP server received and has under way (0 until it listens). */
  readonly traffic: Traffic;
  /** Which plugins are active now; the licence module decides (see pluginGate.ts). */
  readonly plugins: PluginGate;
  /**
   * Cluster mode: what other instances committed to shared tables, applied here on demand (sharedState.ts,
   * docs/adr/0068). Undefined in single-process mode, where there is nothing to catch up with.
   */
  readonly sharedState?: SharedStateAccess;
  /** Entity kinds people watch, lock and subscribe to; the composer registers every module's. */
  readonly entityTypes: EntityTypeRegistry;
  /** Every module's named streams, in list order. */
  readonly streams: readonly NamedStream<any>[];
  /** Every module's console screens, in list order. */
  readonly screens: readonly ConsoleScreen[];
  /** Webhook event names; the composer registers every module's sources. */
  readonly webhookEvents: WebhookEventCatalog;
  /**
   * The metrics of the catalog (every module's `metrics` and the platform's): a module feeds the ones it
   * declared, by a reader over counts it keeps (`collect`) or by handles made once (`counter`, `histogram`).
   */
  readonly metrics: Metrics;
  /** OpenTelemetry tracing (src/platform/tracing): off (`NO_TRACING`) unless OTEL_EXPORTER_OTLP_ENDPOINT is set. */
  readonly tracing: Tracing;
  /** The executable schema of every module, and how GraphQL errors are shown. */
  readonly graphql: { readonly schema: GraphQLSchema; readonly formatError: (error: GraphQLError) => FormattedError };
  /** Every module's services; throws until all modules are created (for contexts built outside a request). */
  services(): object;
}

/** What the entry point's edge gives a WebSocket endpoint: the schema and documents of POST /graphql, its limits and guards. */
export interface WebSocketEdge {
  readonly schema: GraphQLSchema;
  readonly documents: DocumentCache;
  /** Largest message accepted (the POST /graphql body limit). */
  readonly maxMessageBytes: number;
  readonly connectionInitTimeoutMs: number;
  readonly origins: OriginPolicy;
  readonly rateLimiter: RateLimiter;
  readonly isTrustedProxy: (address: string) => boolean;
  readonly formatError: (error: GraphQLError) => FormattedError;
  readonly logger: Logger;
}

export interface Traffic {
  received(): number;
  inFlight(): number;
}

export type Resolver<App extends object = object> = GraphQLFieldResolver<unknown, GraphQLContext<App>, Record<string, unknown>>;

export interface MutationField {
  readonly name: string;
  /** Listed in its schema module's `ephemeralMutations`: it changes nothing durable. */
  readonly ephemeral: boolean;
}

/** Wrappers a module puts around every module's calls (the audit trail records state-changing ones). */
export interface Interceptors<App extends object> {
  /** Every module's REST route, once all services exist. */
  route?(route: GatewayRoute, services: App): GatewayRoute;
  /** Every module's mutation resolver (whatever slice it reads); the wrapper reads its own slice from `ctx.app`. */
  mutation?(field: MutationField, resolve: Resolver<any>): Resolver<App>;
}

/** Bus handlers the composer subscribes after the module hydrated and unsubscribes before it stops. */
export interface BusHandlers {
  /** Before commit, inside the batch of the change: stage rows of your own, nothing else. */
  readonly staged?: (event: DomainEvent) => void;
  /** After commit. */
  readonly committed?: (event: DomainEvent) => void;
}

export interface ProductModule<Needs extends object = object, Provides extends object = object> {
  /** Unique among the modules; names the module in logs and start errors. */
  readonly name: string;
  /**
   * The plugin that gates this module: while it is inactive, its routes, fields and entity types are refused.
   * One module of the plugin names it in `PluginNameMap` (pluginNames.ts); the licence must be able to grant it.
   */
  readonly plugin?: PluginName;
  /**
   * The actions it adds, each with the roles allowed it by default (`'ticket:read': ['admin', 'operator', 'user']`);
   * the product's permission table is every module's, in list order. Name them in `ActionMap` too
   * (permissions.ts) so `authorize(viewer, 'ticket:read')` type-checks.
   */
  readonly permissions?: Readonly<Record<string, readonly string[]>>;
  /** Its settings: typed slices of the configuration, read and validated with the rest at start (src/platform/config/settings.ts). */
  readonly settings?: readonly SettingsSlice[];
  /** Console screens it adds (the policy can open or close each per role or group; `myUIPermissions`). */
  readonly screens?: readonly ConsoleScreen[];
  /** Its named streams: Subscription fields fed by its domain events (the realtime module serves them). */
  readonly streams?: readonly NamedStream<any>[];
  /** Its migrations, numbered in its own namespace (`namespace: <its name>`; src/platform/persistence/migration.ts). */
  readonly migrations?: readonly Migration[];
  /** The tables it writes through the batch writer; names and commit orders are unique across modules. */
  readonly tables?: readonly TableSpec[];
  /**
   * Its metrics (src/platform/metrics): `svc_` names, bounded labels with every value listed; it feeds them
   * in `create` through `kit.metrics`. A name belongs to one module; a declared metric nobody feeds stops the start.
   */
  readonly metrics?: readonly MetricDeclaration[];
  readonly schema?: readonly SchemaModule<Needs & Provides>[];
  /** Webhook events it produces from domain events. */
  readonly webhookEvents?: readonly WebhookEventSource<any>[];
  readonly intercept?: Interceptors<Needs & Provides>;
  create(kit: ModuleKit, services: Needs): ModuleInstance<Provides> | Promise<ModuleInstance<Provides>>;
}

/**
 * A named stream: a Subscription field of the module's (`licenseUpdated`) that the realtime module
 * serves. A subscriber listens on `channel(viewer)`; each committed `on` event the stream turns into
 * a payload is published there (and, with `entity`, as that entity's event on `entityEvents` too).
 */
export interface NamedStream<T extends DomainEventType = DomainEventType> {
  /** The Subscription field; its resolver subscribes with `realtime.namedStream(scope, field)`. */
  readonly field: string;
  /** The domain event it publishes from. */
  readonly on: T;
  /** `shared`: one payload per group of viewers who see the same; `personal`: one per person. */
  readonly visibility: 'shared' | 'personal';
  /** The action a subscriber needs, checked when it subscribes; absent: whoever is signed in. */
  readonly read?: string;
  channel(subscriber: { readonly userId: string }): string;
  publish(event: DomainEventMap[T]): StreamEvent | undefined;
}

/** A named stream, its event's type inferred from `on`. */
export function namedStream<T extends DomainEventType>(stream: NamedStream<T>): NamedStream<T> {
  return stream;
}

export interface StreamEvent {
  readonly channel: string;
  readonly payload: unknown;
  /** Also an event of this entity (`entityEvents`), with the same payload as its data. */
  readonly entity?: { readonly type: string; readonly id: string; readonly event: string; readonly at: number };
}

/** A screen of the console and the action a person needs to open it unless a screen permission says otherwise. */
export interface ConsoleScreen {
  readonly name: string;
  readonly label: string;
  /** An action of the permission table (permissions.ts; the table is src/core/auth/roles.ts). */
  readonly needs: string;
}

export interface ModuleInstance<Provides extends object> {
  /** Added to the product's services: the next modules' `Needs`, and `ctx.app` of every resolver. */
  readonly services: Provides;
  /**
   * Loads committed state (origin `hydrate`: no entity's state is written back); modules hydrate in list order. The
   * one kind of write allowed here is a claim on work this instance takes over before it serves (the webhook
   * dispatcher's lease and outbox pages, a crashed single process's job claims given back: docs/adr/0066).
   */
  hydrate?(): Promise<void>;
  readonly routes?: readonly GatewayRoute[];
  readonly entityTypes?: readonly EntityType[];
  readonly busHandlers?: BusHandlers;
  /** The module that decides which plugins are active (the licence module) hands its gate over. */
  readonly pluginGate?: PluginGate;
  /** The module that signs people in (the core) hands over who a bearer token is, for POST /graphql and the gateway. */
  readonly personAuth?: GraphQLExecutorOptions['auth'];
  /** The module that hides fields (the policy) hands over the filter every executed answer passes through. */
  readonly resultFilter?: NonNullable<GraphQLExecutorOptions['resultFilter']>;
  /** The module that serves subscriptions (realtime) hands over its WebSocket endpoint, built on the entry point's edge. */
  readonly webSocket?: (edge: WebSocketEdge) => WebSocketEndpoint;
  /**
   * Readiness checks it adds to `/readyz` by name (src/platform/health): each answers at once from what
   * the module holds, never with I/O (the webhooks' worker; the cluster's NATS connection). Names are
   * unique across modules.
   */
  readonly checks?: Readonly<Record<string, HealthCheck>>;
  /**
   * Cluster mode's read model (docs/adr/0065): how rows of the tables it holds in memory, committed by another
   * instance, are applied here. Table names are unique across modules. Unused in single-process mode.
   */
  readonly replicas?: readonly ReplicaTable[];
  /**
   * Cluster mode's read model: the string the shard of one of its domain events is hashed from (the entity it is
   * about, as its rows are sharded), null for shard 0, undefined for an event it does not know (another module's).
   */
  eventShardKey?(event: DomainEvent): string | null | undefined;
  /**
   * Cluster mode: the tables it holds in memory whose rows any instance may commit (people, sessions, the licence,
   * settings), and how a row committed elsewhere reaches this memory (sharedState.ts, docs/adr/0068). A table is
   * declared by one module. Unused in single-process mode.
   */
  readonly shared?: readonly SharedDeclaration[];
  /** Once the server listens, in list order. */
  start?(): void;
  /**
   * Once readiness turned on, in list order: background work that neither readiness should wait for nor the start's
   * figures should count (the resident size at `/ready`, the start's collection), such as a large fleet's dashboard
   * figures (docs/adr/0087).
   */
  ready?(): void;
  /** After the server stopped accepting and drained, before the writer's final flush; reverse order. */
  stop?(): void | Promise<void>;
}
