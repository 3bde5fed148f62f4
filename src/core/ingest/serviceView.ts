/** The JSON shape of a service on the machine API. */
import { isBackupOverdue } from '../domain/backup.js';
import { externalIdOf, type ServiceRecord } from '../domain/service.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function serviceView(s: ServiceRecord, now: number) {
  return {
    id: s.id,
    name: s.name,
    displayName: s.displayName,
    nodeId: s.nodePath,
    externalId: externalIdOf(s),
    status: s.status,
    statusMessage: s.statusMessage,
    statusSince: new Date(s.statusSince).toISOString(),
    criticality: s.criticality,
    serviceType: s.serviceType,
    namespace: s.namespace,
    tags: s.tags,
    slaGroup: s.slaGroup,
    workloadType: s.workloadType,
    workloadName: s.workloadName,
    replicas: s.replicas,
    readyReplicas: s.readyReplicas,
    availableReplicas: s.availableReplicas,
    images: s.images,
    operations: { backup: { expected: s.backup.expected, maxAgeDays: s.backup.maxAgeDays } },
    backupStatus: {
      backupExpected: s.backup.expected,
      lastBackupAt: isoOrNull(s.backup.lastAt),
      lastBackupStatus: s.backup.lastStatus,
      backupMaxAgeDays: s.backup.maxAgeDays,
      backupOverdue: isBackupOverdue(s.backup, now),
    },
    storage: s.storage === null ? null : { ...s.storage, reportedAt: new Date(s.storage.reportedAt).toISOString() },
    updatedAt: new Date(s.updatedAt).toISOString(),
  };
}
