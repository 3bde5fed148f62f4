/**
 * One attempt as pure functions: the request a webhook sends for a body, and what the answer
 * means (SUCCESS, FAILED and worth a retry, or ExecFailed: refused by the address validator,
 * never retried).
 */
import type { OutboundRequest, OutboundResult } from '../../platform/outbound/outboundRequest.js';
import { outgoingTraceparent } from '../../platform/requestContext/requestContext.js';
import type { Tracing } from '../../platform/tracing/tracing.js';
import { storable } from '../audit/redact.js';
import { signatureHeaders } from './signatures.js';
import type { ExecutionStatus, WebhookRecord } from './webhookRecord.js';
import type { ExecutionRecord } from './webhookTables.js';

/** Bytes of the receiver's answer kept in the execution record. */
export const EXCERPT_BYTES = 1024;
export const USER_AGENT = 'svc-webhooks/1';

/**
 * Sends the attempt with `traceparent` (the delivery's; null: a new trace, or the running request's
 * for a test delivery), unless the webhook's stored secret could not be read: then nothing leaves (an
 * unsigned delivery to a receiver that checks signatures would be refused there at best, and
 * accepted by one that does not), and the attempt is refused, final, with the reason.
 */
export function attemptDelivery(
  send: (request: OutboundRequest) => Promise<OutboundResult>,
  webhook: WebhookRecord,
  eventId: string,
  body: string,
  attemptAt: number,
  traceparent: string | null,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  if (webhook.secretError !== undefined) {
    return Promise.resolve({ kind: 'refused', reason: `not sent unsigned: ${webhook.secretError}`, durationMs: 0, url: webhook.url });
  }
  // Sent without the headers it was set up with (an Authorization, say), it would fail at the receiver or reach it unauthenticated.
  if (webhook.headersError !== undefined) {
    return Promise.resolve({
      kind: 'refused',
      reason: `not sent without its headers: ${webhook.headersError}`,
      durationMs: 0,
      url: webhook.url,
    });
  }
  return send(deliveryRequest(webhook, eventId, body, attemptAt, traceparent ?? outgoingTraceparent(), signal));
}

/**
 * `attemptDelivery` in a span of its own when tracing is on (src/platform/tracing): a CLIENT span continuing
 * `traceparent` (the trace stored with the delivery), whose id the request's `traceparent` carries. Off, it is
 * `attemptDelivery` as it is.
 */
export async function attemptDeliveryTraced(
  tracing: Tracing,
  attempt: { readonly event: string; readonly number: number },
  send: (request: OutboundRequest) => Promise<OutboundResult>,
  webhook: WebhookRecord,
  eventId: string,
  body: string,
  attemptAt: number,
  traceparent: string | null,
  signal?: AbortSignal,
): Promise<OutboundResult> {
  if (!tracing.enabled) return attemptDelivery(send, webhook, eventId, body, attemptAt, traceparent, signal);
  const span = tracing.outgoing('webhook delivery', traceparent, {
    'http.request.method': webhook.method,
    'svc.webhook.id': webhook.id,
    'svc.webhook.event': attempt.event,
    'svc.webhook.attempt': attempt.number,
  });
  const result = await attemptDelivery(send, webhook, eventId, body, attemptAt, span.traceparent, signal);
  span.end(
    result.kind === 'response'
      ? { ok: result.status >= 200 && result.status < 300, statusCode: result.status }
      : { ok: false, error: result.reason },
  );
  return result;
}

export function deliveryRequest(
  webhook: WebhookRecord,
  eventId: string,
  body: string,
  attemptAt: number,
  traceparent: string,
  signal?: AbortSignal,
): OutboundRequest {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  for (const h of webhook.headers) headers[h.name.toLowerCase()] = h.value;
  headers['content-type'] = 'application/json';
  // After the webhook's own headers, as the content type: the trace is the server's to state.
  headers['traceparent'] = traceparent;
  Object.assign(headers, signatureHeaders(webhook.secret, eventId, attemptAt, body));
  return {
    url: webhook.url,
    method: webhook.method,
    headers,
    body,
    timeoutMs: webhook.timeoutMs,
    maxRedirects: 5,
    // A 301/302/303 would arrive as a GET without the event or its signature: a failed attempt, not a success.
    redirects: 'same-request',
    excerptBytes: EXCERPT_BYTES,
    ...(signal ? { signal } : {}),
  };
}

export interface AttemptOutcome {
  readonly status: ExecutionStatus;
  readonly statusCode: number | null;
  readonly durationMs: number;
  readonly responseExcerpt: string | null;
  readonly error: string | null;
  readonly url: string | null;
  /** No retry can help (the validator refused the address). */
  readonly final: boolean;
}

export function classify(result: OutboundResult, url: string): AttemptOutcome {
  const durationMs = Math.max(0, Math.round(result.durationMs));
  switch (result.kind) {
    case 'response': {
      const ok = result.status >= 200 && result.status < 300;
      const excerpt = storable(result.excerpt);
      let error: string | null = null;
      if (!ok)
        error = result.unfollowedRedirect
          ? unfollowedText(result.status, result.unfollowedRedirect, result.unfollowedBecause)
          : `HTTP ${result.status}`;
      return {
        status: ok ? 'SUCCESS' : 'FAILED',
        statusCode: result.status,
        durationMs,
        responseExcerpt: excerpt,
        error,
        url: result.finalUrl,
        final: false,
      };
    }
    case 'refused':
      return {
        status: 'ExecFailed',
        statusCode: null,
        durationMs,
        responseExcerpt: null,
        error: storable(`refused: ${result.reason}`),
        url: result.url,
        final: true,
      };
    case 'failed':
      return {
        status: 'FAILED',
        statusCode: null,
        durationMs,
        responseExcerpt: null,
        error: storable(result.timedOut ? `timed out: ${result.reason}` : result.reason),
        url,
        final: false,
      };
  }
}

/** The redirect's status and Location, so the owner can point the webhook at the new address. */
function unfollowedText(status: number, location: string, because: string | undefined): string {
  return `HTTP ${status}: redirect to ${location} not followed${because === undefined ? '' : ` (${because})`}`;
}

/** Which attempt an execution record is of. */
export interface AttemptOf {
  readonly webhookId: string;
  readonly deliveryId: string | null;
  readonly eventId: string;
  readonly event: string;
  readonly attempt: number;
  readonly at: number;
  readonly test: boolean;
}

export function executionRecord(id: string, of: AttemptOf, outcome: AttemptOutcome): ExecutionRecord {
  return {
    id,
    ...of,
    status: outcome.status,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
    error: outcome.error,
    url: outcome.url,
  };
}
