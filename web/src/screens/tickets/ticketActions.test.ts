import { describe, expect, it } from 'vitest';
import { otherActions, stateActions, type ActionTicket, type WorkflowShape } from './ticketActions';

const workflow: WorkflowShape = {
  name: 'Incident',
  states: [
    { name: 'New', category: 'NEW' },
    { name: 'Working', category: 'IN_PROGRESS' },
    { name: 'On hold', category: 'WAITING' },
    { name: 'Fixed', category: 'RESOLVED' },
    { name: 'Closed', category: 'CLOSED' },
  ],
  transitions: [
    { name: 'start', to: 'Working' },
    { name: 'hold', to: 'On hold' },
    { name: 'fix', to: 'Fixed' },
    { name: 'close', to: 'Closed' },
    { name: 'reopen', to: 'Working' },
  ],
};

const ticket = (over: Partial<ActionTicket>): ActionTicket => ({
  statusCategory: 'NEW',
  availableTransitions: [],
  slaPaused: false,
  deletedAt: null,
  ...over,
});

describe('state changes offered on the ticket page', () => {
  it('offers the transition into a resolved state as Resolve and the others by name with their target', () => {
    const actions = stateActions(ticket({ availableTransitions: ['start', 'hold', 'fix'] }), workflow);
    expect(actions).toEqual([
      { kind: 'resolve', label: 'Resolve' },
      { kind: 'transition', label: 'start', transition: 'start', to: 'Working' },
      { kind: 'transition', label: 'hold', transition: 'hold', to: 'On hold' },
    ]);
  });

  it('offers Close and Reopen on a resolved ticket', () => {
    const actions = stateActions(ticket({ statusCategory: 'RESOLVED', availableTransitions: ['close', 'reopen'] }), workflow);
    expect(actions.map((a) => a.kind)).toEqual(['close', 'reopen']);
  });

  it('offers nothing the server did not name', () => {
    expect(stateActions(ticket({ statusCategory: 'CLOSED', availableTransitions: [] }), workflow)).toEqual([]);
  });

  it('falls back to the transition names and the lifecycle by category when the workflow is unknown', () => {
    const actions = stateActions(ticket({ statusCategory: 'IN_PROGRESS', availableTransitions: ['escalate'] }), null);
    expect(actions).toEqual([
      { kind: 'resolve', label: 'Resolve' },
      { kind: 'transition', label: 'escalate', transition: 'escalate', to: null },
    ]);
  });
});

describe('SLA and removal actions', () => {
  it('offers pausing a running clock and resuming a paused one', () => {
    expect(otherActions(ticket({ statusCategory: 'IN_PROGRESS' }), 'USER').map((a) => a.kind)).toEqual(['pause']);
    expect(otherActions(ticket({ slaPaused: true }), 'USER').map((a) => a.kind)).toEqual(['resume']);
  });

  it('offers delete to operators and admins only', () => {
    expect(otherActions(ticket({}), 'OPERATOR').map((a) => a.kind)).toContain('delete');
    expect(otherActions(ticket({}), 'USER').map((a) => a.kind)).not.toContain('delete');
  });

  it('offers only restore on a deleted ticket, and only to admins', () => {
    const deleted = ticket({ deletedAt: '2026-11-26T05:00:00Z' });
    expect(otherActions(deleted, 'ADMIN')).toEqual([{ kind: 'restore', label: 'Restore' }]);
    expect(otherActions(deleted, 'OPERATOR')).toEqual([]);
  });
});
