/**
 * Domain events of maintenance windows, declared beside the module (src/platform/modules/README.md). SLA
 * computation listens to them: a window that starts, ends or is deleted changes the excluded minutes
 * of its service's periods, which are recomputed.
 */
import type { ServiceRef } from '../../../core/coreEvents.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { MaintenanceWindow } from './maintenanceWindow.js';

export type WindowChange = 'started' | 'stopped' | 'expired' | 'deleted';

export interface MaintenanceWindowChangedEvent {
  readonly type: 'sla.maintenance_window_changed';
  readonly change: WindowChange;
  readonly window: MaintenanceWindow;
  readonly service: ServiceRef;
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'sla.maintenance_window_changed': MaintenanceWindowChangedEvent;
  }
}
