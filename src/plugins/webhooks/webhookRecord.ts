/** A webhook as the product holds it, and its fixed vocabularies and bounds. */
import type { FilterSpec } from './filters.js';
import type { RetryBackoff } from './retrySchedule.js';

export const WEBHOOK_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Methods that carry a body; GET with a body is refused by HTTP clients and proxies alike. */
export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

export const EXECUTION_STATUSES = ['SUCCESS', 'FAILED', 'ExecFailed'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const LIMITS = {
  nameMax: 200,
  urlMax: 2048,
  secretMin: 16,
  secretMax: 256,
  headersMax: 20,
  headerNameMax: 100,
  headerValueMax: 4096,
  eventsMax: 64,
  timeoutMs: { min: 1, max: 30_000, default: 10_000 },
  retryMax: { min: 0, max: 10, default: 3 },
  retryDelayMs: { min: 100, max: 3_600_000, default: 10_000 },
} as const;

export const DEFAULT_BACKOFF: RetryBackoff = 'EXPONENTIAL';

/** A custom header. Its value is write-only like the secret: sealed at rest, sent, never returned (`hasValue`). */
export interface WebhookHeader {
  readonly name: string;
  readonly value: string;
}

/** A header as an update gives it: `value` null keeps the value stored under that name (case-insensitive). */
export interface WebhookHeaderInput {
  readonly name: string;
  readonly value: string | null;
}

/** A header as stored: its name, and its value sealed (src/platform/config/secretBox.ts). */
export interface SealedHeader {
  readonly name: string;
  readonly sealed: string;
}

export interface WebhookRecord {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly method: WebhookMethod;
  /** Write-only through the API: never returned, only `hasSecret`. Sealed at rest (webhookTables.ts). */
  readonly secret: string | null;
  /**
   * Present when the stored secret could not be opened at start (SVC_AUTH_SECRET_KEY changed, or
   * the row was altered): nothing is sent unsigned until an admin sets the secret again.
   */
  readonly secretError?: string;
  /** With `secretError`: the sealed text as stored, written back unchanged so a later fix of the key can still open it. */
  readonly unreadableSecret?: string;
  readonly headers: readonly WebhookHeader[];
  /**
   * Present when a stored header value could not be opened at start (as `secretError`): `headers`
   * then holds the names with empty values, and nothing is sent until the headers are given again.
   */
  readonly headersError?: string;
  /** With `headersError`: the headers as stored, written back unchanged so a later fix of the key can still open them. */
  readonly unreadableHeaders?: readonly SealedHeader[];
  readonly events: readonly string[];
  readonly filters: FilterSpec | null;
  /** The parsed template JSON, or null for the default body. */
  readonly template: unknown;
  readonly timeoutMs: number;
  readonly retryMax: number;
  readonly retryDelayMs: number;
  readonly retryBackoff: RetryBackoff;
  readonly status: WebhookStatus;
  /** Why the status is what it is, when the server set it (ERROR) or an admin said so. */
  readonly statusReason: string | null;
  readonly statusChangedAt: number;
  /** Deliveries in a row that used every attempt without success. */
  readonly consecutiveFailures: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly createdBy: string | null;
}

/** What an admin sets; everything but identity, status bookkeeping and times. */
export type WebhookSettings = Pick<
  WebhookRecord,
  | 'name'
  | 'url'
  | 'method'
  | 'secret'
  | 'headers'
  | 'events'
  | 'filters'
  | 'template'
  | 'timeoutMs'
  | 'retryMax'
  | 'retryDelayMs'
  | 'retryBackoff'
>;

/** An update: settings given replace the stored ones; a header given without a value keeps its stored value. */
export type WebhookChanges = Partial<Omit<WebhookSettings, 'headers'>> & {
  readonly headers?: readonly WebhookHeaderInput[];
  readonly status?: 'ACTIVE' | 'INACTIVE';
};

/** Deliveries in a row that exhaust their retries before the webhook goes to ERROR. */
export const ERROR_AFTER_EXHAUSTED_DELIVERIES = 3;
