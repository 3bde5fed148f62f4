/**
 * The webhook tables for the batch writer, and the row mappings both ways. A webhook's signing
 * secret is sealed at rest (src/platform/config/secretBox.ts, the webhook's id as additional data) in
 * `secret_sealed`; `secret` held it in clear before and is only read, to seal what an older
 * version stored. Custom header values are sealed the same way, each in `headers_sealed` with the
 * webhook's id and the header's name as additional data (a value copied to another header or
 * webhook does not open); `headers` held them in clear before and is only read. A secret or header
 * value in clear or under the previous key is sealed again at start (`readWebhookRow`, `hydrateWebhooks`).
 */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import type { SecretBox } from '../../platform/config/secretBox.js';
import { cols, epoch, iso, jsonColumn, numberOrNull, textOrNull } from '../../core/storage/tables.js';
import type { FilterSpec } from './filters.js';
import { RETRY_BACKOFFS, type RetryBackoff } from './retrySchedule.js';
import {
  WEBHOOK_METHODS,
  WEBHOOK_STATUSES,
  type ExecutionStatus,
  type SealedHeader,
  type WebhookHeader,
  type WebhookMethod,
  type WebhookRecord,
  type WebhookStatus,
} from './webhookRecord.js';

export const webhooksTable: TableSpec = {
  name: 'webhooks',
  key: ['id'],
  order: 400,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    name: 'text',
    url: 'text',
    method: 'text',
    secret: 'text',
    secret_sealed: 'text',
    headers: 'jsonb',
    headers_sealed: 'jsonb',
    events: 'jsonb',
    filters: 'jsonb',
    custom_payload_template: 'text',
    timeout_ms: 'integer',
    retry_max: 'integer',
    retry_delay_ms: 'integer',
    retry_backoff: 'text',
    status: 'text',
    status_reason: 'text',
    status_changed_at: 'timestamptz',
    consecutive_failures: 'integer',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    created_by: 'text',
  }),
};

/**
 * A delivery's state once it was attempted, cancelled or refused: pending (a retry is due), delivered,
 * failed or cancelled. A delivery that is only owed is listed on its outbox page (webhookOutboxTable).
 */
export const webhookDeliveriesTable: TableSpec = {
  name: 'webhook_deliveries',
  key: ['id'],
  order: 410,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    webhook_id: 'uuid',
    event_id: 'uuid',
    event: 'text',
    body: 'text',
    state: 'text',
    attempts: 'integer',
    next_attempt_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    last_error: 'text',
  }),
};

export const webhookExecutionsTable: TableSpec = {
  name: 'webhook_executions',
  key: ['id'],
  order: 420,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    webhook_id: 'uuid',
    delivery_id: 'uuid',
    event_id: 'uuid',
    event: 'text',
    test: 'boolean',
    attempt: 'integer',
    status: 'text',
    status_code: 'integer',
    duration_ms: 'integer',
    response_excerpt: 'text',
    error: 'text',
    url: 'text',
    at: 'timestamptz',
  }),
};

/** The sealed form of the record's secret: sealed now, kept as stored when it could not be opened, or none. */
function sealedSecret(w: WebhookRecord, box: SecretBox): string | null {
  if (w.secret !== null) return box.seal(w.secret, w.id);
  return w.unreadableSecret ?? null;
}

/** The additional data a header value is sealed with: the webhook and the header it belongs to. */
function headerOwner(webhookId: string, name: string): string {
  return `${webhookId} header ${name.toLowerCase()}`;
}

/** The headers as stored: each value sealed now, or as stored when they could not be opened. */
function sealedHeaders(w: WebhookRecord, box: SecretBox): readonly SealedHeader[] {
  return w.unreadableHeaders ?? w.headers.map((h) => ({ name: h.name, sealed: box.seal(h.value, headerOwner(w.id, h.name)) }));
}

