/**
 * Maintenance windows over GraphQL (SPEC.md SLA plugin: slaExclusionWindows, createExclusionWindow,
 * stopExclusionWindow, deleteExclusionWindow; the API's names, see publicNames.ts): operators and admins open,
 * stop and delete windows, everyone who may see services reads them. The same commands as the
 * machine API's start/stop (maintenanceWindowService.ts). The gate (plugin `sla`) is applied by the
 * composer.
 */
import { authorizeAtRecord } from '../../../core/auth/placeGate.js';
import { authorize } from '../../../core/auth/roles.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { storableText } from '../../../core/protocol/fields.js';
import type { MaintenanceWindow, WindowActor } from './maintenanceWindow.js';
import { MAX_REASON } from './maintenanceWindowBodies.js';
import type { WindowFilter } from './maintenanceWindowHistory.js';
import type { MaintenanceWindowsContext } from './maintenanceWindowsContext.js';
import { WINDOW_READ, WINDOW_WRITE } from './publicNames.js';
import { hiddenServicesOf } from '../slaFilters.js';
import { isUuid } from '../slaIds.js';

type Ctx = GraphQLContext<MaintenanceWindowsContext>;

interface FilterArgs {
  readonly serviceId?: string | null;
  readonly active?: boolean | null;
  readonly from?: number | null;
  readonly to?: number | null;
}

interface CreateInput {
  readonly serviceId: string;
  readonly reason?: string | null;
  readonly expectedEndAt?: number | null;
}

function readFilter(filter: FilterArgs | null | undefined): WindowFilter {
  const f = filter ?? {};
  if (f.from != null && f.to != null && f.to <= f.from) throw new AppError(ErrorCode.BadRequest, 'filter: "to" must be after "from"');
  return { serviceId: f.serviceId?.toLowerCase() ?? null, active: f.active ?? null, from: f.from ?? null, to: f.to ?? null };
}

const userActor = (viewer: { userId: string }): WindowActor => ({ kind: 'user', userId: viewer.userId });
/** Stop or delete a window at its service's place: hidden by the viewer's environments, it is as absent as a missing one. */
const windowWriter = (ctx: Ctx, id: string) =>
  authorizeAtRecord(
    ctx.viewer,
    WINDOW_WRITE,
    ctx.app.fleet.services,
    async () => (isUuid(id) ? (await ctx.app.maintenanceWindowService.get(id))?.serviceId : undefined),
    () => new AppError(ErrorCode.NotFound, `no maintenance window with id ${id}`),
  );
const via = (actor: WindowActor | null) => (actor === null ? null : actor.kind === 'user' ? 'USER' : 'API_KEY');
const person = (actor: WindowActor | null, ctx: Ctx) => (actor?.kind === 'user' ? (ctx.app.users.get(actor.userId) ?? null) : null);

