/**
 * GraphQL input of createWebhook / updateWebhook, validated once into typed settings. Every error
 * is BAD_USER_INPUT naming the field and what to do. GraphQL has already checked the enum fields
 * and the types; this checks values.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { identifierText } from '../../core/protocol/fields.js';
import { checkFilters, parseFiltersText, type FilterSpec } from './filters.js';
import { parseTemplateText } from './payloadTemplate.js';
import { RETRY_BACKOFFS, type RetryBackoff } from './retrySchedule.js';
import {
  SVC_SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  standardSecretProblem,
} from './signatures.js';
import {
  DEFAULT_BACKOFF,
  LIMITS,
  WEBHOOK_METHODS,
  type WebhookChanges,
  type WebhookHeader,
  type WebhookHeaderInput,
  type WebhookMethod,
  type WebhookRecord,
  type WebhookSettings,
} from './webhookRecord.js';

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

/** Headers the product sets itself, or that belong to the connection: a webhook cannot set them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  SVC_SIGNATURE_HEADER,
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Visible ASCII, space and tab; no CR, LF or NUL (header injection), nothing a client would re-encode. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

export interface WebhookInputContext {
  readonly isKnownEvent: (name: string) => boolean;
  readonly knownEvents: () => readonly string[];
}

/** createWebhook: every setting, defaults filled in. */
export function readCreateInput(
  input: Record<string, unknown>,
  context: WebhookInputContext,
): WebhookSettings & { status: 'ACTIVE' | 'INACTIVE' } {
  const url = readUrl(input['url']);
  const changes = readUpdateInput(input, context);
  if (input['events'] === undefined || input['events'] === null)
    throw bad(`events is required: list the events to deliver (${context.knownEvents().join(', ')})`);
  return {
    name: changes.name ?? new URL(url).host,
    url,
    method: changes.method ?? 'POST',
    secret: changes.secret ?? null,
    headers: (changes.headers ?? []).map(withValue),
    events: changes.events!,
    filters: changes.filters ?? null,
    template: changes.template ?? null,
    timeoutMs: changes.timeoutMs ?? LIMITS.timeoutMs.default,
    retryMax: changes.retryMax ?? LIMITS.retryMax.default,
    retryDelayMs: changes.retryDelayMs ?? LIMITS.retryDelayMs.default,
    retryBackoff: changes.retryBackoff ?? DEFAULT_BACKOFF,
    status: changes.status ?? 'ACTIVE',
  };
}

/**
 * An update's headers against the stored ones: a header given without a value keeps the value
 * stored under its name (matched case-insensitively; the name may change case). BAD_USER_INPUT when
 * there is none to keep, or the stored values cannot be read (`headersError`).
 */
export function keepHeaderValues(
  given: readonly WebhookHeaderInput[],
  current: Pick<WebhookRecord, 'headers' | 'headersError'>,
): WebhookHeader[] {
  const stored = new Map(current.headers.map((h) => [h.name.toLowerCase(), h.value]));
  return given.map(({ name, value }) => {
    if (value !== null) return { name, value };
    if (current.headersError !== undefined)
      throw bad(`header ${name}: the stored header values cannot be read (${current.headersError}); give every header's value again`);
    const kept = stored.get(name.toLowerCase());
    if (kept === undefined) throw bad(`header ${name}: there is no stored value to keep; give its value`);
    return { name, value: kept };
  });
}

/** A new webhook has no stored value to keep: every header needs one. */
function withValue(header: WebhookHeaderInput): WebhookHeader {
  if (header.value === null) throw bad(`header ${header.name}: value is required`);
  return { name: header.name, value: header.value };
}

/**
 * updateWebhook: fields left out stay; `null` clears `secret`, `filters`, `customPayloadTemplate` and `headers`.
 * `headers` replaces the list; a header given without a value keeps the value stored under its name (values are write-only).
 */
export function readUpdateInput(input: Record<string, unknown>, context: WebhookInputContext): WebhookChanges {
  const out: { -readonly [K in keyof WebhookChanges]: WebhookChanges[K] } = {};
  const has = (field: string) => input[field] !== undefined;
  const required = (field: string) => {
    if (input[field] === null) throw bad(`${field} cannot be null; leave it out to keep it`);
    return input[field];
  };
  if (has('name')) out.name = identifierText(String(required('name')), 'name', LIMITS.nameMax);
  if (has('url')) out.url = readUrl(required('url'));
  if (has('method')) out.method = readMethod(required('method'));
  if (has('secret')) out.secret = input['secret'] === null || input['secret'] === '' ? null : readSecret(input['secret']);
  if (has('headers')) out.headers = input['headers'] === null ? [] : readHeaders(input['headers']);
  if (has('events')) out.events = readEvents(required('events'), context);
  if (has('filters')) out.filters = readFilters(input['filters']);
  if (has('customPayloadTemplate')) out.template = readTemplate(input['customPayloadTemplate']);
  if (has('timeoutMs')) out.timeoutMs = bounded(required('timeoutMs'), 'timeoutMs', LIMITS.timeoutMs);
  if (has('retryMax')) out.retryMax = bounded(required('retryMax'), 'retryMax', LIMITS.retryMax);
  if (has('retryDelayMs')) out.retryDelayMs = bounded(required('retryDelayMs'), 'retryDelayMs', LIMITS.retryDelayMs);
  if (has('retryBackoff')) out.retryBackoff = readBackoff(required('retryBackoff'));
  if (has('status')) {
    const status = required('status');
    if (status === 'ERROR') throw bad('status ERROR is set by the server when deliveries keep failing; set ACTIVE or INACTIVE');
    if (status !== 'ACTIVE' && status !== 'INACTIVE') throw bad('status must be ACTIVE or INACTIVE');
    out.status = status;
  }
  return out;
}

