/** The SLA event log over GraphQL: every change of the plugin's model, newest first, for every signed-in person. */
import { authorize } from '../../../core/auth/roles.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { SlaContext } from '../slaContext.js';
import { idFilter, listFilter, nameFilter, timeRange, type TimeRangeArgs, hiddenServicesOf } from '../slaFilters.js';
import { SLA_EVENT_KINDS, type SlaEventEntry, type SlaEventFilter, type SlaEventKind } from './slaEventLog.js';

type Ctx = GraphQLContext<SlaContext>;

interface FilterArgs extends TimeRangeArgs {
  readonly kinds?: readonly SlaEventKind[] | null;
  readonly definitionId?: string | null;
  readonly serviceId?: string | null;
  readonly slaGroup?: string | null;
}

function readFilter(filter: FilterArgs | null | undefined): SlaEventFilter {
  const f = filter ?? {};
  return {
    kinds: listFilter(f.kinds),
    definitionId: idFilter(f.definitionId, 'filter.definitionId'),
    serviceId: idFilter(f.serviceId, 'filter.serviceId'),
    groupName: nameFilter(f.slaGroup),
    ...timeRange(f),
  };
}

export const eventLogSchema: SchemaModule<SlaContext> = {
  typeDefs: /* GraphQL */ `
    enum SLAEventKind { ${SLA_EVENT_KINDS.join(' ')} }

    type SLAEventLogEntry {
      id: ID!
      at: DateTime!
      kind: SLAEventKind!
      "api (a person), agent, timer or worker."
      origin: String!
      "The person who made the change; null for the product's own (status changes, timers)."
      actor: User
      definitionId: ID
      serviceId: ID
      slaGroup: String
      incidentId: ID
      alertId: ID
      "What changed, as JSON text (the records in the shape GraphQL shows them)."
      data: String!
    }

    "Entries in [from, to)."
    input SLAEventLogFilter {
      kinds: [SLAEventKind!]
      definitionId: ID
      serviceId: ID
      slaGroup: String
      from: DateTime
      to: DateTime
    }

    extend type Query {
      "Every change of SLA definitions, targets, assignments, group overrides, incidents and alerts, newest first."
      slaEventLog(filter: SLAEventLogFilter, ${pageArgs}): [SLAEventLogEntry!]!
      slaEventLogCount(filter: SLAEventLogFilter): Int!
    }
  `,
  resolvers: {
    SLAEventLogEntry: {
      actor: (e: SlaEventEntry, _args: unknown, ctx: Ctx) => (e.actorId === null ? null : (ctx.app.users.get(e.actorId) ?? null)),
      slaGroup: (e: SlaEventEntry) => e.groupName,
      data: (e: SlaEventEntry) => JSON.stringify(e.data),
    },
    Query: {
      slaEventLog(_root, args: { filter?: FilterArgs | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        // Entries about services outside the viewer's environments are left out (src/plugins/policy).
        return ctx.app.sla.eventLog.list(
          { ...readFilter(args.filter), hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services) },
          readPage(args),
        );
      },
      slaEventLogCount(_root, args: { filter?: FilterArgs | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.sla.eventLog.count({
          ...readFilter(args.filter),
          hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services),
        });
      },
    },
  },
};
