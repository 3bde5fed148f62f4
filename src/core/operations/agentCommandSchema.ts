/**
 * Agent commands over GraphQL: operators and admins queue and cancel them, everyone who may see
 * agents reads them and follows them live. The agent fetches them with its heartbeat and reports
 * with command-result (machine API).
 */
import { authorize } from '../auth/roles.js';
import type { AgentCommand, AgentCommandStatus } from '../domain/agentCommand.js';
import { isOpen } from '../domain/agentCommand.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { AgentCommandsContext } from './agentCommandsContext.js';
import { pageArgs, readPage } from '../../platform/graphql/pagination.js';
import { nodePath, Warnings } from '../protocol/fields.js';
import { agentCommandChannels } from './agentCommandEvents.js';
import type { AgentCommandFilter } from './agentCommandHistory.js';
import { readQueueAgentCommandInput, type QueueAgentCommandInput } from './agentCommandInput.js';
import {
  AGENT_COMMAND_STATUS_NAMES,
  AGENT_COMMAND_TYPE_NAMES,
  enumValues,
  openDeadline,
  WORKLOAD_KIND_NAMES,
} from './agentCommandNames.js';

interface FilterArgs {
  readonly nodeId?: string | null;
  readonly status?: AgentCommandStatus | null;
}

function readFilter(args: FilterArgs): AgentCommandFilter {
  return { nodeId: args.nodeId == null ? null : nodePath(args.nodeId, 'nodeId', new Warnings()), status: args.status ?? null };
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export const agentCommandSchema: SchemaModule<AgentCommandsContext> = {
  typeDefs: /* GraphQL */ `
    "What an agent can be asked to do."
    enum AgentCommandType {
      "Send a full status sync now instead of waiting for the next 30-second cycle."
      RESYNC
      "Restart one workload (a rolling restart); needs workload."
      RESTART_WORKLOAD
      "Reload the agent's own configuration (watched services, settings) now."
      REFRESH_CONFIG
    }

    "QUEUED -> DELIVERED (handed out in a heartbeat) -> SUCCEEDED | FAILED (the agent reported); open commands past their deadline are EXPIRED; a person may make them CANCELLED."
    enum AgentCommandStatus {
      QUEUED
      DELIVERED
      SUCCEEDED
      FAILED
      EXPIRED
      CANCELLED
    }

    enum WorkloadKind {
      DEPLOYMENT
      STATEFULSET
      DAEMONSET
    }

    type WorkloadRef {
      namespace: String!
      kind: WorkloadKind!
      name: String!
    }

    type AgentCommandResult {
      message: String
      "What the agent sent as output, as JSON text."
      output: String
    }

    type AgentCommand {
      id: ID!
      nodeId: String!
      "The agent the command is for."
      agent: Agent
      type: AgentCommandType!
      "RESTART_WORKLOAD: the workload to restart; null for other types."
      workload: WorkloadRef
      "The payload the agent receives, as JSON text."
      payload: String!
      status: AgentCommandStatus!
      "QUEUED or DELIVERED."
      open: Boolean!
      createdAt: DateTime!
      requestedBy: User
      "First handed out in a heartbeat answer."
      deliveredAt: DateTime
      "While open: QUEUED, it expires unless fetched before this; DELIVERED, unless reported before this. Null once closed."
      expiresAt: DateTime
      "When it reached its closed status (an expired command closes at its deadline)."
      completedAt: DateTime
      cancelledBy: User
      "What the agent reported; null until it reports."
      result: AgentCommandResult
    }

    input WorkloadRefInput {
      "A Kubernetes namespace name."
      namespace: String!
      kind: WorkloadKind!
      "A Kubernetes object name."
      name: String!
    }

    input QueueAgentCommandInput {
      "The agent's node (its nodeId), e.g. eu/prod/k8s-1."
      nodeId: String!
      type: AgentCommandType!
      "RESTART_WORKLOAD only."
      workload: WorkloadRefInput
      "Seconds the command waits to be fetched before it expires: 60 to 86400, default 900."
      ttlSeconds: Int
    }

    "A command was queued (agent:command_queued) or moved to another status (agent:command_updated)."
    type AgentCommandEvent {
      event: String!
      "The command after the change."
      command: AgentCommand!
      "Null for agent:command_queued."
      previousStatus: AgentCommandStatus
      at: DateTime!
    }

    extend type Query {
      "Commands newest first, of one node or of all, optionally in one status (as it stands now)."
      agentCommands(nodeId: String, status: AgentCommandStatus, ${pageArgs}): [AgentCommand!]!
      agentCommandCount(nodeId: String, status: AgentCommandStatus): Int!
      agentCommand(id: ID!): AgentCommand
    }

    extend type Mutation {
      "Operators and admins: queue a command for the agent of a node the server knows; at most 100 open commands per node (LIMIT_EXCEEDED)."
      queueAgentCommand(input: QueueAgentCommandInput!): AgentCommand!
      "Operators and admins: stop handing out a QUEUED or DELIVERED command (a delivered one may already be under way on the agent)."
      cancelAgentCommand(id: ID!): AgentCommand!
    }

    extend type Subscription {
      "Commands queued and moving, of every node or of one node."
      agentCommandUpdated(nodeId: String): AgentCommandEvent!
    }
  `,
  resolvers: {
    AgentCommandType: enumValues(AGENT_COMMAND_TYPE_NAMES),
    AgentCommandStatus: enumValues(AGENT_COMMAND_STATUS_NAMES),
    WorkloadKind: enumValues(WORKLOAD_KIND_NAMES),
    AgentCommand: {
      agent: (c: AgentCommand, _args: unknown, ctx: GraphQLContext<AgentCommandsContext>) => ctx.app.fleet.agents.get(c.nodeId) ?? null,
      workload: (c: AgentCommand) => (c.type === 'restart_workload' ? c.payload : null),
      payload: (c: AgentCommand) => JSON.stringify(c.payload),
      open: (c: AgentCommand) => isOpen(c.status),
      expiresAt: (c: AgentCommand) => openDeadline(c),
      requestedBy: (c: AgentCommand, _args: unknown, ctx: GraphQLContext<AgentCommandsContext>) =>
        c.requestedBy === null ? null : (ctx.app.users.get(c.requestedBy) ?? null),
      cancelledBy: (c: AgentCommand, _args: unknown, ctx: GraphQLContext<AgentCommandsContext>) =>
        c.cancelledBy === null ? null : (ctx.app.users.get(c.cancelledBy) ?? null),
      result: (c: AgentCommand) => (c.result === null ? null : { message: c.result.message, output: json(c.result.output) }),
    },
    Query: {
      agentCommands(_root, args: FilterArgs & { limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'agent:read');
        return ctx.app.agentCommands.list(readFilter(args), readPage(args));
      },
      agentCommandCount(_root, args: FilterArgs, ctx) {
        authorize(ctx.viewer, 'agent:read');
        return ctx.app.agentCommands.count(readFilter(args));
      },
      agentCommand(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'agent:read');
        return ctx.app.agentCommands.get(args.id);
      },
    },
    Mutation: {
      queueAgentCommand(_root, args: { input: QueueAgentCommandInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'agent:command');
        return ctx.app.agentCommands.queue(viewer, readQueueAgentCommandInput(args.input));
      },
      cancelAgentCommand(_root, args: { id: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'agent:command');
        return ctx.app.agentCommands.cancel(viewer, args.id);
      },
    },
    Subscription: {
      agentCommandUpdated: {
        subscribe(_root: unknown, args: { nodeId?: string | null }, ctx: GraphQLContext<AgentCommandsContext>) {
          const channel =
            args.nodeId == null ? agentCommandChannels.all : agentCommandChannels.node(nodePath(args.nodeId, 'nodeId', new Warnings()));
          return ctx.app.channels.channelStream(ctx, channel, 'agent:read');
        },
      },
    },
  },
};
