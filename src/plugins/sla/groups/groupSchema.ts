/**
 * SLA groups over GraphQL: the groups status syncs declare (core keeps them), with the overrides
 * people set here and their members. Reads for every signed-in person, overrides for operators and
 * admins. A group's computed `status` and `currentUptime` come with the period results.
 */
import type { SlaGroupRecord } from '../../../core/fleet/slaGroupStore.js';
import { visibleServices } from '../../../core/auth/placeGate.js';
import { authorize, placeGate } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import type { SlaContext } from '../slaContext.js';
import { isUuid } from '../slaIds.js';
import { groupMembers, type GroupMember } from './groupMembers.js';

type Ctx = GraphQLContext<SlaContext>;

export const groupSchema: SchemaModule<SlaContext> = {
  typeDefs: /* GraphQL */ `
    type SLAGroupTargets {
      "Uptime target, percent."
      uptime: Float
    }

    "A member's backups: from its registration (operations.backup) and the backup reports."
    type SLABackupStatus {
      backupExpected: Boolean!
      lastBackupAt: DateTime
      "success, failed or partial."
      lastBackupStatus: String
      "The maximum age that applies (declared, or 1 when backups are expected without one); null when none are expected."
      backupMaxAgeDays: Int
      "Backups are expected and no success or partial backup is younger than backupMaxAgeDays."
      backupOverdue: Boolean!
    }

    type SLAGroupMember {
      serviceId: ID!
      serviceName: String!
      service: Service
      status: ServiceStatus!
      replicas: Int
      readyReplicas: Int
      backupStatus: SLABackupStatus!
    }

    "A group of services declared by status syncs (slaGroups of POST /api/v1/operator/status)."
    type SLAGroup {
      id: ID!
      name: String!
      displayName: String
      tier: String
      "As the last sync declared them."
      targets: SLAGroupTargets
      "Set by people (setSLAGroupTargetOverride); a sync never changes them. They win over targets."
      targetOverrides: SLAGroupTargets
      "The services whose slaGroup is this group, by name."
      services: [SLAGroupMember!]!
      "Definitions assigned to the group (covering every member)."
      definitions: [SLADefinition!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    extend type Query {
      "Every declared SLA group, by name."
      slaGroups: [SLAGroup!]!
      "By id or by name; give one."
      slaGroup(id: ID, name: String): SLAGroup
    }

    extend type Mutation {
      "Operators and admins: sets the group's uptime override (0 < uptime <= 100), or clears it with null. NOT_FOUND for a group no sync declared."
      setSLAGroupTargetOverride(group: String!, uptime: Float): SLAGroup!
    }
  `,
  resolvers: {
    SLAGroup: {
      targetOverrides: (g: SlaGroupRecord, _args: unknown, ctx: Ctx) => ctx.app.sla.groupSettings.overridesOf(g.name),
      // Members outside the viewer's environments are not listed (src/plugins/policy).
      services(g: SlaGroupRecord, _args: unknown, ctx: Ctx) {
        const members = groupMembers(ctx.app.fleet, g.name, ctx.app.clock.now());
        const gate = placeGate(ctx.viewer);
        if (gate === null) return members;
        const shown = new Set(visibleServices(gate, ctx.app.fleet.services.inSlaGroup(g.name)).map((s) => s.id));
        return members.filter((m) => shown.has(m.serviceId));
      },
      definitions: (g: SlaGroupRecord, _args: unknown, ctx: Ctx) =>
        ctx.app.sla.catalog
          .assignmentsNaming({ groupName: g.name })
          .map((a) => ctx.app.sla.catalog.definition(a.definitionId))
          .filter(Boolean),
    },
    SLAGroupMember: {
      service: (m: GroupMember, _args: unknown, ctx: Ctx) => ctx.app.fleet.services.get(m.serviceId) ?? null,
    },
    Query: {
      async slaGroups(_root, _args, ctx) {
        authorize(ctx.viewer, 'sla:read');
        await ctx.app.writer.settled();
        return ctx.app.fleet.slaGroups.list().sort((a, b) => a.name.localeCompare(b.name));
      },
      async slaGroup(_root, args: { id?: string | null; name?: string | null }, ctx) {
        authorize(ctx.viewer, 'sla:read');
        if ((args.id == null) === (args.name == null)) throw new AppError(ErrorCode.BadRequest, 'give exactly one of id or name');
        await ctx.app.writer.settled();
        if (args.name != null) return ctx.app.fleet.slaGroups.get(args.name) ?? null;
        const id = args.id!.toLowerCase();
        return isUuid(id) ? (ctx.app.fleet.slaGroups.list().find((g) => g.id === id) ?? null) : null;
      },
    },
    Mutation: {
      async setSLAGroupTargetOverride(_root, args: { group: string; uptime?: number | null }, ctx) {
        const viewer = authorize(ctx.viewer, 'sla:write');
        await ctx.app.sla.groupSettings.setUptimeOverride(viewer, args.group, args.uptime ?? null);
        return ctx.app.fleet.slaGroups.get(args.group);
      },
    },
  },
};
