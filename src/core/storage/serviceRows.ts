/** Mapping between the service actor's record and its database rows. */
import type { ServiceRecord, ServiceStatus, BackupStatus, StorageReading, ServiceDependency } from '../domain/service.js';
import type { Row } from '../../platform/persistence/batchWriter.js';
import type { CopyRow } from '../../platform/persistence/copyText.js';
import { epoch, iso, jsonColumn as json, numberOrNull as num, servicesTable, textOrNull as str } from './tables.js';

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
  return {
    id: s.id,
    status: s.status,
    status_message: s.statusMessage,
    status_since: iso(s.statusSince),
    status_seq: s.statusSeq,
    updated_at: iso(s.updatedAt),
  };
}

/** The columns `serviceStatusRow` writes (the key and the status columns). */
const STATUS_ROW_COLUMNS = new Set(['id', 'status', 'status_message', 'status_since', 'status_seq', 'updated_at']);

/**
 * `record` with a patch of its status columns applied (cluster mode's read model, a status report committed
 * elsewhere): field writes, without the round trip through a full row. Undefined when the patch names any other
 * column (the caller then merges it into a full row).
 */
export function withStatusColumns(record: ServiceRecord, patch: Row): ServiceRecord | undefined {
  for (const column in patch) if (!STATUS_ROW_COLUMNS.has(column)) return undefined;
  return {
    ...record,
    status: 'status' in patch ? (patch['status'] as ServiceStatus) : record.status,
    statusMessage: 'status_message' in patch ? str(patch['status_message']) : record.statusMessage,
    statusSince: 'status_since' in patch ? epoch(patch['status_since'])! : record.statusSince,
    statusSeq: 'status_seq' in patch ? Number(patch['status_seq']) : record.statusSeq,
    updatedAt: 'updated_at' in patch ? epoch(patch['updated_at'])! : record.updatedAt,
  };
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

/** Position of a services column in a row that lists `servicesTable.columns` in order (the start-up read). */
const at = (name: string): number => {
  const index = servicesTable.columns.findIndex((c) => c.name === name);
  if (index < 0) throw new Error(`services has no column ${name}`);
  return index;
};
const C = {
  id: at('id'),
  nodePath: at('node_path'),
  name: at('name'),
  displayName: at('display_name'),
  status: at('status'),
  statusMessage: at('status_message'),
  statusSince: at('status_since'),
  statusSeq: at('status_seq'),
  criticality: at('criticality'),
  serviceType: at('service_type'),
  tags: at('tags'),
  metadata: at('metadata'),
  namespace: at('namespace'),
  workloadType: at('workload_type'),
  workloadName: at('workload_name'),
  replicas: at('replicas'),
  readyReplicas: at('ready_replicas'),
  availableReplicas: at('available_replicas'),
  images: at('images'),
  slaGroup: at('sla_group'),
  backupExpected: at('backup_expected'),
  backupMaxAgeDays: at('backup_max_age_days'),
  lastBackupAt: at('last_backup_at'),
  lastBackupStatus: at('last_backup_status'),
  lastBackupSizeBytes: at('last_backup_size_bytes'),
  lastBackupMessage: at('last_backup_message'),
  lastBackupTakenAt: at('last_backup_taken_at'),
  storage: at('storage'),
  ownerId: at('owner_id'),
  teamId: at('team_id'),
  dependencies: at('dependencies'),
  createdAt: at('created_at'),
  updatedAt: at('updated_at'),
};

/**
 * `rowToService` for a row of the COPY stream at start (copyText.ts): the same record, field for field,
 * from a row of `servicesTable.columns` in order, timestamps as epoch milliseconds.
 */
export function copyRowToService(r: CopyRow): ServiceRecord {
  return {
    id: r.text(C.id)!,
    nodePath: r.text(C.nodePath)!,
    name: r.text(C.name)!,
    displayName: r.text(C.displayName),
    status: r.text(C.status) as ServiceStatus,
    statusMessage: r.text(C.statusMessage),
    statusSince: r.number(C.statusSince)!,
    statusSeq: r.number(C.statusSeq) ?? 0,
    criticality: r.text(C.criticality),
    serviceType: r.text(C.serviceType),
    tags: r.json<string[]>(C.tags, []),
    metadata: r.json<Record<string, unknown>>(C.metadata, {}),
    namespace: r.text(C.namespace),
    workloadType: r.text(C.workloadType),
    workloadName: r.text(C.workloadName),
    replicas: r.number(C.replicas),
    readyReplicas: r.number(C.readyReplicas),
    availableReplicas: r.number(C.availableReplicas),
    images: r.json<string[]>(C.images, []),
    slaGroup: r.text(C.slaGroup),
    backup: {
      expected: r.boolean(C.backupExpected) === true,
      maxAgeDays: r.number(C.backupMaxAgeDays),
      lastAt: r.number(C.lastBackupAt),
      lastStatus: r.text(C.lastBackupStatus) as BackupStatus | null,
      lastSizeBytes: r.number(C.lastBackupSizeBytes),
      lastMessage: r.text(C.lastBackupMessage),
      lastTakenAt: r.number(C.lastBackupTakenAt),
    },
    storage: r.json<StorageReading | null>(C.storage, null),
    ownerId: r.text(C.ownerId),
    teamId: r.text(C.teamId),
    dependencies: r.json<ServiceDependency[]>(C.dependencies, []),
    createdAt: r.number(C.createdAt)!,
    updatedAt: r.number(C.updatedAt)!,
  };
}

/** The status interval a service is in (`ended_at` null) or has just left. */
export function intervalRow(
  serviceId: string,
  seq: number,
  status: ServiceStatus,
  message: string | null,
  startedAt: number,
  endedAt: number | null,
): Row {
  return { service_id: serviceId, seq, status, message, started_at: iso(startedAt), ended_at: iso(endedAt) };
}
