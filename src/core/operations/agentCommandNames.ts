/**
 * The GraphQL names of the agent command values (enums are upper-case there), shared by the schema
 * and the webhook events so both show a command in the same shape.
 */
import { isOpen, type AgentCommand, type AgentCommandStatus, type AgentCommandType, type WorkloadKind } from '../domain/agentCommand.js';

export const AGENT_COMMAND_TYPE_NAMES = {
  resync: 'RESYNC',
  restart_workload: 'RESTART_WORKLOAD',
  refresh_config: 'REFRESH_CONFIG',
} as const satisfies Record<AgentCommandType, string>;

export const AGENT_COMMAND_STATUS_NAMES = {
  queued: 'QUEUED',
  delivered: 'DELIVERED',
  succeeded: 'SUCCEEDED',
  failed: 'FAILED',
  expired: 'EXPIRED',
  cancelled: 'CANCELLED',
} as const satisfies Record<AgentCommandStatus, string>;

export const WORKLOAD_KIND_NAMES = {
  Deployment: 'DEPLOYMENT',
  StatefulSet: 'STATEFULSET',
  DaemonSet: 'DAEMONSET',
} as const satisfies Record<WorkloadKind, string>;

/** `{GRAPHQL_NAME: productValue}`: the resolver map graphql-tools takes for an enum. */
export function enumValues<V extends string>(names: Readonly<Record<V, string>>): Record<string, V> {
  return Object.fromEntries(Object.entries(names).map(([value, name]) => [name, value])) as Record<string, V>;
}

/** The workload a RESTART_WORKLOAD names, with its kind as GraphQL spells it; null for other kinds. */
export function workloadView(command: AgentCommand): { namespace: string; kind: string; name: string } | null {
  if (command.type !== 'restart_workload') return null;
  const { namespace, kind, name } = command.payload;
  return { namespace, kind: WORKLOAD_KIND_NAMES[kind], name };
}

/** The deadline of an open command; null once it is closed. */
export function openDeadline(command: AgentCommand): number | null {
  return isOpen(command.status) ? command.expiresAt : null;
}
