/** Mapping between the service actor's record and its database rows. */
import type { ServiceRecord, ServiceStatus, BackupStatus, StorageReading, ServiceDependency } from '../domain/service.js';
import type { Row } from './batchWriter.js';
import { epoch, iso, jsonColumn as json, numberOrNull as num, textOrNull as str } from './tables.js';

export function serviceToRow(s: ServiceRecord): Row {
  return {
    id: s.id,
    node_path: s.nodePath,
    name: s.name,
    display_name: s.displayName,
    status: s.status,
    status_message: s.statusMessage,
    status_since: iso(s.statusSince),
    status_seq: s.statusSeq,
    criticality: s.criticality,
    service_type: s.serviceType,
    tags: s.tags,
    metadata: s.metadata,
    namespace: s.namespace,
    workload_type: s.workloadType,
    workload_name: s.workloadName,
    replicas: s.replicas,
    ready_replicas: s.readyReplicas,
    available_replicas: s.availableReplicas,
    images: s.images,
    sla_group: s.slaGroup,
    backup_expected: s.backup.expected,
    backup_max_age_days: s.backup.maxAgeDays,
    last_backup_at: iso(s.backup.lastAt),
    last_backup_status: s.backup.lastStatus,
    last_backup_size_bytes: s.backup.lastSizeBytes,
    last_backup_message: s.backup.lastMessage,
    last_backup_taken_at: iso(s.backup.lastTakenAt),
    storage: s.storage,
    owner_id: s.ownerId,
    team_id: s.teamId,
    dependencies: s.dependencies,
    created_at: iso(s.createdAt),
    updated_at: iso(s.updatedAt),
  };
}

/** The status columns of a service's row (`serviceStatusTable`): what a status report changes. */
export function serviceStatusRow(s: ServiceRecord): Row {
  return { id: s.id, status: s.status, status_message: s.statusMessage, status_since: iso(s.statusSince), status_seq: s.statusSeq, updated_at: iso(s.updatedAt) };
}

export function rowToService(r: Record<string, unknown>): ServiceRecord {
  return {
    id: String(r['id']),
    nodePath: String(r['node_path']),
    name: String(r['name']),
    displayName: str(r['display_name']),
    status: r['status'] as ServiceStatus,
    statusMessage: str(r['status_message']),
    statusSince: epoch(r['status_since'])!,
    statusSeq: Number(r['status_seq']),
    criticality: str(r['criticality']),
    serviceType: str(r['service_type']),
    tags: json<string[]>(r['tags'], []),
    metadata: json<Record<string, unknown>>(r['metadata'], {}),
    namespace: str(r['namespace']),
    workloadType: str(r['workload_type']),
    workloadName: str(r['workload_name']),
    replicas: num(r['replicas']),
    readyReplicas: num(r['ready_replicas']),
    availableReplicas: num(r['available_replicas']),
    images: json<string[]>(r['images'], []),
    slaGroup: str(r['sla_group']),
    backup: {
      expected: Boolean(r['backup_expected']),
      maxAgeDays: num(r['backup_max_age_days']),
      lastAt: epoch(r['last_backup_at']),
      lastStatus: str(r['last_backup_status']) as BackupStatus | null,
      lastSizeBytes: num(r['last_backup_size_bytes']),
      lastMessage: str(r['last_backup_message']),
      lastTakenAt: epoch(r['last_backup_taken_at']),
    },
    storage: json<StorageReading | null>(r['storage'], null),
    ownerId: str(r['owner_id']),
    teamId: str(r['team_id']),
    dependencies: json<ServiceDependency[]>(r['dependencies'], []),
    createdAt: epoch(r['created_at'])!,
    updatedAt: epoch(r['updated_at'])!,
  };
}

/** The status interval a service is in (`ended_at` null) or has just left. */
export function intervalRow(serviceId: string, seq: number, status: ServiceStatus, message: string | null, startedAt: number, endedAt: number | null): Row {
  return { service_id: serviceId, seq, status, message, started_at: iso(startedAt), ended_at: iso(endedAt) };
}
