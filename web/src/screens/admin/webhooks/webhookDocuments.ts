/** The webhook screens' GraphQL documents and the shapes they return. */
import { gql } from 'urql';
import type { WebhookFields } from './webhookForm';

export interface WebhookRow extends WebhookFields {
  readonly id: string;
  /** Why the stored secret cannot be read (the server's key changed): nothing is sent until it is set again. */
  readonly secretError?: string | null;
  /** Why the stored header values cannot be read (the server's key changed): nothing is sent until they are given again. */
  readonly headersError?: string | null;
  readonly statusReason: string | null;
  readonly statusChangedAt: string;
  readonly consecutiveFailures: number;
  readonly pendingDeliveries: number;
  readonly createdAt: string;
  readonly createdBy: string | null;
}

export interface WebhookStats {
  readonly webhookId: string | null;
  readonly deliveries: number;
  readonly delivered: number;
  readonly failed: number;
  readonly pending: number;
  readonly attempts: number;
  readonly successes: number;
  readonly failures: number;
  readonly refused: number;
  readonly averageDurationMs: number | null;
  readonly lastSuccessAt: string | null;
  readonly lastFailureAt: string | null;
  readonly since: string;
}

export interface WebhookExecution {
  readonly id: string;
  readonly eventId: string;
  readonly event: string;
  readonly test: boolean;
  readonly attempt: number;
  readonly status: 'SUCCESS' | 'FAILED' | 'ExecFailed';
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly responseExcerpt: string | null;
  readonly error: string | null;
  readonly url: string | null;
  readonly at: string;
}

export const WEBHOOKS_LIST = gql`
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

export const WEBHOOK_EVENT_TYPES = gql`
  query AdminWebhookEventTypes {
    webhookEventTypes
  }
`;

export const WEBHOOK_DETAIL = gql`
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

export const WEBHOOK_EXECUTIONS = gql`
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

export const CREATE_WEBHOOK = gql`
  mutation AdminCreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      name
    }
  }
`;

export const UPDATE_WEBHOOK = gql`
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

export const DELETE_WEBHOOK = gql`
  mutation AdminDeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`;

export const TEST_WEBHOOK = gql`
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
