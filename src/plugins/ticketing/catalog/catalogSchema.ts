/**
 * The catalog's GraphQL queries (SPEC.md ticketing queries): `availableWorkflows`,
 * `availableCatalogCategories`, `availableCatalogItems`, `availableGroups`, for anyone signed in
 * (a person raising a ticket picks from them), and `workflowExecutions` for operators and admins
 * (what the steps did, and why a run failed). Changes come through template import
 * (src/plugins/ticketing/templates). HTTP_REQUEST steps show their method, their URL to operators and
 * admins only, never their headers or body (any of them may carry a receiver's secret); the template
 * export, behind the API key, has them.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import { authorize, can, requireViewer, type Viewer } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { GroupRecord } from '../../../core/people/groupDirectory.js';
import type { CatalogItemView, TicketType, WorkflowDefinition, WorkflowStep } from '../ticketContract.js';
import type { ExecutionStatus, WorkflowExecution } from '../workflows/workflowExecution.js';
import { executionData } from '../workflows/workflowExecution.js';
import type { WorkflowExecutionLog } from '../workflows/workflowExecutionLog.js';
import type { TicketingCatalog } from './ticketingCatalog.js';

/** What these resolvers read from `ctx.app`. */
export interface CatalogSchemaServices {
  readonly ticketingCatalogAdmin: { readonly catalog: TicketingCatalog; readonly executions: WorkflowExecutionLog };
  readonly groups: CoreServices['groups'];
}

