/**
 * The computed SLA figures over GraphQL (every signed-in person: `sla:read`): period results of a
 * definition, the 5-minute snapshot trend of a service, daily/monthly trend data, the fleet's SLA
 * dashboard stats (also as `dashboardStats.slaStats`) and a group's `status` and `currentUptime`.
 * docs/adr/0037-sla-figures-and-daily-report.md has the rules.
 */
import { authorize, placeGate } from '../../../core/auth/roles.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import type { StoredResult, StoredSubjectResult } from './periodResultStore.js';
import type { DefinitionPeriod } from './definitionPeriods.js';
import type { SlaFigures } from './slaFigures.js';
import type { TrendPeriodType } from '../arithmetic/trends/trendData.js';

export interface SlaFiguresServices {
  readonly slaFigures: SlaFigures;
}

type Ctx = GraphQLContext<SlaFiguresServices & { readonly fleet: { readonly services: { get(id: string): unknown } } }>;

const RESULT_FIELDS = `
      "100 x (covered - downtime) / covered; null without covered time."
      actualValue: Float
      "100 x covered / (elapsed - excluded); null when nothing was assessable."
      coveragePercent: Float
      downtimeMinutes: Float!
      "In maintenance/exclusion windows or in status MAINTENANCE."
      excludedMinutes: Float!
      errorBudgetMinutes: Float!
      errorBudgetUsedMinutes: Float!
      errorBudgetRemainingMinutes: Float!
      "1.0 spends the budget exactly by the period's end; null when the target is 100 % and some downtime was measured."
      burnRate: Float
      "Entries into down."
      incidentCount: Int!
      mttrMinutes: Float
      mtbfMinutes: Float
      """
      A closed period: MET, or BREACHED when actualValue < target. The current period: BREACHED only once the error budget is spent
      (it can no longer meet the target), AT_RISK when burnRate > 1 or less than 25 % of the budget is left, else MET, or
      INSUFFICIENT_DATA instead of MET while coveragePercent is below 50 (too little seen to call it on track). NO_DATA: nothing covered.
      """
      status: String!`;

const resultResolvers = <T>(pick: (parent: T) => StoredResult) =>
  Object.fromEntries(
    [
      'actualValue',
      'coveragePercent',
      'downtimeMinutes',
      'excludedMinutes',
      'errorBudgetMinutes',
      'errorBudgetUsedMinutes',
      'errorBudgetRemainingMinutes',
      'burnRate',
      'incidentCount',
      'mttrMinutes',
      'mtbfMinutes',
      'status',
    ].map((field) => [field, (parent: T) => pick(parent)[field as keyof StoredResult]]),
  );

