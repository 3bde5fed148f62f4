/**
 * Scoped agent keys over GraphQL: admins create, list and revoke them. The key
 * itself is in createAgentKey's answer only; lists show its public prefix, never the secret.
 */
import type { CoreServices } from '../../core/coreServices.js';
import { authorize } from '../../core/auth/roles.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { nodePath, Warnings } from '../../core/protocol/fields.js';
import { AGENT_KEY_ENDPOINT_NAMES } from './agentKeyEndpoints.js';
import { AGENT_KEY_PREFIX, type AgentKeyRegistry, type NewAgentKey } from './agentKeyRegistry.js';
import type { AgentKeyBudget, AgentKeyRecord } from './agentKeyTables.js';

export interface AgentKeyServices {
  readonly agentKeys: AgentKeyRegistry;
}

/** What its resolvers read: the keys, and the writer and clock a change commits through. */
export type AgentKeySlice = AgentKeyServices & Pick<CoreServices, 'writer' | 'clock'>;

type Context = GraphQLContext<AgentKeySlice>;

const MAX_NAME = 200;
const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

/** The bounds of a key's own request budget. */
export const AGENT_KEY_BUDGET_LIMITS = { minRequestsPerSecond: 0.1, maxRequestsPerSecond: 10_000, maxBurst: 100_000 } as const;

/** A request budget as given (null or absent: none, the per-address limit applies); throws BAD_REQUEST naming the bad field. */
export function readAgentKeyBudget(input: unknown): AgentKeyBudget | null {
  if (input === undefined || input === null) return null;
  const { requestsPerSecond, burst } = input as { requestsPerSecond?: unknown; burst?: unknown };
  const { minRequestsPerSecond, maxRequestsPerSecond, maxBurst } = AGENT_KEY_BUDGET_LIMITS;
  if (
    typeof requestsPerSecond !== 'number' ||
    !Number.isFinite(requestsPerSecond) ||
    requestsPerSecond < minRequestsPerSecond ||
    requestsPerSecond > maxRequestsPerSecond
  ) {
    throw bad(
      `requestBudget.requestsPerSecond must be a number from ${minRequestsPerSecond} to ${maxRequestsPerSecond}, got ${JSON.stringify(requestsPerSecond)}`,
    );
  }
  if (typeof burst !== 'number' || !Number.isInteger(burst) || burst < 1 || burst > maxBurst) {
    throw bad(`requestBudget.burst must be a whole number from 1 to ${maxBurst}, got ${JSON.stringify(burst)}`);
  }
  return { requestsPerSecond, burst };
}

export function readNewAgentKey(input: { name?: unknown; nodeId?: unknown; endpoints?: unknown; requestBudget?: unknown }): NewAgentKey {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > MAX_NAME) throw bad(`name must be 1 to ${MAX_NAME} characters`);
  const path = nodePath(input.nodeId, 'nodeId', new Warnings());
  const endpoints = Array.isArray(input.endpoints) ? [...new Set(input.endpoints as string[])] : [];
  if (endpoints.length === 0) throw bad(`endpoints must name at least one of: ${AGENT_KEY_ENDPOINT_NAMES.join(', ')}`);
  const unknown = endpoints.filter((e) => !AGENT_KEY_ENDPOINT_NAMES.includes(e));
  if (unknown.length > 0)
    throw bad(
      `endpoints ${unknown.map((e) => JSON.stringify(e)).join(', ')} cannot be granted to an agent key; choose from: ${AGENT_KEY_ENDPOINT_NAMES.join(', ')}`,
    );
  return { name, nodePath: path, endpoints, requestBudget: readAgentKeyBudget(input.requestBudget) };
}

