/** The hierarchy of nodes and the agents watching them, over GraphQL. A node's id is its path. */
import type { CoreServices } from '../coreServices.js';
import { AGENT_ONLINE_WINDOW_MS, type AgentRecord } from '../fleet/agentRegistry.js';
import type { NodeRecord } from '../fleet/nodeHierarchy.js';
import type { StorageCounts, StorageProblem } from '../fleet/storageIndex.js';
import { admitted, visibleServices } from '../auth/placeGate.js';
import { authorize, placeGate, placesMatter } from '../auth/roles.js';
import { SERVICE_STATUSES } from '../domain/service.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { pageArgs, readPage, slicePage } from '../../platform/graphql/pagination.js';

const byPath = (a: NodeRecord, b: NodeRecord) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
const clean = (path: string) => path.replace(/^\/+|\/+$/g, '');

export const operationsSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    type StatusSummary {
      operational: Int!
      degraded: Int!
      down: Int!
      maintenance: Int!
      unknown: Int!
      total: Int!
      "Services whose latest storage report is warning (10 % to 30 % free), whatever their status."
      storageWarning: Int!
      "Services whose latest storage report is critical (less than 10 % free), whatever their status."
      storageCritical: Int!
    }

    type OperationsNode {
      "The node's path, e.g. eu/prod/k8s-1/payments."
      id: ID!
      path: String!
      name: String!
      depth: Int!
      parentPath: String
      parent: OperationsNode
      childCount: Int!
      children(${pageArgs}): [OperationsNode!]!
      "Services at this node and below it."
      serviceCount: Int!
      "Statuses of the services at this node and below it."
      statusSummary: StatusSummary!
      "Services at this node and below it, ordered by name."
      services(${pageArgs}): [Service!]!
      "The agent registered for exactly this node, if any."
      agent: Agent
      createdAt: DateTime!
    }

    type Agent {
      nodeId: String!
      version: String
      operatorVersion: String
      watchedServices: Int
      healthyServices: Int
      unhealthyServices: Int
      lastHeartbeatAt: DateTime
      lastStatusSyncAt: DateTime
      "A heartbeat arrived in the last 90 seconds."
      online: Boolean!
      createdAt: DateTime!
    }

    type DeleteOperationsNodeResult {
      deletedNodes: Int!
      deletedServices: Int!
    }

    extend type Query {
      "Nodes ordered by path; search matches part of the path, depth picks one level (1 = roots)."
      operationsNodes(search: String, depth: Int, ${pageArgs}): [OperationsNode!]!
      operationsNode(id: ID!): OperationsNode
      operationsRootNodes: [OperationsNode!]!
      operationsNodeChildren(id: ID!, ${pageArgs}): [OperationsNode!]!
      "Registered agents ordered by node, with their last heartbeat."
      agents(online: Boolean, ${pageArgs}): [Agent!]!
    }

    extend type Mutation {
      "Deletes the node and every node below it. A node holding services needs cascade: true, which deletes those services too."
      deleteOperationsNode(id: ID!, cascade: Boolean = false): DeleteOperationsNodeResult!
    }
  `,
  resolvers: {
    OperationsNode: {
      id: (n: NodeRecord) => n.path,
      parent: (n: NodeRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        n.parentPath === null ? null : (ctx.app.fleet.nodes.get(n.parentPath) ?? null),
      childCount: (n: NodeRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) => ctx.app.fleet.nodes.childrenOf(n.path).length,
      children: (n: NodeRecord, args: { limit?: number; offset?: number }, ctx: GraphQLContext<CoreServices>) =>
        childrenPage(ctx, n.path, args),
      // Counts, summaries and lists hold only services the viewer may see (environments, src/plugins/policy).
      // Without a gate both are the registry's kept counts (a lookup); through a gate, a count of the visible services.
      serviceCount: (n: NodeRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        !placesMatter(ctx.viewer) ? ctx.app.fleet.services.statusCountsUnder(n.path).total : servicesUnder(ctx, n.path).length,
      statusSummary(n: NodeRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) {
        const counts: Record<string, number> = Object.fromEntries(SERVICE_STATUSES.map((s) => [s.toLowerCase(), 0]));
        let total: number;
        if (!placesMatter(ctx.viewer)) {
          const kept = ctx.app.fleet.services.statusCountsUnder(n.path);
          for (const status of SERVICE_STATUSES) counts[status.toLowerCase()] = kept[status];
          total = kept.total;
        } else {
          const services = servicesUnder(ctx, n.path);
          for (const s of services) counts[s.status.toLowerCase()]! += 1;
          total = services.length;
        }
        const storage = storageCountsUnder(ctx, n.path);
        return { ...counts, total, storageWarning: storage.warning, storageCritical: storage.critical };
      },
      services(n: NodeRecord, args: { limit?: number; offset?: number }, ctx: GraphQLContext<CoreServices>) {
        authorize(ctx.viewer, 'service:read');
        const key = (s: { name: string; nodePath: string }) => `${s.name}\u0000${s.nodePath}`;
        const services = servicesUnder(ctx, n.path).sort((a, b) => (key(a) < key(b) ? -1 : 1));
        return slicePage(services, readPage(args));
      },
      // An agent is at its node: outside the viewer's environments it is not shown.
      agent: (n: NodeRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        placeGate(ctx.viewer)?.admits(n.path) === false ? null : (ctx.app.fleet.agents.get(n.path) ?? null),
    },
    Agent: {
      online: (a: AgentRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        a.lastHeartbeatAt !== null && ctx.app.clock.now() - a.lastHeartbeatAt <= AGENT_ONLINE_WINDOW_MS,
    },
    Query: {
      operationsNodes(_root, args: { search?: string | null; depth?: number | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'node:read');
        const needle = args.search?.toLowerCase() ?? null;
        const nodes = [...ctx.app.fleet.nodes.all()].sort(byPath);
        return slicePage(
          nodes,
          readPage(args),
          (n) => (args.depth == null || n.depth === args.depth) && (needle === null || n.path.toLowerCase().includes(needle)),
        );
      },
      operationsNode: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'node:read'), ctx.app.fleet.nodes.get(clean(args.id)) ?? null
      ),
      operationsRootNodes(_root, _args, ctx) {
        authorize(ctx.viewer, 'node:read');
        return ctx.app.fleet.nodes
          .childrenOf(null)
          .map((p) => ctx.app.fleet.nodes.get(p)!)
          .sort(byPath);
      },
      operationsNodeChildren(_root, args: { id: string; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'node:read');
        return childrenPage(ctx, clean(args.id), args);
      },
      agents(_root, args: { online?: boolean | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'agent:read');
        const now = ctx.app.clock.now();
        // An agent is at its node: outside the viewer's environments it is not listed.
        const agents = [...admitted(placeGate(ctx.viewer), ctx.app.fleet.agents.list(), (a) => a.nodeId)].sort((a, b) =>
          a.nodeId < b.nodeId ? -1 : 1,
        );
        const online = (a: AgentRecord) => a.lastHeartbeatAt !== null && now - a.lastHeartbeatAt <= AGENT_ONLINE_WINDOW_MS;
        return slicePage(agents, readPage(args), (a) => args.online == null || online(a) === args.online);
      },
    },
    Mutation: {
      deleteOperationsNode(_root, args: { id: string; cascade?: boolean | null }, ctx) {
        authorize(ctx.viewer, 'node:delete');
        return ctx.app.serviceCommands.deleteNode(clean(args.id), args.cascade ?? false);
      },
    },
  },
};

/** The services at `path` and below that the viewer may see. */
function servicesUnder(ctx: GraphQLContext<CoreServices>, path: string) {
  const gate = placeGate(ctx.viewer);
  const services = ctx.app.fleet.services.underNode(path);
  return gate === null ? services : visibleServices(gate, services);
}

/** Storage warning / critical at `path` and below: the registry's kept counts, or its few problem services through the viewer's gate. */
function storageCountsUnder(ctx: GraphQLContext<CoreServices>, path: string): StorageCounts {
  const { services } = ctx.app.fleet;
  const gate = placeGate(ctx.viewer);
  if (gate === null) return services.storageCountsUnder(path);
  const prefix = `${path}/`;
  const count = (problem: StorageProblem) => {
    let n = 0;
    for (const id of services.withStorageProblem(problem)) {
      const nodePath = services.get(id)!.nodePath;
      if ((nodePath === path || nodePath.startsWith(prefix)) && gate.admits(nodePath)) n += 1;
    }
    return n;
  };
  return { warning: count('warning'), critical: count('critical') };
}

function childrenPage(ctx: GraphQLContext<CoreServices>, path: string, args: { limit?: number; offset?: number }): NodeRecord[] {
  const children = ctx.app.fleet.nodes
    .childrenOf(path)
    .map((p) => ctx.app.fleet.nodes.get(p)!)
    .sort(byPath);
  return slicePage(children, readPage(args));
}
