/**
 * Scoped agent keys over GraphQL (issue 18, item 5): admins create, list and revoke them. The key
 * itself is in createAgentKey's answer only; lists show its public prefix, never the secret.
 */
import { authorize } from '../auth/roles.js';
import { commitChange } from '../commands/commitBoundary.js';
import { AppError, ErrorCode } from '../errors/catalog.js';
import type { CoreServices, GraphQLContext } from '../graphql/context.js';
import type { SchemaModule } from '../graphql/module.js';
import { nodePath, Warnings } from '../protocol/fields.js';
import { AGENT_KEY_ENDPOINT_NAMES } from './agentKeyEndpoints.js';
import { AGENT_KEY_PREFIX, type AgentKeyRegistry, type NewAgentKey } from './agentKeyRegistry.js';
import type { AgentKeyRecord } from './agentKeyTables.js';

export interface AgentKeyServices {
  readonly agentKeys: AgentKeyRegistry;
}

/** What its resolvers read: the keys, and the writer and clock a change commits through. */
export type AgentKeySlice = AgentKeyServices & Pick<CoreServices, 'writer' | 'clock'>;

type Context = GraphQLContext<AgentKeySlice>;

const MAX_NAME = 200;
const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export function readNewAgentKey(input: { name?: unknown; nodeId?: unknown; endpoints?: unknown }): NewAgentKey {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > MAX_NAME) throw bad(`name must be 1 to ${MAX_NAME} characters`);
  const path = nodePath(input.nodeId, 'nodeId', new Warnings());
  const endpoints = Array.isArray(input.endpoints) ? [...new Set(input.endpoints as string[])] : [];
  if (endpoints.length === 0) throw bad(`endpoints must name at least one of: ${AGENT_KEY_ENDPOINT_NAMES.join(', ')}`);
  const unknown = endpoints.filter((e) => !AGENT_KEY_ENDPOINT_NAMES.includes(e));
  if (unknown.length > 0) throw bad(`endpoints ${unknown.map((e) => JSON.stringify(e)).join(', ')} cannot be granted to an agent key; choose from: ${AGENT_KEY_ENDPOINT_NAMES.join(', ')}`);
  return { name, nodePath: path, endpoints };
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
      createdAt: DateTime!
      createdBy: ID
      "Within a minute: uses are written in batches."
      lastUsedAt: DateTime
      revokedAt: DateTime
      revokedBy: ID
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
    }

    extend type Query {
      "Oldest first; revoked keys only with includeRevoked."
      agentKeys(includeRevoked: Boolean = false): [AgentKey!]!
      "The machine endpoints a key can be granted."
      agentKeyEndpoints: [String!]!
    }

    extend type Mutation {
      createAgentKey(input: CreateAgentKeyInput!): CreatedAgentKey!
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
      agentKeys: (_root, args: { includeRevoked?: boolean | null }, ctx: Context) => (authorize(ctx.viewer, 'agent-key:manage'), ctx.app.agentKeys.list(args.includeRevoked === true)),
      agentKeyEndpoints: (_root, _args, ctx: Context) => (authorize(ctx.viewer, 'agent-key:manage'), AGENT_KEY_ENDPOINT_NAMES),
    },
    Mutation: {
      async createAgentKey(_root, args: { input: Record<string, unknown> }, ctx: Context) {
        const viewer = authorize(ctx.viewer, 'agent-key:manage');
        const draft = readNewAgentKey(args.input);
        const created = await commitChange(ctx.app, () => ctx.app.agentKeys.create(draft, viewer.userId));
        return { agentKey: created.record, key: created.key };
      },
      revokeAgentKey(_root, args: { id: string }, ctx: Context) {
        const viewer = authorize(ctx.viewer, 'agent-key:manage');
        return commitChange(ctx.app, () => ctx.app.agentKeys.revoke(args.id, viewer.userId));
      },
    },
  },
};