export const agentKeySchema: SchemaModule<AgentKeySlice> = {
  typeDefs: /* GraphQL */ `
    "A machine key limited to a subtree of nodeId paths and to chosen machine endpoints (beside the shared operator key)."
    type AgentKey {
      "The key id, the public part of the key."
      id: ID!
      name: String!
      "How the key starts (svcak_<id>_), to recognise it; the secret is never shown again."
      prefix: String!
      "The subtree the key may register, report and push for."
      nodeId: String!
      "Endpoint names it may call (agentKeyEndpoints)."
      endpoints: [String!]!
      "Its own request budget: its requests are counted against it instead of their client address. Null: the per-address limit applies."
      requestBudget: AgentKeyBudget
      createdAt: DateTime!
      createdBy: ID
      "Within a minute: uses are written in batches."
      lastUsedAt: DateTime
      revokedAt: DateTime
      revokedBy: ID
    }

    "A token bucket of one agent key: requestsPerSecond refill up to burst."
    type AgentKeyBudget {
      requestsPerSecond: Float!
      burst: Int!
    }

    "requestsPerSecond from 0.1 to 10000, burst from 1 to 100000."
    input AgentKeyBudgetInput {
      requestsPerSecond: Float!
      burst: Int!
    }

    type CreatedAgentKey {
      agentKey: AgentKey!
      "The whole key, shown this once: send it as X-API-Key or Authorization: Bearer. Only its hash is stored."
      key: String!
    }

    input CreateAgentKeyInput {
      name: String!
      "A nodeId path; the key reaches it and every node below it."
      nodeId: String!
      "Names from agentKeyEndpoints, e.g. operator/heartbeat, health/report."
      endpoints: [String!]!
      "Its own request budget (e.g. many agents behind one address); left out, its requests count against their address."
      requestBudget: AgentKeyBudgetInput
    }

    input UpdateAgentKeyInput {
      "A new request budget, from the next request on; null: back to the per-address limit. Left out: unchanged."
      requestBudget: AgentKeyBudgetInput
    }

    extend type Query {
      "Oldest first; revoked keys only with includeRevoked."
      agentKeys(includeRevoked: Boolean = false): [AgentKey!]!
      "The machine endpoints a key can be granted."
      agentKeyEndpoints: [String!]!
    }

    extend type Mutation {
      createAgentKey(input: CreateAgentKeyInput!): CreatedAgentKey!
      "Changes a key that is not revoked; its secret, subtree and endpoints stay."
      updateAgentKey(id: ID!, input: UpdateAgentKeyInput!): AgentKey!
      "Refused from the next request on, no restart. Revoking a revoked key answers it unchanged."
      revokeAgentKey(id: ID!): AgentKey!
    }
  `,
  resolvers: {
    AgentKey: {
      prefix: (k: AgentKeyRecord) => `${AGENT_KEY_PREFIX}${k.id}_`,
      nodeId: (k: AgentKeyRecord) => k.nodePath,
    },
    Query: {
      agentKeys: (_root, args: { includeRevoked?: boolean | null }, ctx: Context) => (
        authorize(ctx.viewer, 'agent-key:manage'), ctx.app.agentKeys.list(args.includeRevoked === true)
      ),
      agentKeyEndpoints: (_root, _args, ctx: Context) => (authorize(ctx.viewer, 'agent-key:manage'), AGENT_KEY_ENDPOINT_NAMES),
    },
    Mutation: {
      async createAgentKey(_root, args: { input: Record<string, unknown> }, ctx: Context) {
        const viewer = authorize(ctx.viewer, 'agent-key:manage');
        const draft = readNewAgentKey(args.input);
        const created = await commitChange(ctx.app, () => ctx.app.agentKeys.create(draft, viewer.userId));
        return { agentKey: created.record, key: created.key };
      },
      async updateAgentKey(_root, args: { id: string; input: Record<string, unknown> }, ctx: Context) {
        authorize(ctx.viewer, 'agent-key:manage');
        if (!ctx.app.agentKeys.get(args.id)) throw new AppError(ErrorCode.NotFound, `no agent key with id ${args.id}`);
        if (!Object.hasOwn(args.input, 'requestBudget')) return ctx.app.agentKeys.get(args.id);
        const budget = readAgentKeyBudget(args.input['requestBudget']);
        return commitChange(ctx.app, () => ctx.app.agentKeys.setBudget(args.id, budget));
      },
      revokeAgentKey(_root, args: { id: string }, ctx: Context) {
        const viewer = authorize(ctx.viewer, 'agent-key:manage');
        return commitChange(ctx.app, () => ctx.app.agentKeys.revoke(args.id, viewer.userId));
      },
    },
  },
};
