/**
 * Environments over GraphQL (docs/access.md "Environments"): named subtrees of the node hierarchy,
 * the groups that may use them, and the checks a person runs for themselves. Defining and granting
 * are admin-only (`policy:manage`).
 */
import type { CoreServices } from '../../core/coreServices.js';
import { authorize, knownActions, requireViewer, type Action } from '../../core/auth/roles.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { nodePath, Warnings } from '../../core/protocol/fields.js';
import type { Environment, EnvironmentGrant } from './policyModel.js';
import { readEnvironment, readEnvironmentChanges, readLevel } from './policyInput.js';
import type { PolicyServices } from './policySchema.js';

type Slice = PolicyServices & Pick<CoreServices, 'groups' | 'writer' | 'clock' | 'fleet'>;
type Context = GraphQLContext<Slice>;

/** The actions that can concern a resource in an environment (services and what hangs off them). */
const placedActions = (): Action[] => knownActions().filter((a) => /^(service|sla|exclusion-window|agent|node):/.test(a));

function readAction(value: string): Action {
  const ACTIONS = knownActions();
  if (!(ACTIONS as string[]).includes(value))
    throw new AppError(ErrorCode.BadRequest, `unknown action "${value}"; known: ${ACTIONS.join(', ')}`);
  return value as Action;
}

function requireEnvironment(ctx: Context, id: string): Environment {
  const environment = ctx.app.policy.store.environment(id);
  if (!environment) throw new AppError(ErrorCode.NotFound, `no environment with id ${id}`);
  return environment;
}

