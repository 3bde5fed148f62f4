/**
 * Active maintenance windows: one entity each in the actor host (stepped with the window machine),
 * the single writer of each window. A window's steps move its service's actor in the same step
 * (MAINTENANCE_STARTED / MAINTENANCE_ENDED), so the window's rows, the service's status change, its
 * status interval and its events are staged in one batch and commit together or not at all; a failed
 * commit puts both actors back.
 *
 * Only active windows live here: an ended one leaves memory once its end committed (its row is the
 * record). The open window of a service is the service actor's own state (`maintenanceOf`), so a
 * second window is refused by asking the service, and a restart loads both back from the rows.
 */
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import { refOf } from '../../../core/services/serviceEffects.js';
import type { HeldReport } from '../../../core/services/serviceMaintenance.js';
import { EntityHost } from '../../../platform/actorHost/entityHost.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { MaintenanceWindow, WindowActor } from './maintenanceWindow.js';
import type { WindowChange } from './maintenanceWindowEvents.js';
import {
  EXPIRY_TIMER,
  maintenanceWindowMachine,
  windowSnapshot,
  type MaintenanceWindowEvent,
  type MaintenanceWindowSnapshot,
} from './maintenanceWindowMachine.js';
import {
  heldReportPatch,
  heldReportRow,
  maintenanceWindowsTable,
  windowEndRow,
  windowPatch,
  windowRow,
} from './maintenanceWindowTables.js';

export interface MaintenanceWindowRegistryPorts {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly services: ServiceRegistry;
  readonly scheduler: Clock;
  readonly onError?: (error: unknown, where: string) => void;
}

export class MaintenanceWindowRegistry {
  private readonly host: EntityHost<MaintenanceWindowSnapshot, MaintenanceWindowEvent>;

  constructor(private readonly ports: MaintenanceWindowRegistryPorts) {
    const { writer, bus, services } = ports;
    const announce = (window: MaintenanceWindow, change: WindowChange, event: MaintenanceWindowEvent) => {
      const service = services.get(window.serviceId);
      if (service)
        emitOnCommit(writer, bus, {
          type: 'sla.maintenance_window_changed',
          change,
          window,
          service: refOf(service),
          at: event.at,
          origin: event.origin,
        });
    };
    this.host = new EntityHost<MaintenanceWindowSnapshot, MaintenanceWindowEvent>({
      machine: maintenanceWindowMachine,
      writer,
      scheduler: ports.scheduler,
      // Cluster mode: a window is its service's (its steps move the service's actor, its rows replicate on the
      // service's shard), so its owner, and the one instance that ends it on time, is the service's.
      shardKey: (_id, snapshot) => services.shardKeyOf(snapshot.context.window.serviceId) ?? snapshot.context.window.serviceId,
      timerEvent: (_id, _timer, at) => ({ type: 'EXPIRE', at, origin: 'timer' }),
      effects: {
        opened: ({ after, event }) => {
          const window = after.context.window;
          services.send(window.serviceId, {
            type: 'MAINTENANCE_STARTED',
            windowId: window.id,
            reason: window.reason,
            at: event.at,
            origin: event.origin,
          });
          // The service's actor decided what it holds (its status before the window).
          writer.upsert(maintenanceWindowsTable, windowRow(window, services.maintenanceOf(window.serviceId)!.held));
          announce(window, 'started', event);
        },
        ended: ({ id, after, event }) => {
          const window = after.context.window;
          // A service deleted meanwhile took its windows with it (on delete cascade).
          if (services.get(window.serviceId)) {
            services.send(window.serviceId, { type: 'MAINTENANCE_ENDED', windowId: window.id, at: event.at, origin: event.origin });
          }
          writer.upsert(windowPatch, windowEndRow(window));
          announce(window, window.endedBy === 'expiry' ? 'expired' : window.endedBy === 'delete' ? 'deleted' : 'stopped', event);
          writer.afterCommit(() => this.forget(id));
        },
      },
      ...(ports.onError ? { onError: ports.onError } : {}),
    });
  }

