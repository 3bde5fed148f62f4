/**
 * SLA definitions, targets and assignments over GraphQL. Every signed-in person reads them
 * (`sla:read`); operators and admins change them (`sla:write`).
 */
import { authorize, placeGate } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import type { SlaContext } from '../slaContext.js';
import {
  knownId,
  readAssign,
  readCreateDefinition,
  readCreateTarget,
  readUpdateDefinition,
  type AssignSlaInput,
  type CreateSlaDefinitionInput,
  type CreateSlaTargetInput,
  type UpdateSlaDefinitionInput,
} from './definitionInput.js';
import type { SlaAssignment, SlaDefinition, SlaTarget } from './slaDefinition.js';

type Ctx = GraphQLContext<SlaContext>;

export const definitionSchema: SchemaModule<SlaContext> = {
  typeDefs: /* GraphQL */ `
    "Calendar periods an SLA is measured over, aligned in the definition's time zone (weeks start on Monday)."
    enum SLAPeriod { DAY WEEK MONTH QUARTER YEAR }

    "Multi-window burn-rate rule: alert when the burn rate over BOTH windows is above threshold."
    type SLABurnRateRule {
      threshold: Float!
      longWindowMinutes: Int!
      shortWindowMinutes: Int!
    }

    type SLABurnRates {
      "Default 14.4x over 60 and 5 minutes."
      fast: SLABurnRateRule!
      "Default 6x over 360 and 30 minutes."
      slow: SLABurnRateRule!
    }

    type SLADefinition {
      id: ID!
      name: String!
      description: String
      "Target T percent, 0 < T <= 100."
      targetPercent: Float!
      period: SLAPeriod!
      "DEGRADED time counts as downtime (and opens incidents) for this definition."
      degradedCountsAsDown: Boolean!
      "IANA time zone the periods are aligned in; null means UTC."
      timeZone: String
      burnRates: SLABurnRates!
      "An outage under this definition (an SLA incident opening) raises an INCIDENT ticket for the service (ticketing plugin)."
      raiseTicket: Boolean!
      "The catalog item such tickets are raised under; null: none."
      ticketCatalogItem: String
      "Targets of this definition for services, SLA groups and tiers."
      targets: [SLATarget!]!
      "What it covers: services, and SLA groups (every member)."
      assignments: [SLAAssignment!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    "SERVICE: scopeValue is a service id; GROUP: an SLA group name; TIER: a tier name (of SLA groups)."
    enum SLATargetScope { SERVICE GROUP TIER }

    "A definition's target for one scope; the most specific applies to a service: SERVICE, then its GROUP, then its group's TIER, then the definition's targetPercent."
    type SLATarget {
      id: ID!
      definitionId: ID!
      scope: SLATargetScope!
      scopeValue: String!
      targetPercent: Float!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    "A definition covers one service, or every member of one SLA group (members as they are at any time)."
    type SLAAssignment {
      id: ID!
      definition: SLADefinition!
      service: Service
      slaGroup: String
      createdAt: DateTime!
    }

    input SLABurnRateRuleInput {
      "Above 0, at most 1000."
      threshold: Float
      "Whole 5-minute buckets, 5 to 10080; longer than shortWindowMinutes."
      longWindowMinutes: Int
      shortWindowMinutes: Int
    }

    "Fields left out keep their current (or default) values; fast.threshold must stay above slow.threshold."
    input SLABurnRatesInput {
      fast: SLABurnRateRuleInput
      slow: SLABurnRateRuleInput
    }

    input CreateSLADefinitionInput {
      "Unique, ignoring case; 1 to 200 characters."
      name: String!
      description: String
      targetPercent: Float!
      period: SLAPeriod!
      degradedCountsAsDown: Boolean = false
      "IANA name such as Europe/Berlin; UTC when left out."
      timeZone: String
      burnRates: SLABurnRatesInput
      "Raise an INCIDENT ticket when an SLA incident opens under this definition (needs the ticketing plugin)."
      raiseTicket: Boolean = false
      "An INCIDENT catalog item's name for those tickets; unknown names are left out when the ticket is raised."
      ticketCatalogItem: String
    }

    "Fields left out (or null) stay; an empty description or timeZone clears it."
    input UpdateSLADefinitionInput {
      name: String
      description: String
      targetPercent: Float
      period: SLAPeriod
      degradedCountsAsDown: Boolean
      timeZone: String
      burnRates: SLABurnRatesInput
      raiseTicket: Boolean
      "An empty string clears it."
      ticketCatalogItem: String
    }

    input CreateSLATargetInput {
      definitionId: ID!
      scope: SLATargetScope!
      scopeValue: String!
      targetPercent: Float!
    }

    "Exactly one of serviceId or slaGroup."
    input AssignSLAInput {
      definitionId: ID!
      serviceId: ID
      slaGroup: String
    }

    extend type Query {
      "Every SLA definition, by name."
      slaDefinitions: [SLADefinition!]!
      "By id, or by name (ignoring case); give one."
      slaDefinition(id: ID, name: String): SLADefinition
    }

    extend type Mutation {
      "Operators and admins. CONFLICT when the name is taken."
      createSLADefinition(input: CreateSLADefinitionInput!): SLADefinition!
      updateSLADefinition(id: ID!, input: UpdateSLADefinitionInput!): SLADefinition!
      "Deletes it with its targets, assignments and stored period results, and resolves its open alerts; false when there was none. Incidents and the event log keep naming it."
      deleteSLADefinition(id: ID!): Boolean!
      "Sets the definition's target for a scope (a second call for the same scope changes the value of the same target)."
      createSLATarget(input: CreateSLATargetInput!): SLATarget!
      "False when there was none."
      deleteSLATarget(id: ID!): Boolean!
      "Covers a service or every member of an SLA group; assigning again answers the existing assignment."
      assignSLAToService(input: AssignSLAInput!): SLAAssignment!
      "Ends an assignment; false when there was none."
      unassignSLA(id: ID!): Boolean!
    }
  `,
  resolvers: {
    SLADefinition: {
      targets: (d: SlaDefinition, _args: unknown, ctx: Ctx) => ctx.app.sla.catalog.targetsOf(d.id),
      assignments: (d: SlaDefinition, _args: unknown, ctx: Ctx) => ctx.app.sla.catalog.assignmentsOf(d.id),
    },
    SLATarget: {
      scope: (t: SlaTarget) => t.scope,
    },
    SLAAssignment: {
      // An assignment outlives nothing: deleting the definition deletes it, so the definition is there.
      definition: (a: SlaAssignment, _args: unknown, ctx: Ctx) => ctx.app.sla.catalog.definition(a.definitionId),
      // A service outside the viewer's environments (src/plugins/policy) is not shown.
      service(a: SlaAssignment, _args: unknown, ctx: Ctx) {
        const service = a.serviceId === null ? undefined : ctx.app.fleet.services.get(a.serviceId);
        return service === undefined || placeGate(ctx.viewer)?.admits(service.nodePath) === false ? null : service;
      },
      slaGroup: (a: SlaAssignment) => a.groupName,
    },
    Query: {
      slaDefinitions(_root, _args, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.sla.catalog.allDefinitions();
      },
      async slaDefinition(_root, args: { id?: string | null; name?: string | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        const { catalog } = ctx.app.sla;
        await ctx.app.writer.settled();
        if ((args.id == null) === (args.name == null)) throw badLookup();
        if (args.id != null) {
          const id = knownId(args.id);
          return id === null ? null : (catalog.definition(id) ?? null);
        }
        return catalog.definitionNamed(args.name!.trim()) ?? null;
      },
    },
    Mutation: {
      createSLADefinition(_root, args: { input: CreateSlaDefinitionInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.create(viewer, readCreateDefinition(args.input));
      },
      updateSLADefinition(_root, args: { id: string; input: UpdateSlaDefinitionInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.update(viewer, args.id, readUpdateDefinition(args.input));
      },
      deleteSLADefinition(_root, args: { id: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.delete(viewer, args.id);
      },
      createSLATarget(_root, args: { input: CreateSlaTargetInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.setTarget(viewer, readCreateTarget(args.input));
      },
      deleteSLATarget(_root, args: { id: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.deleteTarget(viewer, args.id);
      },
      assignSLAToService(_root, args: { input: AssignSlaInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.assign(viewer, readAssign(args.input));
      },
      unassignSLA(_root, args: { id: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        return ctx.app.sla.definitions.unassign(viewer, args.id);
      },
    },
  },
};

function badLookup() {
  return new AppError(ErrorCode.BadRequest, 'give exactly one of id or name');
}
