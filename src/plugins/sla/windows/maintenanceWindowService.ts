/**
 * Every change to maintenance windows, whichever API asks (the machine API's start/stop in both
 * variants, GraphQL's create/stop/delete), and the reads. Each command checks what the state must
 * allow, applies the change through the window registry (the actor host) at the clock's time and
 * answers once it is committed (src/core/commands/commitBoundary.ts). Inputs arrive validated and typed.
 *
 * Rules (docs/adr/0036-maintenance-windows.md): one active window per service (a second is a
 * CONFLICT naming the open one); `expectedEndAt` must lie in the future and at most
 * MAX_WINDOW_AHEAD_MS ahead, and the window ends by itself then; stopping an ended window is a
 * CONFLICT saying how it ended; deleting an active window ends it first, and a deleted window no
 * longer counts in any SLA figure.
 */
import type { Knex } from 'knex';
import type { Fleet } from '../../../core/fleet/fleet.js';
import { refOf } from '../../../core/services/serviceEffects.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { externalIdOf, type ServiceRecord } from '../../../core/domain/service.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { MaintenanceSpan } from '../../../core/domain/periodArithmetic.js';
import type { MaintenanceWindow, WindowActor } from './maintenanceWindow.js';
import { countWindows, readExcludedSpans, readWindow, readWindows, type WindowFilter } from './maintenanceWindowHistory.js';
import type { MaintenanceWindowRegistry } from './maintenanceWindowRegistry.js';
import { windowEndRow, windowPatch } from './maintenanceWindowTables.js';

/** How far ahead `expectedEndAt` may lie: a year and a day (a later date is taken for a typo). */
export const MAX_WINDOW_AHEAD_MS = 366 * 24 * 3_600_000;

/** A service named by id (variant B, GraphQL) or by node and name (variant A). */
export type ServiceTarget =
  | { readonly kind: 'id'; readonly serviceId: string }
  | { readonly kind: 'path'; readonly nodePath: string; readonly name: string };

export interface StartWindowRequest {
  readonly service: ServiceTarget;
  readonly reason: string | null;
  /** Epoch ms; null: the window lasts until stopped. */
  readonly expectedEndAt: number | null;
}

/** Which window to stop: by its id (variant B), or the active window of a service (variant A). */
export type StopWindowRequest =
  | { readonly kind: 'window'; readonly windowId: string }
  | { readonly kind: 'service'; readonly service: ServiceTarget };

