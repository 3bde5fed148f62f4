/**
 * The machine API's request bodies (SPEC.md "Endpoints"), each parsed once at the gateway into a
 * typed value. Nothing else reads raw bodies.
 */
import { COMMAND_OUTCOMES, type AgentHeartbeat, type CommandOutcomeReport } from '../domain/agent.js';
import { BACKUP_STATUSES, SERVICE_STATUSES, type BackupStatus, type ServiceStatus } from '../domain/service.js';
import type { SlaGroupDeclaration } from '../domain/slaGroup.js';
import { AppError } from '../../platform/errors/catalog.js';
import { BodyFields, readBody, readEntry, type Parsed } from './bodyFields.js';
import {
  badRequest,
  enumValue,
  expectObject,
  nodePath,
  optionalBoolean,
  optionalInteger,
  optionalJsonObject,
  optionalName,
  optionalText,
  requiredInteger,
  serviceName,
  stringList,
  UNKNOWN_NODE,
  type Warnings,
  type Json,
} from './fields.js';

export type { Parsed } from './bodyFields.js';

const MAX_MESSAGE = 2048;
const MAX_LABEL = 253;
const MAX_TAGS = 64;
const MAX_METADATA_DEPTH = 16;
const MAX_BYTES = Number.MAX_SAFE_INTEGER;
const MAX_REPLICAS = 1_000_000;

/** `nodeId`, or the `unknown` node (with a warning) when a push leaves it out. */
function pushNodePath(body: Json, warnings: Warnings): string {
  if (body['nodeId'] === undefined || body['nodeId'] === null || body['nodeId'] === '') {
    warnings.add(`nodeId is missing; the service is filed under the "${UNKNOWN_NODE}" node`);
    return UNKNOWN_NODE;
  }
  return nodePath(body['nodeId'], 'nodeId', warnings);
}

export interface HealthReport {
  readonly service: string;
  readonly nodePath: string;
  readonly status: ServiceStatus;
  readonly message: string | null;
  readonly criticality: string | null;
  readonly slaGroup: string | null;
  readonly serviceType: string | null;
  readonly tags: readonly string[] | null;
}

const HEALTH_FIELDS = new BodyFields(['service', 'nodeId', 'status', 'message', 'criticality', 'slaGroup', 'serviceType', 'tags']);

export function parseHealthReport(body: Json): Parsed<HealthReport> {
  return readBody(
    body,
    HEALTH_FIELDS,
    (body, warnings): HealthReport => ({
      service: serviceName(body['service'], 'service'),
      nodePath: pushNodePath(body, warnings),
      status: enumValue(body['status'], SERVICE_STATUSES, 'status', warnings),
      message: optionalText(body, 'message', MAX_MESSAGE, warnings),
      criticality: optionalName(body, 'criticality', 64),
      slaGroup: optionalName(body, 'slaGroup', MAX_LABEL),
      serviceType: optionalName(body, 'serviceType', 64),
      tags: stringList(body, 'tags', MAX_TAGS, 128, warnings),
    }),
  );
}

export interface StorageReport {
  readonly service: string;
  readonly nodePath: string;
  readonly allocatedBytes: number;
  readonly usedBytes: number;
  readonly storageType: string | null;
  readonly mountPath: string | null;
}

const STORAGE_FIELDS = new BodyFields(['service', 'nodeId', 'allocatedBytes', 'usedBytes', 'storageType', 'mountPath']);

export function parseStorageReport(body: Json): Parsed<StorageReport> {
  return readBody(body, STORAGE_FIELDS, (body, warnings) => storageReport(body, warnings));
}

function storageReport(body: Json, warnings: Warnings): StorageReport {
  const allocatedBytes = requiredInteger(body, 'allocatedBytes', 1, MAX_BYTES);
  let usedBytes = requiredInteger(body, 'usedBytes', 0, MAX_BYTES);
  if (usedBytes > allocatedBytes) {
    warnings.add(`usedBytes (${usedBytes}) is more than allocatedBytes (${allocatedBytes}); read as full`);
    usedBytes = allocatedBytes;
  }
  const value: StorageReport = {
    service: serviceName(body['service'], 'service'),
    nodePath: pushNodePath(body, warnings),
    allocatedBytes,
    usedBytes,
    storageType: optionalName(body, 'storageType', 64),
    mountPath: optionalText(body, 'mountPath', 1024, warnings),
  };
  return value;
}

export type BackupTarget =
  | { readonly mode: 'service'; readonly service: string; readonly nodePath: string }
  | { readonly mode: 'slaGroup'; readonly slaGroup: string }
  | { readonly mode: 'namespace'; readonly namespace: string };

export interface BackupReportBody {
  readonly target: BackupTarget;
  readonly status: BackupStatus;
  readonly sizeBytes: number | null;
  readonly message: string | null;
}

