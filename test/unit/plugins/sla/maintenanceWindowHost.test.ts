/**
 * Maintenance windows as entities of the actor host (src/plugins/sla/windows): the window machine stepped
 * with the pure `transition()`, then the registry on a real batch writer, event bus and service
 * registry over an embedded database, with a manual clock: the delayed end fires at expectedEndAt
 * and moves the service, a stop cancels it, a restart arms it again from the row, and a failed
 * commit puts the window and its service back together.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transition } from 'xstate';
import { NodeHierarchy } from '../../../../src/core/fleet/nodeHierarchy.js';
import { createLocalServiceRegistry, type ServiceRegistry } from '../../../../src/core/fleet/serviceRegistry.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { createInProcessEventBus } from '../../../../src/platform/events/eventBus.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError } from '../../../../src/platform/persistence/batchWriter.js';
import { rowToService } from '../../../../src/core/storage/serviceRows.js';
import type { MaintenanceWindow } from '../../../../src/plugins/sla/windows/maintenanceWindow.js';
import { EXPIRY_TIMER, maintenanceWindowMachine, windowSnapshot } from '../../../../src/plugins/sla/windows/maintenanceWindowMachine.js';
import { MaintenanceWindowRegistry } from '../../../../src/plugins/sla/windows/maintenanceWindowRegistry.js';
import { rowToHeld, rowToWindow } from '../../../../src/plugins/sla/windows/maintenanceWindowTables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const T0 = Date.parse('2026-05-04T08:00:00Z');
const MINUTE = 60_000;

const draft = (id: string, serviceId: string, expectedEndAt: number | null, at = T0): MaintenanceWindow => ({
  id,
  serviceId,
  reason: 'kernel upgrade',
  startedAt: at,
  expectedEndAt,
  endedAt: null,
  endedBy: null,
  createdBy: { kind: 'api_key' },
  endedByActor: null,
  deletedAt: null,
  deletedBy: null,
});

describe('maintenance window machine', () => {
  const open = { type: 'OPEN' as const, at: T0, origin: 'api' as const };

  it('opening a window with expectedEndAt asks for a delayed EXPIRE due then', () => {
    const [next, actions] = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', T0 + 30 * MINUTE), 'idle'), open);
    assert.equal(next.value, 'active');
    assert.deepEqual(
      actions.map((a) => a.type),
      ['opened', 'xstate.raise'],
    );
    const params = actions[1]!.params as { id: string; delay: number; event: { type: string } };
    assert.deepEqual([params.id, params.delay, params.event.type], [EXPIRY_TIMER, 30 * MINUTE, 'EXPIRE']);
  });

  it('opening a window without expectedEndAt schedules nothing', () => {
    const [next, actions] = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', null), 'idle'), open);
    assert.equal(next.value, 'active');
    assert.deepEqual(
      actions.map((a) => a.type),
      ['opened'],
    );
  });

  it('a stop ends the window, records who and when, and cancels the delayed end', () => {
    const by = { kind: 'user' as const, userId: 'u-1' };
    const [next, actions] = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', T0 + MINUTE), 'active'), {
      type: 'STOP',
      by,
      deleting: false,
      at: T0 + 5,
      origin: 'api',
    });
    assert.equal(next.value, 'ended');
    assert.deepEqual(
      [next.context.window.endedAt, next.context.window.endedBy, next.context.window.endedByActor, next.context.window.deletedAt],
      [T0 + 5, 'stop', by, null],
    );
    assert.deepEqual(
      actions.map((a) => a.type),
      ['xstate.cancel', 'ended'],
    );
  });

  it('a delete while active ends it by delete and marks it deleted', () => {
    const by = { kind: 'user' as const, userId: 'u-1' };
    const [next] = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', null), 'active'), {
      type: 'STOP',
      by,
      deleting: true,
      at: T0 + 5,
      origin: 'api',
    });
    assert.deepEqual([next.context.window.endedBy, next.context.window.deletedAt, next.context.window.deletedBy], ['delete', T0 + 5, by]);
  });

  it('EXPIRE ends the window by expiry, with nobody as the one who ended it', () => {
    const [next, actions] = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', T0 + MINUTE), 'active'), {
      type: 'EXPIRE',
      at: T0 + MINUTE,
      origin: 'timer',
    });
    assert.deepEqual([next.value, next.context.window.endedBy, next.context.window.endedByActor], ['ended', 'expiry', null]);
    assert.deepEqual(
      actions.map((a) => a.type),
      ['ended'],
    );
  });

  it('an ended window takes no more events', () => {
    const ended = transition(maintenanceWindowMachine, windowSnapshot(draft('w', 's', null), 'active'), {
      type: 'EXPIRE',
      at: T0,
      origin: 'timer',
    })[0];
    const [next, actions] = transition(maintenanceWindowMachine, ended, {
      type: 'STOP',
      by: { kind: 'api_key' },
      deleting: false,
      at: T0 + 1,
      origin: 'agent',
    });
    assert.deepEqual([next.context.window.endedBy, actions.length], ['expiry', 0]);
  });
});

describe('maintenance windows in the actor host', () => {
  const db = useEmbeddedDatabase();
  let n = 0;

  interface Harness {
    readonly clock: ManualClock;
    readonly writer: BatchWriter;
    readonly services: ServiceRegistry;
    readonly windows: MaintenanceWindowRegistry;
  }

  const harness = (clock = createManualClock(T0)): Harness => {
    const logger = createMemoryLogger();
    const writer = new BatchWriter({ knex: db().knex, logger });
    const bus = createInProcessEventBus(logger);
    const services = createLocalServiceRegistry({
      writer,
      bus,
      nodes: new NodeHierarchy(writer),
      newId: () => crypto.randomUUID(),
      scheduler: clock,
    });
    const windows = new MaintenanceWindowRegistry({ writer, bus, services, scheduler: clock });
    // What the module subscribes: the held report goes with its window.
    bus.subscribeStaged((event) => {
      if (event.type === 'service.report_held') windows.stageHeldReport(event.windowId, { status: event.status, message: event.message });
    });
    return { clock, writer, services, windows };
  };

  const serviceIn = async (h: Harness, status: 'OPERATIONAL' | 'DOWN' = 'OPERATIONAL') => {
    const service = h.services.create({ nodePath: 'eu/prod', name: `svc-${++n}`, status }, h.clock.now(), 'agent');
    await h.writer.committed();
    return service.id;
  };
  const row = async (id: string) => db().knex('maintenance_windows').where({ id }).first();

  it('the delayed end fires at expectedEndAt on the injected clock, moves the service to its held status and leaves memory once committed', async () => {
    const h = harness();
    const serviceId = await serviceIn(h);
    const id = crypto.randomUUID();
    h.windows.open(draft(id, serviceId, T0 + 30 * MINUTE), T0);
    await h.writer.committed();
    assert.equal(h.windows.dueAt(id), T0 + 30 * MINUTE);
    h.services.send(serviceId, { type: 'STATUS_REPORTED', status: 'DOWN', message: 'rebooting', at: T0 + MINUTE, origin: 'agent' });
    await h.writer.committed();
    assert.deepEqual([(await row(id)).held_status, (await row(id)).held_message], ['DOWN', 'rebooting']);

    h.clock.advance(30 * MINUTE - 1);
    assert.equal(h.services.get(serviceId)!.status, 'MAINTENANCE');
    h.clock.advance(1);
    assert.equal(h.services.get(serviceId)!.status, 'DOWN');
    assert.equal(h.services.get(serviceId)!.statusSince, T0 + 30 * MINUTE);
    assert.equal(h.windows.activeOf(serviceId), undefined);
    await h.writer.committed();
    assert.deepEqual([(await row(id)).ended_by, new Date((await row(id)).ended_at).getTime()], ['expiry', T0 + 30 * MINUTE]);
    assert.equal(h.windows.get(id), undefined);
    assert.equal(
      [...h.windows.active()].some((w) => w.id === id),
      false,
      'an ended window leaves memory',
    );
  });

  it('a stop before the due time cancels the delayed end', async () => {
    const h = harness();
    const serviceId = await serviceIn(h);
    const id = crypto.randomUUID();
    h.windows.open(draft(id, serviceId, T0 + 30 * MINUTE), T0);
    await h.writer.committed();
    const armed = h.clock.pendingTimers;
    h.windows.stop(id, { kind: 'api_key' }, false, T0 + MINUTE);
    assert.equal(h.clock.pendingTimers, armed - 1);
    await h.writer.committed();
    h.clock.advance(60 * MINUTE);
    assert.equal((await row(id)).ended_by, 'stop');
    assert.equal(h.services.get(serviceId)!.status, 'OPERATIONAL');
  });

  it('a restart loads the window back into its service and arms its end again from the row', async () => {
    const first = harness();
    const serviceId = await serviceIn(first, 'DOWN');
    const id = crypto.randomUUID();
    first.windows.open(draft(id, serviceId, T0 + 30 * MINUTE), T0);
    await first.writer.committed();

    // The server comes back ten minutes later: services from their rows, then the window from its row.
    const second = harness(createManualClock(T0 + 10 * MINUTE));
    const stored = await db().knex('services').where({ id: serviceId }).first();
    assert.equal(stored.status, 'MAINTENANCE');
    second.services.hydrate([rowToService(stored)]);
    const windowRow = await row(id);
    second.windows.load(rowToWindow(windowRow), rowToHeld(windowRow));
    assert.deepEqual(second.services.maintenanceOf(serviceId), { windowId: id, held: { status: 'DOWN', message: null } });
    assert.equal(second.windows.dueAt(id), T0 + 30 * MINUTE);
    second.clock.advance(20 * MINUTE);
    assert.equal(second.services.get(serviceId)!.status, 'DOWN');
    await second.writer.committed();
    assert.equal((await row(id)).ended_by, 'expiry');
  });

  it('a failed commit of a window start puts both the window and the service back', async () => {
    const h = harness();
    const serviceId = await serviceIn(h);
    // Another active window for this service in the database (the unique index refuses a second one).
    await db()
      .knex('maintenance_windows')
      .insert({
        id: crypto.randomUUID(),
        service_id: serviceId,
        started_at: new Date(T0).toISOString(),
        created_via: 'api_key',
        held_status: 'OPERATIONAL',
      });
    const id = crypto.randomUUID();
    h.windows.open(draft(id, serviceId, T0 + 30 * MINUTE), T0);
    assert.equal(h.services.get(serviceId)!.status, 'MAINTENANCE');
    await assert.rejects(h.writer.committed(), CommitError);
    assert.equal(h.services.get(serviceId)!.status, 'OPERATIONAL');
    assert.equal(h.services.maintenanceOf(serviceId), undefined);
    assert.equal(h.windows.get(id), undefined);
    assert.equal(h.windows.dueAt(id), undefined, 'its delayed end is disarmed');
    assert.equal(await row(id), undefined);
  });
});