export const figuresSchema: SchemaModule<SlaFiguresServices> = {
  typeDefs: /* GraphQL */ `
    "One covered service's figures in a period, against the target that applies to it."
    type SLAServicePeriodResult {
      serviceId: ID!
      "Null once the service is deleted."
      service: Service
      targetValue: Float!
      ${RESULT_FIELDS}
    }

    "A definition's figures in one of its periods: its covered services pooled (their measures added up) against the definition's target."
    type SLAPeriodResult {
      "2026-11-25 (DAY), 2026-W48 (WEEK), 2026-11 (MONTH), 2026-Q4 (QUARTER), 2026 (YEAR)."
      periodKey: String!
      periodStart: DateTime!
      periodEnd: DateTime!
      "The period has ended: stored, and recomputed only by late data, a maintenance window, or a change of what its definition measures (target, DEGRADED rule, coverage)."
      final: Boolean!
      "When these figures were computed (the current period: now)."
      computedAt: DateTime!
      targetValue: Float!
      serviceCount: Int!
      ${RESULT_FIELDS}
      "Per covered service, by id."
      services: [SLAServicePeriodResult!]!
    }

    "A 5-minute bucket of a service's history, measured as a period of its own."
    type SLASnapshotTrendPoint {
      "2026-11-25T14:05Z"
      periodKey: String!
      periodStart: DateTime!
      actualValue: Float
      targetValue: Float!
      "Incidents that began in the bucket."
      incidentCount: Int!
      downtimeMinutes: Float!
      status: String!
    }

    type SLATrendDataPoint {
      "2026-11-25 (DAILY) or 2026-11 (MONTHLY)."
      periodKey: String!
      periodStart: DateTime!
      "Pooled over the (service, definition) pairs the filter names; null without covered time."
      actualValue: Float
      "The worst status of those pairs in the period."
      status: String!
    }

    enum SLATrendPeriodType {
      DAILY
      MONTHLY
    }

    "Which pairs of (service, covering definition) a trend pools; no subject: every covered service."
    input SLATrendFilter {
      periodType: SLATrendPeriodType!
      "Whole months before the current one, 0 to 36; the trend starts at that month's first day."
      monthsBack: Int = 0
      slaDefinitionId: ID
      serviceId: ID
      "An SLA group: its members."
      group: String
    }

    "The fleet's SLA figures this period (SPEC Dashboard stats)."
    type SLADashboardStats {
      totalServices: Int!
      "Services covered by at least one SLA definition."
      servicesWithSla: Int!
      "By each covered service's worst status over its definitions' current periods."
      metCount: Int!
      atRiskCount: Int!
      breachedCount: Int!
      "Mean month-to-date (UTC) actual value of the services with data, 3 decimals."
      averageUptime: Float!
    }

    extend type Query {
      "A definition's periods, newest first: the current one as of now, then up to limit - 1 closed ones (limit 1 to 60)."
      slaPeriodResults(slaDefinitionId: ID!, limit: Int = 12): [SLAPeriodResult!]!
      "5-minute points of a service from hoursBack hours ago (1 to 168) to now, against slaDefinitionId or the strictest definition covering it."
      slaSnapshotTrend(serviceId: ID!, hoursBack: Int = 24, slaDefinitionId: ID): [SLASnapshotTrendPoint!]!
      "Daily or monthly points, oldest first, the last one the period holding now."
      slaTrendData(filter: SLATrendFilter!): [SLATrendDataPoint!]!
      slaDashboardStats: SLADashboardStats!
    }

    extend type DashboardStats {
      "The SLA plugin's figures (the sla plugin must be active)."
      slaStats: SLADashboardStats!
    }

    extend type SLAGroup {
      "The members' month-to-date figures against the group's uptime target; without a target, the worst SLA status of the members. MET, AT_RISK, BREACHED, INSUFFICIENT_DATA or NO_DATA."
      status: String!
      "The members' month-to-date (UTC) actual value, pooled; null without data."
      currentUptime: Float
    }
  `,
  resolvers: {
    SLAServicePeriodResult: {
      serviceId: (s: StoredSubjectResult) => s.subjectId,
      service: (s: StoredSubjectResult, _args: unknown, ctx: Ctx) => ctx.app.fleet.services.get(s.subjectId) ?? null,
      ...resultResolvers((s: StoredSubjectResult) => s.result),
    },
    SLAPeriodResult: {
      serviceCount: (p: DefinitionPeriod) => p.services.length,
      ...resultResolvers((p: DefinitionPeriod) => p.result),
    },
    // Every figure is made of the services the viewer may see (environments, src/plugins/policy): placeGate.
    Query: {
      slaPeriodResults(_root, args: { slaDefinitionId: string; limit?: number | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.slaFigures.periodResults(args.slaDefinitionId, args.limit ?? null, placeGate(ctx.viewer));
      },
      slaSnapshotTrend(_root, args: { serviceId: string; hoursBack?: number | null; slaDefinitionId?: string | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return ctx.app.slaFigures.snapshotTrend(args.serviceId, args.hoursBack ?? 24, args.slaDefinitionId ?? null, placeGate(ctx.viewer));
      },
      slaTrendData(
        _root,
        args: {
          filter: {
            periodType: TrendPeriodType;
            monthsBack?: number | null;
            slaDefinitionId?: string | null;
            serviceId?: string | null;
            group?: string | null;
          };
        },
        ctx,
      ) {
        authorize(ctx.viewer, 'sla:read');
        const f = args.filter;
        return ctx.app.slaFigures.trendData(
          {
            periodType: f.periodType,
            monthsBack: f.monthsBack ?? 0,
            slaDefinitionId: f.slaDefinitionId ?? null,
            serviceId: f.serviceId ?? null,
            group: f.group ?? null,
          },
          placeGate(ctx.viewer),
        );
      },
      async slaDashboardStats(_root, _args: unknown, ctx) {
        authorize(ctx.viewer, 'sla:read');
        return (await ctx.app.slaFigures.fleet(placeGate(ctx.viewer))).dashboard;
      },
    },
    DashboardStats: {
      async slaStats(_stats: unknown, _args: unknown, ctx: Ctx) {
        authorize(ctx.viewer, 'sla:read');
        return (await ctx.app.slaFigures.fleet(placeGate(ctx.viewer))).dashboard;
      },
    },
    SLAGroup: {
      async status(group: { name: string }, _args: unknown, ctx: Ctx) {
        return (await ctx.app.slaFigures.group(group.name, placeGate(ctx.viewer))).status;
      },
      async currentUptime(group: { name: string }, _args: unknown, ctx: Ctx) {
        return (await ctx.app.slaFigures.group(group.name, placeGate(ctx.viewer))).currentUptime;
      },
    },
  },
};