const BACKUP_FIELDS = new BodyFields(['service', 'nodeId', 'slaGroup', 'namespace', 'status', 'sizeBytes', 'message']);

export function parseBackupReport(body: Json): Parsed<BackupReportBody> {
  return readBody(body, BACKUP_FIELDS, (body, warnings) => backupReport(body, warnings));
}

function backupReport(body: Json, warnings: Warnings): BackupReportBody {
  const keys = (['service', 'slaGroup', 'namespace'] as const).filter((k) => body[k] !== undefined && body[k] !== null);
  if (keys.length !== 1) {
    throw badRequest(
      `send exactly one of "service" (with "nodeId"), "slaGroup" or "namespace" to say what the backup covers${keys.length > 1 ? `; got ${keys.join(', ')}` : ''}`,
    );
  }
  let target: BackupTarget;
  const mode = keys[0]!;
  if (mode === 'service') target = { mode, service: serviceName(body['service'], 'service'), nodePath: pushNodePath(body, warnings) };
  else if (mode === 'slaGroup') target = { mode, slaGroup: optionalName(body, 'slaGroup', MAX_LABEL) ?? '' };
  else target = { mode, namespace: optionalName(body, 'namespace', MAX_LABEL) ?? '' };
  if ((target.mode === 'slaGroup' && target.slaGroup === '') || (target.mode === 'namespace' && target.namespace === '')) {
    throw badRequest(`field "${mode}" must not be empty`);
  }
  const value: BackupReportBody = {
    target,
    status: enumValue(body['status'], BACKUP_STATUSES, 'status', warnings),
    sizeBytes: optionalInteger(body, 'sizeBytes', 0, MAX_BYTES),
    message: optionalText(body, 'message', MAX_MESSAGE, warnings),
  };
  return value;
}

export interface Registration {
  readonly name: string;
  readonly nodePath: string;
  readonly displayName: string | null;
  readonly criticality: string | null;
  readonly serviceType: string | null;
  readonly namespace: string | null;
  readonly slaGroup: string | null;
  readonly tags: readonly string[] | null;
  /** Declared content kept as the service's metadata (ownership, links, `operations`, ...). */
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly backupExpected: boolean | null;
  readonly backupMaxAgeDays: number | null;
}

/** SPEC.md "Service registration body", and what the server keeps beyond it (tags, metadata, ...). */
const REGISTRATION_FIELDS = new BodyFields([
  'name',
  'nodeId',
  'displayName',
  'criticality',
  'serviceType',
  'namespace',
  'slaGroup',
  'tags',
  'metadata',
  'operations',
]);

export function parseRegistration(body: Json): Parsed<Registration> {
  return readBody(body, REGISTRATION_FIELDS, (body, warnings) => registration(body, warnings));
}

function registration(body: Json, warnings: Warnings): Registration {
  if (body['nodeId'] === undefined || body['nodeId'] === null) throw badRequest('field "nodeId" is required');
  const operations = optionalJsonObject(body, 'operations', MAX_METADATA_DEPTH);
  const declared = optionalJsonObject(body, 'metadata', MAX_METADATA_DEPTH);
  let backupExpected: boolean | null = null;
  let backupMaxAgeDays: number | null = null;
  if (operations && operations['backup'] !== undefined && operations['backup'] !== null) {
    const backup = expectObject(operations['backup'], 'field "operations.backup"');
    backupExpected = optionalBoolean(backup, 'expected', 'operations.backup.expected');
    backupMaxAgeDays = optionalInteger(backup, 'maxAgeDays', 1, 3650, 'operations.backup.maxAgeDays');
  }
  const metadata = operations || declared ? { ...(declared ?? {}), ...(operations ? { operations } : {}) } : null;
  const value: Registration = {
    name: serviceName(body['name'], 'name'),
    nodePath: nodePath(body['nodeId'], 'nodeId', warnings),
    displayName: optionalText(body, 'displayName', MAX_LABEL, warnings),
    criticality: optionalName(body, 'criticality', 64),
    serviceType: optionalName(body, 'serviceType', 64),
    namespace: optionalName(body, 'namespace', MAX_LABEL),
    slaGroup: optionalName(body, 'slaGroup', MAX_LABEL),
    tags: stringList(body, 'tags', MAX_TAGS, 128, warnings),
    metadata,
    backupExpected,
    backupMaxAgeDays,
  };
  return value;
}

/** A status sync entry. Optional fields left out (or null) are "not reported": the service keeps its value. */
export interface SyncEntry {
  readonly name: string;
  readonly status: ServiceStatus;
  readonly message: string | null;
  readonly namespace: string | null;
  readonly workloadType: string | null;
  readonly workloadName: string | null;
  readonly replicas: number | null;
  readonly readyReplicas: number | null;
  readonly availableReplicas: number | null;
  readonly images: readonly string[] | null;
  readonly slaGroup: string | null;
}