export const environmentSchema: SchemaModule<Slice> = {
  typeDefs: /* GraphQL */ `
    enum EnvironmentAccessLevel { READ WRITE }

    "A named part of the hierarchy: every node at or below one of its paths. A service inside an environment is open to admins and to groups granted it."
    type Environment {
      id: ID!
      name: String!
      description: String
      "Roots of its subtrees (nodeId paths)."
      paths: [String!]!
      "The groups that may use it."
      groups: [GroupEnvironmentAccess!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    type GroupEnvironmentAccess {
      groupId: ID!
      group: Group
      environment: Environment!
      "READ: see what is inside; WRITE: also act on it (within what the rules allow)."
      level: EnvironmentAccessLevel!
      grantedAt: DateTime!
    }

    input EnvironmentInput { name: String!, description: String, paths: [String!]! }
    input UpdateEnvironmentInput { name: String, description: String, paths: [String!] }

    type EnvironmentAccessCheck {
      environment: Environment!
      allowed: Boolean!
      "Your level there (admins: WRITE); null without access."
      level: EnvironmentAccessLevel
    }

    type ActionDecision { action: String!, allowed: Boolean! }

    type EnvironmentResourceAccess {
      nodeId: String!
      action: String!
      allowed: Boolean!
      "The environments the node lies in; empty: no environment governs it (the rules alone decide)."
      environments: [Environment!]!
    }

    type EnvironmentResourcePermissions {
      environment: Environment!
      level: EnvironmentAccessLevel
      "What you may do with resources inside it."
      actions: [ActionDecision!]!
    }

    extend type Query {
      "Every environment (admin)."
      environments: [Environment!]!
      environment(id: ID!): Environment
      "Whether you may use an environment, and at which level."
      checkEnvironmentAccess(environmentId: ID!): EnvironmentAccessCheck!
      "Whether you may perform an action (default service:read) on a resource at nodeId, or on the service serviceId."
      checkEnvironmentResourceAccess(nodeId: String, serviceId: ID, action: String = "service:read"): EnvironmentResourceAccess!
      "For each environment you may use: your level and what you may do inside it."
      myEnvironmentResourcePermissions: [EnvironmentResourcePermissions!]!
      "The environments a group may use (admin)."
      groupEnvironmentAccess(groupId: ID!): [GroupEnvironmentAccess!]!
    }

    extend type Mutation {
      createEnvironment(input: EnvironmentInput!): Environment!
      updateEnvironment(id: ID!, input: UpdateEnvironmentInput!): Environment!
      "Removes it with its rules and group access."
      deleteEnvironment(id: ID!): Boolean!
      "Gives a group READ or WRITE access to an environment; a null level takes it away (answers null)."
      setGroupEnvironmentAccess(groupId: ID!, environmentId: ID!, level: EnvironmentAccessLevel): GroupEnvironmentAccess
    }
  `,
  resolvers: {
    Environment: {
      groups: (e: Environment, _a: unknown, ctx: Context) => [...ctx.app.policy.store.grants()].filter((g) => g.environmentId === e.id),
    },
    GroupEnvironmentAccess: {
      group: (g: EnvironmentGrant, _a: unknown, ctx: Context) => ctx.app.groups.get(g.groupId) ?? null,
      environment: (g: EnvironmentGrant, _a: unknown, ctx: Context) => requireEnvironment(ctx, g.environmentId),
      level: (g: EnvironmentGrant) => g.level.toUpperCase(),
    },
    EnvironmentAccessCheck: { level: (c: { level: string | null }) => c.level?.toUpperCase() ?? null },
    EnvironmentResourcePermissions: { level: (c: { level: string | null }) => c.level?.toUpperCase() ?? null },
    Query: {
      environments: (_root, _args, ctx) => (
        authorize(ctx.viewer, 'policy:manage'), [...ctx.app.policy.store.environments()].sort((a, b) => a.name.localeCompare(b.name))
      ),
      environment: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'policy:manage'), ctx.app.policy.store.environment(args.id) ?? null
      ),
      checkEnvironmentAccess(_root, args: { environmentId: string }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const environment = requireEnvironment(ctx, args.environmentId);
        const profile = ctx.app.policy.profileOf(viewer);
        const level = ctx.app.policy.engine.environmentLevel(profile.role, profile.groupIds, environment.id);
        return { environment, allowed: level !== null, level };
      },
      checkEnvironmentResourceAccess(_root, args: { nodeId?: string | null; serviceId?: string | null; action?: string | null }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const action = readAction(args.action ?? 'service:read');
        let path: string;
        if (args.serviceId != null) {
          const service = ctx.app.fleet.services.get(args.serviceId);
          if (!service || !ctx.app.policy.can(viewer, 'service:read', service.nodePath))
            throw new AppError(ErrorCode.NotFound, `no service with id ${args.serviceId}`);
          path = service.nodePath;
        } else if (args.nodeId != null) {
          path = nodePath(args.nodeId, 'nodeId', new Warnings());
        } else {
          throw new AppError(ErrorCode.BadRequest, 'give nodeId or serviceId');
        }
        return {
          nodeId: path,
          action,
          allowed: ctx.app.policy.can(viewer, action, path),
          environments: ctx.app.policy.engine.environmentsOf(path),
        };
      },
      myEnvironmentResourcePermissions(_root, _args, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const { policy } = ctx.app;
        const profile = policy.profileOf(viewer);
        const out = [];
        for (const environment of [...policy.store.environments()].sort((a, b) => a.name.localeCompare(b.name))) {
          const level = policy.engine.environmentLevel(profile.role, profile.groupIds, environment.id);
          if (level === null) continue;
          // Decided at the environment's first path: a node there lies in this environment (and maybe others).
          const at = environment.paths[0]!;
          out.push({ environment, level, actions: placedActions().map((action) => ({ action, allowed: profile.allows(action, at) })) });
        }
        return out;
      },
      groupEnvironmentAccess(_root, args: { groupId: string }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        ctx.app.groups.require(args.groupId);
        return ctx.app.policy.store.grantsOfGroup(args.groupId);
      },
    },
    Mutation: {
      createEnvironment(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const input = readEnvironment(args.input);
        return commitChange(ctx.app, (at) => ctx.app.policy.store.createEnvironment(input, at));
      },
      updateEnvironment(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        const changes = readEnvironmentChanges(args.input);
        return commitChange(ctx.app, (at) => ctx.app.policy.store.updateEnvironment(args.id, changes, at));
      },
      deleteEnvironment(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        return commitChange(ctx.app, () => ctx.app.policy.store.deleteEnvironment(args.id));
      },
      setGroupEnvironmentAccess(_root, args: { groupId: string; environmentId: string; level?: string | null }, ctx) {
        authorize(ctx.viewer, 'policy:manage');
        ctx.app.groups.require(args.groupId);
        const level = readLevel(args.level);
        return commitChange(ctx.app, (at) => ctx.app.policy.store.setGrant(args.groupId, args.environmentId, level, at));
      },
    },
  },
};
