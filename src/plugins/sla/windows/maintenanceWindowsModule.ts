/**
 * Maintenance windows as a module behind the `sla` licence gate: the machine API's start/stop in
 * both variants, GraphQL's create/stop/delete and list, the active windows as entities of the actor
 * host (their delayed end re-armed at start), and the held report of a service in a window kept with
 * its window. A module of its own because it needs only the core, not the SLA model. The names the
 * outside world knows them by are in publicNames.ts; docs/adr/0036-maintenance-windows.md has the rules.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import { readActiveWindows } from './maintenanceWindowHistory.js';
import { MaintenanceWindowRegistry } from './maintenanceWindowRegistry.js';
import { maintenanceWindowReplica } from './maintenanceWindowReplica.js';
import { maintenanceWindowRoutes } from './maintenanceWindowRoutes.js';
import { maintenanceWindowSchema } from './maintenanceWindowSchema.js';
import { MaintenanceWindowService } from './maintenanceWindowService.js';
import type { MaintenanceWindowsServices } from './maintenanceWindowsContext.js';
import { maintenanceWindowsTable, rowToHeld } from './maintenanceWindowTables.js';
import { maintenanceWindowsMigration } from './migrations/0012_maintenance_windows.js';
import { EVERYONE, STAFF, type ActionsOf, type PermissionDeclarations } from '../../../core/auth/roles.js';
import { WINDOW_READ, WINDOW_WRITE } from './publicNames.js';

/** The maintenance windows' actions, and the roles allowed each by default. */
export const maintenanceWindowPermissions = {
  [WINDOW_READ]: EVERYONE,
  [WINDOW_WRITE]: STAFF,
} as const satisfies PermissionDeclarations;

declare module '../../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof maintenanceWindowPermissions> {}
}

export const maintenanceWindowsModule: ProductModule<CoreServices, MaintenanceWindowsServices> = {
  name: 'maintenanceWindows',
  permissions: maintenanceWindowPermissions,
  screens: [{ name: 'maintenance', label: 'Maintenance windows', needs: WINDOW_READ }],
  plugin: 'sla',
  migrations: [maintenanceWindowsMigration],
  tables: [maintenanceWindowsTable],
  schema: [maintenanceWindowSchema],
  create(kit, { fleet }) {
    const maintenanceWindows = new MaintenanceWindowRegistry({
      writer: kit.writer,
      bus: kit.bus,
      services: fleet.services,
      scheduler: kit.clock,
      onError: (error, where) => kit.logger.error('maintenance window failed', { where, error }),
    });
    const maintenanceWindowService = new MaintenanceWindowService({
      fleet,
      windows: maintenanceWindows,
      writer: kit.writer,
      bus: kit.bus,
      knex: kit.knex,
      clock: kit.clock,
      newId: kit.newId,
    });
    return {
      services: { maintenanceWindowService, maintenanceWindows },
      routes: maintenanceWindowRoutes(maintenanceWindowService, fleet.services),
      replicas: [maintenanceWindowReplica(maintenanceWindows, fleet.services)],
      async hydrate() {
        for (const { window, row } of await readActiveWindows(kit.knex)) maintenanceWindows.load(window, rowToHeld(row));
      },
      busHandlers: {
        // In the batch of the report: the window keeps what its service reported, for a restart.
        staged: (event) => {
          if (event.type === 'service.report_held')
            maintenanceWindows.stageHeldReport(event.windowId, { status: event.status, message: event.message });
        },
        committed: (event) => {
          if (event.type === 'service.deleted') maintenanceWindows.forgetService(event.service.id);
        },
      },
    };
  },
};
