/**
 * Agent status sync (every 30 s): only registered services change; unknown names are counted in
 * `skipped` (registration is a separate act); entries that change nothing never reach their actor,
 * so a steady fleet costs a parse and a comparison per service, not a write.
 */
import { mergeSyncReport, syncChangesNothing } from '../services/serviceChanges.js';
import { reportedView } from '../services/serviceMaintenance.js';
import type { StatusSync } from '../protocol/machineBodies.js';
import type { Fleet } from '../fleet/fleet.js';

/** Names of skipped services listed in the response, at most. */
export const MAX_SKIPPED_NAMES = 100;

export interface StatusSyncOutcome {
  readonly updated: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly skippedServices: readonly string[];
  readonly slaGroups: { created: number; updated: number; unchanged: number };
}

export function ingestStatusSync(fleet: Fleet, sync: StatusSync, at: number): StatusSyncOutcome {
  let updated = 0;
  let unchanged = 0;
  let skipped = 0;
  const skippedServices: string[] = [];
  for (const entry of sync.services) {
    const service = fleet.services.find(sync.nodePath, entry.name);
    if (!service) {
      skipped += 1;
      if (skippedServices.length < MAX_SKIPPED_NAMES) skippedServices.push(entry.name);
      continue;
    }
    // A field the entry leaves out is not reported: the service keeps what registration or an earlier sync set.
    // In a maintenance window (shown as MAINTENANCE) the comparison is with what the service holds.
    const reported = service.status === 'MAINTENANCE' ? reportedView(service, fleet.services.maintenanceOf(service.id)) : service;
    if (syncChangesNothing(reported, entry)) {
      unchanged += 1;
      continue;
    }
    const fields = mergeSyncReport(service, entry);
    fleet.services.send(service.id, { type: 'AGENT_SYNCED', status: entry.status, message: entry.message, fields, at, origin: 'agent' });
    updated += 1;
  }
  const slaGroups = { created: 0, updated: 0, unchanged: 0 };
  for (const declaration of sync.slaGroups) slaGroups[fleet.slaGroups.declare(declaration, at)] += 1;
  fleet.agents.statusSynced(sync.nodePath, sync.operatorVersion, at);
  return { updated, unchanged, skipped, skippedServices, slaGroups };
}
