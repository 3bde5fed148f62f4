/**
 * The `maintenance_windows` table as cluster mode's read model applies it (docs/adr/0065): a window opened, ended
 * or holding a report on another instance is put into this instance's registry and its service's actor, without
 * staging anything or arming its end (the owner's timer ends it). A window goes with its service's shard: its steps
 * move the service's actor in the same step (maintenanceWindowRegistry.ts).
 */
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import type { ReplicaTable, Row } from '../../../platform/persistence/tableSpec.js';
import type { MaintenanceWindowRegistry } from './maintenanceWindowRegistry.js';
import { maintenanceWindowsTable, rowToHeld, rowToWindow, windowRow } from './maintenanceWindowTables.js';

export function maintenanceWindowReplica(windows: MaintenanceWindowRegistry, services: ServiceRegistry): ReplicaTable {
  const serviceKey = (serviceId: string) => services.shardKeyOf(serviceId) ?? serviceId;
  /** The full row a patch applies to: the window held here with its service's held report. */
  const fullRow = (row: Row): Row | undefined => {
    const window = windows.held(String(row['id']));
    if (!window) return undefined;
    const service = services.get(window.serviceId);
    const held = services.maintenanceOf(window.serviceId)?.held ?? { status: service?.status ?? 'UNKNOWN', message: null };
    return { ...windowRow(window, held), ...row };
  };
  return {
    table: maintenanceWindowsTable.name,
    shardKey(row) {
      if (row['service_id'] !== undefined) return serviceKey(String(row['service_id']));
      const window = windows.held(String(row['id']));
      return window ? serviceKey(window.serviceId) : String(row['id']);
    },
    apply(row, patch) {
      // A patch of a window not held here ended before this instance loaded (or its row was lost: reported).
      const full = patch ? fullRow(row) : row;
      if (full) windows.adopt(rowToWindow(full), rowToHeld(full));
    },
    remove: (key) => windows.adopt(undefined, undefined, String(key['id'])),
  };
}
