/**
 * What each service event does to a service record: pure functions, no I/O, no clock (the time
 * is on the event). The service machine assigns their result; tests call them directly.
 */
import type { BackupStatus, ServiceDependency, ServiceRecord, ServiceStatus, StorageReading } from '../domain/service.js';
import type { Origin } from '../../platform/events/domainEvents.js';

/** Fields an agent's status sync reports for a registered service. */
export type AgentSyncFields = Pick<
  ServiceRecord,
  'namespace' | 'workloadType' | 'workloadName' | 'replicas' | 'readyReplicas' | 'availableReplicas' | 'images' | 'slaGroup'
>;

/** Fields a registration declares; absent ones are left as they are. */
export interface RegistrationChanges {
  readonly displayName?: string | null;
  readonly criticality?: string | null;
  readonly serviceType?: string | null;
  readonly tags?: readonly string[];
  readonly namespace?: string | null;
  readonly slaGroup?: string | null;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly backupExpected?: boolean;
  readonly backupMaxAgeDays?: number | null;
}

/** Fields a person sets through `updateService`; absent ones are left as they are. */
export interface ServiceUpdate {
  readonly displayName?: string | null;
  readonly criticality?: string | null;
  readonly serviceType?: string | null;
  readonly tags?: readonly string[];
  /** Replaces the whole metadata object (an editor sends what it shows). */
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly ownerId?: string | null;
  readonly teamId?: string | null;
  /** Replaces the declared dependencies. */
  readonly dependencies?: readonly ServiceDependency[];
  /** A status set by a person (e.g. MAINTENANCE); null leaves the status as it is. */
  readonly status?: ServiceStatus | null;
  readonly statusMessage?: string | null;
}

/** Something a service refers to was deleted; the reference is dropped. */
export interface RemovedReference {
  readonly userId?: string;
  readonly groupId?: string;
  readonly serviceId?: string;
}

export interface BackupReport {
  readonly status: BackupStatus;
  readonly sizeBytes: number | null;
  readonly message: string | null;
  readonly mode: 'service' | 'slaGroup' | 'namespace';
}

interface EventBase {
  /** Epoch ms, from the injected clock. */
  readonly at: number;
  readonly origin: Origin;
}

export type ServiceEvent =
  | (EventBase & { readonly type: 'STATUS_REPORTED'; readonly status: ServiceStatus; readonly message: string | null })
  | (EventBase & {
      readonly type: 'AGENT_SYNCED';
      readonly status: ServiceStatus;
      readonly message: string | null;
      readonly fields: AgentSyncFields;
    })
  | (EventBase & { readonly type: 'REGISTERED'; readonly changes: RegistrationChanges })
  | (EventBase & { readonly type: 'STORAGE_REPORTED'; readonly reading: StorageReading })
  | (EventBase & { readonly type: 'BACKUP_REPORTED'; readonly report: BackupReport })
  | (EventBase & { readonly type: 'UPDATED'; readonly changes: ServiceUpdate })
  | (EventBase & { readonly type: 'REFERENCE_REMOVED'; readonly removed: RemovedReference })
  /** A maintenance window opened on the service (serviceMaintenance.ts): it shows MAINTENANCE until the window ends. */
  | (EventBase & { readonly type: 'MAINTENANCE_STARTED'; readonly windowId: string; readonly reason: string | null })
  /** The window ended (stopped, expired or deleted): the service shows the status it reported meanwhile. */
  | (EventBase & { readonly type: 'MAINTENANCE_ENDED'; readonly windowId: string });

/** The status an event moves the service to, when it carries one. */
export function reportedStatus(event: ServiceEvent): ServiceStatus | null {
  switch (event.type) {
    case 'STATUS_REPORTED':
    case 'AGENT_SYNCED':
      return event.status;
    case 'UPDATED':
      return event.changes.status ?? null;
    default:
      return null;
  }
}