export const maintenanceWindowSchema: SchemaModule<MaintenanceWindowsContext> = {
  typeDefs: /* GraphQL */ `
    "How a maintenance window ended: STOP (stopped by a call), EXPIRY (its expectedEndAt came), DELETE (deleted while active)."
    enum ExclusionWindowEnd {
      STOP
      EXPIRY
      DELETE
    }

    "Who acted: a machine with the operator API key, or a signed-in person."
    enum ExclusionWindowActor {
      API_KEY
      USER
    }

    "A maintenance (exclusion) window: its minutes count in no SLA figure of its service, which shows MAINTENANCE while it is active."
    type ExclusionWindow {
      id: ID!
      serviceId: ID!
      service: Service
      reason: String
      startedAt: DateTime!
      "When it ends by itself; null: it lasts until stopped."
      expectedEndAt: DateTime
      endedAt: DateTime
      endedBy: ExclusionWindowEnd
      active: Boolean!
      createdVia: ExclusionWindowActor!
      "The person who opened it; null when a machine did (createdVia API_KEY)."
      createdBy: User
      "Who stopped or deleted it while active; null while active or when it expired."
      endedVia: ExclusionWindowActor
      endedByUser: User
    }

    input ExclusionWindowFilter {
      serviceId: ID
      "true: active windows only; false: ended ones only."
      active: Boolean
      "Windows that overlap [from, to)."
      from: DateTime
      to: DateTime
    }

    input CreateExclusionWindowInput {
      serviceId: ID!
      reason: String
      "Ends the window by itself at this time (in the future, at most 366 days ahead); leave it out for a window that lasts until stopped."
      expectedEndAt: DateTime
    }

    extend type Service {
      "The maintenance window the service is in now, if any."
      activeExclusionWindow: ExclusionWindow
    }

    extend type Query {
      "Maintenance windows newest first (deleted ones are not listed)."
      slaExclusionWindows(filter: ExclusionWindowFilter, ${pageArgs}): [ExclusionWindow!]!
      slaExclusionWindowCount(filter: ExclusionWindowFilter): Int!
    }

    extend type Mutation {
      "Operators and admins: open a maintenance window; the service shows MAINTENANCE until it ends. CONFLICT when the service already has an active one."
      createExclusionWindow(input: CreateExclusionWindowInput!): ExclusionWindow!
      "Operators and admins: end an active window now; the service shows what it reported meanwhile. CONFLICT when it already ended."
      stopExclusionWindow(id: ID!): ExclusionWindow!
      "Operators and admins: delete a window (an active one ends first); it no longer counts in any SLA figure. The deletion is recorded."
      deleteExclusionWindow(id: ID!): Boolean!
    }
  `,
  resolvers: {
    ExclusionWindow: {
      service: (w: MaintenanceWindow, _args: unknown, ctx: Ctx) => ctx.app.fleet.services.get(w.serviceId) ?? null,
      endedBy: (w: MaintenanceWindow) => (w.endedBy === null ? null : w.endedBy.toUpperCase()),
      active: (w: MaintenanceWindow) => w.endedAt === null,
      createdVia: (w: MaintenanceWindow) => via(w.createdBy),
      createdBy: (w: MaintenanceWindow, _args: unknown, ctx: Ctx) => person(w.createdBy, ctx),
      endedVia: (w: MaintenanceWindow) => via(w.endedByActor),
      endedByUser: (w: MaintenanceWindow, _args: unknown, ctx: Ctx) => person(w.endedByActor, ctx),
    },
    Service: {
      activeExclusionWindow: (service: { id: string }, _args: unknown, ctx: Ctx) => ctx.app.maintenanceWindows.activeOf(service.id) ?? null,
    },
    Query: {
      slaExclusionWindows(_root, args: { filter?: FilterArgs | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, WINDOW_READ);
        // Windows of services outside the viewer's environments are left out (src/plugins/policy).
        return ctx.app.maintenanceWindowService.list(
          { ...readFilter(args.filter), hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services) },
          readPage(args),
        );
      },
      slaExclusionWindowCount(_root, args: { filter?: FilterArgs | null }, ctx) {
        authorize(ctx.viewer, WINDOW_READ);
        return ctx.app.maintenanceWindowService.count({
          ...readFilter(args.filter),
          hiddenServiceIds: hiddenServicesOf(ctx.viewer, ctx.app.fleet.services),
        });
      },
    },
    Mutation: {
      createExclusionWindow(_root, args: { input: CreateInput }, ctx) {
        const { serviceId, reason, expectedEndAt } = args.input;
        // At the service's place: environments (src/plugins/policy) limit who opens windows there.
        const viewer = authorize(
          ctx.viewer,
          WINDOW_WRITE,
          typeof serviceId === 'string' ? ctx.app.fleet.services.get(serviceId)?.nodePath : undefined,
        );
        return ctx.app.maintenanceWindowService.start(
          {
            service: { kind: 'id', serviceId },
            reason: reason == null || reason === '' ? null : storableText(reason, 'reason', MAX_REASON),
            expectedEndAt: expectedEndAt ?? null,
          },
          userActor(viewer),
        );
      },
      async stopExclusionWindow(_root, args: { id: string }, ctx) {
        const viewer = await windowWriter(ctx, args.id);
        return ctx.app.maintenanceWindowService.stop({ kind: 'window', windowId: args.id }, userActor(viewer));
      },
      async deleteExclusionWindow(_root, args: { id: string }, ctx) {
        const viewer = await windowWriter(ctx, args.id);
        await ctx.app.maintenanceWindowService.delete(args.id, userActor(viewer));
        return true;
      },
    },
  },
};
