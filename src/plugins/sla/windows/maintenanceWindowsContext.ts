/** The services of the maintenance windows module, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../../../core/coreServices.js';
import type { MaintenanceWindowRegistry } from './maintenanceWindowRegistry.js';
import type { MaintenanceWindowService } from './maintenanceWindowService.js';

export interface MaintenanceWindowsServices {
  /** Commands and reads: start, stop, delete, list, and the excluded spans SLA figures take. */
  readonly maintenanceWindowService: MaintenanceWindowService;
  /** The active windows (actor host entities). */
  readonly maintenanceWindows: MaintenanceWindowRegistry;
}

export type MaintenanceWindowsContext = CoreServices & MaintenanceWindowsServices;
