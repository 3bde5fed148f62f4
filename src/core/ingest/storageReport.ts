/** Storage push: classify usage; the first push for an unknown service creates it with tag `storage`. */
import { classifyStorage } from '../domain/storage.js';
import type { ServiceRecord, StorageReading } from '../domain/service.js';
import type { StorageReport } from '../protocol/machineBodies.js';
import type { Fleet } from '../fleet/fleet.js';

export const STORAGE_TAG = 'storage';

export function ingestStorageReport(
  fleet: Fleet,
  report: StorageReport,
  at: number,
): { service: ServiceRecord; reading: StorageReading; created: boolean } {
  const { freePercent, status } = classifyStorage(report.allocatedBytes, report.usedBytes);
  const reading: StorageReading = {
    allocatedBytes: report.allocatedBytes,
    usedBytes: report.usedBytes,
    storageType: report.storageType,
    mountPath: report.mountPath,
    freePercent,
    status,
    reportedAt: at,
  };
  let service = fleet.services.find(report.nodePath, report.service);
  const created = service === undefined;
  service ??= fleet.services.create({ nodePath: report.nodePath, name: report.service, tags: [STORAGE_TAG] }, at, 'agent');
  service = fleet.services.send(service.id, { type: 'STORAGE_REPORTED', reading, at, origin: 'agent' });
  return { service, reading, created };
}
