/** The webhook screens' GraphQL documents; the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  AdminCreateWebhookMutation,
  AdminCreateWebhookMutationVariables,
  AdminDeleteWebhookMutation,
  AdminDeleteWebhookMutationVariables,
  AdminTestWebhookMutation,
  AdminTestWebhookMutationVariables,
  AdminUpdateWebhookMutation,
  AdminUpdateWebhookMutationVariables,
  AdminWebhookDetailQuery,
  AdminWebhookDetailQueryVariables,
  AdminWebhookEventTypesQuery,
  AdminWebhookEventTypesQueryVariables,
  AdminWebhookExecutionsQuery,
  AdminWebhookExecutionsQueryVariables,
  AdminWebhooksListQuery,
  AdminWebhooksListQueryVariables,
} from '../../../gql/graphql';

/** A webhook as the detail page shows it. */
export type WebhookRow = NonNullable<AdminWebhookDetailQuery['webhook']>;
/** Delivery figures of one webhook or of all. */
export type WebhookStats = AdminWebhooksListQuery['webhookStats'];
/** One delivery attempt. */
export type WebhookExecution = AdminWebhookExecutionsQuery['webhookExecutions'][number];

export const WEBHOOKS_LIST = gql<AdminWebhooksListQuery, AdminWebhooksListQueryVariables>`
  query AdminWebhooksList {
    webhooks(limit: 500) {
      id
      name
      url
      events
      status
      statusReason
      consecutiveFailures
      pendingDeliveries
    }
    webhookStats {
      deliveries
      delivered
      failed
      pending
      attempts
      successes
      failures
      refused
      averageDurationMs
      lastSuccessAt
      lastFailureAt
      since
    }
  }
`;

export const WEBHOOK_EVENT_TYPES = gql<AdminWebhookEventTypesQuery, AdminWebhookEventTypesQueryVariables>`
  query AdminWebhookEventTypes {
    webhookEventTypes
  }
`;

export const WEBHOOK_DETAIL = gql<AdminWebhookDetailQuery, AdminWebhookDetailQueryVariables>`
  query AdminWebhookDetail($id: ID!) {
    webhook(id: $id) {
      id
      name
      url
      method
      hasSecret
      secretError
      headers {
        name
        hasValue
      }
      headersError
      events
      filters
      customPayloadTemplate
      timeoutMs
      retryMax
      retryDelayMs
      retryBackoff
      status
      statusReason
      statusChangedAt
      consecutiveFailures
      pendingDeliveries
      createdAt
      createdBy
    }
    webhookStats(webhookId: $id) {
      webhookId
      deliveries
      delivered
      failed
      pending
      attempts
      successes
      failures
      refused
      averageDurationMs
      lastSuccessAt
      lastFailureAt
      since
    }
  }
`;

export const WEBHOOK_EXECUTIONS = gql<AdminWebhookExecutionsQuery, AdminWebhookExecutionsQueryVariables>`
  query AdminWebhookExecutions($filter: WebhookExecutionFilter, $limit: Int, $offset: Int) {
    webhookExecutions(filter: $filter, limit: $limit, offset: $offset) {
      id
      eventId
      event
      test
      attempt
      status
      statusCode
      durationMs
      responseExcerpt
      error
      url
      at
    }
    webhookExecutionCount(filter: $filter)
  }
`;

export const CREATE_WEBHOOK = gql<AdminCreateWebhookMutation, AdminCreateWebhookMutationVariables>`
  mutation AdminCreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
    }
  }
`;

export const UPDATE_WEBHOOK = gql<AdminUpdateWebhookMutation, AdminUpdateWebhookMutationVariables>`
  mutation AdminUpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      name
      url
      method
      hasSecret
      secretError
      headers {
        name
        hasValue
      }
      headersError
      events
      filters
      customPayloadTemplate
      timeoutMs
      retryMax
      retryDelayMs
      retryBackoff
      status
      statusReason
      statusChangedAt
    }
  }
`;

export const DELETE_WEBHOOK = gql<AdminDeleteWebhookMutation, AdminDeleteWebhookMutationVariables>`
  mutation AdminDeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`;

export const TEST_WEBHOOK = gql<AdminTestWebhookMutation, AdminTestWebhookMutationVariables>`
  mutation AdminTestWebhook($id: ID!) {
    testWebhook(id: $id) {
      id
      eventId
      event
      test
      attempt
      status
      statusCode
      durationMs
      responseExcerpt
      error
      url
      at
    }
  }
`;
