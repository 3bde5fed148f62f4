/**
 * Subscriptions (served at /graphql/ws), presence and edit locks. Every event names itself in
 * `event` with SPEC.md's names (service:status_changed, notification:new, license:updated,
 * user:viewing, user:editing; plugins' ticket:* and sla:* through `entityEvents`).
 */
import { visibleServices } from '../../core/auth/placeGate.js';
import { authorize, placeGate, requireViewer, type Viewer } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Fleet } from '../../core/fleet/fleet.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { EditLock } from './editLocks.js';
import { countStatuses, type NodeStatusCount, type NodeStatusCountsPayload } from './nodeCountsFeed.js';
import type { EntityTypeRegistry } from '../../platform/modules/entityTypes.js';
import type { SubscriptionContext } from './graphqlWsEndpoint.js';
import type { RealtimeService } from './realtimeService.js';
import type { SubscriptionScope } from './subscriptionScope.js';

/** What the realtime module's resolvers read from `ctx.app`. */
export interface RealtimeServices {
  /** Subscriptions, presence and edit locks. */
  readonly realtime: RealtimeService;
  /** Entity kinds people watch, lock and subscribe to; every module registers its own. */
  readonly entityTypes: EntityTypeRegistry;
  readonly fleet: Fleet;
}

type Context = GraphQLContext<RealtimeServices>;

type Entity = { entityType: string; entityId: string };
type LockArgs = Entity & { field: string; ttlSeconds?: number | null };

/** The subscription a Subscription resolver serves; over POST /graphql there is none. */
export function scopeOf(ctx: GraphQLContext<object>): SubscriptionScope {
  if ((ctx as Partial<SubscriptionContext>).subscriptionId === undefined)
    throw new AppError(ErrorCode.BadRequest, 'subscriptions are served over graphql-ws at /graphql/ws');
  return ctx as SubscriptionContext;
}

