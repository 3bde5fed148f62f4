/** Mapping between the service actor's record and its database rows. */
import {
  EMPTY_LIST,
  EMPTY_METADATA,
  NO_BACKUP,
  type BackupState,
  type BackupStatus,
  type ServiceDependency,
  type ServiceRecord,
  type ServiceStatus,
  type StorageReading,
} from '../domain/service.js';
import { SharedValues } from './sharedValues.js';
import type { Row } from '../../platform/persistence/batchWriter.js';
import { CopyFieldMemo } from '../../platform/persistence/copyFieldMemo.js';
import type { CopyRow } from '../../platform/persistence/copyBinary.js';
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
    nodePath: shared.path(String(r['node_path'])),
    name: String(r['name']),
    displayName: str(r['display_name']),
    status: shared.string(r['status'] as ServiceStatus),
    statusMessage: shared.string(str(r['status_message'])),
    statusSince: epoch(r['status_since'])!,
    statusSeq: Number(r['status_seq']),
    criticality: shared.string(str(r['criticality'])),
    serviceType: shared.string(str(r['service_type'])),
    tags: sharedList(r['tags']),
    metadata: sharedMetadata(json<Record<string, unknown>>(r['metadata'], EMPTY_METADATA)),
    namespace: shared.string(str(r['namespace'])),
    workloadType: shared.string(str(r['workload_type'])),
    workloadName: str(r['workload_name']),
    replicas: num(r['replicas']),
    readyReplicas: num(r['ready_replicas']),
    availableReplicas: num(r['available_replicas']),
    images: sharedList(r['images']),
    slaGroup: shared.string(str(r['sla_group'])),
    backup: backupOf(
      Boolean(r['backup_expected']),
      num(r['backup_max_age_days']),
      epoch(r['last_backup_at']),
      str(r['last_backup_status']) as BackupStatus | null,
      num(r['last_backup_size_bytes']),
      str(r['last_backup_message']),
      epoch(r['last_backup_taken_at']),
    ),
    storage: json<StorageReading | null>(r['storage'], null),
    ownerId: shared.string(str(r['owner_id'])),
    teamId: shared.string(str(r['team_id'])),
    dependencies: sharedDependencies(json<ServiceDependency[]>(r['dependencies'], [])),
    createdAt: epoch(r['created_at'])!,
    updatedAt: epoch(r['updated_at'])!,
  };
}

/**
 * The values services read from the database hold in common (sharedValues.ts, docs/adr/0082): one pool for the
 * process, bounded, for the start-up read and for the rows cluster mode's read model adopts.
 */
const shared = new SharedValues();

/** A list column as the driver gave it: JSON text (pooled by its text) or already parsed (pooled by its items). */
const sharedList = (value: unknown): readonly string[] =>
  typeof value === 'string' || value === null || value === undefined
    ? shared.stringList(value ?? null)
    : shared.listOf(value as readonly string[]);

const sharedMetadata = (metadata: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
  for (const _ in metadata) return metadata;
  return EMPTY_METADATA;
};

const sharedDependencies = (dependencies: readonly ServiceDependency[]): readonly ServiceDependency[] =>
  dependencies.length === 0 ? EMPTY_LIST : dependencies;

