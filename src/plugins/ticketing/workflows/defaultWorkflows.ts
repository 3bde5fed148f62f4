/**
 * The built-in workflows, as data: what a product without any imported template offers, and what
 * a ticket type falls back to when no configured workflow serves it. Every ticket type is served
 * by exactly one of them (`builtInWorkflowFor`), so `workflowFor` always has an answer.
 *
 * The transition names are shared by all three (`start`, `wait`, `resume`, `resolve`, `close`,
 * `reopen`) so the ticket core's `resolveTicket` / `closeTicket` / `reopenTicket` find the same
 * names whatever the type; workflow validation only requires the categories, so an imported
 * workflow may name them as it likes.
 */
import type { TicketType, WorkflowDefinition, WorkflowState, WorkflowTransition } from '../ticketContract.js';

const STATES: readonly WorkflowState[] = [
  { name: 'NEW', category: 'NEW' },
  { name: 'IN_PROGRESS', category: 'IN_PROGRESS' },
  { name: 'WAITING', category: 'WAITING' },
  { name: 'RESOLVED', category: 'RESOLVED' },
  { name: 'CLOSED', category: 'CLOSED' },
];

const TRANSITIONS: readonly WorkflowTransition[] = [
  { name: 'start', from: ['NEW'], to: 'IN_PROGRESS', steps: [] },
  { name: 'wait', from: ['NEW', 'IN_PROGRESS'], to: 'WAITING', steps: [] },
  { name: 'resume', from: ['WAITING'], to: 'IN_PROGRESS', steps: [] },
  { name: 'resolve', from: ['NEW', 'IN_PROGRESS', 'WAITING'], to: 'RESOLVED', steps: [] },
  { name: 'close', from: ['RESOLVED'], to: 'CLOSED', steps: [] },
  { name: 'reopen', from: ['RESOLVED'], to: 'IN_PROGRESS', steps: [] },
];

export const INCIDENT_WORKFLOW: WorkflowDefinition = {
  name: 'Incident',
  description:
    'Restore the service: new, in progress, waiting (on the requester or a third party), resolved, closed; reopened from resolved.',
  ticketTypes: ['INCIDENT', 'PROBLEM'],
  initialState: 'NEW',
  states: STATES,
  transitions: TRANSITIONS,
};

export const SERVICE_REQUEST_WORKFLOW: WorkflowDefinition = {
  name: 'Service request',
  description: 'Fulfil a request from the catalog: new, in progress, waiting, fulfilled (resolved), closed; reopened from fulfilled.',
  ticketTypes: ['SERVICE_REQUEST'],
  initialState: 'NEW',
  states: [
    { name: 'NEW', category: 'NEW' },
    { name: 'IN_PROGRESS', category: 'IN_PROGRESS' },
    { name: 'WAITING', category: 'WAITING' },
    { name: 'FULFILLED', category: 'RESOLVED' },
    { name: 'CLOSED', category: 'CLOSED' },
  ],
  transitions: TRANSITIONS.map((t) => ({
    ...t,
    from: t.from.map((s) => (s === 'RESOLVED' ? 'FULFILLED' : s)),
    to: t.to === 'RESOLVED' ? 'FULFILLED' : t.to,
  })),
};

export const CHANGE_WORKFLOW: WorkflowDefinition = {
  name: 'Change',
  description:
    'Plan and carry out a change: new, in progress (planned, approved, implemented), waiting (on approval), resolved (implemented), closed; reopened from resolved.',
  ticketTypes: ['CHANGE'],
  initialState: 'NEW',
  states: STATES,
  transitions: TRANSITIONS,
};

export const DEFAULT_WORKFLOWS: readonly WorkflowDefinition[] = [INCIDENT_WORKFLOW, SERVICE_REQUEST_WORKFLOW, CHANGE_WORKFLOW];

/** The built-in workflow serving `type` (every type has one). */
export function builtInWorkflowFor(type: TicketType): WorkflowDefinition {
  return DEFAULT_WORKFLOWS.find((w) => w.ticketTypes.includes(type)) ?? INCIDENT_WORKFLOW;
}