export interface MaintenanceWindowServiceDeps {
  readonly fleet: Fleet;
  readonly windows: MaintenanceWindowRegistry;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly newId: () => string;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class MaintenanceWindowService {
  constructor(private readonly deps: MaintenanceWindowServiceDeps) {}

  async start(request: StartWindowRequest, by: WindowActor): Promise<MaintenanceWindow> {
    const { windows } = this.deps;
    return commitChange(this.deps, (at) => {
      const service = this.resolve(request.service);
      const { expectedEndAt } = request;
      if (expectedEndAt !== null && expectedEndAt <= at) {
        throw new AppError(
          ErrorCode.BadRequest,
          `expectedEndAt ${iso(expectedEndAt)} is not in the future (server time ${iso(at)}); send a later time, or leave it out for a window that lasts until stopped`,
        );
      }
      if (expectedEndAt !== null && expectedEndAt - at > MAX_WINDOW_AHEAD_MS) {
        throw new AppError(
          ErrorCode.BadRequest,
          `expectedEndAt ${iso(expectedEndAt)} is more than 366 days ahead; send a nearer time, or leave it out for a window that lasts until stopped`,
        );
      }
      const open = windows.activeOf(service.id);
      if (open) {
        throw new AppError(
          ErrorCode.Conflict,
          `service ${externalIdOf(service)} already has an active maintenance window ${open.id} (started ${iso(open.startedAt)}${open.reason ? `: ${open.reason}` : ''}); stop it first`,
        );
      }
      return windows.open(
        {
          id: this.deps.newId(),
          serviceId: service.id,
          reason: request.reason,
          startedAt: at,
          expectedEndAt,
          endedAt: null,
          endedBy: null,
          createdBy: by,
          endedByActor: null,
          deletedAt: null,
          deletedBy: null,
        },
        at,
      );
    });
  }

  async stop(request: StopWindowRequest, by: WindowActor): Promise<MaintenanceWindow> {
    const { windows } = this.deps;
    if (request.kind === 'service') {
      return commitChange(this.deps, (at) => {
        const service = this.resolve(request.service);
        const open = windows.activeOf(service.id);
        if (!open) throw new AppError(ErrorCode.Conflict, `service ${externalIdOf(service)} has no active maintenance window`);
        return windows.stop(open.id, by, false, at);
      });
    }
    const id = request.windowId.toLowerCase();
    if (windows.get(id)) return commitChange(this.deps, (at) => this.stopActive(id, by, false, at));
    throw await this.notActive(request.windowId);
  }

  /** Delete a window: an active one ends first (by delete); either way it leaves every SLA figure. */
  async delete(windowId: string, by: WindowActor): Promise<MaintenanceWindow> {
    const id = windowId.toLowerCase();
    if (this.deps.windows.get(id)) return commitChange(this.deps, (at) => this.stopActive(id, by, true, at));
    await this.deps.writer.settled();
    const ended = await readWindow(this.deps.knex, id);
    if (ended === null || ended.deletedAt !== null) throw unknownWindow(windowId);
    if (ended.endedAt === null) throw await this.notActive(windowId);
    return commitChange(this.deps, (at) => {
      const deleted: MaintenanceWindow = { ...ended, deletedAt: at, deletedBy: by };
      this.deps.writer.upsert(windowPatch, windowEndRow(deleted));
      const service = this.deps.fleet.services.get(deleted.serviceId);
      if (service)
        emitOnCommit(this.deps.writer, this.deps.bus, {
          type: 'sla.maintenance_window_changed',
          change: 'deleted',
          window: deleted,
          service: refOf(service),
          at,
          origin: by.kind === 'user' ? 'api' : 'agent',
        });
      return deleted;
    });
  }

  /** A window as it stands (deleted ones are not shown). */
  async get(windowId: string): Promise<MaintenanceWindow | null> {
    const id = windowId.toLowerCase();
    const active = this.deps.windows.get(id);
    if (active) return active;
    await this.deps.writer.settled();
    const window = await readWindow(this.deps.knex, id);
    return window === null || window.deletedAt !== null ? null : window;
  }

  async list(filter: WindowFilter, page: Page): Promise<MaintenanceWindow[]> {
    await this.deps.writer.settled();
    return readWindows(this.deps.knex, filter, page);
  }

  async count(filter: WindowFilter): Promise<number> {
    await this.deps.writer.settled();
    return countWindows(this.deps.knex, filter);
  }

  /**
   * The spans a service's SLA figures leave out in `[from, to)`: each window that overlaps the
   * range and was not deleted, as `[start, end)` (end null while still active), in start order.
   * What the SLA arithmetic takes as `exclusions` (src/core/domain/periodArithmetic.ts).
   */
  async excludedSpans(serviceId: string, from: number, to: number): Promise<MaintenanceSpan[]> {
    return (await this.excludedSpansByService(from, to, [serviceId])).get(serviceId) ?? [];
  }

  /** The same for many services at once (all when `serviceIds` is null), by service id; one query. */
  async excludedSpansByService(
    from: number,
    to: number,
    serviceIds: readonly string[] | null = null,
  ): Promise<Map<string, MaintenanceSpan[]>> {
    await this.deps.writer.settled();
    return readExcludedSpans(this.deps.knex, from, to, serviceIds);
  }

  private stopActive(id: string, by: WindowActor, deleting: boolean, at: number): MaintenanceWindow {
    // Ended between the check and now (its expiry fired, another stop committed first)?
    if (!this.deps.windows.get(id)) throw new AppError(ErrorCode.Conflict, `maintenance window ${id} has just ended`);
    return this.deps.windows.stop(id, by, deleting, at);
  }

  /** The error for stopping a window that is not active: unknown, or how it ended. */
  private async notActive(windowId: string): Promise<AppError> {
    await this.deps.writer.settled();
    const window = await readWindow(this.deps.knex, windowId.toLowerCase());
    if (window === null || window.deletedAt !== null) return unknownWindow(windowId);
    if (window.endedAt === null) return new AppError(ErrorCode.Conflict, `maintenance window ${windowId} is still ending; retry`);
    const how = window.endedBy === 'expiry' ? 'ended at its expectedEndAt' : 'was stopped';
    return new AppError(ErrorCode.Conflict, `maintenance window ${windowId} ${how} at ${iso(window.endedAt)}; it is no longer active`);
  }

  private resolve(target: ServiceTarget): ServiceRecord {
    const { services } = this.deps.fleet;
    if (target.kind === 'id') {
      const service = services.get(target.serviceId.toLowerCase());
      if (!service) throw new AppError(ErrorCode.NotFound, `no service with id ${target.serviceId}`);
      return service;
    }
    const service = services.find(target.nodePath, target.name);
    if (!service) throw new AppError(ErrorCode.NotFound, `no service named ${target.name} under node ${target.nodePath}`);
    return service;
  }
}

function unknownWindow(id: string): AppError {
  return new AppError(ErrorCode.NotFound, `no maintenance window with id ${id}`);
}
