/**
 * What the entity host keeps of a service (src/core/services/servicePacking.ts, docs/adr/0082): the record alone at
 * rest, the whole snapshot while a maintenance window is open, and a rebuilt snapshot the machine behaves the same
 * from.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transition } from 'xstate';
import { newServiceRecord, SERVICE_STATUSES, type ServiceStatus } from '../../../../src/core/domain/service.js';
import type { ServiceEvent } from '../../../../src/core/services/serviceChanges.js';
import { serviceMachine, snapshotFor, type ServiceSnapshot } from '../../../../src/core/services/serviceMachine.js';
import { maintenanceOfKept, recordOfKept, servicePacking } from '../../../../src/core/services/servicePacking.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const packing = servicePacking(serviceMachine);
const record = (status: ServiceStatus) =>
  newServiceRecord('svc-1', { nodePath: 'eu/prod', name: 'api', status, statusMessage: 'as loaded' }, T0);
const report = (status: ServiceStatus, at: number): ServiceEvent => ({
  type: 'STATUS_REPORTED',
  status,
  message: null,
  at,
  origin: 'agent',
});
const step = (snapshot: ServiceSnapshot, event: ServiceEvent) => transition(serviceMachine, snapshot, event)[0];
const windowStart: ServiceEvent = { type: 'MAINTENANCE_STARTED', windowId: 'w-1', reason: 'upgrade', at: T0 + 1_000, origin: 'api' };

describe('service packing', () => {
  for (const status of SERVICE_STATUSES) {
    it(`keeps a ${status} service at rest as its record`, () => {
      const service = record(status);
      assert.equal(packing.pack(snapshotFor(serviceMachine, service)), service);
    });
  }

  it('keeps the whole snapshot while a maintenance window is open', () => {
    const open = step(snapshotFor(serviceMachine, record('OPERATIONAL')), windowStart);
    assert.equal(packing.pack(open), open);
    assert.deepEqual(maintenanceOfKept(open), { windowId: 'w-1', held: { status: 'OPERATIONAL', message: 'as loaded' } });
    assert.equal(recordOfKept(open), open.context.record);
  });

  it('rebuilds the snapshot the machine has for the record: its state, its record, no window', () => {
    const service = record('DEGRADED');
    const rebuilt = packing.unpack(service);
    assert.equal(rebuilt.value, 'DEGRADED');
    assert.equal(rebuilt.context.record, service);
    assert.equal(maintenanceOfKept(service), undefined);
    assert.deepEqual(
      step(rebuilt, report('DOWN', T0 + 5_000)).context,
      step(snapshotFor(serviceMachine, service), report('DOWN', T0 + 5_000)).context,
    );
  });

  it('a status change from a rebuilt snapshot ends the period the last change began', () => {
    const down = step(snapshotFor(serviceMachine, record('OPERATIONAL')), report('DOWN', T0 + 5_000));
    const kept = packing.pack(down);
    assert.equal(kept, down.context.record, 'packed after the change');
    const up = step(packing.unpack(kept), report('OPERATIONAL', T0 + 9_000));
    assert.deepEqual(up.context.previous, { status: 'DOWN', statusMessage: null, statusSince: T0 + 5_000, statusSeq: 2 });
  });

  it('a window opened and ended across packing moves the service to the held status', () => {
    const open = packing.pack(step(packing.unpack(record('DEGRADED')), windowStart));
    const ended = step(packing.unpack(open), { type: 'MAINTENANCE_ENDED', windowId: 'w-1', at: T0 + 60_000, origin: 'timer' });
    assert.equal(ended.value, 'DEGRADED');
    assert.equal(packing.pack(ended), ended.context.record);
  });
});
