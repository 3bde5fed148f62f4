/**
 * Tickets over GraphQL (SPEC.md ticketing plugin): the reads (`ticket`, `tickets`, `ticketCount`,
 * `ticketByNumber`, `myTickets`, `ticketStatusHistory`) and the changes, every one through the
 * command layer (ticketCommands.ts), which checks who may act (docs/ticketing-roles.md) and answers
 * after the commit. The gate (plugin `ticketing`) is applied by the composer.
 */
import { authorize, requireViewer } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { TicketView } from '../ticketContract.js';
import type { TicketRecord } from './ticketData.js';
import type { CreateTicketInput, UpdateTicketInput } from './ticketCommands.js';
import type { TicketFilter, TicketSort } from './ticketQueries.js';
import type { TicketingContext } from './ticketingContext.js';
import type { StatusChange } from './ticketTables.js';

type Ctx = GraphQLContext<TicketingContext>;

interface ListArgs {
  readonly filter?: TicketFilter | null;
  readonly sort?: TicketSort | null;
  readonly limit?: number;
  readonly offset?: number;
}

const DEFAULT_SORT: TicketSort = { field: 'CREATED_AT', direction: 'DESC' };

function readFilter(filter: TicketFilter | null | undefined): TicketFilter {
  const f = filter ?? {};
  if (f.text != null && f.text.length > 200) throw new AppError(ErrorCode.BadRequest, 'filter.text is longer than 200 characters');
  return f;
}

const user = (id: string | null, ctx: Ctx) => (id === null ? null : (ctx.app.users.get(id) ?? null));