/** A service's backup state; the one shared `NO_BACKUP` for the many that expect none and never reported one. */
function backupOf(
  expected: boolean,
  maxAgeDays: number | null,
  lastAt: number | null,
  lastStatus: BackupStatus | null,
  lastSizeBytes: number | null,
  lastMessage: string | null,
  lastTakenAt: number | null,
): BackupState {
  if (
    !expected &&
    maxAgeDays === null &&
    lastAt === null &&
    lastStatus === null &&
    lastSizeBytes === null &&
    lastMessage === null &&
    lastTakenAt === null
  )
    return NO_BACKUP;
  return {
    expected,
    maxAgeDays,
    lastAt,
    lastStatus: shared.string(lastStatus),
    lastSizeBytes,
    lastMessage: shared.string(lastMessage),
    lastTakenAt,
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
 * The columns of the COPY read whose values repeat across services (statuses, node paths, owners, tag lists), each
 * remembered by its bytes for one read (copyFieldMemo.ts): a repeat is neither decoded nor looked up in the pool.
 */
export interface ServiceCopyMemos {
  readonly nodePath: CopyFieldMemo<string>;
  readonly status: CopyFieldMemo<ServiceStatus>;
  readonly statusMessage: CopyFieldMemo<string | null>;
  readonly criticality: CopyFieldMemo<string | null>;
  readonly serviceType: CopyFieldMemo<string | null>;
  readonly tags: CopyFieldMemo<readonly string[]>;
  readonly namespace: CopyFieldMemo<string | null>;
  readonly workloadType: CopyFieldMemo<string | null>;
  readonly images: CopyFieldMemo<readonly string[]>;
  readonly slaGroup: CopyFieldMemo<string | null>;
  readonly ownerId: CopyFieldMemo<string | null>;
  readonly teamId: CopyFieldMemo<string | null>;
}

/** Fresh memos for one read (they hold the read's distinct values until it is done). */
export function serviceCopyMemos(): ServiceCopyMemos {
  const pooled = <T extends string | null>() => new CopyFieldMemo((r, i) => shared.string(r.text(i)) as T);
  const list = () => new CopyFieldMemo((r, i) => shared.stringList(r.jsonbText(i)));
  return {
    nodePath: new CopyFieldMemo((r, i) => shared.path(r.text(i)!)),
    status: pooled<ServiceStatus>(),
    statusMessage: pooled(),
    criticality: pooled(),
    serviceType: pooled(),
    tags: list(),
    namespace: pooled(),
    workloadType: pooled(),
    images: list(),
    slaGroup: pooled(),
    ownerId: new CopyFieldMemo((r, i) => shared.string(r.uuid(i))),
    teamId: new CopyFieldMemo((r, i) => shared.string(r.uuid(i))),
  };
}

/**
 * `rowToService` for a row of the binary COPY stream at start (copyBinary.ts, `SERVICES_COPIED_AT_START`): the same
 * record, field for field, from a row of `servicesTable.columns` in order, each read by its column's type.
 */
export function copyRowToService(r: CopyRow, memos: ServiceCopyMemos): ServiceRecord {
  return {
    id: r.uuid(C.id)!,
    nodePath: memos.nodePath.of(r, C.nodePath),
    name: r.text(C.name)!,
    displayName: r.text(C.displayName),
    status: memos.status.of(r, C.status),
    statusMessage: memos.statusMessage.of(r, C.statusMessage),
    statusSince: r.timestamp(C.statusSince)!,
    statusSeq: r.int32(C.statusSeq) ?? 0,
    criticality: memos.criticality.of(r, C.criticality),
    serviceType: memos.serviceType.of(r, C.serviceType),
    tags: memos.tags.of(r, C.tags),
    metadata: sharedMetadata(r.jsonb<Record<string, unknown>>(C.metadata, EMPTY_METADATA)),
    namespace: memos.namespace.of(r, C.namespace),
    workloadType: memos.workloadType.of(r, C.workloadType),
    workloadName: r.text(C.workloadName),
    replicas: r.int32(C.replicas),
    readyReplicas: r.int32(C.readyReplicas),
    availableReplicas: r.int32(C.availableReplicas),
    images: memos.images.of(r, C.images),
    slaGroup: memos.slaGroup.of(r, C.slaGroup),
    backup: backupOf(
      r.boolean(C.backupExpected) === true,
      r.int32(C.backupMaxAgeDays),
      r.timestamp(C.lastBackupAt),
      r.text(C.lastBackupStatus) as BackupStatus | null,
      r.int64(C.lastBackupSizeBytes),
      r.text(C.lastBackupMessage),
      r.timestamp(C.lastBackupTakenAt),
    ),
    storage: r.jsonb<StorageReading | null>(C.storage, null),
    ownerId: memos.ownerId.of(r, C.ownerId),
    teamId: memos.teamId.of(r, C.teamId),
    dependencies: sharedDependencies(r.jsonb<readonly ServiceDependency[]>(C.dependencies, EMPTY_LIST)),
    createdAt: r.timestamp(C.createdAt)!,
    updatedAt: r.timestamp(C.updatedAt)!,
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
