import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transition } from 'xstate';
import { serviceMachine, snapshotFor } from '../../../../src/core/services/serviceMachine.js';
import type { ServiceEvent } from '../../../../src/core/services/serviceChanges.js';
import { newServiceRecord, SERVICE_STATUSES, type ServiceStatus } from '../../../../src/core/domain/service.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const record = (status: ServiceStatus) => newServiceRecord('svc-1', { nodePath: 'eu/prod/k8s/payments', name: 'api', status }, T0);
const report = (status: ServiceStatus, message: string | null = null, at = T0 + 60_000): ServiceEvent => ({
  type: 'STATUS_REPORTED',
  status,
  message,
  at,
  origin: 'agent',
});
const actionTypes = (actions: ReadonlyArray<{ type: string }>) => actions.map((a) => a.type);

describe('service machine', () => {
  for (const from of SERVICE_STATUSES) {
    for (const to of SERVICE_STATUSES) {
      if (from === to) continue;
      it(`moves from ${from} to ${to} on a report, persisting and announcing the change`, () => {
        const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, record(from)), report(to, 'why'));
        assert.equal(next.value, to);
        assert.equal(next.context.record.status, to);
        assert.equal(next.context.record.statusSince, T0 + 60_000);
        assert.equal(next.context.record.statusSeq, 2);
        assert.equal(next.context.previous.status, from);
        assert.deepEqual(actionTypes(actions), ['persist', 'statusChanged']);
      });
    }
  }

  it('a report of the same status updates the message without a status change', () => {
    const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, record('DEGRADED')), report('DEGRADED', 'slow disk'));
    assert.equal(next.value, 'DEGRADED');
    assert.equal(next.context.record.statusMessage, 'slow disk');
    assert.equal(next.context.record.statusSince, T0, 'the status did not begin again');
    assert.equal(next.context.record.statusSeq, 1);
    assert.deepEqual(actionTypes(actions), ['persist']);
  });

  it('an agent sync moves the status and takes the workload fields', () => {
    const event: ServiceEvent = {
      type: 'AGENT_SYNCED',
      status: 'DOWN',
      message: 'CrashLoopBackOff',
      at: T0 + 1,
      origin: 'agent',
      fields: {
        namespace: 'payments',
        workloadType: 'Deployment',
        workloadName: 'api',
        replicas: 3,
        readyReplicas: 0,
        availableReplicas: 0,
        images: ['api:1.2'],
        slaGroup: 'gold',
      },
    };
    const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, record('OPERATIONAL')), event);
    assert.equal(next.value, 'DOWN');
    assert.equal(next.context.record.readyReplicas, 0);
    assert.deepEqual(next.context.record.images, ['api:1.2']);
    assert.deepEqual(actionTypes(actions), ['persist', 'statusChanged']);
  });

  it('registration, storage and backup reports never move the status', () => {
    const start = snapshotFor(serviceMachine, record('OPERATIONAL'));
    const events: ServiceEvent[] = [
      { type: 'REGISTERED', changes: { criticality: 'critical', backupExpected: true }, at: T0 + 1, origin: 'agent' },
      {
        type: 'STORAGE_REPORTED',
        reading: {
          allocatedBytes: 10,
          usedBytes: 9,
          storageType: 'pvc',
          mountPath: '/data',
          freePercent: 10,
          status: 'warning',
          reportedAt: T0,
        },
        at: T0 + 1,
        origin: 'agent',
      },
      {
        type: 'BACKUP_REPORTED',
        report: { status: 'failed', sizeBytes: null, message: 'disk full', mode: 'service' },
        at: T0 + 1,
        origin: 'agent',
      },
    ];
    for (const event of events) {
      const [next] = transition(serviceMachine, start, event);
      assert.equal(next.value, 'OPERATIONAL', event.type);
    }
  });

  it('a backup report is persisted and recorded as a backup event', () => {
    const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, record('OPERATIONAL')), {
      type: 'BACKUP_REPORTED',
      report: { status: 'success', sizeBytes: 42, message: null, mode: 'namespace' },
      at: T0 + 5,
      origin: 'agent',
    });
    assert.equal(next.context.record.backup.lastStatus, 'success');
    assert.equal(next.context.record.backup.lastTakenAt, T0 + 5);
    assert.deepEqual(actionTypes(actions), ['persist', 'backupRecorded']);
  });

  it('a failed backup does not count as a backup taken', () => {
    const [next] = transition(serviceMachine, snapshotFor(serviceMachine, record('OPERATIONAL')), {
      type: 'BACKUP_REPORTED',
      report: { status: 'failed', sizeBytes: null, message: null, mode: 'service' },
      at: T0 + 5,
      origin: 'agent',
    });
    assert.equal(next.context.record.backup.lastAt, T0 + 5);
    assert.equal(next.context.record.backup.lastTakenAt, null);
  });

  it('a hydrated actor starts in the status it was stored with', () => {
    for (const status of SERVICE_STATUSES) assert.equal(snapshotFor(serviceMachine, record(status)).value, status);
  });

  it("a person's update with a status moves the machine and announces the change", () => {
    const event: ServiceEvent = {
      type: 'UPDATED',
      changes: { status: 'MAINTENANCE', statusMessage: 'patching' },
      at: T0 + 5,
      origin: 'api',
    };
    const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, record('OPERATIONAL')), event);
    assert.equal(next.value, 'MAINTENANCE');
    assert.equal(next.context.record.statusMessage, 'patching');
    assert.equal(next.context.record.statusSeq, 2);
    assert.deepEqual(actionTypes(actions), ['persist', 'statusChanged']);
  });

  it("a person's update without a status changes fields only, leaving absent ones as they are", () => {
    const start = { ...record('DOWN'), criticality: 'critical', tags: ['a'] };
    const event: ServiceEvent = {
      type: 'UPDATED',
      changes: { displayName: 'Payments API', ownerId: 'user-1', dependencies: [{ targetId: 'svc-2', type: 'data' }] },
      at: T0 + 5,
      origin: 'api',
    };
    const [next, actions] = transition(serviceMachine, snapshotFor(serviceMachine, start), event);
    assert.equal(next.value, 'DOWN');
    assert.equal(next.context.record.displayName, 'Payments API');
    assert.equal(next.context.record.ownerId, 'user-1');
    assert.deepEqual(next.context.record.dependencies, [{ targetId: 'svc-2', type: 'data' }]);
    assert.equal(next.context.record.criticality, 'critical');
    assert.deepEqual(next.context.record.tags, ['a']);
    assert.deepEqual(actionTypes(actions), ['persist']);
  });

  it('a removed reference clears the owner, team or dependency that pointed at it, and nothing else', () => {
    const start = {
      ...record('OPERATIONAL'),
      ownerId: 'u1',
      teamId: 'g1',
      dependencies: [
        { targetId: 's2', type: 'runtime' },
        { targetId: 's3', type: 'data' },
      ],
    };
    const removed = (r: { userId?: string; groupId?: string; serviceId?: string }): ServiceEvent => ({
      type: 'REFERENCE_REMOVED',
      removed: r,
      at: T0 + 9,
      origin: 'api',
    });
    const applied = (event: ServiceEvent) => transition(serviceMachine, snapshotFor(serviceMachine, start), event)[0].context.record;
    assert.equal(applied(removed({ userId: 'u1' })).ownerId, null);
    assert.equal(applied(removed({ userId: 'other' })).ownerId, 'u1');
    assert.equal(applied(removed({ groupId: 'g1' })).teamId, null);
    assert.deepEqual(applied(removed({ serviceId: 's2' })).dependencies, [{ targetId: 's3', type: 'data' }]);
  });
});