export const realtimeSchema: SchemaModule<RealtimeServices> = {
  typeDefs: /* GraphQL */ `
    "A service's status moved (service:status_changed), from any path: health push, status sync, GraphQL update."
    type ServiceStatusChange {
      "service:status_changed"
      event: String!
      serviceId: ID!
      "The service as it is now; null when it has been deleted since."
      service: Service
      previousStatus: ServiceStatus!
      status: ServiceStatus!
      message: String
      changedAt: DateTime!
      "What moved it: api, agent, timer or worker."
      origin: String!
    }

    "One node's services by status: the node and everything below it."
    type NodeStatusCount {
      "The node's path (its id)."
      path: String!
      operational: Int!
      degraded: Int!
      down: Int!
      maintenance: Int!
      unknown: Int!
      total: Int!
    }

    "Current status counts of the nodes whose services moved (node:status_counts)."
    type NodeStatusCounts {
      "node:status_counts"
      event: String!
      "When the counts were taken."
      at: DateTime!
      "Only the nodes you may see; counts hold only services you may see."
      nodes: [NodeStatusCount!]!
    }

    "A notification for you arrived (notification:new)."
    type NotificationEvent {
      "notification:new"
      event: String!
      notification: Notification!
    }

    type EntityViewer {
      userId: ID!
      username: String!
      "Watching since."
      since: DateTime!
      "Holds at least one edit lock on the entity (user:editing)."
      editing: Boolean!
    }

    "Who is watching an entity (user:viewing)."
    type EntityViewers {
      "user:viewing"
      event: String!
      entityType: String!
      entityId: ID!
      viewers: [EntityViewer!]!
    }

    type EditLock {
      entityType: String!
      entityId: ID!
      field: String!
      userId: ID!
      username: String!
      acquiredAt: DateTime!
      "Released at this time unless renewed."
      expiresAt: DateTime!
    }

    "The field edit locks of an entity (user:editing)."
    type EditLocks {
      "user:editing"
      event: String!
      entityType: String!
      entityId: ID!
      locks: [EditLock!]!
    }

    "An event about one entity; plugins publish theirs here (ticket:updated, sla:alert, ...)."
    type EntityEvent {
      event: String!
      entityType: String!
      entityId: ID!
      at: DateTime!
      "The event's data as JSON text."
      data: String!
    }

    "The licence or a plugin switch changed (license:updated)."
    type LicenseUpdate {
      "license:updated"
      event: String!
      "activated, expired or plugin-toggled"
      reason: String!
      customer: String
      activePlugins: [String!]!
      at: DateTime!
    }

    type Subscription {
      "Status changes of every service, of one service, or of every service under a hierarchy node."
      serviceStatusChanged(serviceId: ID, nodePath: String): ServiceStatusChange!
      """
      Live status counts of a node and its direct children (without nodePath: the root nodes), for dashboards.
      The first event holds every one of them; after that at most one event per 250 ms, holding the nodes whose
      services moved since, with their current counts: an outage of 100,000 services is a few events, not 100,000.
      """
      nodeStatusCounts(nodePath: String): NodeStatusCounts!
      "Your own notifications as they are created."
      notificationReceived: NotificationEvent!
      "Watching makes you a viewer while the subscription lives; the first event is the current list."
      entityViewersChanged(entityType: String!, entityId: ID!): EntityViewers!
      "The first event is the current locks."
      editLockChanged(entityType: String!, entityId: ID!): EditLocks!
      """
      Every event about one entity (core: service:status_changed, license:updated; plugins add theirs), or
      about every entity of a type: entityId "all" (or "*", the same) names the whole collection of the types
      that have one (realtimeEntityTypes lists the types): "ticket" (every ticket's events; operators and
      admins) and "sla" (every SLA incident and alert; only "all" exists for it).
      """
      entityEvents(
        entityType: String!
        """One entity's id, or "all" (or "*") for every entity of a type with a collection (ticket, sla)."""
        entityId: ID!
      ): EntityEvent!
      licenseUpdated: LicenseUpdate!
    }

    extend type Query {
      entityViewers(entityType: String!, entityId: ID!): EntityViewers!
      editLocks(entityType: String!, entityId: ID!): EditLocks!
      "Entity types presence, locks and entityEvents accept."
      realtimeEntityTypes: [String!]!
    }

    extend type Mutation {
      "Take a field's edit lock for ttlSeconds (default 30, 5 to 300); CONFLICT while someone else holds it."
      acquireEditLock(entityType: String!, entityId: ID!, field: String!, ttlSeconds: Int): EditLock!
      "Extend a lock you hold; CONFLICT when it expired or someone else took it since."
      renewEditLock(entityType: String!, entityId: ID!, field: String!, ttlSeconds: Int): EditLock!
      "Give a lock back; false when you did not hold it."
      releaseEditLock(entityType: String!, entityId: ID!, field: String!): Boolean!
    }
  `,
  resolvers: {
    ServiceStatusChange: {
      service: (change: { serviceId: string }, _args: unknown, ctx: Context) => ctx.app.fleet.services.get(change.serviceId) ?? null,
    },
    NodeStatusCounts: {
      nodes: (payload: NodeStatusCountsPayload, _args: unknown, ctx: Context) => gatedCounts(ctx, payload.nodes),
    },
    EntityEvent: {
      data: (event: { entityType: string; data: unknown }, _args: unknown, ctx: Context) =>
        ctx.app.realtime.entityDataText(ctx.viewer, event),
    },
    EditLock: {
      entityType: (lock: EditLock) => lock.entityKey.slice(0, lock.entityKey.indexOf(':')),
      entityId: (lock: EditLock) => lock.entityKey.slice(lock.entityKey.indexOf(':') + 1),
    },
    Subscription: {
      serviceStatusChanged: {
        subscribe: (_root: unknown, args: { serviceId?: string | null; nodePath?: string | null }, ctx: Context) =>
          ctx.app.realtime.serviceStatusStream(scopeOf(ctx), args.serviceId ?? null, args.nodePath ?? null),
      },
      nodeStatusCounts: {
        subscribe: (_root: unknown, args: { nodePath?: string | null }, ctx: Context) =>
          ctx.app.realtime.nodeCountsStream(scopeOf(ctx), args.nodePath ?? null),
      },
      notificationReceived: {
        subscribe: (_root: unknown, _args: unknown, ctx: Context) => ctx.app.realtime.namedStream(scopeOf(ctx), 'notificationReceived'),
      },
      entityViewersChanged: {
        subscribe: (_root: unknown, args: Entity, ctx: Context) =>
          ctx.app.realtime.viewersStream(scopeOf(ctx), args.entityType, args.entityId),
      },
      editLockChanged: {
        subscribe: (_root: unknown, args: Entity, ctx: Context) =>
          ctx.app.realtime.locksStream(scopeOf(ctx), args.entityType, args.entityId),
      },
      entityEvents: {
        subscribe: (_root: unknown, args: Entity, ctx: Context) =>
          ctx.app.realtime.entityStream(scopeOf(ctx), args.entityType, ctx.app.entityTypes.entityId(args.entityType, args.entityId)),
      },
      licenseUpdated: {
        subscribe: (_root: unknown, _args: unknown, ctx: Context) => ctx.app.realtime.namedStream(scopeOf(ctx), 'licenseUpdated'),
      },
    },
    Query: {
      entityViewers(_root, args: Entity, ctx) {
        authorize(ctx.viewer, ctx.app.entityTypes.resolve(args.entityType, args.entityId).read);
        return ctx.app.realtime.viewersOf(args.entityType, args.entityId);
      },
      editLocks(_root, args: Entity, ctx) {
        authorize(ctx.viewer, ctx.app.entityTypes.resolve(args.entityType, args.entityId).read);
        return ctx.app.realtime.locksOf(args.entityType, args.entityId);
      },
      realtimeEntityTypes: (_root, _args, ctx) => (requireViewer(ctx.viewer), ctx.app.entityTypes.names()),
    },
    Mutation: {
      acquireEditLock: (_root, args: LockArgs, ctx) =>
        ctx.app.realtime.acquireLock(requireViewer(ctx.viewer), args.entityType, args.entityId, args.field, args.ttlSeconds ?? null),
      renewEditLock: (_root, args: LockArgs, ctx) =>
        ctx.app.realtime.renewLock(requireViewer(ctx.viewer), args.entityType, args.entityId, args.field, args.ttlSeconds ?? null),
      releaseEditLock: (_root, args: LockArgs, ctx) =>
        ctx.app.realtime.releaseLock(requireViewer(ctx.viewer), args.entityType, args.entityId, args.field),
    },
  },
  // Lock mutations change nothing durable and renew every few seconds: they stay out of the audit trail.
  ephemeralMutations: ['acquireEditLock', 'renewEditLock', 'releaseEditLock'],
};

/**
 * Node counts as a payload group's viewer may see them: everything without an environment gate; with one, the
 * nodes it admits, counted over the services it admits (a shared group's context carries the gate, not a person).
 */
function gatedCounts(ctx: Context, nodes: readonly NodeStatusCount[]): readonly NodeStatusCount[] {
  const gate = placeGate(ctx.viewer as Viewer | null);
  if (gate === null) return nodes;
  return nodes
    .filter((n) => gate.admits(n.path))
    .map((n) => countStatuses(n.path, visibleServices(gate, ctx.app.fleet.services.underNode(n.path))));
}
