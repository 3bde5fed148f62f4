/**
 * Outgoing webhooks over GraphQL (SPEC.md "Outgoing webhook"). Admins manage and test
 * them; admins and operators read them. Secrets and header values are write-only (`hasSecret`,
 * `hasValue`); response excerpts and the URL's query string are shown to admins only.
 */
import { authorize, can } from '../../core/auth/roles.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../platform/graphql/pagination.js';
import { readCreateInput, readUpdateInput, type WebhookInputContext } from './webhookInput.js';
import type { ExecutionFilter } from './webhookHistory.js';
import type { WebhookRecord } from './webhookRecord.js';
import type { ExecutionRecord } from './webhookTables.js';
import type { WebhookService } from './webhookService.js';

/** What the webhooks module's resolvers read from `ctx.app`. */
export interface WebhookServices {
  readonly webhooks: WebhookService;
}

type Context = GraphQLContext<WebhookServices>;

const privateFields = (ctx: Context) => can(ctx.viewer, 'webhook:read-private');

const inputContext = (ctx: Context): WebhookInputContext => ({
  isKnownEvent: (name) => ctx.app.webhooks.catalog.isKnown(name),
  knownEvents: () => ctx.app.webhooks.catalog.names(),
});

/** The URL without its query string, for readers who may not see credentials it may carry. */
function publicUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.search === '') return url;
  parsed.search = '';
  return `${parsed.toString()}?…`;
}