export function readUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw bad('url is required: the receiver address, e.g. https://hooks.example.com/svc');
  const text = value.trim();
  if (text.length > LIMITS.urlMax) throw bad(`url is longer than ${LIMITS.urlMax} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(`url "${text.slice(0, 100)}" is not an absolute URL like https://hooks.example.com/svc`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`url must use http or https, not ${url.protocol.replace(':', '')}`);
  if (url.username !== '' || url.password !== '')
    throw bad('url must not carry a user name or password; send credentials in headers or use a secret');
  if (url.hash !== '') throw bad('url must not have a #fragment (it is never sent)');
  return url.toString();
}

function readMethod(value: unknown): WebhookMethod {
  if (typeof value === 'string' && (WEBHOOK_METHODS as readonly string[]).includes(value)) return value as WebhookMethod;
  throw bad(`method must be one of ${WEBHOOK_METHODS.join(', ')}`);
}

function readBackoff(value: unknown): RetryBackoff {
  if (typeof value === 'string' && (RETRY_BACKOFFS as readonly string[]).includes(value)) return value as RetryBackoff;
  throw bad(`retryBackoff must be one of ${RETRY_BACKOFFS.join(', ')}`);
}

function readSecret(value: unknown): string {
  if (typeof value !== 'string') throw bad('secret must be a string');
  if (value.length < LIMITS.secretMin || value.length > LIMITS.secretMax) {
    throw bad(`secret must be ${LIMITS.secretMin} to ${LIMITS.secretMax} characters (a random one: openssl rand -hex 32)`);
  }
  if (!/^[\x21-\x7e]+$/.test(value)) throw bad('secret must be printable ASCII without spaces');
  const problem = standardSecretProblem(value);
  if (problem) throw bad(problem);
  return value;
}

function readHeaders(value: unknown): WebhookHeaderInput[] {
  if (!Array.isArray(value)) throw bad('headers must be a list of {name, value}');
  if (value.length > LIMITS.headersMax) throw bad(`at most ${LIMITS.headersMax} headers`);
  const seen = new Set<string>();
  const out: WebhookHeaderInput[] = [];
  for (const entry of value as Array<{ name?: unknown; value?: unknown }>) {
    const name = typeof entry?.name === 'string' ? entry.name.trim() : '';
    if (name === '' || name.length > LIMITS.headerNameMax || !TOKEN.test(name)) {
      throw bad(
        `header name "${String(entry?.name ?? '').slice(0, 100)}" is not a valid HTTP header name (letters, digits and !#$%&'*+.^_\`|~-, at most ${LIMITS.headerNameMax})`,
      );
    }
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.has(lower) || lower.startsWith('proxy-'))
      throw bad(`header ${name} is set by the server or the connection and cannot be configured`);
    if (seen.has(lower)) throw bad(`header ${name} is given twice`);
    seen.add(lower);
    if (entry?.value === undefined || entry.value === null) {
      out.push({ name, value: null });
      continue;
    }
    const text = typeof entry.value === 'string' ? entry.value.trim() : null;
    if (text === null) throw bad(`header ${name}: value must be a string`);
    if (text.length > LIMITS.headerValueMax) throw bad(`header ${name}: value is longer than ${LIMITS.headerValueMax} characters`);
    if (!HEADER_VALUE.test(text)) throw bad(`header ${name}: value may hold printable ASCII, spaces and tabs only (no line breaks)`);
    out.push({ name, value: text });
  }
  return out;
}

function readEvents(value: unknown, context: WebhookInputContext): string[] {
  if (!Array.isArray(value) || value.length === 0) throw bad(`events must list at least one of ${context.knownEvents().join(', ')}`);
  if (value.length > LIMITS.eventsMax) throw bad(`events lists more than ${LIMITS.eventsMax} entries`);
  const out: string[] = [];
  for (const name of value) {
    if (typeof name !== 'string' || !context.isKnownEvent(name)) {
      throw bad(
        `unknown event ${JSON.stringify(String(name).slice(0, 64))}; this version delivers ${context.knownEvents().join(', ')} (query webhookEventTypes)`,
      );
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

function readFilters(value: unknown): FilterSpec | null {
  if (value === null || value === '') return null;
  const parsed = typeof value === 'string' ? parseFiltersText(value) : checkFilters(value);
  if (!parsed.ok) throw bad(parsed.problem);
  return Object.keys(parsed.value).length === 0 ? null : parsed.value;
}

function readTemplate(value: unknown): unknown {
  if (value === null || value === '') return null;
  if (typeof value !== 'string') throw bad('customPayloadTemplate must be JSON text');
  const parsed = parseTemplateText(value);
  if (!parsed.ok) throw bad(parsed.problem);
  return parsed.value.source;
}

function bounded(value: unknown, field: string, range: { readonly min: number; readonly max: number }): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw bad(`${field} must be a whole number`);
  if (value < range.min || value > range.max) throw bad(`${field} must be between ${range.min} and ${range.max}, got ${value}`);
  return value;
}
