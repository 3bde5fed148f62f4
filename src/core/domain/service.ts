/** The service record held by a service actor; the single source of a service's state. */
export const SERVICE_STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export function isServiceStatus(value: unknown): value is ServiceStatus {
  return typeof value === 'string' && (SERVICE_STATUSES as readonly string[]).includes(value);
}

export const BACKUP_STATUSES = ['success', 'failed', 'partial'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

export type StorageStatus = 'healthy' | 'warning' | 'critical';

export interface StorageReading {
  readonly allocatedBytes: number;
  readonly usedBytes: number;
  readonly storageType: string | null;
  readonly mountPath: string | null;
  readonly freePercent: number;
  readonly status: StorageStatus;
  readonly reportedAt: number;
}

export interface BackupState {
  readonly expected: boolean;
  readonly maxAgeDays: number | null;
  readonly lastAt: number | null;
  readonly lastStatus: BackupStatus | null;
  readonly lastSizeBytes: number | null;
  readonly lastMessage: string | null;
  /** Last `success` or `partial` report: what `backupOverdue` is measured from. */
  readonly lastTakenAt: number | null;
}

export interface ServiceRecord {
  readonly id: string;
  readonly nodePath: string;
  readonly name: string;
  readonly displayName: string | null;
  readonly status: ServiceStatus;
  readonly statusMessage: string | null;
  /** Epoch ms when the current status began. */
  readonly statusSince: number;
  /** Number of the current status interval (intervals are keyed by service id and this number). */
  readonly statusSeq: number;
  readonly criticality: string | null;
  readonly serviceType: string | null;
  readonly tags: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly namespace: string | null;
  readonly workloadType: string | null;
  readonly workloadName: string | null;
  readonly replicas: number | null;
  readonly readyReplicas: number | null;
  readonly availableReplicas: number | null;
  readonly images: readonly string[];
  readonly slaGroup: string | null;
  readonly backup: BackupState;
  readonly storage: StorageReading | null;
  /** User who owns the service (SPEC.md `owner`); null when nobody does. */
  readonly ownerId: string | null;
  /** Group responsible for the service (SPEC.md `team`). */
  readonly teamId: string | null;
  /** Declared outgoing dependencies; `dependents` are the reverse index kept by the registry. */
  readonly dependencies: readonly ServiceDependency[];
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface ServiceDependency {
  readonly targetId: string;
  /** Free text; `runtime` when not declared (e.g. `runtime`, `data`, `network`). */
  readonly type: string;
}

/** `externalId`: the node path joined with the service name. */
export function externalIdOf(service: Pick<ServiceRecord, 'nodePath' | 'name'>): string {
  return `${service.nodePath}/${service.name}`;
}

/**
 * Cluster mode: the key whose shard holds a service (docs/adr/0067): its routing, its rows and its events (the read
 * model, docs/adr/0065). Its natural key, node path and name, not its id: a first push, which has no id yet, knows
 * its shard, and every instance computes the same.
 */
export function serviceShardKey(nodePath: string, name: string): string {
  // A NUL cannot occur in either part, so no other (path, name) pair spells the same key.
  return `service:${nodePath}\u0000${name}`;
}

/** The empty list and metadata every service without any holds: one frozen instance, not one each (docs/adr/0082). */
export const EMPTY_LIST: readonly never[] = Object.freeze([]);
export const EMPTY_METADATA: Readonly<Record<string, unknown>> = Object.freeze({});

export const NO_BACKUP: BackupState = Object.freeze({
  expected: false,
  maxAgeDays: null,
  lastAt: null,
  lastStatus: null,
  lastSizeBytes: null,
  lastMessage: null,
  lastTakenAt: null,
});

/** A service a push or registration is about to create. */
export interface NewService {
  readonly nodePath: string;
  readonly name: string;
  readonly displayName?: string | null;
  readonly status?: ServiceStatus;
  readonly statusMessage?: string | null;
  readonly criticality?: string | null;
  readonly serviceType?: string | null;
  readonly tags?: readonly string[];
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly namespace?: string | null;
  readonly slaGroup?: string | null;
  readonly backup?: BackupState;
  readonly ownerId?: string | null;
  readonly teamId?: string | null;
  readonly dependencies?: readonly ServiceDependency[];
}

export function newServiceRecord(id: string, draft: NewService, at: number): ServiceRecord {
  return {
    id,
    nodePath: draft.nodePath,
    name: draft.name,
    displayName: draft.displayName ?? null,
    status: draft.status ?? 'UNKNOWN',
    statusMessage: draft.statusMessage ?? null,
    statusSince: at,
    statusSeq: 1,
    criticality: draft.criticality ?? null,
    serviceType: draft.serviceType ?? null,
    tags: draft.tags ?? EMPTY_LIST,
    metadata: draft.metadata ?? EMPTY_METADATA,
    namespace: draft.namespace ?? null,
    workloadType: null,
    workloadName: null,
    replicas: null,
    readyReplicas: null,
    availableReplicas: null,
    images: EMPTY_LIST,
    slaGroup: draft.slaGroup ?? null,
    backup: draft.backup ?? NO_BACKUP,
    storage: null,
    ownerId: draft.ownerId ?? null,
    teamId: draft.teamId ?? null,
    dependencies: draft.dependencies ?? EMPTY_LIST,
    createdAt: at,
    updatedAt: at,
  };
}