/** A node's previous status sync body and where each of its entries lies in it (statusSyncBody.ts reads the next against it). */
export interface PreviousSyncBody {
  readonly body: Buffer;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /** 1 where the entry read without a warning and was not refused: only such an entry is taken as repeated. */
  readonly clean: Uint8Array;
}

/** A status sync's entries as statusSyncBody.ts read them from the bytes. */
export interface SyncBodyElements {
  readonly body: Buffer;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /**
   * Per entry in body order: the entry as read; null when it was refused (counted in `rejected`);
   * undefined when its bytes are the previous body's entry at the same index (not parsed).
   */
  readonly entries: ReadonlyArray<SyncEntry | null | undefined>;
  /** 1 where the entry read (or, repeated, had read) without a warning and was not refused. */
  readonly clean: Uint8Array;
  /** What the undefined entries repeat. */
  readonly previous: PreviousSyncBody | undefined;
}

export interface StatusSync {
  readonly nodePath: string;
  readonly operatorVersion: string | null;
  /** The entries read (refused ones left out). With `elements`, only those that were parsed. */
  readonly services: readonly SyncEntry[];
  readonly slaGroups: readonly SlaGroupDeclaration[];
  /** Entries refused one by one (the rest of the sync still applies). */
  readonly rejected: number;
  /**
   * Read from the body's bytes against the node's previous sync (statusSyncBody.ts): every entry in
   * body order, those whose bytes repeat the previous body's not parsed. Absent: `services` is all.
   */
  readonly elements?: SyncBodyElements;
}

const STATUS_SYNC_FIELDS = new BodyFields(['nodeId', 'operatorVersion', 'services', 'slaGroups']);
/** SPEC.md's entry fields; `externalId` is accepted and not used (the name under the node identifies the service). */
const SYNC_ENTRY_FIELDS = new BodyFields([
  'name',
  'externalId',
  'namespace',
  'status',
  'message',
  'workloadType',
  'workloadName',
  'replicas',
  'readyReplicas',
  'availableReplicas',
  'images',
  'slaGroup',
]);
const SLA_GROUP_FIELDS = new BodyFields(['name', 'displayName', 'tier', 'targets']);

export function parseStatusSync(body: Json): Parsed<StatusSync> {
  return readBody(body, STATUS_SYNC_FIELDS, (body, warnings) => statusSync(body, warnings, servicesArray));
}

/**
 * The status sync from its head (every field but `services`, parsed) and a reader of its entries
 * given the node path (statusSyncBody.ts reads them from the bytes): same checks, same warnings in the
 * same order as `parseStatusSync` of the whole body.
 */
export function parseStatusSyncHead(
  head: Json,
  entries: (nodePath: string, warnings: Warnings) => Pick<StatusSync, 'services' | 'rejected' | 'elements'>,
): Parsed<StatusSync> {
  return readBody(head, STATUS_SYNC_FIELDS, (body, warnings) => statusSync(body, warnings, (_body, path) => entries(path, warnings)));
}

type EntriesReader = (body: Json, nodePath: string, warnings: Warnings) => Pick<StatusSync, 'services' | 'rejected' | 'elements'>;

function servicesArray(body: Json, _nodePath: string, warnings: Warnings): Pick<StatusSync, 'services' | 'rejected'> {
  const rawServices = body['services'] ?? [];
  if (!Array.isArray(rawServices)) throw badRequest('field "services" must be an array');
  const services: SyncEntry[] = [];
  let rejected = 0;
  for (let i = 0; i < rawServices.length; i += 1) {
    const entry = readSyncEntry(rawServices[i], i, warnings);
    if (entry === null) rejected += 1;
    else services.push(entry);
  }
  return { services, rejected };
}

/** One entry of `services` (index `i`), or null when it is refused (with a warning that says why). */
export function readSyncEntry(raw: unknown, i: number, warnings: Warnings): SyncEntry | null {
  try {
    return readEntry(expectObject(raw, 'entry'), SYNC_ENTRY_FIELDS, warnings, `services[${i}]: `, parseSyncEntry);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    warnings.add(`services[${i}] ignored: ${error.message}`);
    return null;
  }
}

