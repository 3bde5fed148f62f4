/**
 * Services over GraphQL (SPEC.md "Service"). Everything is read from the actors' in-memory records:
 * owner, team, dependencies and dependents resolve by id lookups, so a page of services with all
 * of them costs no database query at all (no N+1 by construction).
 */
import type { CoreServices } from '../coreServices.js';
import { visibleServices } from '../auth/placeGate.js';
import { authorize, can, placeGate, placesMatter, type Viewer } from '../auth/roles.js';
import type { ServiceUpdate } from './serviceChanges.js';
import { isBackupOverdue } from '../domain/backup.js';
import { externalIdOf, isServiceStatus, type ServiceDependency, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../platform/graphql/pagination.js';
import { identifierText, jsonObjectText, nodePath as readNodePath, serviceName, storableText, Warnings } from '../protocol/fields.js';
import { inSortOrder } from '../fleet/serviceSorting.js';
import { DEFAULT_SERVICE_SORT, type ServiceSort, type ServiceSortField, type SortDirection } from '../domain/serviceOrder.js';
import { isEmptyFilter, onlySearch, searchCandidates, serviceMatcher, storageCandidates, type ServiceFilter } from './serviceFilter.js';

const TEXT_MAX = 253;
const MESSAGE_MAX = 2000;
const MAX_TAGS = 50;
const METADATA_MAX_BYTES = 64 * 1024;
const METADATA_MAX_DEPTH = 16;

export const servicesSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    enum ServiceStatus {
      OPERATIONAL
      DEGRADED
      DOWN
      MAINTENANCE
      UNKNOWN
    }

    type ServiceDependency {
      targetService: Service!
      "Free text, e.g. runtime, data, network."
      dependencyType: String!
    }

    type ServiceDependent {
      sourceService: Service!
      dependencyType: String!
    }

    "The state of a service's latest storage report (SPEC.md): more than 30 % free is HEALTHY, 10 % to 30 % WARNING, less than 10 % CRITICAL. It is not a service status: it stands beside it."
    enum StorageState {
      HEALTHY
      WARNING
      CRITICAL
    }

    "What a list of services is sorted by."
    enum ServiceSortField {
      "Worst first: DOWN, DEGRADED, UNKNOWN, MAINTENANCE, OPERATIONAL; within a status storage CRITICAL, then WARNING, then the rest; then name and node."
      STATUS
      "Name, then node path."
      NAME
      "The last change to the service (a report, a sync, an edit), oldest first; then name and node."
      UPDATED_AT
    }

    enum ServiceSortDirection {
      ASC
      "The exact reverse of ASC."
      DESC
    }

    input ServiceSort {
      field: ServiceSortField!
      direction: ServiceSortDirection = ASC
    }

    type StorageUsage {
      allocatedBytes: Float!
      usedBytes: Float!
      freePercent: Float!
      "healthy, warning or critical"
      status: String!
      storageType: String
      mountPath: String
      reportedAt: DateTime!
    }

    type Service {
      id: ID!
      name: String!
      displayName: String
      "The hierarchy node the service sits under."
      nodeId: String!
      "nodeId and name joined with a slash."
      externalId: String!
      "Its place in the hierarchy and its name, node/path/name (the externalId); webhook payloads carry it as service.path."
      path: String!
      status: ServiceStatus!
      statusMessage: String
      statusSince: DateTime!
      criticality: String
      serviceType: String
      tags: [String!]!
      owner: User
      team: Group
      "JSON object held as a string; null when a field permission hides it from you (docs/access.md)."
      metadata: String
      namespace: String
      slaGroup: String
      replicas: Int
      readyReplicas: Int
      availableReplicas: Int
      images: [String!]!
      workloadType: String
      workloadName: String
      "Last status sync from the agent of the service's node."
      lastOperatorSync: DateTime
      dependencies: [ServiceDependency!]!
      dependents: [ServiceDependent!]!
      backupExpected: Boolean!
      backupMaxAgeDays: Int
      lastBackupAt: DateTime
      lastBackupStatus: String
      backupOverdue: Boolean!
      storage: StorageUsage
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input ServiceFilter {
      "Any of these statuses."
      status: [ServiceStatus!]
      "Services at this node or below it."
      nodeId: String
      namespace: String
      slaGroup: String
      criticality: String
      serviceType: String
      "Services carrying this tag."
      tag: String
      ownerId: ID
      teamId: ID
      "Part of the name or display name, any case."
      search: String
      "Services whose latest storage report is in any of these states; a service without a storage report matches none."
      storageState: [StorageState!]
    }

    input ServiceDependencyInput {
      targetServiceId: ID!
      dependencyType: String = "runtime"
    }

    input CreateServiceInput {
      name: String!
      nodeId: String!
      displayName: String
      status: ServiceStatus
      statusMessage: String
      criticality: String
      serviceType: String
      tags: [String!]
      "A JSON object, as text."
      metadata: String
      ownerId: ID
      teamId: ID
      dependencies: [ServiceDependencyInput!]
    }

    "Fields left out stay as they are; null clears a nullable field. dependencies replaces the declared list."
    input UpdateServiceInput {
      displayName: String
      status: ServiceStatus
      statusMessage: String
      criticality: String
      serviceType: String
      tags: [String!]
      metadata: String
      ownerId: ID
      teamId: ID
      dependencies: [ServiceDependencyInput!]
    }

    extend type Query {
      "Services in the order of sort (default: name, then node), sorted on the server."
      services(filter: ServiceFilter, sort: ServiceSort, ${pageArgs}): [Service!]!
      serviceCount(filter: ServiceFilter): Int!
      service(id: ID!): Service
    }

    extend type Mutation {
      createService(input: CreateServiceInput!): Service!
      updateService(id: ID!, input: UpdateServiceInput!): Service!
      "Removes the service with its status history; services depending on it drop the dependency."
      deleteService(id: ID!): Boolean!
    }
  `,
  resolvers: {
    // Internal values are the storage reading's own (SPEC.md's lower-case healthy, warning, critical).
    StorageState: { HEALTHY: 'healthy', WARNING: 'warning', CRITICAL: 'critical' },
    Service: {
      nodeId: (s: ServiceRecord) => s.nodePath,
      externalId: (s: ServiceRecord) => externalIdOf(s),
      path: (s: ServiceRecord) => externalIdOf(s),
      owner: (s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        s.ownerId === null ? null : (ctx.app.users.get(s.ownerId) ?? null),
      team: (s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        s.teamId === null ? null : (ctx.app.groups.get(s.teamId) ?? null),
      metadata: (s: ServiceRecord) => canonicalJson(s.metadata),
      lastOperatorSync: (s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        ctx.app.fleet.agents.get(s.nodePath)?.lastStatusSyncAt ?? null,
      dependencies: (s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) => resolveDependencies(s.dependencies, ctx),
      dependents(s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) {
        // Services outside the viewer's environments (src/plugins/policy) are not shown as dependents.
        return visibleServices(placeGate(ctx.viewer), ctx.app.fleet.services.dependentsOf(s.id)).map((source) => ({
          sourceService: source,
          dependencyType: source.dependencies.find((d) => d.targetId === s.id)?.type ?? 'runtime',
        }));
      },
      backupExpected: (s: ServiceRecord) => s.backup.expected,
      backupMaxAgeDays: (s: ServiceRecord) => s.backup.maxAgeDays,
      lastBackupAt: (s: ServiceRecord) => s.backup.lastAt,
      lastBackupStatus: (s: ServiceRecord) => s.backup.lastStatus,
      backupOverdue: (s: ServiceRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        isBackupOverdue(s.backup, ctx.app.clock.now()),
    },
    Query: {
      services(
        _root,
        args: {
          filter?: ServiceFilter | null;
          sort?: { field: ServiceSortField; direction?: SortDirection | null } | null;
          limit?: number;
          offset?: number;
        },
        ctx,
      ) {
        authorize(ctx.viewer, 'service:read');
        const sort: ServiceSort = args.sort ? { field: args.sort.field, direction: args.sort.direction ?? 'ASC' } : DEFAULT_SERVICE_SORT;
        return pageOfServices(ctx, args.filter ?? null, sort, args);
      },
      serviceCount(_root, args: { filter?: ServiceFilter | null }, ctx) {
        authorize(ctx.viewer, 'service:read');
        const { services } = ctx.app.fleet;
        const viewer = ctx.viewer;
        const placed = placesMatter(viewer);
        if (!args.filter && !placed) return services.size;
        const storage = storageCandidates(args.filter ?? null, ctx.app.fleet);
        const searched = storage === null ? searchCandidates(args.filter ?? null, ctx.app.fleet) : null;
        // A name search alone, seen whole: the haystack's count is the answer.
        if (searched !== null && !placed && onlySearch(args.filter!)) return searched.count;
        const keep = args.filter ? serviceMatcher(args.filter, ctx.app.fleet) : () => true;
        let count = 0;
        const source =
          storage ??
          searched?.records ??
          ofFewStatuses(services, args.filter ?? null, { field: 'STATUS', direction: 'ASC' }) ??
          services.all();
        for (const s of source) if (keep(s) && (!placed || can(viewer, 'service:read', s.nodePath))) count += 1;
        return count;
      },
      service(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'service:read');
        const record = ctx.app.fleet.services.get(args.id);
        // Outside the viewer's environments a service is as absent as one that does not exist.
        return record !== undefined && can(ctx.viewer, 'service:read', record.nodePath) ? record : null;
      },
    },
    Mutation: {
      createService(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'service:write');
        const input = args.input;
        const fields = readUpdate(input);
        const nodePath = readNodePath(input['nodeId'], 'nodeId', new Warnings());
        authorize(ctx.viewer, 'service:write', nodePath);
        return ctx.app.serviceCommands.createService({
          name: serviceName(input['name'], 'name'),
          nodePath,
          displayName: fields.displayName ?? null,
          status: fields.status ?? null,
          statusMessage: fields.statusMessage ?? null,
          criticality: fields.criticality ?? null,
          serviceType: fields.serviceType ?? null,
          tags: fields.tags ?? [],
          metadata: fields.metadata ?? {},
          ownerId: fields.ownerId ?? null,
          teamId: fields.teamId ?? null,
          dependencies: fields.dependencies ?? [],
        });
      },
      updateService(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'service:write', placeOf(ctx, args.id));
        return ctx.app.serviceCommands.updateService(args.id, readUpdate(args.input));
      },
      deleteService: (_root, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'service:delete', placeOf(ctx, args.id)), ctx.app.serviceCommands.deleteService(args.id)
      ),
    },
  },
};

/** Where a service sits, for environment access (undefined: no such service, which the command reports). */
function placeOf(ctx: GraphQLContext<CoreServices>, id: string): string | undefined {
  return ctx.app.fleet.services.get(id)?.nodePath;
}

function pageOfServices(
  ctx: GraphQLContext<CoreServices>,
  filter: ServiceFilter | null,
  sort: ServiceSort,
  args: { limit?: number; offset?: number },
): ServiceRecord[] {
  const { services } = ctx.app.fleet;
  const viewer: Viewer | null = ctx.viewer;
  const placed = placesMatter(viewer);
  const page = readPage(args);
  const keep = filter && !isEmptyFilter(filter) ? serviceMatcher(filter, ctx.app.fleet) : undefined;
  const out: ServiceRecord[] = [];
  if (page.limit === 0) return out;
  // Nothing to leave out: the page is read straight from the kept order.
  if (!keep && !placed) return services.sortedPage(sort, page.offset, page.limit).map((id) => services.get(id)!);
  // The only services that can match, when the filter names few: those in storage trouble, or those a name search finds.
  const candidates = storageCandidates(filter, ctx.app.fleet) ?? searchCandidates(filter, ctx.app.fleet)?.records ?? null;
  const source = candidates === null ? ofFewStatuses(services, filter, sort) : null;
  let skipped = 0;
  for (const record of source ?? inSortOrder(services, candidates, sort)) {
    if (keep && !keep(record)) continue;
    if (placed && !can(viewer, 'service:read', record.nodePath)) continue;
    if (skipped < page.offset) {
      skipped += 1;
      continue;
    }
    out.push(record);
    if (out.length === page.limit) break;
  }
  return out;
}

/**
 * The services of a status filter that keeps at most half the fleet, in `sort`'s order, read from the registry's
 * status buckets without a look at the other services (a filter on DOWN under one node walked the whole name order
 * until it had its page); null when the filter has no status, keeps more, or the order is not kept per status.
 */
function ofFewStatuses(
  services: CoreServices['fleet']['services'],
  filter: ServiceFilter | null,
  sort: ServiceSort,
): Iterable<ServiceRecord> | null {
  const statuses = filter?.status;
  if (!statuses || statuses.length === 0) return null;
  const chosen = [...new Set(statuses)];
  const counts = services.countsByStatus();
  if (chosen.reduce((n, status) => n + counts[status], 0) > services.size / 2) return null;
  const ids = services.withStatuses(chosen, sort);
  return ids === null ? null : recordsOf(services, ids);
}

function* recordsOf(services: CoreServices['fleet']['services'], ids: Iterable<string>): Generator<ServiceRecord> {
  for (const id of ids) yield services.get(id)!;
}

/**
 * JSON text with the keys of every object in code-unit order. The stored jsonb keeps its own key
 * order (shorter keys first), so plain JSON.stringify gave one text before a restart and another
 * after it for the same metadata; sorted keys give the same text from memory and from the database.
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    // fromEntries defines own properties, so a "__proto__" key stays a key.
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((key) => [key, (v as Record<string, unknown>)[key]]),
    );
  });
}

function resolveDependencies(dependencies: readonly ServiceDependency[], ctx: GraphQLContext<CoreServices>) {
  const out: { targetService: ServiceRecord; dependencyType: string }[] = [];
  // A target outside the viewer's environments (src/plugins/policy) is left out, like one that does not exist.
  const gate = dependencies.length === 0 ? null : placeGate(ctx.viewer);
  for (const d of dependencies) {
    const target = ctx.app.fleet.services.get(d.targetId);
    if (target && (gate === null || gate.admits(target.nodePath))) out.push({ targetService: target, dependencyType: d.type });
  }
  return out;
}

/** The typed update of a service from GraphQL input: absent fields are left out, null clears. */
function readUpdate(input: Record<string, unknown>): ServiceUpdate {
  const changes: { -readonly [K in keyof ServiceUpdate]: ServiceUpdate[K] } = {};
  const text = (field: string, max: number, read: (v: string, label: string, max: number) => string = identifierText) => {
    const value = input[field];
    return value === undefined ? undefined : value === null || value === '' ? null : read(value as string, field, max);
  };
  const displayName = text('displayName', TEXT_MAX, storableText);
  if (displayName !== undefined) changes.displayName = displayName;
  const criticality = text('criticality', 64);
  if (criticality !== undefined) changes.criticality = criticality;
  const serviceType = text('serviceType', 64);
  if (serviceType !== undefined) changes.serviceType = serviceType;
  const statusMessage = text('statusMessage', MESSAGE_MAX, storableText);
  if (statusMessage !== undefined) changes.statusMessage = statusMessage;
  const status = input['status'];
  if (status !== undefined && status !== null) {
    if (!isServiceStatus(status)) throw new AppError(ErrorCode.BadRequest, `unknown status ${String(status)}`);
    changes.status = status as ServiceStatus;
  }
  const tags = input['tags'] as string[] | null | undefined;
  if (tags !== undefined) {
    if (tags !== null && tags.length > MAX_TAGS) throw new AppError(ErrorCode.BadRequest, `at most ${MAX_TAGS} tags`);
    changes.tags = tags === null ? [] : [...new Set(tags.map((t) => identifierText(t, 'tag', 64)))];
  }
  const metadata = input['metadata'] as string | null | undefined;
  if (metadata !== undefined)
    changes.metadata =
      metadata === null || metadata === '' ? {} : jsonObjectText(metadata, 'metadata', METADATA_MAX_BYTES, METADATA_MAX_DEPTH);
  if (input['ownerId'] !== undefined) changes.ownerId = (input['ownerId'] as string | null) ?? null;
  if (input['teamId'] !== undefined) changes.teamId = (input['teamId'] as string | null) ?? null;
  const dependencies = input['dependencies'] as { targetServiceId: string; dependencyType?: string | null }[] | null | undefined;
  if (dependencies !== undefined) {
    changes.dependencies = (dependencies ?? []).map((d) => ({
      targetId: d.targetServiceId,
      type: d.dependencyType == null || d.dependencyType === '' ? 'runtime' : identifierText(d.dependencyType, 'dependencyType', 64),
    }));
  }
  return changes;
}
