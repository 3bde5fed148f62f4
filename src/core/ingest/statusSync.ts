/**
 * Agent status sync (every 30 s): only registered services change; unknown names are counted in
 * `skipped` (registration is a separate act); entries that change nothing never reach their actor,
 * so a steady fleet costs a parse and a comparison per service, not a write.
 */
import { mergeSyncReport, syncChangesNothing } from '../services/serviceChanges.js';
import { reportedView } from '../services/serviceMaintenance.js';
import type { ServiceRecord } from '../domain/service.js';
import type { StatusSync, SyncEntry } from '../protocol/machineBodies.js';
import { repeatedEntry, type SyncBodyElements } from '../protocol/statusSyncBody.js';
import { NodeSyncMemo, type StatusSyncMemo } from './statusSyncMemo.js';
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

export function ingestStatusSync(fleet: Fleet, sync: StatusSync, at: number, memo?: StatusSyncMemo): StatusSyncOutcome {
  const tally = { updated: 0, unchanged: 0, skipped: 0, skippedServices: [] as string[] };
  if (sync.elements !== undefined && memo !== undefined) ingestElements(fleet, sync, sync.elements, at, memo, tally);
  else for (const entry of sync.services) ingestEntry(fleet, sync, entry, at, tally);
  const slaGroups = { created: 0, updated: 0, unchanged: 0 };
  for (const declaration of sync.slaGroups) slaGroups[fleet.slaGroups.declare(declaration, at)] += 1;
  fleet.agents.statusSynced(sync.nodePath, sync.operatorVersion, at);
  return { ...tally, slaGroups };
}

interface Tally {
  updated: number;
  unchanged: number;
  skipped: number;
  skippedServices: string[];
}

/** One entry: the service it changes nothing for (returned), or undefined (changed, or skipped). */
function ingestEntry(fleet: Fleet, sync: StatusSync, entry: SyncEntry, at: number, tally: Tally): ServiceRecord | undefined {
  const service = fleet.services.find(sync.nodePath, entry.name);
  if (!service) {
    tally.skipped += 1;
    if (tally.skippedServices.length < MAX_SKIPPED_NAMES) tally.skippedServices.push(entry.name);
    return undefined;
  }
  // A field the entry leaves out is not reported: the service keeps what registration or an earlier sync set.
  // In a maintenance window (shown as MAINTENANCE) the comparison is with what the service holds.
  const maintenance = service.status === 'MAINTENANCE';
  const reported = maintenance ? reportedView(service, fleet.services.maintenanceOf(service.id)) : service;
  if (syncChangesNothing(reported, entry)) {
    tally.unchanged += 1;
    // In maintenance the answer also depends on the window's own record: never taken as settled.
    return maintenance ? undefined : service;
  }
  const fields = mergeSyncReport(service, entry);
  fleet.services.send(service.id, { type: 'AGENT_SYNCED', status: entry.status, message: entry.message, fields, at, origin: 'agent' });
  tally.updated += 1;
  return undefined;
}

/**
 * The entries in body order: one whose bytes repeat the node's previous sync and whose service still
 * holds the record that entry found changes nothing (statusSyncMemo.ts); any other as `ingestEntry`.
 * Then what this sync found becomes the node's memo.
 */
function ingestElements(fleet: Fleet, sync: StatusSync, elements: SyncBodyElements, at: number, memo: StatusSyncMemo, tally: Tally): void {
  const previous = elements.previous instanceof NodeSyncMemo ? elements.previous : undefined;
  const count = elements.entries.length;
  const ids: Array<string | undefined> = new Array(count);
  const records: Array<ServiceRecord | undefined> = new Array(count);
  for (let i = 0; i < count; i += 1) {
    let entry = elements.entries[i];
    if (entry === null) continue; // refused while reading
    if (entry === undefined) {
      const id = previous?.ids[i];
      const record = previous?.records[i];
      if (id !== undefined && record !== undefined && fleet.services.get(id) === record) {
        tally.unchanged += 1;
        ids[i] = id;
        records[i] = record;
        continue;
      }
      entry = repeatedEntry(elements, i);
    }
    const settled = ingestEntry(fleet, sync, entry, at, tally);
    if (settled !== undefined) {
      ids[i] = settled.id;
      records[i] = settled;
    }
  }
  memo.remember(sync.nodePath, new NodeSyncMemo(elements.body, elements.starts, elements.ends, elements.clean, ids, records), at);
}