function statusSync(body: Json, warnings: Warnings, readServices: EntriesReader): StatusSync {
  if (body['nodeId'] === undefined || body['nodeId'] === null) throw badRequest('field "nodeId" is required');
  const path = nodePath(body['nodeId'], 'nodeId', warnings);
  const rawGroups = body['slaGroups'] ?? [];
  const read = readServices(body, path, warnings);
  if (!Array.isArray(rawGroups)) throw badRequest('field "slaGroups" must be an array');

  let rejected = read.rejected;
  const slaGroups: SlaGroupDeclaration[] = [];
  for (let i = 0; i < rawGroups.length; i += 1) {
    try {
      slaGroups.push(readEntry(expectObject(rawGroups[i], 'entry'), SLA_GROUP_FIELDS, warnings, `slaGroups[${i}]: `, parseSlaGroup));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      rejected += 1;
      warnings.add(`slaGroups[${i}] ignored: ${error.message}`);
    }
  }
  return {
    nodePath: path,
    operatorVersion: optionalName(body, 'operatorVersion', 64),
    services: read.services,
    slaGroups,
    rejected,
    ...(read.elements !== undefined ? { elements: read.elements } : {}),
  };
}

function parseSyncEntry(entry: Json, warnings: Warnings): SyncEntry {
  return {
    name: serviceName(entry['name'], 'name'),
    status: enumValue(entry['status'], SERVICE_STATUSES, 'status', warnings),
    message: optionalText(entry, 'message', MAX_MESSAGE, warnings),
    namespace: optionalName(entry, 'namespace', MAX_LABEL),
    workloadType: optionalName(entry, 'workloadType', 64),
    workloadName: optionalName(entry, 'workloadName', MAX_LABEL),
    replicas: optionalInteger(entry, 'replicas', 0, MAX_REPLICAS),
    readyReplicas: optionalInteger(entry, 'readyReplicas', 0, MAX_REPLICAS),
    availableReplicas: optionalInteger(entry, 'availableReplicas', 0, MAX_REPLICAS),
    images: stringList(entry, 'images', 64, 512, warnings),
    slaGroup: optionalName(entry, 'slaGroup', MAX_LABEL),
  };
}

function parseSlaGroup(entry: Json): SlaGroupDeclaration {
  const name = optionalName(entry, 'name', MAX_LABEL);
  if (name === null) throw badRequest('field "name" is required');
  let targets: SlaGroupDeclaration['targets'] = null;
  if (entry['targets'] !== undefined && entry['targets'] !== null) {
    const t = expectObject(entry['targets'], 'field "targets"');
    const uptime = t['uptime'];
    if (uptime !== undefined && uptime !== null) {
      if (typeof uptime !== 'number' || !Number.isFinite(uptime) || uptime < 0 || uptime > 100) {
        throw badRequest('field "targets.uptime" must be a percentage between 0 and 100');
      }
      targets = { uptime };
    }
  }
  return { name, displayName: optionalName(entry, 'displayName', MAX_LABEL), tier: optionalName(entry, 'tier', 64), targets };
}

const HEARTBEAT_FIELDS = new BodyFields(['nodeId', 'version', 'watchedServices', 'healthyServices', 'unhealthyServices']);

export function parseHeartbeat(body: Json): Parsed<AgentHeartbeat> {
  return readBody(body, HEARTBEAT_FIELDS, (body, warnings) => heartbeat(body, warnings));
}

function heartbeat(body: Json, warnings: Warnings): AgentHeartbeat {
  if (body['nodeId'] === undefined || body['nodeId'] === null) throw badRequest('field "nodeId" is required');
  return {
    nodeId: nodePath(body['nodeId'], 'nodeId', warnings),
    version: optionalName(body, 'version', 64),
    watchedServices: optionalInteger(body, 'watchedServices', 0, 10_000_000),
    healthyServices: optionalInteger(body, 'healthyServices', 0, 10_000_000),
    unhealthyServices: optionalInteger(body, 'unhealthyServices', 0, 10_000_000),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COMMAND_RESULT_FIELDS = new BodyFields(['nodeId', 'commandId', 'status', 'message', 'output']);

export function parseCommandResult(body: Json): Parsed<CommandOutcomeReport> {
  return readBody(body, COMMAND_RESULT_FIELDS, (body, warnings) => commandResult(body, warnings));
}

function commandResult(body: Json, warnings: Warnings): CommandOutcomeReport {
  if (body['nodeId'] === undefined || body['nodeId'] === null) throw badRequest('field "nodeId" is required');
  const commandId = body['commandId'];
  if (typeof commandId !== 'string' || !UUID.test(commandId))
    throw badRequest('field "commandId" must be the id of a command from a heartbeat response');
  return {
    nodeId: nodePath(body['nodeId'], 'nodeId', warnings),
    commandId: commandId.toLowerCase(),
    status: enumValue(body['status'], COMMAND_OUTCOMES, 'status', warnings),
    message: optionalText(body, 'message', MAX_MESSAGE, warnings),
    output: optionalJsonObject(body, 'output', MAX_METADATA_DEPTH),
  };
}