export const webhookSchema: SchemaModule<WebhookServices> = {
  typeDefs: /* GraphQL */ `
    enum WebhookStatus {
      ACTIVE
      "Sends nothing; deliveries waiting when it was set are cancelled."
      INACTIVE
      "Set by the server after deliveries kept failing (see statusReason); sends nothing new until updated or successfully tested."
      ERROR
    }

    enum WebhookMethod {
      POST
      PUT
      PATCH
    }

    "Wait before retry n: FIXED retryDelayMs; LINEAR retryDelayMs x n; EXPONENTIAL retryDelayMs x 2^(n-1); at most 24 h."
    enum WebhookRetryBackoff {
      FIXED
      LINEAR
      EXPONENTIAL
    }

    enum WebhookExecutionStatus {
      "The receiver answered 2xx."
      SUCCESS
      "A non-2xx answer, a time-out or a network error; retried while attempts remain."
      FAILED
      "Refused before any connection (the outbound address validator, or a template whose output is too large); not retried."
      ExecFailed
    }

    "A custom header sent with every delivery. Its value is write-only, like the secret: sealed at rest and never returned."
    type WebhookHeader {
      name: String!
      "A value is stored (it is sent, never shown)."
      hasValue: Boolean!
      value: String @deprecated(reason: "Header values are write-only (they often carry credentials): always null; see hasValue.")
    }

    type Webhook {
      id: ID!
      name: String!
      "Admins see the whole URL; others see it without its query string."
      url: String!
      method: WebhookMethod!
      "The secret itself is write-only."
      hasSecret: Boolean!
      "Why the stored secret cannot be read (it was sealed under another SVC_AUTH_SECRET_KEY): the webhook sends nothing, unsigned or otherwise, until its secret is set again. Null when it is fine."
      secretError: String
      headers: [WebhookHeader!]!
      "Why the stored header values cannot be read (they were sealed under another SVC_AUTH_SECRET_KEY): the webhook sends nothing until its headers are given again with their values. Null when they are fine."
      headersError: String
      events: [String!]!
      "JSON object of path: value (see the README's Webhooks section), or null."
      filters: String
      "JSON template text, or null for the default body."
      customPayloadTemplate: String
      timeoutMs: Int!
      retryMax: Int!
      retryDelayMs: Int!
      retryBackoff: WebhookRetryBackoff!
      status: WebhookStatus!
      statusReason: String
      statusChangedAt: DateTime!
      "Deliveries in a row that used every attempt without success."
      consecutiveFailures: Int!
      "Deliveries waiting to be sent or retried now."
      pendingDeliveries: Int!
      createdAt: DateTime!
      updatedAt: DateTime!
      createdBy: String
    }

    type WebhookExecution {
      id: ID!
      webhookId: ID!
      "null once the webhook is deleted."
      webhook: Webhook
      deliveryId: ID
      "The event id: the body's id and the webhook-id header, the same for every attempt."
      eventId: ID!
      event: String!
      "Sent by testWebhook."
      test: Boolean!
      attempt: Int!
      status: WebhookExecutionStatus!
      statusCode: Int
      durationMs: Int!
      "The start of the receiver's answer; admins only (null for others)."
      responseExcerpt: String
      error: String
      "The address finally called (after redirects); admins only."
      url: String
      at: DateTime!
    }

    "Figures of the last 30 days (test sends not included)."
    type WebhookStats {
      "null: all webhooks together."
      webhookId: ID
      deliveries: Int!
      delivered: Int!
      failed: Int!
      pending: Int!
      cancelled: Int!
      attempts: Int!
      successes: Int!
      failures: Int!
      "ExecFailed attempts."
      refused: Int!
      averageDurationMs: Float
      lastSuccessAt: DateTime
      lastFailureAt: DateTime
      since: DateTime!
    }

    input WebhookHeaderInput {
      name: String!
      "Required when creating. In updateWebhook, leave it out (or null) to keep the value stored under this name."
      value: String
    }

    input CreateWebhookInput {
      "Default: the URL's host."
      name: String
      url: String!
      method: WebhookMethod = POST
      "16 to 256 printable characters; deliveries are signed with it. Write-only."
      secret: String
      headers: [WebhookHeaderInput!]
      "Names from webhookEventTypes."
      events: [String!]!
      filters: String
      customPayloadTemplate: String
      "1 to 30000, default 10000."
      timeoutMs: Int
      "0 to 10, default 3."
      retryMax: Int
      "100 to 3600000, default 10000."
      retryDelayMs: Int
      "Default EXPONENTIAL."
      retryBackoff: WebhookRetryBackoff
      "ACTIVE (default) or INACTIVE."
      status: WebhookStatus
    }

    "Fields left out stay; null clears secret, headers, filters and customPayloadTemplate. headers replaces the list: a header given without its value keeps the stored one, a header left out is removed."
    input UpdateWebhookInput {
      name: String
      url: String
      method: WebhookMethod
      secret: String
      headers: [WebhookHeaderInput!]
      events: [String!]
      filters: String
      customPayloadTemplate: String
      timeoutMs: Int
      retryMax: Int
      retryDelayMs: Int
      retryBackoff: WebhookRetryBackoff
      status: WebhookStatus
    }

    input WebhookExecutionFilter {
      webhookId: ID
      status: WebhookExecutionStatus
      event: String
      eventId: ID
      from: DateTime
      to: DateTime
    }

    extend type Query {
      "Oldest first."
      webhooks(status: WebhookStatus, ${pageArgs}): [Webhook!]!
      webhookCount(status: WebhookStatus): Int!
      webhook(id: ID!): Webhook
      "One record per attempt, newest first, kept 30 days."
      webhookExecutions(filter: WebhookExecutionFilter, ${pageArgs}): [WebhookExecution!]!
      webhookExecutionCount(filter: WebhookExecutionFilter): Int!
      "One webhook's figures, or all webhooks' together without webhookId."
      webhookStats(webhookId: ID): WebhookStats!
      "The events this version delivers."
      webhookEventTypes: [String!]!
    }

    extend type Mutation {
      createWebhook(input: CreateWebhookInput!): Webhook!
      updateWebhook(id: ID!, input: UpdateWebhookInput!): Webhook!
      "Deletes the webhook and its waiting deliveries; its execution history stays for 30 days."
      deleteWebhook(id: ID!): Boolean!
      "Sends a synthetic webhook.test event now, records the execution and returns it."
      testWebhook(id: ID!): WebhookExecution!
    }
  `,
  resolvers: {
    Webhook: {
      url: (w: WebhookRecord, _args: unknown, ctx: Context) => (privateFields(ctx) ? w.url : publicUrl(w.url)),
      hasSecret: (w: WebhookRecord) => w.secret !== null,
      secretError: (w: WebhookRecord) => w.secretError ?? null,
      // Names only: values are write-only (an unreadable one is still stored, so it has a value).
      headers: (w: WebhookRecord) =>
        w.headers.map((h) => ({ name: h.name, hasValue: w.headersError !== undefined || h.value !== '', value: null })),
      headersError: (w: WebhookRecord) => w.headersError ?? null,
      filters: (w: WebhookRecord) => (w.filters === null ? null : JSON.stringify(w.filters)),
      customPayloadTemplate: (w: WebhookRecord) => (w.template === null ? null : JSON.stringify(w.template)),
      pendingDeliveries: (w: WebhookRecord, _args: unknown, ctx: Context) => ctx.app.webhooks.dispatcher.pendingOf(w.id),
    },
    WebhookExecution: {
      webhook: (e: ExecutionRecord, _args: unknown, ctx: Context) => ctx.app.webhooks.get(e.webhookId) ?? null,
      responseExcerpt: (e: ExecutionRecord, _args: unknown, ctx: Context) => (privateFields(ctx) ? e.responseExcerpt : null),
      url: (e: ExecutionRecord, _args: unknown, ctx: Context) => (privateFields(ctx) ? e.url : null),
    },
    Query: {
      webhooks(_root, args: { status?: string | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'webhook:read');
        const page = readPage(args);
        const all = ctx.app.webhooks.list().filter((w) => args.status == null || w.status === args.status);
        return all.slice(page.offset, page.offset + page.limit);
      },
      webhookCount(_root, args: { status?: string | null }, ctx) {
        authorize(ctx.viewer, 'webhook:read');
        return ctx.app.webhooks.list().filter((w) => args.status == null || w.status === args.status).length;
      },
      webhook: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'webhook:read'), ctx.app.webhooks.get(args.id) ?? null),
      webhookExecutions(_root, args: { filter?: ExecutionFilter | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'webhook:read');
        return ctx.app.webhooks.executions(args.filter ?? {}, readPage(args));
      },
      webhookExecutionCount(_root, args: { filter?: ExecutionFilter | null }, ctx) {
        authorize(ctx.viewer, 'webhook:read');
        return ctx.app.webhooks.executionCount(args.filter ?? {});
      },
      webhookStats(_root, args: { webhookId?: string | null }, ctx) {
        authorize(ctx.viewer, 'webhook:read');
        return ctx.app.webhooks.stats(args.webhookId ?? null);
      },
      webhookEventTypes: (_root, _args, ctx) => (authorize(ctx.viewer, 'webhook:read'), ctx.app.webhooks.catalog.names()),
    },
    Mutation: {
      createWebhook(_root, args: { input: Record<string, unknown> }, ctx) {
        const viewer = authorize(ctx.viewer, 'webhook:manage');
        return ctx.app.webhooks.create(readCreateInput(args.input, inputContext(ctx)), viewer.username);
      },
      updateWebhook(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'webhook:manage');
        return ctx.app.webhooks.update(args.id, readUpdateInput(args.input, inputContext(ctx)));
      },
      deleteWebhook: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'webhook:manage'), ctx.app.webhooks.delete(args.id)),
      testWebhook: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'webhook:manage'), ctx.app.webhooks.test(args.id)),
    },
  },
};
