/**
 * A ticket as its actor holds it: the context of its machine (the workflow state is the machine's
 * state value, so it is not repeated here). Flat and small, because 100,000 open tickets live in
 * memory at once (bench/README.md, tickets-memory, has the target per ticket): plain strings,
 * numbers and two SLA clocks, no derived fields, no closures.
 */
import type { SlaClock } from '../clocks/slaClock.js';
import type { Impact, Priority, StatusCategory, TicketType, TicketView, Urgency } from '../ticketContract.js';

export interface TicketData {
  readonly id: string;
  readonly number: string;
  readonly title: string;
  readonly description: string | null;
  readonly type: TicketType;
  readonly workflowName: string;
  readonly impact: Impact;
  readonly urgency: Urgency;
  readonly priority: Priority;
  readonly serviceId: string | null;
  readonly catalogItemName: string | null;
  /** The calendar its clocks count in: the catalog item's, else the default calendar at creation (null: the default calendar). */
  readonly calendarName: string | null;
  readonly requesterId: string;
  readonly assigneeId: string | null;
  readonly groupId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt: number | null;
  /** Business minutes to the first response; stops at the first response (docs/adr/0040-ticket-core.md). */
  readonly response: SlaClock;
  /** Business minutes to resolution; stops at RESOLVED, runs again on reopen. */
  readonly resolution: SlaClock;
  /** Paused by pauseTicketSLA (a WAITING state pauses the clocks too, without this flag). */
  readonly slaPaused: boolean;
  /** Which clocks' breach was announced: bit 1 response, bit 2 resolution. */
  readonly breached: number;
  /** Due time of the armed breach timer (its send id is `breach@<due>`), or null. */
  readonly timerDue: number | null;
}

export const RESPONSE_BREACHED = 1;
export const RESOLUTION_BREACHED = 2;

export type ClockName = 'response' | 'resolution';

/** Requester of tickets the system raises without a person (an SLA breach): the nil UUID. */
export const SYSTEM_REQUESTER_ID = '00000000-0000-0000-0000-000000000000';

export const NUMBER_PREFIX: Readonly<Record<TicketType, string>> = {
  INCIDENT: 'INC',
  SERVICE_REQUEST: 'REQ',
  PROBLEM: 'PRB',
  CHANGE: 'CHG',
};

/** `INC-000042`: the prefix of the type and the sequence, six digits at least. */
export function formatNumber(type: TicketType, sequence: number): string {
  return `${NUMBER_PREFIX[type]}-${String(sequence).padStart(6, '0')}`;
}

/** SLA figures at a moment: due times (null while paused or stopped) and minutes left. */
export interface TicketSla {
  readonly responseDueAt: number | null;
  readonly resolutionDueAt: number | null;
  /** Business minutes until the nearer running due time (negative once past); null when no clock runs. */
  readonly minutesUntilDue: number | null;
  readonly slaPaused: boolean;
  readonly responseBreached: boolean;
  readonly resolutionBreached: boolean;
  readonly respondedAt: number | null;
  readonly resolvedAt: number | null;
}

/** The ticket as GraphQL and the plugin's other parts read it: the contract's view plus its SLA figures. */
export type TicketRecord = TicketView & TicketSla;

export function toView(data: TicketData, status: string, statusCategory: StatusCategory): TicketView {
  return {
    id: data.id,
    number: data.number,
    title: data.title,
    description: data.description,
    type: data.type,
    status,
    statusCategory,
    workflowName: data.workflowName,
    impact: data.impact,
    urgency: data.urgency,
    priority: data.priority,
    serviceId: data.serviceId,
    catalogItemName: data.catalogItemName,
    requesterId: data.requesterId,
    assigneeId: data.assigneeId,
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    deletedAt: data.deletedAt,
  };
}

/**
 * The view and its SLA figures in one object literal. Not `{ ...toView(), ...sla }`: a spread of 28
 * properties builds a dictionary-mode object, a large share of what a createTicket allocates
 * (bench/README.md, tickets).
 */
export function toRecord(data: TicketData, status: string, statusCategory: StatusCategory, sla: TicketSla): TicketRecord {
  return {
    id: data.id,
    number: data.number,
    title: data.title,
    description: data.description,
    type: data.type,
    status,
    statusCategory,
    workflowName: data.workflowName,
    impact: data.impact,
    urgency: data.urgency,
    priority: data.priority,
    serviceId: data.serviceId,
    catalogItemName: data.catalogItemName,
    requesterId: data.requesterId,
    assigneeId: data.assigneeId,
    groupId: data.groupId,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
    deletedAt: data.deletedAt,
    responseDueAt: sla.responseDueAt,
    resolutionDueAt: sla.resolutionDueAt,
    minutesUntilDue: sla.minutesUntilDue,
    slaPaused: sla.slaPaused,
    responseBreached: sla.responseBreached,
    resolutionBreached: sla.resolutionBreached,
    respondedAt: sla.respondedAt,
    resolvedAt: sla.resolvedAt,
  };
}