export function webhookToRow(w: WebhookRecord, box: SecretBox) {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    method: w.method,
    secret: null,
    secret_sealed: sealedSecret(w, box),
    headers: [],
    headers_sealed: sealedHeaders(w, box),
    events: w.events,
    filters: w.filters,
    custom_payload_template: w.template === null ? null : JSON.stringify(w.template),
    timeout_ms: w.timeoutMs,
    retry_max: w.retryMax,
    retry_delay_ms: w.retryDelayMs,
    retry_backoff: w.retryBackoff,
    status: w.status,
    status_reason: w.statusReason,
    status_changed_at: iso(w.statusChangedAt),
    consecutive_failures: w.consecutiveFailures,
    created_at: iso(w.createdAt),
    updated_at: iso(w.updatedAt),
    created_by: w.createdBy,
  };
}

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  (allowed as readonly unknown[]).includes(value) ? (value as T) : fallback;

type StoredSecret = Pick<WebhookRecord, 'secret' | 'secretError' | 'unreadableSecret'> & {
  /** In clear (an older version's column) or under the previous key: to be sealed again under the current one. */
  readonly reseal: boolean;
};

/** The secret of a stored row: opened, read in clear from an older version's column, or why it cannot be read. */
function storedSecret(id: string, r: Record<string, unknown>, box: SecretBox): StoredSecret {
  const sealed = textOrNull(r['secret_sealed']);
  if (sealed === null) {
    const clear = textOrNull(r['secret']);
    return { secret: clear, reseal: clear !== null };
  }
  try {
    const { plain, underPrevious } = box.open(sealed, id);
    return { secret: plain, reseal: underPrevious };
  } catch {
    return {
      secret: null,
      secretError:
        'the stored secret cannot be read (neither SVC_AUTH_SECRET_KEY nor SVC_AUTH_SECRET_KEY_PREVIOUS is the key it was sealed under); set the secret again',
      unreadableSecret: sealed,
      reseal: false,
    };
  }
}

type StoredHeaders = Pick<WebhookRecord, 'headers' | 'headersError' | 'unreadableHeaders'> & {
  /** In clear (an older version's column) or under the previous key: to be sealed again under the current one. */
  readonly reseal: boolean;
};

/** The headers of a stored row: opened, read in clear from an older version's column, or why they cannot be read. */
function storedHeaders(id: string, r: Record<string, unknown>, box: SecretBox): StoredHeaders {
  if (r['headers_sealed'] === null || r['headers_sealed'] === undefined) {
    const clear = jsonColumn<WebhookHeader[]>(r['headers'], []);
    return { headers: clear, reseal: clear.length > 0 };
  }
  const sealed = jsonColumn<SealedHeader[]>(r['headers_sealed'], []);
  try {
    let underPrevious = false;
    const headers = sealed.map((h) => {
      const opened = box.open(h.sealed, headerOwner(id, h.name));
      underPrevious ||= opened.underPrevious;
      return { name: h.name, value: opened.plain };
    });
    return { headers, reseal: underPrevious };
  } catch {
    return {
      headers: sealed.map((h) => ({ name: h.name, value: '' })),
      headersError:
        'the stored header values cannot be read (neither SVC_AUTH_SECRET_KEY nor SVC_AUTH_SECRET_KEY_PREVIOUS is the key they were sealed under); give the headers again',
      unreadableHeaders: sealed,
      reseal: false,
    };
  }
}

/** A stored webhook, and whether its secret or header values must be sealed again (in clear, or under the previous key). */
export function readWebhookRow(r: Record<string, unknown>, box: SecretBox): { readonly record: WebhookRecord; readonly reseal: boolean } {
  const id = String(r['id']);
  const { reseal: resealSecret, ...secret } = storedSecret(id, r, box);
  const { reseal: resealHeaders, ...headers } = storedHeaders(id, r, box);
  return { record: webhookFromRow(r, secret, headers), reseal: resealSecret || resealHeaders };
}

