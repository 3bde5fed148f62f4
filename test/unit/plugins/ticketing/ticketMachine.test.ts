/**
 * The ticket machine compiled from a workflow (src/plugins/ticketing/core/workflowMachine.ts), stepped as
 * the actor host steps it: workflow transitions, the response and resolution clocks (stop at the
 * first response, stop at RESOLVED, run again on reopen), pause by call and by a WAITING state with
 * paused minutes not counted, retarget keeping paused minutes out, and the one breach timer it asks
 * the host to keep (cancel + delayed raise, named by its due time).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachineStepper, type StepAction } from '../../../../src/platform/actorHost/machineStep.js';
import { ALWAYS_OPEN } from '../../../../src/plugins/ticketing/calendar/businessCalendar.js';
import { startClocks, slaOf } from '../../../../src/plugins/ticketing/core/ticketClocks.js';
import type { TicketData } from '../../../../src/plugins/ticketing/core/ticketData.js';
import {
  compileWorkflow,
  workflowKey,
  type TicketEvent,
  type TicketSnapshot,
} from '../../../../src/plugins/ticketing/core/workflowMachine.js';
import type { BusinessCalendar, WorkflowDefinition } from '../../../../src/plugins/ticketing/ticketContract.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-05-04T08:00:00.000Z'); // a Monday

const WORKFLOW: WorkflowDefinition = {
  name: 'Incident',
  description: null,
  ticketTypes: ['INCIDENT'],
  initialState: 'New',
  states: [
    { name: 'New', category: 'NEW' },
    { name: 'Working', category: 'IN_PROGRESS' },
    { name: 'On hold', category: 'WAITING' },
    { name: 'Done', category: 'RESOLVED' },
    { name: 'Archived', category: 'CLOSED' },
  ],
  transitions: [
    { name: 'start', from: ['New'], to: 'Working', steps: [] },
    { name: 'hold', from: ['New', 'Working'], to: 'On hold', steps: [] },
    { name: 'continue', from: ['On hold'], to: 'Working', steps: [] },
    { name: 'resolve', from: ['*'], to: 'Done', steps: [] },
    { name: 'archive', from: ['Done'], to: 'Archived', steps: [] },
    { name: 'reopen', from: ['Done', 'Archived'], to: 'Working', steps: [] },
  ],
};

const calendars = { calendar: (_name: string | null): BusinessCalendar => ALWAYS_OPEN };

function newTicket(at = T0): TicketData {
  return {
    id: 't1',
    number: 'INC-000001',
    title: 'x',
    description: null,
    type: 'INCIDENT',
    workflowName: 'Incident',
    impact: 'HIGH',
    urgency: 'HIGH',
    priority: 'P1',
    serviceId: null,
    catalogItemName: null,
    calendarName: null,
    requesterId: 'r',
    assigneeId: null,
    groupId: null,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
    ...startClocks({ responseMinutes: 30, resolutionMinutes: 240 }, at),
    slaPaused: false,
    breached: 0,
    timerDue: null,
  };
}

function setup() {
  const compiled = compileWorkflow(WORKFLOW, calendars);
  const stepper = createMachineStepper(compiled.machine);
  let snapshot: TicketSnapshot = compiled.snapshot('New', newTicket());
  let last: readonly StepAction[] = [];
  const send = (event: Omit<TicketEvent, 'actorId' | 'origin'> & Record<string, unknown>) => {
    const { next, actions } = stepper.step(snapshot, { actorId: null, origin: 'api', ...event } as TicketEvent);
    snapshot = next as TicketSnapshot;
    last = actions;
    return snapshot;
  };
  return {
    compiled,
    send,
    get snapshot() {
      return snapshot;
    },
    get actions() {
      return last;
    },
  };
}

const timerActions = (actions: readonly StepAction[]) =>
  actions
    .filter((a) => a.type.startsWith('xstate.'))
    .map((a) => [a.type, (a.params as any).sendId ?? (a.params as any).id, (a.params as any).delay]);

describe('ticket machine', () => {
  it('compiles one state per workflow state and `*` leaves every state but the CLOSED one', () => {
    const { compiled } = setup();
    assert.deepEqual(
      compiled.transitionsFrom('New').map((t) => t.name),
      ['start', 'hold', 'resolve'],
    );
    assert.deepEqual(
      compiled.transitionsFrom('Archived').map((t) => t.name),
      ['reopen'],
    );
    assert.equal(compiled.categoryOf('On hold'), 'WAITING');
    assert.equal(compiled.key, workflowKey(WORKFLOW));
    assert.notEqual(
      workflowKey({ ...WORKFLOW, initialState: 'Working' }),
      compiled.key,
      'another version of the same workflow compiles apart',
    );
  });

  it('ARM arms the breach timer at the response due time', () => {
    const s = setup();
    s.send({ type: 'ARM', at: T0 });
    assert.deepEqual(timerActions(s.actions), [['xstate.raise', `breach@${T0 + 30 * MINUTE + 1}`, 30 * MINUTE + 1]]);
    assert.equal(s.snapshot.context.timerDue, T0 + 30 * MINUTE + 1);
    assert.deepEqual(s.actions.map((a) => a.type).at(-1), 'changed');
  });

  it('a transition the state does not allow changes nothing', () => {
    const s = setup();
    const before = s.snapshot;
    assert.equal(s.send({ type: 'TRANSITION', name: 'archive', at: T0 }), before);
  });

  it('the first transition out of NEW stops the response clock and moves the timer to resolution', () => {
    const s = setup();
    s.send({ type: 'ARM', at: T0 });
    s.send({ type: 'TRANSITION', name: 'start', at: T0 + 10 * MINUTE });
    assert.equal(s.snapshot.value, 'Working');
    assert.equal(s.snapshot.context.response.stoppedAt, T0 + 10 * MINUTE);
    assert.equal(s.snapshot.context.resolution.stoppedAt, null);
    assert.deepEqual(timerActions(s.actions), [
      ['xstate.cancel', `breach@${T0 + 30 * MINUTE + 1}`, undefined],
      ['xstate.raise', `breach@${T0 + 240 * MINUTE + 1}`, 230 * MINUTE + 1],
    ]);
  });

  it('a first assignee is the first response', () => {
    const s = setup();
    s.send({ type: 'ASSIGN', assigneeId: 'a', groupId: null, at: T0 + 5 * MINUTE });
    assert.equal(s.snapshot.value, 'New');
    assert.equal(s.snapshot.context.response.stoppedAt, T0 + 5 * MINUTE);
  });

  it('paused minutes (by call, then by a WAITING state) do not count', () => {
    const s = setup();
    s.send({ type: 'ARM', at: T0 });
    s.send({ type: 'PAUSE_SLA', at: T0 + 10 * MINUTE });
    assert.equal(s.snapshot.context.timerDue, null, 'no timer while every clock is paused');
    assert.equal(slaOf(s.snapshot.context, ALWAYS_OPEN, T0 + 60 * MINUTE).responseDueAt, null);
    s.send({ type: 'RESUME_SLA', at: T0 + 70 * MINUTE });
    assert.equal(
      slaOf(s.snapshot.context, ALWAYS_OPEN, T0 + 70 * MINUTE).responseDueAt,
      T0 + 90 * MINUTE,
      '60 paused minutes push the due time by 60',
    );
    s.send({ type: 'TRANSITION', name: 'hold', at: T0 + 80 * MINUTE });
    assert.equal(s.snapshot.context.resolution.pausedAt, T0 + 80 * MINUTE, 'WAITING pauses the resolution clock');
    s.send({ type: 'TRANSITION', name: 'continue', at: T0 + 100 * MINUTE });
    const sla = slaOf(s.snapshot.context, ALWAYS_OPEN, T0 + 100 * MINUTE);
    // 240 target, counted: 10 + 10 (before hold) = 20 minutes of 100 elapsed
    assert.equal(sla.resolutionDueAt, T0 + 100 * MINUTE + 220 * MINUTE);
    assert.equal(sla.minutesUntilDue, 220);
  });

  it('resuming a manual pause while WAITING keeps the clocks paused', () => {
    const s = setup();
    s.send({ type: 'TRANSITION', name: 'hold', at: T0 });
    s.send({ type: 'PAUSE_SLA', at: T0 + MINUTE });
    s.send({ type: 'RESUME_SLA', at: T0 + 2 * MINUTE });
    assert.notEqual(s.snapshot.context.resolution.pausedAt, null);
  });

  it('a new target keeps paused minutes out and clears a breach whose due time moved ahead', () => {
    const s = setup();
    s.send({ type: 'TRANSITION', name: 'start', at: T0 });
    s.send({ type: 'PAUSE_SLA', at: T0 + 100 * MINUTE });
    s.send({ type: 'RESUME_SLA', at: T0 + 200 * MINUTE });
    s.send({
      type: 'UPDATE',
      changes: { impact: 'LOW', priority: 'P4' },
      targets: { responseMinutes: 60, resolutionMinutes: 480 },
      at: T0 + 210 * MINUTE,
    });
    const sla = slaOf(s.snapshot.context, ALWAYS_OPEN, T0 + 210 * MINUTE);
    assert.equal(sla.minutesUntilDue, 480 - 110, '100 minutes before the pause and 10 after count; the 100 paused do not');
    assert.equal(s.snapshot.context.priority, 'P4');
  });

  it('BREACH marks the clocks whose target is exceeded, once, and arms the next', () => {
    const s = setup();
    s.send({ type: 'ARM', at: T0 });
    s.send({ type: 'BREACH', at: T0 + 30 * MINUTE + 1 });
    assert.equal(s.snapshot.context.breached, 1);
    assert.deepEqual(timerActions(s.actions), [
      ['xstate.cancel', `breach@${T0 + 30 * MINUTE + 1}`, undefined],
      ['xstate.raise', `breach@${T0 + 240 * MINUTE + 1}`, 210 * MINUTE],
    ]);
    s.send({ type: 'BREACH', at: T0 + 240 * MINUTE + 1 });
    assert.equal(s.snapshot.context.breached, 3);
    assert.equal(s.snapshot.context.timerDue, null);
  });

  it('resolve stops the resolution clock; reopen runs it again with the minutes counted before', () => {
    const s = setup();
    s.send({ type: 'TRANSITION', name: 'resolve', at: T0 + 50 * MINUTE });
    assert.equal(s.snapshot.context.resolution.stoppedAt, T0 + 50 * MINUTE);
    assert.equal(s.snapshot.context.response.stoppedAt, T0 + 50 * MINUTE);
    s.send({ type: 'TRANSITION', name: 'reopen', at: T0 + 100 * MINUTE });
    assert.equal(s.snapshot.value, 'Working');
    const sla = slaOf(s.snapshot.context, ALWAYS_OPEN, T0 + 100 * MINUTE);
    assert.equal(sla.minutesUntilDue, 190);
    assert.equal(sla.resolvedAt, null);
  });

  it('a deleted ticket keeps no breach timer; restoring arms it again', () => {
    const s = setup();
    s.send({ type: 'ARM', at: T0 });
    s.send({ type: 'DELETE', at: T0 + MINUTE });
    assert.equal(s.snapshot.context.timerDue, null);
    assert.equal(s.snapshot.context.deletedAt, T0 + MINUTE);
    s.send({ type: 'RESTORE', at: T0 + 2 * MINUTE });
    assert.equal(s.snapshot.context.timerDue, T0 + 30 * MINUTE + 1);
  });
});
