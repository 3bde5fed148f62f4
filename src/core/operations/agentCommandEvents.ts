/**
 * Where agent command events go besides the bus: the `agentCommandUpdated` subscription (for
 * everyone, or for one node) and outgoing webhooks (one event name per status reached, so a
 * receiver can take only failures and expiries).
 */
import type { AgentCommandQueuedEvent, AgentCommandUpdatedEvent } from '../coreEvents.js';
import type { AgentCommand } from '../domain/agentCommand.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { SharedChannels } from '../../platform/graphql/sharedChannels.js';
import type { CatalogLookups, WebhookEventSource } from '../../platform/events/webhookEventCatalog.js';
import { AGENT_COMMAND_STATUS_NAMES, AGENT_COMMAND_TYPE_NAMES, openDeadline, workloadView } from './agentCommandNames.js';

export const agentCommandChannels = {
  all: 'agent-commands:*',
  node: (nodeId: string) => `agent-commands:node:${nodeId}`,
} as const;

/** The subscription's event: the command after the change (GraphQL resolves its fields). */
export interface AgentCommandChange {
  /** `agent:command_queued` or `agent:command_updated`. */
  readonly event: string;
  readonly command: AgentCommand;
  readonly previousStatus: AgentCommand['status'] | null;
  readonly at: number;
}

/** The committed-event handler that publishes every command event to its subscribers. */
export function agentCommandPublisher(realtime: Pick<SharedChannels, 'publishShared'>): (event: DomainEvent) => void {
  return (event) => {
    if (event.type !== 'agent.command_queued' && event.type !== 'agent.command_updated') return;
    const change: AgentCommandChange = {
      event: event.type === 'agent.command_queued' ? 'agent:command_queued' : 'agent:command_updated',
      command: event.command,
      previousStatus: event.type === 'agent.command_updated' ? event.previousStatus : null,
      at: event.at,
    };
    const root = { agentCommandUpdated: change };
    realtime.publishShared(agentCommandChannels.all, root);
    realtime.publishShared(agentCommandChannels.node(event.command.nodeId), root);
  };
}

export const AGENT_COMMAND_WEBHOOK_EVENTS = [
  'agent.command_queued',
  'agent.command_delivered',
  'agent.command_succeeded',
  'agent.command_failed',
  'agent.command_expired',
  'agent.command_cancelled',
] as const;

/**
 * Webhook family `agent`: `agent.command_<status>` for the status the command reached. `data`:
 * `{command{id, nodeId, type, status, workload, payload, createdAt, deliveredAt, expiresAt,
 * completedAt, requestedBy{id,username}, cancelledBy{id,username}, result{message, output}},
 * previousStatus}`, with GraphQL's enum names; `payload` and `result.output` are JSON objects here.
 */
export const agentCommandWebhookSource: WebhookEventSource<AgentCommandQueuedEvent | AgentCommandUpdatedEvent> = {
  family: 'agent',
  domainTypes: ['agent.command_queued', 'agent.command_updated'],
  names: AGENT_COMMAND_WEBHOOK_EVENTS,
  translate(event, lookups) {
    const { command } = event;
    return {
      name: `agent.command_${command.status}`,
      at: event.at,
      data: {
        command: commandData(command, lookups),
        previousStatus: event.type === 'agent.command_updated' ? AGENT_COMMAND_STATUS_NAMES[event.previousStatus] : null,
      },
    };
  },
};

function commandData(command: AgentCommand, lookups: CatalogLookups): Record<string, unknown> {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const person = (id: string | null) => (id === null ? null : { id, username: lookups.user(id)?.username ?? null });
  return {
    id: command.id,
    nodeId: command.nodeId,
    type: AGENT_COMMAND_TYPE_NAMES[command.type],
    status: AGENT_COMMAND_STATUS_NAMES[command.status],
    workload: workloadView(command),
    payload: command.payload,
    createdAt: iso(command.createdAt),
    deliveredAt: iso(command.deliveredAt),
    expiresAt: iso(openDeadline(command)),
    completedAt: iso(command.completedAt),
    requestedBy: person(command.requestedBy),
    cancelledBy: person(command.cancelledBy),
    result: command.result,
  };
}