export function applyServiceEvent(record: ServiceRecord, event: ServiceEvent): ServiceRecord {
  switch (event.type) {
    case 'STATUS_REPORTED':
      return withStatus({ ...record, statusMessage: event.message, updatedAt: event.at }, record, event.status, event.at);
    case 'AGENT_SYNCED':
      return withStatus({ ...record, ...event.fields, statusMessage: event.message, updatedAt: event.at }, record, event.status, event.at);
    case 'REGISTERED': {
      const c = event.changes;
      return {
        ...record,
        displayName: c.displayName !== undefined ? c.displayName : record.displayName,
        criticality: c.criticality !== undefined ? c.criticality : record.criticality,
        serviceType: c.serviceType !== undefined ? c.serviceType : record.serviceType,
        tags: c.tags ?? record.tags,
        namespace: c.namespace !== undefined ? c.namespace : record.namespace,
        slaGroup: c.slaGroup !== undefined ? c.slaGroup : record.slaGroup,
        // Declared keys replace their earlier values; keys not declared again are kept.
        metadata: c.metadata ? { ...record.metadata, ...c.metadata } : record.metadata,
        backup: {
          ...record.backup,
          expected: c.backupExpected ?? record.backup.expected,
          maxAgeDays: c.backupMaxAgeDays !== undefined ? c.backupMaxAgeDays : record.backup.maxAgeDays,
        },
        updatedAt: event.at,
      };
    }
    case 'STORAGE_REPORTED':
      return { ...record, storage: event.reading, updatedAt: event.at };
    case 'UPDATED': {
      const c = event.changes;
      const next: ServiceRecord = {
        ...record,
        displayName: c.displayName !== undefined ? c.displayName : record.displayName,
        criticality: c.criticality !== undefined ? c.criticality : record.criticality,
        serviceType: c.serviceType !== undefined ? c.serviceType : record.serviceType,
        tags: c.tags ?? record.tags,
        metadata: c.metadata ?? record.metadata,
        ownerId: c.ownerId !== undefined ? c.ownerId : record.ownerId,
        teamId: c.teamId !== undefined ? c.teamId : record.teamId,
        dependencies: c.dependencies ?? record.dependencies,
        statusMessage: c.statusMessage !== undefined ? c.statusMessage : record.statusMessage,
        updatedAt: event.at,
      };
      return c.status ? withStatus(next, record, c.status, event.at) : next;
    }
    case 'REFERENCE_REMOVED': {
      const r = event.removed;
      return {
        ...record,
        ownerId: r.userId !== undefined && record.ownerId === r.userId ? null : record.ownerId,
        teamId: r.groupId !== undefined && record.teamId === r.groupId ? null : record.teamId,
        dependencies: r.serviceId !== undefined ? record.dependencies.filter((d) => d.targetId !== r.serviceId) : record.dependencies,
        updatedAt: event.at,
      };
    }
    case 'MAINTENANCE_STARTED':
    case 'MAINTENANCE_ENDED':
      // The window's own context lives beside the record; the machine applies these (serviceMaintenance.ts).
      return record;
    case 'BACKUP_REPORTED': {
      const r = event.report;
      const taken = r.status === 'success' || r.status === 'partial';
      return {
        ...record,
        backup: {
          ...record.backup,
          lastAt: event.at,
          lastStatus: r.status,
          lastSizeBytes: r.sizeBytes,
          lastMessage: r.message,
          lastTakenAt: taken ? event.at : record.backup.lastTakenAt,
        },
        updatedAt: event.at,
      };
    }
  }
}

function withStatus(next: ServiceRecord, previous: ServiceRecord, status: ServiceStatus, at: number): ServiceRecord {
  if (status === previous.status) return next;
  return { ...next, status, statusSince: at, statusSeq: previous.statusSeq + 1 };
}

/** A status sync's report for one service; a null field is "not reported" and keeps the record's value. */
export type SyncReport = { readonly [K in keyof AgentSyncFields]: AgentSyncFields[K] | null } & {
  readonly status: ServiceStatus;
  readonly message: string | null;
};

/**
 * True when a status sync entry would change nothing: such entries never reach the actor. Runs for
 * every entry of every sync, so it compares in place instead of building the merged fields.
 */
export function syncChangesNothing(record: ServiceRecord, report: SyncReport): boolean {
  return (
    record.status === report.status &&
    record.statusMessage === report.message &&
    (report.namespace === null || report.namespace === record.namespace) &&
    (report.workloadType === null || report.workloadType === record.workloadType) &&
    (report.workloadName === null || report.workloadName === record.workloadName) &&
    (report.replicas === null || report.replicas === record.replicas) &&
    (report.readyReplicas === null || report.readyReplicas === record.readyReplicas) &&
    (report.availableReplicas === null || report.availableReplicas === record.availableReplicas) &&
    (report.slaGroup === null || report.slaGroup === record.slaGroup) &&
    (report.images === null || sameStrings(record.images, report.images))
  );
}

/** The fields a sync report sets: reported values, and the record's own where nothing was reported. */
export function mergeSyncReport(record: ServiceRecord, report: SyncReport): AgentSyncFields {
  return {
    namespace: report.namespace ?? record.namespace,
    workloadType: report.workloadType ?? record.workloadType,
    workloadName: report.workloadName ?? record.workloadName,
    replicas: report.replicas ?? record.replicas,
    readyReplicas: report.readyReplicas ?? record.readyReplicas,
    availableReplicas: report.availableReplicas ?? record.availableReplicas,
    images: report.images ?? record.images,
    slaGroup: report.slaGroup ?? record.slaGroup,
  };
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}
