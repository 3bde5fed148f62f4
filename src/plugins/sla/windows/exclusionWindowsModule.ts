/**
 * Maintenance (exclusion) windows as a module behind the `sla` licence gate (issue 16, part 3): the
 * machine API's start/stop in both variants, GraphQL's create/stop/delete and list, the active
 * windows as entities of the actor host (their delayed end re-armed at start), and the held report
 * of a service in a window kept with its window. The SLA module may take it in later; it needs only
 * core. docs/decisions.md "Maintenance windows" has the rules.
 */
import type { CoreServices } from '../../../platform/graphql/context.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import { readActiveWindows } from './maintenanceWindowHistory.js';
import { MaintenanceWindowRegistry } from './maintenanceWindowRegistry.js';
import { maintenanceWindowRoutes } from './maintenanceWindowRoutes.js';
import { maintenanceWindowSchema } from './maintenanceWindowSchema.js';
import { MaintenanceWindowService } from './maintenanceWindowService.js';
import type { MaintenanceWindowsServices } from './maintenanceWindowsContext.js';
import { maintenanceWindowsTable, rowToHeld } from './maintenanceWindowTables.js';
import { exclusionWindowsSchema } from './migrations/0012_exclusion_windows.js';
import { EVERYONE, STAFF, type ActionsOf, type PermissionDeclarations } from '../../../core/auth/roles.js';

/** The maintenance windows' actions, and the roles allowed each by default. */
export const maintenanceWindowPermissions = {
  'exclusion-window:read': EVERYONE,
  'exclusion-window:write': STAFF,
} as const satisfies PermissionDeclarations;

declare module '../../../core/auth/roles.js' {
  interface ActionMap extends ActionsOf<typeof maintenanceWindowPermissions> {}
}

export const exclusionWindowsModule: ProductModule<CoreServices, MaintenanceWindowsServices> = {
  name: 'exclusionWindows',
  permissions: maintenanceWindowPermissions,
  screens: [{ name: 'maintenance', label: 'Maintenance windows', needs: 'exclusion-window:read' }],
  plugin: 'sla',
  migrations: [exclusionWindowsSchema],
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
    const exclusionWindows = new MaintenanceWindowService({ fleet, windows: maintenanceWindows, writer: kit.writer, bus: kit.bus, knex: kit.knex, clock: kit.clock, newId: kit.newId });
    return {
      services: { exclusionWindows, maintenanceWindows },
      routes: maintenanceWindowRoutes(exclusionWindows, fleet.services),
      async hydrate() {
        for (const { window, row } of await readActiveWindows(kit.knex)) maintenanceWindows.load(window, rowToHeld(row));
      },
      busHandlers: {
        // In the batch of the report: the window keeps what its service reported, for a restart.
        staged: (event) => {
          if (event.type === 'service.report_held') maintenanceWindows.stageHeldReport(event.windowId, { status: event.status, message: event.message });
        },
        committed: (event) => {
          if (event.type === 'service.deleted') maintenanceWindows.forgetService(event.service.id);
        },
      },
    };
  },
};