export const ticketSchema: SchemaModule<TicketingContext> = {
  typeDefs: /* GraphQL */ `
    enum TicketType {
      INCIDENT
      SERVICE_REQUEST
      PROBLEM
      CHANGE
    }

    "Impact and urgency share this scale; the priority matrix maps the pair to a priority."
    enum TicketSeverity {
      LOW
      MEDIUM
      HIGH
      CRITICAL
    }

    "P1 is the most urgent."
    enum TicketPriority {
      P1
      P2
      P3
      P4
      P5
    }

    "Where a workflow state stands, whatever the workflow names it."
    enum TicketStatusCategory {
      NEW
      IN_PROGRESS
      WAITING
      RESOLVED
      CLOSED
    }

    enum TicketSortField {
      CREATED_AT
      UPDATED_AT
      PRIORITY
      NUMBER
      RESOLUTION_DUE_AT
      STATUS
    }

    enum TicketSortDirection {
      ASC
      DESC
    }

    type Ticket {
      id: ID!
      "Human-readable and unique: a prefix by type (INC, REQ, PRB, CHG) and a sequence, e.g. INC-000042."
      number: String!
      title: String!
      description: String
      type: TicketType!
      "The workflow state's name."
      status: String!
      statusCategory: TicketStatusCategory!
      workflowName: String!
      "Transitions that leave the current state (transitionTicket takes their names)."
      availableTransitions: [String!]!
      impact: TicketSeverity!
      urgency: TicketSeverity!
      priority: TicketPriority!
      serviceId: ID
      service: Service
      catalogItemName: String
      requesterId: ID!
      requester: User
      assigneeId: ID
      assignee: User
      groupId: ID
      group: Group
      "When the first response is due (business hours of the ticket's calendar); null once responded or while paused."
      responseDueAt: DateTime
      "When resolution is due; null once resolved or while paused."
      resolutionDueAt: DateTime
      "Business minutes until the nearer due time (negative once past); null when no clock runs."
      minutesUntilDue: Int
      "Paused by pauseTicketSLA (a WAITING state pauses the clocks too)."
      slaPaused: Boolean!
      responseBreached: Boolean!
      resolutionBreached: Boolean!
      respondedAt: DateTime
      resolvedAt: DateTime
      createdAt: DateTime!
      updatedAt: DateTime!
      deletedAt: DateTime
    }

    type TicketStatusChange {
      id: ID!
      ticketId: ID!
      "null for the first entry (creation)."
      fromStatus: String
      toStatus: String!
      "The workflow transition taken; null for creation."
      transition: String
      actorId: ID
      actor: User
      at: DateTime!
    }

    input TicketFilter {
      status: String
      statusCategory: TicketStatusCategory
      priority: TicketPriority
      type: TicketType
      impact: TicketSeverity
      assigneeId: ID
      requesterId: ID
      groupId: ID
      serviceId: ID
      "Part of the title or the number, any case."
      text: String
    }

    input TicketSort {
      field: TicketSortField!
      direction: TicketSortDirection = DESC
    }

    input CreateTicketInput {
      title: String!
      description: String
      type: TicketType!
      impact: TicketSeverity!
      urgency: TicketSeverity!
      "Must name an existing service."
      serviceId: ID
      "Must name an existing catalog item (availableCatalogItems) of the same type."
      catalogItemName: String
      "Operators and admins may raise a ticket for another person; left out: the caller."
      requesterId: ID
    }

    "Fields left out stay as they are. A new impact or urgency re-prioritises the ticket and retargets its clocks."
    input UpdateTicketInput {
      title: String
      description: String
      impact: TicketSeverity
      urgency: TicketSeverity
    }

    extend type Query {
      "A ticket you may read; null when there is none (or it is deleted: restoreTicket brings it back)."
      ticket(id: ID!): Ticket
      "Tickets you may read, newest first unless sorted otherwise; deleted ones are not listed."
      tickets(filter: TicketFilter, sort: TicketSort, ${pageArgs}): [Ticket!]!
      ticketCount(filter: TicketFilter): Int!
      ticketByNumber(number: String!): Ticket
      "Tickets you requested or are assigned."
      myTickets(filter: TicketFilter, sort: TicketSort, ${pageArgs}): [Ticket!]!
      "Every state the ticket was in, oldest first."
      ticketStatusHistory(ticketId: ID!): [TicketStatusChange!]!
    }

    extend type Mutation {
      createTicket(input: CreateTicketInput!): Ticket!
      updateTicket(id: ID!, input: UpdateTicketInput!): Ticket!
      "Take a workflow transition (availableTransitions names those that leave the current state)."
      transitionTicket(id: ID!, transition: String!): Ticket!
      "assigneeId null: unassigned. groupId left out: the group stays; null: no group."
      assignTicket(id: ID!, assigneeId: ID, groupId: ID): Ticket!
      "The workflow's transition into a RESOLVED state; CONFLICT when it has none from the current state."
      resolveTicket(id: ID!): Ticket!
      closeTicket(id: ID!): Ticket!
      "From a RESOLVED or CLOSED state back to an open one; the resolution clock runs again."
      reopenTicket(id: ID!): Ticket!
      "Soft delete: hidden from lists and refusing every change until restored."
      deleteTicket(id: ID!): Boolean!
      restoreTicket(id: ID!): Ticket!
      pauseTicketSLA(id: ID!): Ticket!
      resumeTicketSLA(id: ID!): Ticket!
    }
  `,
  resolvers: {
    Ticket: {
      availableTransitions: (t: TicketRecord, _args: unknown, ctx: Ctx) => {
        const workflow = ctx.app.ticketingCatalog.workflow(t.workflowName);
        if (!workflow || t.deletedAt !== null) return [];
        return ctx.app.ticketRegistry
          .compiled(workflow)
          .transitionsFrom(t.status)
          .map((x) => x.name);
      },
      service: (t: TicketRecord, _args: unknown, ctx: Ctx) =>
        t.serviceId === null ? null : (ctx.app.fleet.services.get(t.serviceId) ?? null),
      requester: (t: TicketRecord, _args: unknown, ctx: Ctx) => user(t.requesterId, ctx),
      assignee: (t: TicketRecord, _args: unknown, ctx: Ctx) => user(t.assigneeId, ctx),
      group: (t: TicketRecord, _args: unknown, ctx: Ctx) => (t.groupId === null ? null : (ctx.app.groups.get(t.groupId) ?? null)),
      // Other parts may hand a bare TicketView (contract) to this type: the SLA figures come from memory then.
      responseDueAt: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.responseDueAt ?? null,
      resolutionDueAt: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.resolutionDueAt ?? null,
      minutesUntilDue: (t: TicketRecord, _a: unknown, ctx: Ctx) => {
        const m = sla(t, ctx)?.minutesUntilDue;
        return m == null ? null : Math.floor(m);
      },
      slaPaused: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.slaPaused ?? false,
      responseBreached: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.responseBreached ?? false,
      resolutionBreached: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.resolutionBreached ?? false,
      respondedAt: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.respondedAt ?? null,
      resolvedAt: (t: TicketRecord, _a: unknown, ctx: Ctx) => sla(t, ctx)?.resolvedAt ?? null,
    },
    TicketStatusChange: {
      actor: (c: StatusChange, _args: unknown, ctx: Ctx) => user(c.actorId, ctx),
    },
    Query: {
      async ticket(_root, args: { id: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        try {
          return await ctx.app.tickets.authorize(viewer, args.id, 'read');
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
          throw error;
        }
      },
      tickets(_root, args: ListArgs, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        return ctx.app.tickets.list(viewer, readFilter(args.filter), args.sort ?? DEFAULT_SORT, readPage(args));
      },
      ticketCount(_root, args: { filter?: TicketFilter | null }, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        return ctx.app.tickets.count(viewer, readFilter(args.filter));
      },
      ticketByNumber(_root, args: { number: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        if (args.number.length > 40) return null;
        return ctx.app.tickets.byNumber(viewer, args.number);
      },
      myTickets(_root, args: ListArgs, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        return ctx.app.tickets.list(
          viewer,
          { ...readFilter(args.filter), involving: viewer.userId },
          args.sort ?? DEFAULT_SORT,
          readPage(args),
        );
      },
      ticketStatusHistory(_root, args: { ticketId: string }, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:read');
        return ctx.app.tickets.history(viewer, args.ticketId);
      },
    },
    Mutation: {
      createTicket(_root, args: { input: CreateTicketInput }, ctx) {
        const viewer = authorize(ctx.viewer, 'ticket:create');
        return ctx.app.ticketCommands.create(args.input, viewer);
      },
      updateTicket(_root, args: { id: string; input: UpdateTicketInput }, ctx) {
        const input = args.input;
        // GraphQL null for a non-nullable field of ours: refused here rather than stored.
        for (const key of ['title', 'impact', 'urgency'] as const) {
          if (input[key] === null) throw new AppError(ErrorCode.BadRequest, `${key} cannot be null; leave it out to keep it`);
        }
        return ctx.app.ticketCommands.update(args.id, input, requireViewer(ctx.viewer));
      },
      transitionTicket: (_root, args: { id: string; transition: string }, ctx) =>
        ctx.app.ticketCommands.transition(args.id, args.transition, requireViewer(ctx.viewer)),
      assignTicket(_root, args: { id: string; assigneeId?: string | null; groupId?: string | null }, ctx) {
        const input = { assigneeId: args.assigneeId ?? null, ...('groupId' in args ? { groupId: args.groupId ?? null } : {}) };
        return ctx.app.ticketCommands.assign(args.id, input, requireViewer(ctx.viewer));
      },
      resolveTicket: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.resolve(args.id, requireViewer(ctx.viewer)),
      closeTicket: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.close(args.id, requireViewer(ctx.viewer)),
      reopenTicket: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.reopen(args.id, requireViewer(ctx.viewer)),
      async deleteTicket(_root, args: { id: string }, ctx) {
        await ctx.app.ticketCommands.delete(args.id, requireViewer(ctx.viewer));
        return true;
      },
      restoreTicket: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.restore(args.id, requireViewer(ctx.viewer)),
      pauseTicketSLA: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.pauseSla(args.id, requireViewer(ctx.viewer)),
      resumeTicketSLA: (_root, args: { id: string }, ctx) => ctx.app.ticketCommands.resumeSla(args.id, requireViewer(ctx.viewer)),
    },
  },
};

function sla(t: TicketView | TicketRecord, ctx: Ctx): Partial<TicketRecord> | undefined {
  return 'slaPaused' in t ? t : ctx.app.tickets.held(t.id);
}