function webhookFromRow(
  r: Record<string, unknown>,
  secret: Pick<WebhookRecord, 'secret' | 'secretError' | 'unreadableSecret'>,
  headers: Pick<WebhookRecord, 'headers' | 'headersError' | 'unreadableHeaders'>,
): WebhookRecord {
  const template = textOrNull(r['custom_payload_template']);
  return {
    id: String(r['id']),
    name: String(r['name']),
    url: String(r['url']),
    method: oneOf<WebhookMethod>(r['method'], WEBHOOK_METHODS, 'POST'),
    ...secret,
    ...headers,
    events: jsonColumn<string[]>(r['events'], []),
    filters: jsonColumn<FilterSpec | null>(r['filters'], null),
    template: template === null ? null : (JSON.parse(template) as unknown),
    timeoutMs: Number(r['timeout_ms']),
    retryMax: Number(r['retry_max']),
    retryDelayMs: Number(r['retry_delay_ms']),
    retryBackoff: oneOf<RetryBackoff>(r['retry_backoff'], RETRY_BACKOFFS, 'EXPONENTIAL'),
    // A status this version does not know (a newer version's) is read as INACTIVE: nothing is sent unasked.
    status: oneOf<WebhookStatus>(r['status'], WEBHOOK_STATUSES, 'INACTIVE'),
    statusReason: textOrNull(r['status_reason']),
    statusChangedAt: epoch(r['status_changed_at'])!,
    consecutiveFailures: Number(r['consecutive_failures']),
    createdAt: epoch(r['created_at'])!,
    updatedAt: epoch(r['updated_at'])!,
    createdBy: textOrNull(r['created_by']),
  };
}

export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'cancelled';

/** A delivery the dispatcher holds: one event for one webhook, with its exact body bytes. */
export interface Delivery {
  readonly id: string;
  readonly webhookId: string;
  readonly eventId: string;
  readonly event: string;
  readonly body: string;
  /** Attempts made so far. */
  readonly attempts: number;
  /** Epoch ms when the next attempt is due. */
  readonly dueAt: number;
  readonly createdAt: number;
  /** The outbox page (webhook_outbox) that lists it; null for a delivery written as a row of its own. */
  readonly pageId: string | null;
  /**
   * The W3C `traceparent` every attempt sends: the trace of the request that caused the event, or
   * one made for the event (src/platform/requestContext). Kept on the outbox page; null for a
   * delivery read from a row of its own (each attempt then starts a trace).
   */
  readonly traceparent: string | null;
}

export function deliveryRow(d: Delivery, state: DeliveryState, at: number, lastError: string | null) {
  return {
    id: d.id,
    webhook_id: d.webhookId,
    event_id: d.eventId,
    event: d.event,
    body: d.body,
    state,
    attempts: d.attempts,
    next_attempt_at: state === 'pending' ? iso(d.dueAt) : null,
    created_at: iso(d.createdAt),
    updated_at: iso(at),
    last_error: lastError,
  };
}

export function deliveryFromRow(r: Record<string, unknown>): Delivery {
  return {
    id: String(r['id']),
    webhookId: String(r['webhook_id']),
    eventId: String(r['event_id']),
    event: String(r['event']),
    body: String(r['body']),
    attempts: Number(r['attempts']),
    dueAt: epoch(r['next_attempt_at']) ?? epoch(r['created_at'])!,
    createdAt: epoch(r['created_at'])!,
    pageId: null,
    traceparent: null,
  };
}

export interface ExecutionRecord {
  readonly id: string;
  readonly webhookId: string;
  readonly deliveryId: string | null;
  readonly eventId: string;
  readonly event: string;
  readonly test: boolean;
  readonly attempt: number;
  readonly status: ExecutionStatus;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly responseExcerpt: string | null;
  readonly error: string | null;
  readonly url: string | null;
  readonly at: number;
}

export function executionRow(e: ExecutionRecord) {
  return {
    id: e.id,
    webhook_id: e.webhookId,
    delivery_id: e.deliveryId,
    event_id: e.eventId,
    event: e.event,
    test: e.test,
    attempt: e.attempt,
    status: e.status,
    status_code: e.statusCode,
    duration_ms: e.durationMs,
    response_excerpt: e.responseExcerpt,
    error: e.error,
    url: e.url,
    at: iso(e.at),
  };
}

export function executionFromRow(r: Record<string, unknown>): ExecutionRecord {
  return {
    id: String(r['id']),
    webhookId: String(r['webhook_id']),
    deliveryId: textOrNull(r['delivery_id']),
    eventId: String(r['event_id']),
    event: String(r['event']),
    test: Boolean(r['test']),
    attempt: Number(r['attempt']),
    status: String(r['status']) as ExecutionStatus,
    statusCode: numberOrNull(r['status_code']),
    durationMs: Number(r['duration_ms']),
    responseExcerpt: textOrNull(r['response_excerpt']),
    error: textOrNull(r['error']),
    url: textOrNull(r['url']),
    at: epoch(r['at'])!,
  };
}
