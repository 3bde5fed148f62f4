/** SLA incidents over GraphQL: read by every signed-in person, recorded and updated by operators and admins. */
import { admitsService, authorizeAtRecord } from '../../../core/auth/placeGate.js';
import { authorize, placeGate } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { SlaContext } from '../slaContext.js';
import { hiddenServicesOf, idFilter, timeRange, type TimeRangeArgs } from '../slaFilters.js';
import { readCreateIncident, readUpdateIncident, type CreateSlaIncidentInput, type UpdateSlaIncidentInput } from './incidentInput.js';
import type { SlaIncident } from './incidentRules.js';
import type { IncidentFilter } from './incidentRows.js';

type Ctx = GraphQLContext<SlaContext>;

interface FilterArgs extends TimeRangeArgs {
  readonly serviceId?: string | null;
  readonly definitionId?: string | null;
  readonly open?: boolean | null;
}

function readFilter(filter: FilterArgs | null | undefined): IncidentFilter {
  const f = filter ?? {};
  return {
    serviceId: idFilter(f.serviceId, 'filter.serviceId'),
    definitionId: idFilter(f.definitionId, 'filter.definitionId'),
    open: f.open ?? null,
    ...timeRange(f),
  };
}

export const incidentSchema: SchemaModule<SlaContext> = {
  typeDefs: /* GraphQL */ `
    enum SLAIncidentSeverity { CRITICAL MAJOR MINOR }

    "AUTOMATIC: opened and closed by the service's status (DOWN, and DEGRADED where a covering definition counts it); MANUAL: recorded by a person."
    enum SLAIncidentSource { AUTOMATIC MANUAL }

    type SLAIncident {
      id: ID!
      serviceId: ID!
      "Null once the service has been deleted."
      service: Service
      "The definitions it counts against."
      definitionIds: [ID!]!
      "Those of definitionIds that still exist."
      definitions: [SLADefinition!]!
      source: SLAIncidentSource!
      title: String!
      description: String
      severity: SLAIncidentSeverity!
      startedAt: DateTime!
      "Null while open."
      endedAt: DateTime
      open: Boolean!
      resolution: String
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    "Incidents overlapping [from, to) (started before to, open or ended at or after from)."
    input SLAIncidentFilter {
      serviceId: ID
      definitionId: ID
      "true: open only; false: closed only."
      open: Boolean
      from: DateTime
      to: DateTime
    }

    input CreateSLAIncidentInput {
      serviceId: ID!
      "1 to 200 characters."
      title: String!
      description: String
      severity: SLAIncidentSeverity = MAJOR
      "Default now; not in the future."
      startedAt: DateTime
      "After startedAt, not in the future; leave out for an open incident."
      endedAt: DateTime
      resolution: String
      "Default: the definitions covering the service now."
      definitionIds: [ID!]
    }

    "Fields left out (or null) stay; an empty description or resolution clears it. Setting endedAt closes an open incident."
    input UpdateSLAIncidentInput {
      title: String
      description: String
      severity: SLAIncidentSeverity
      startedAt: DateTime
      endedAt: DateTime
      resolution: String
    }

    extend type Query {
      "Newest start first."
      slaIncidents(filter: SLAIncidentFilter, ${pageArgs}): [SLAIncident!]!
      slaIncidentCount(filter: SLAIncidentFilter): Int!
      slaIncident(id: ID!): SLAIncident
    }

    extend type Mutation {
      "Operators and admins: record an incident by hand."
      createSLAIncident(input: CreateSLAIncidentInput!): SLAIncident!
      "Operators and admins: change any incident, automatic ones included."
      updateSLAIncident(id: ID!, input: UpdateSLAIncidentInput!): SLAIncident!
    }
  `,
  resolvers: {
    SLAIncident: {
      service: (i: SlaIncident, _args: unknown, ctx: Ctx) => ctx.app.fleet.services.get(i.serviceId) ?? null,
      definitions: (i: SlaIncident, _args: unknown, ctx: Ctx) =>
        i.definitionIds.map((id) => ctx.app.sla.catalog.definition(id)).filter(Boolean),
      open: (i: SlaIncident) => i.endedAt === null,
    },
    Query: {
      slaIncidents(_root, args: { filter?: FilterArgs | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        // Incidents of services outside the viewer's environments are left out (src/plugins/policy).
        return ctx.app.sla.incidents.list(
          { ...readFilter(args.filter), hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services) },
          readPage(args),
        );
      },
      slaIncidentCount(_root, args: { filter?: FilterArgs | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.sla.incidents.count({
          ...readFilter(args.filter),
          hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services),
        });
      },
      async slaIncident(_root, args: { id: string }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        const incident = await ctx.app.sla.incidents.get(args.id);
        return incident !== null && admitsService(placeGate(ctx.viewer), ctx.app.fleet.services, incident.serviceId) ? incident : null;
      },
    },
    Mutation: {
      createSLAIncident(_root, args: { input: CreateSlaIncidentInput }, ctx) {
        // At the service's place: environments (src/plugins/policy) limit who records incidents there.
        const place = typeof args.input.serviceId === 'string' ? ctx.app.fleet.services.get(args.input.serviceId)?.nodePath : undefined;
        const viewer = authorize(ctx.viewer, 'sla:write', place);
        return ctx.app.sla.incidents.create(viewer, readCreateIncident(args.input));
      },
      async updateSLAIncident(_root, args: { id: string; input: UpdateSlaIncidentInput }, ctx) {
        const input = readUpdateIncident(args.input);
        // At the incident's service's place: hidden by the viewer's environments, it is as absent as a missing one.
        const viewer = await authorizeAtRecord(
          ctx.viewer,
          'sla:write',
          ctx.app.fleet.services,
          async () => (await ctx.app.sla.incidents.get(args.id))?.serviceId,
          () => new AppError(ErrorCode.NotFound, `no SLA incident with id ${args.id}`),
        );
        return ctx.app.sla.incidents.update(viewer, args.id, input);
      },
    },
  },
};
