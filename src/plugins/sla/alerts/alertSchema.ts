/** SLA alerts over GraphQL: read by every signed-in person, acknowledged by operators and admins. */
import { authorizeAtRecord } from '../../../core/auth/placeGate.js';
import { authorize } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { SlaContext } from '../slaContext.js';
import { idFilter, listFilter, nameFilter, timeRange, type TimeRangeArgs, hiddenServicesOf } from '../slaFilters.js';
import { alertStatus, type AlertKind, type AlertStatus, type SlaAlert } from './alertRules.js';
import type { AlertFilter } from './alertRows.js';

type Ctx = GraphQLContext<SlaContext>;

interface FilterArgs extends TimeRangeArgs {
  readonly kinds?: readonly AlertKind[] | null;
  readonly statuses?: readonly AlertStatus[] | null;
  readonly definitionId?: string | null;
  readonly serviceId?: string | null;
  readonly slaGroup?: string | null;
}

function readFilter(filter: FilterArgs | null | undefined): AlertFilter {
  const f = filter ?? {};
  return {
    kinds: listFilter(f.kinds),
    statuses: listFilter(f.statuses),
    definitionId: idFilter(f.definitionId, 'filter.definitionId'),
    serviceId: idFilter(f.serviceId, 'filter.serviceId'),
    groupName: nameFilter(f.slaGroup),
    ...timeRange(f),
  };
}

export const alertSchema: SchemaModule<SlaContext> = {
  typeDefs: /* GraphQL */ `
    "BREACHED, AT_RISK: the period's status; FAST_BURN, SLOW_BURN: multi-window burn rates; BACKUP_OVERDUE: a service's last successful backup is older than its maximum age."
    enum SLAAlertKind { BREACHED AT_RISK FAST_BURN SLOW_BURN BACKUP_OVERDUE }

    "OPEN -> ACKNOWLEDGED (a person saw it) -> RESOLVED (its condition ended); OPEN -> RESOLVED too."
    enum SLAAlertStatus { OPEN ACKNOWLEDGED RESOLVED }

    "One alert per condition (kind and subjects) while it holds: it is not raised twice."
    type SLAAlert {
      id: ID!
      kind: SLAAlertKind!
      status: SLAAlertStatus!
      definitionId: ID
      definition: SLADefinition
      serviceId: ID
      service: Service
      slaGroup: String
      message: String!
      "Figures behind it, as JSON text."
      details: String
      raisedAt: DateTime!
      acknowledgedAt: DateTime
      acknowledgedBy: User
      resolvedAt: DateTime
    }

    "Alerts raised in [from, to)."
    input SLAAlertFilter {
      kinds: [SLAAlertKind!]
      statuses: [SLAAlertStatus!]
      definitionId: ID
      serviceId: ID
      slaGroup: String
      from: DateTime
      to: DateTime
    }

    extend type Query {
      "Newest first."
      slaAlerts(filter: SLAAlertFilter, ${pageArgs}): [SLAAlert!]!
      slaAlertCount(filter: SLAAlertFilter): Int!
    }

    extend type Mutation {
      "Operators and admins: an OPEN alert becomes ACKNOWLEDGED (an acknowledged one is answered as it is; a resolved one is a CONFLICT)."
      acknowledgeSLAAlert(id: ID!): SLAAlert!
    }
  `,
  resolvers: {
    SLAAlert: {
      status: (a: SlaAlert) => alertStatus(a),
      definition: (a: SlaAlert, _args: unknown, ctx: Ctx) =>
        a.definitionId === null ? null : (ctx.app.sla.catalog.definition(a.definitionId) ?? null),
      service: (a: SlaAlert, _args: unknown, ctx: Ctx) => (a.serviceId === null ? null : (ctx.app.fleet.services.get(a.serviceId) ?? null)),
      slaGroup: (a: SlaAlert) => a.groupName,
      details: (a: SlaAlert) => (a.details === null ? null : JSON.stringify(a.details)),
      acknowledgedBy: (a: SlaAlert, _args: unknown, ctx: Ctx) =>
        a.acknowledgedBy === null ? null : (ctx.app.users.get(a.acknowledgedBy) ?? null),
    },
    Query: {
      slaAlerts(_root, args: { filter?: FilterArgs | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        // Alerts of services outside the viewer's environments are left out (src/plugins/policy); a group's or a definition's stay.
        return ctx.app.sla.alerts.list(
          { ...readFilter(args.filter), hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services) },
          readPage(args),
        );
      },
      slaAlertCount(_root, args: { filter?: FilterArgs | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.sla.alerts.count({
          ...readFilter(args.filter),
          hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services),
        });
      },
    },
    Mutation: {
      async acknowledgeSLAAlert(_root, args: { id: string }, ctx) {
        // At the alert's service's place (an alert of a group or a definition lies nowhere in particular).
        const viewer = await authorizeAtRecord(
          ctx.viewer,
          'sla:write',
          ctx.app.fleet.services,
          async () => (await ctx.app.sla.alerts.get(args.id))?.serviceId,
          () => new AppError(ErrorCode.NotFound, `no SLA alert with id ${args.id}`),
        );
        return ctx.app.sla.alerts.acknowledge(viewer, args.id);
      },
    },
  },
};
