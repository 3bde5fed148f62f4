/**
 * A ticket's own fields as GraphQL shows them (times as ISO text): the `data.ticket` of every
 * ticket webhook and realtime event, whichever part of the plugin emits it.
 */
import { isoTime } from '../../platform/scheduler/isoTime.js';
import type { TicketView } from './ticketContract.js';

const isoOf = (ms: number | null) => (ms === null ? null : isoTime(ms));

export function ticketJson(t: TicketView): Record<string, unknown> {
  return {
    id: t.id,
    number: t.number,
    title: t.title,
    description: t.description,
    type: t.type,
    status: t.status,
    statusCategory: t.statusCategory,
    workflowName: t.workflowName,
    impact: t.impact,
    urgency: t.urgency,
    priority: t.priority,
    serviceId: t.serviceId,
    catalogItemName: t.catalogItemName,
    requesterId: t.requesterId,
    assigneeId: t.assigneeId,
    groupId: t.groupId,
    createdAt: isoOf(t.createdAt),
    updatedAt: isoOf(t.updatedAt),
    deletedAt: isoOf(t.deletedAt),
  };
}