export const catalogSchema: SchemaModule<CatalogSchemaServices> = {
  typeDefs: /* GraphQL */ `
    enum TicketType { INCIDENT SERVICE_REQUEST PROBLEM CHANGE }
    "Where a workflow state stands, whatever the workflow names it."
    enum TicketStatusCategory { NEW IN_PROGRESS WAITING RESOLVED CLOSED }
    enum WorkflowStepType { HTTP_REQUEST NOTIFY }
    enum WorkflowExecutionStatus { RUNNING COMPLETED FAILED }
    "SUCCESS; FAILED: the receiver answered badly or the network failed; ExecFailed: it could not be carried out (refused address, nobody to notify)."
    enum WorkflowStepStatus { SUCCESS FAILED ExecFailed }

    type TicketWorkflow {
      name: String!
      description: String
      "Ticket types that follow it unless their catalog item names another."
      ticketTypes: [TicketType!]!
      initialState: String!
      states: [TicketWorkflowState!]!
      transitions: [TicketWorkflowTransition!]!
    }
    type TicketWorkflowState {
      name: String!
      category: TicketStatusCategory!
    }
    type TicketWorkflowTransition {
      name: String!
      "States it leaves from; * for any state but a CLOSED one."
      from: [String!]!
      to: String!
      steps: [TicketWorkflowStep!]!
    }
    "A step run after the transition commits. HTTP_REQUEST shows its method, and its url to operators and admins (headers and body only in the template export); NOTIFY shows message."
    type TicketWorkflowStep {
      type: WorkflowStepType!
      name: String!
      url: String
      method: String
      message: String
    }
    type CatalogCategory {
      name: String!
      description: String
      itemCount: Int!
    }
    type CatalogItem {
      name: String!
      categoryName: String!
      description: String
      ticketType: TicketType!
      "The workflow its tickets follow (null: the one serving its ticket type)."
      workflowName: String
      groupId: ID
      group: Group
      "The business calendar its due dates count in (null: the default calendar)."
      calendarName: String
      "Overrides the priority's targets when set (business minutes)."
      responseMinutes: Int
      resolutionMinutes: Int
    }
    type WorkflowStepOutcome {
      name: String!
      type: WorkflowStepType!
      status: WorkflowStepStatus!
      statusCode: Int
      error: String
      durationMs: Int!
    }
    "One run of a transition's steps."
    type WorkflowExecution {
      id: ID!
      ticketId: ID!
      ticketNumber: String!
      workflowName: String!
      transition: String!
      actorId: ID
      status: WorkflowExecutionStatus!
      steps: [WorkflowStepOutcome!]!
      "Why the run failed: the step and its reason."
      error: String
      startedAt: DateTime!
      finishedAt: DateTime
    }

    extend type Query {
      "Workflows tickets can follow (the built-in ones until a template brings others); only those serving ticketType when given."
      availableWorkflows(ticketType: TicketType): [TicketWorkflow!]!
      availableCatalogCategories: [CatalogCategory!]!
      "Catalog items, in their defined order; only those of categoryName when given."
      availableCatalogItems(categoryName: String): [CatalogItem!]!
      "The groups a ticket can be assigned to, by name."
      availableGroups: [Group!]!
      "Runs of workflow steps, newest first (operators and admins)."
      workflowExecutions(ticketId: ID, status: WorkflowExecutionStatus, ${pageArgs}): [WorkflowExecution!]!
    }
  `,
  resolvers: {
    TicketWorkflowStep: {
      // A receiver's URL may carry its secret (chat webhooks put it in the path): operators and admins only.
      url: (s: WorkflowStep, _args: unknown, ctx: { viewer: Viewer | null }) =>
        s.type === 'HTTP_REQUEST' && can(ctx.viewer, 'workflow:read') ? s.url : null,
      method: (s: WorkflowStep) => (s.type === 'HTTP_REQUEST' ? s.method : null),
      message: (s: WorkflowStep) => (s.type === 'NOTIFY' ? s.message : null),
    },
    CatalogCategory: {
      itemCount: (c: { name: string }, _args: unknown, ctx: { app: CatalogSchemaServices }) =>
        ctx.app.ticketingCatalogAdmin.catalog.itemsOf(c.name).length,
    },
    CatalogItem: {
      group: (i: CatalogItemView, _args: unknown, ctx: { app: CatalogSchemaServices }) =>
        i.groupId === null ? null : (ctx.app.groups.get(i.groupId) ?? null),
      responseMinutes: (i: CatalogItemView) => i.targets?.responseMinutes ?? null,
      resolutionMinutes: (i: CatalogItemView) => i.targets?.resolutionMinutes ?? null,
    },
    WorkflowExecution: {
      steps: (e: WorkflowExecution) => executionData(e)['steps'],
    },
    Query: {
      availableWorkflows(_root, args: { ticketType?: TicketType | null }, ctx): WorkflowDefinition[] {
        requireViewer(ctx.viewer);
        const all = ctx.app.ticketingCatalogAdmin.catalog.content().workflows;
        return args.ticketType ? all.filter((w) => w.ticketTypes.includes(args.ticketType!)) : [...all];
      },
      availableCatalogCategories(_root, _args, ctx) {
        requireViewer(ctx.viewer);
        return ctx.app.ticketingCatalogAdmin.catalog.categories();
      },
      availableCatalogItems(_root, args: { categoryName?: string | null }, ctx) {
        requireViewer(ctx.viewer);
        const { catalog } = ctx.app.ticketingCatalogAdmin;
        if (args.categoryName != null && !catalog.categories().some((c) => c.name === args.categoryName)) {
          throw new AppError(ErrorCode.NotFound, `no catalog category named "${args.categoryName}"; availableCatalogCategories lists them`);
        }
        return catalog.itemsOf(args.categoryName ?? undefined);
      },
      availableGroups(_root, _args, ctx): GroupRecord[] {
        authorize(ctx.viewer, 'directory:read');
        return [...ctx.app.groups.all()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
      },
      workflowExecutions(_root, args: { ticketId?: string | null; status?: ExecutionStatus | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'workflow:read');
        const page = readPage(args);
        return ctx.app.ticketingCatalogAdmin.executions.list(
          { ...(args.ticketId ? { ticketId: args.ticketId } : {}), ...(args.status ? { status: args.status } : {}) },
          page.limit,
          page.offset,
        );
      },
    },
  },
};