  /** The active window `id`, if it is one (ended ones are read from the database). */
  get(id: string): MaintenanceWindow | undefined {
    const snapshot = this.host.get(id);
    return snapshot?.value === 'active' ? snapshot.context.window : undefined;
  }

  /** The window `serviceId` is in now, as its service's actor says. */
  activeOf(serviceId: string): MaintenanceWindow | undefined {
    const open = this.ports.services.maintenanceOf(serviceId);
    return open === undefined ? undefined : this.get(open.windowId);
  }

  *active(): IterableIterator<MaintenanceWindow> {
    for (const snapshot of this.host.values()) if (snapshot.value === 'active') yield snapshot.context.window;
  }

  /** When the window's delayed end is due (epoch ms), if it has one armed. */
  dueAt(id: string): number | undefined {
    return this.host.pendingTimers(id).find((t) => t.id === EXPIRY_TIMER)?.dueAt;
  }

  /** Open a new window (its service must have none: the caller checked). */
  open(window: MaintenanceWindow, at: number): MaintenanceWindow {
    this.host.create(window.id, windowSnapshot(window, 'idle'), () => undefined);
    return this.host.send(window.id, { type: 'OPEN', at, origin: window.createdBy.kind === 'user' ? 'api' : 'agent' }).context.window;
  }

  /** End an active window by a call: stopped, or deleted when `deleting`. */
  stop(id: string, by: WindowActor, deleting: boolean, at: number): MaintenanceWindow {
    return this.host.send(id, { type: 'STOP', by, deleting, at, origin: by.kind === 'user' ? 'api' : 'agent' }).context.window;
  }

  /** A report the service's actor held for window `windowId` (staged with the report's own rows). */
  stageHeldReport(windowId: string, held: HeldReport): void {
    this.ports.writer.upsert(heldReportPatch, heldReportRow(windowId, held));
  }

  /** An active window read at start: its service's actor gets it back, its delayed end is armed again. */
  load(window: MaintenanceWindow, held: HeldReport): void {
    if (!this.ports.services.get(window.serviceId)) return;
    this.ports.services.loadMaintenance(window.serviceId, { windowId: window.id, held });
    this.host.load(window.id, windowSnapshot(window, 'active'), expiryTimers(window));
  }

  /** The window `id` as held here, active or ending (cluster mode's read model reads it to apply a patch). */
  held(id: string): MaintenanceWindow | undefined {
    return this.host.get(id)?.context.window;
  }

  /**
   * Cluster mode's read model (docs/adr/0065): the window as another instance committed it. Active: held here and
   * its service's actor in it; ended (or `window` undefined: its row deleted, `id` given): gone from here and from
   * its service's actor. No action runs, nothing is staged; its end stays pending here as persisted (only the
   * owner fires it; an instance that takes the shard over ends the window on time).
   */
  adopt(window: MaintenanceWindow | undefined, held: HeldReport | undefined, id = window?.id): void {
    if (id === undefined) return;
    const services = this.ports.services;
    const known = window ?? this.held(id);
    const service = known ? services.get(known.serviceId) : undefined;
    if (window !== undefined && held !== undefined && window.endedAt === null) {
      this.host.adopt(id, windowSnapshot(window, 'active'), expiryTimers(window));
      if (service) services.adopt(service, { windowId: id, held });
      return;
    }
    this.host.forget(id);
    if (service && services.maintenanceOf(service.id)?.windowId === id) services.adopt(service, null);
  }

  /** A deleted service's windows went with it: drop them from memory (their timers too). */
  forgetService(serviceId: string): void {
    for (const snapshot of [...this.host.values()]) {
      if (snapshot.context.window.serviceId === serviceId) this.forget(snapshot.context.window.id);
    }
  }

  private forget(id: string): void {
    // Nothing to write: the row already says how it ended (or went with its service).
    this.host.remove(id, () => undefined);
  }
}

/** An active window's delayed end, as persisted (`expected_end_at`): none for a window without one. */
function expiryTimers(window: MaintenanceWindow) {
  return window.expectedEndAt === null ? [] : [{ id: EXPIRY_TIMER, event: { type: 'EXPIRE' } as const, dueAt: window.expectedEndAt }];
}
