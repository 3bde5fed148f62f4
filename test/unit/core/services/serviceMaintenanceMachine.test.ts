/**
 * Maintenance windows as state of the service machine (src/core/services/serviceMaintenance.ts), stepped
 * with XState's pure `transition()`: opening shows MAINTENANCE, reports during the window are held
 * (no status change, so no service.down), and the end moves the service to the held status.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transition } from 'xstate';
import type { ServiceEvent } from '../../../../src/core/services/serviceChanges.js';
import { serviceMachine, snapshotFor, type ServiceSnapshot } from '../../../../src/core/services/serviceMachine.js';
import { newServiceRecord, SERVICE_STATUSES, type ServiceStatus } from '../../../../src/core/domain/service.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const MINUTE = 60_000;
const record = (status: ServiceStatus, message: string | null = null) =>
  newServiceRecord('svc-1', { nodePath: 'eu/prod/k8s/payments', name: 'api', status, statusMessage: message }, T0);
const actionTypes = (actions: ReadonlyArray<{ type: string }>) => actions.map((a) => a.type);
const start = (windowId = 'w-1', reason: string | null = 'kernel upgrade', at = T0 + MINUTE): ServiceEvent => ({
  type: 'MAINTENANCE_STARTED',
  windowId,
  reason,
  at,
  origin: 'api',
});
const end = (windowId = 'w-1', at = T0 + 10 * MINUTE): ServiceEvent => ({ type: 'MAINTENANCE_ENDED', windowId, at, origin: 'timer' });
const report = (status: ServiceStatus, message: string | null = null, at = T0 + 5 * MINUTE): ServiceEvent => ({
  type: 'STATUS_REPORTED',
  status,
  message,
  at,
  origin: 'agent',
});

function step(snapshot: ServiceSnapshot, event: ServiceEvent) {
  const [next, actions] = transition(serviceMachine, snapshot, event);
  return { next, actions: actionTypes(actions) };
}

function inWindow(status: ServiceStatus, message: string | null = null): ServiceSnapshot {
  return step(snapshotFor(serviceMachine, record(status, message)), start()).next;
}

describe('service machine with maintenance windows', () => {
  for (const from of SERVICE_STATUSES.filter((s) => s !== 'MAINTENANCE')) {
    it(`a window opened on a ${from} service moves it to MAINTENANCE with the reason, and holds ${from}`, () => {
      const { next, actions } = step(snapshotFor(serviceMachine, record(from, 'was fine')), start());
      assert.equal(next.value, 'MAINTENANCE');
      assert.equal(next.context.record.status, 'MAINTENANCE');
      assert.equal(next.context.record.statusMessage, 'kernel upgrade');
      assert.equal(next.context.record.statusSince, T0 + MINUTE);
      assert.equal(next.context.record.statusSeq, 2);
      assert.equal(next.context.previous.status, from);
      assert.deepEqual(next.context.maintenance, { windowId: 'w-1', held: { status: from, message: 'was fine' } });
      assert.deepEqual(actions, ['persist', 'statusChanged']);
    });
  }

  it('a window opened on a service already in MAINTENANCE starts no new status period', () => {
    const { next, actions } = step(snapshotFor(serviceMachine, record('MAINTENANCE', 'patching')), start());
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.record.statusSeq, 1);
    assert.equal(next.context.record.statusSince, T0);
    assert.deepEqual(next.context.maintenance?.held, { status: 'MAINTENANCE', message: 'patching' });
    assert.deepEqual(actions, ['persist']);
  });

  it('a second MAINTENANCE_STARTED while a window is open changes nothing', () => {
    const open = inWindow('OPERATIONAL');
    const { next, actions } = step(open, start('w-2', 'other'));
    assert.equal(next.context.maintenance?.windowId, 'w-1');
    assert.equal(next.context.record.statusMessage, 'kernel upgrade');
    assert.deepEqual(actions, []);
  });

  it('a DOWN report during the window is held: the service still shows MAINTENANCE and announces no change', () => {
    const { next, actions } = step(inWindow('OPERATIONAL'), report('DOWN', 'connection refused'));
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.record.status, 'MAINTENANCE');
    assert.equal(next.context.record.statusMessage, 'kernel upgrade');
    assert.equal(next.context.record.statusSeq, 2);
    assert.equal(next.context.record.updatedAt, T0 + 5 * MINUTE);
    assert.deepEqual(next.context.maintenance, { windowId: 'w-1', held: { status: 'DOWN', message: 'connection refused' } });
    assert.deepEqual(actions, ['persist', 'reportHeld']);
  });

  it('an agent sync during the window applies its workload fields and holds its status', () => {
    const event: ServiceEvent = {
      type: 'AGENT_SYNCED',
      status: 'DEGRADED',
      message: '1 of 3 ready',
      at: T0 + 2 * MINUTE,
      origin: 'agent',
      fields: {
        namespace: 'payments',
        workloadType: 'Deployment',
        workloadName: 'api',
        replicas: 3,
        readyReplicas: 1,
        availableReplicas: 1,
        images: [],
        slaGroup: null,
      },
    };
    const { next, actions } = step(inWindow('OPERATIONAL'), event);
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.record.readyReplicas, 1);
    assert.deepEqual(next.context.maintenance?.held, { status: 'DEGRADED', message: '1 of 3 ready' });
    assert.deepEqual(actions, ['persist', 'reportHeld']);
  });

  it("a person's update without a status during the window changes fields and holds nothing new", () => {
    const { next, actions } = step(inWindow('DOWN', 'broken'), {
      type: 'UPDATED',
      changes: { displayName: 'Payments' },
      at: T0 + 3 * MINUTE,
      origin: 'api',
    });
    assert.equal(next.context.record.displayName, 'Payments');
    assert.deepEqual(next.context.maintenance?.held, { status: 'DOWN', message: 'broken' });
    assert.deepEqual(actions, ['persist']);
  });

  it("a person's status message alone during the window replaces the held message and keeps the held status", () => {
    const { next, actions } = step(inWindow('DOWN', 'broken'), {
      type: 'UPDATED',
      changes: { statusMessage: 'vendor ticket 42' },
      at: T0 + 3 * MINUTE,
      origin: 'api',
    });
    assert.equal(next.context.record.statusMessage, 'kernel upgrade', 'the window still shows its reason');
    assert.deepEqual(next.context.maintenance?.held, { status: 'DOWN', message: 'vendor ticket 42' });
    assert.deepEqual(actions, ['persist', 'reportHeld']);
  });

  it("a person's status alone during the window replaces the held status and keeps the held message", () => {
    const { next } = step(inWindow('DOWN', 'broken'), {
      type: 'UPDATED',
      changes: { status: 'OPERATIONAL' },
      at: T0 + 3 * MINUTE,
      origin: 'api',
    });
    assert.equal(next.value, 'MAINTENANCE');
    assert.deepEqual(next.context.maintenance?.held, { status: 'OPERATIONAL', message: 'broken' });
  });

  for (const held of SERVICE_STATUSES.filter((s) => s !== 'MAINTENANCE')) {
    it(`the end of the window moves the service to the held ${held}, as a status change from MAINTENANCE`, () => {
      const during = step(inWindow('OPERATIONAL'), report(held, `now ${held}`)).next;
      const { next, actions } = step(during, end());
      assert.equal(next.value, held);
      assert.equal(next.context.record.status, held);
      assert.equal(next.context.record.statusMessage, `now ${held}`);
      assert.equal(next.context.record.statusSince, T0 + 10 * MINUTE);
      assert.equal(next.context.record.statusSeq, 3);
      assert.equal(next.context.previous.status, 'MAINTENANCE');
      assert.equal(next.context.previous.statusSince, T0 + MINUTE);
      assert.equal(next.context.maintenance, undefined);
      assert.deepEqual(actions, ['persist', 'statusChanged']);
    });
  }

  it('the end of a window on a service that reported MAINTENANCE itself keeps it there without a status change', () => {
    const during = step(inWindow('OPERATIONAL'), report('MAINTENANCE', 'still patching')).next;
    const { next, actions } = step(during, end());
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.record.statusMessage, 'still patching');
    assert.equal(next.context.record.statusSeq, 2);
    assert.equal(next.context.maintenance, undefined);
    assert.deepEqual(actions, ['persist']);
  });

  it('the end of another window (not the open one) changes nothing', () => {
    const { next, actions } = step(inWindow('DOWN'), end('w-other'));
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.maintenance?.windowId, 'w-1');
    assert.deepEqual(actions, []);
  });

  it('after the window, reports move the status again', () => {
    const after = step(inWindow('OPERATIONAL'), end()).next;
    assert.equal(after.value, 'OPERATIONAL');
    const { next, actions } = step(after, report('DOWN', 'gone', T0 + 20 * MINUTE));
    assert.equal(next.value, 'DOWN');
    assert.deepEqual(actions, ['persist', 'statusChanged']);
  });

  it('a service loaded with its open window (restart) holds reports as before', () => {
    const loaded = snapshotFor(
      serviceMachine,
      { ...record('MAINTENANCE', 'kernel upgrade') },
      { windowId: 'w-1', held: { status: 'DEGRADED', message: 'slow' } },
    );
    const { next } = step(loaded, report('DOWN', 'gone'));
    assert.equal(next.value, 'MAINTENANCE');
    assert.deepEqual(next.context.maintenance?.held, { status: 'DOWN', message: 'gone' });
    assert.equal(step(next, end()).next.value, 'DOWN');
  });
});
