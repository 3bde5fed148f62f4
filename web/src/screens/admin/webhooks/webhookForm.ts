/**
 * The webhook form: its values as a person types them, the checks the server would make (so every
 * problem shows at once, next to its field), and the Create/UpdateWebhookInput it becomes. The
 * secret is write-only: an edit sends it only when a new one is typed or removal is asked for.
 * Header values are write-only too: an edit shows each stored header as "Name:" and a header left
 * so (nothing after the colon) keeps its stored value.
 */
import type {
  AdminWebhookDetailQuery,
  CreateWebhookInput,
  UpdateWebhookInput,
  WebhookMethod as Method,
  WebhookRetryBackoff as Backoff,
} from '../../../gql/graphql';
import { enumValues } from '../../../ui/kit/enumValues';

export type { Backoff, Method };
export const METHODS = enumValues<Method>({ POST: true, PUT: true, PATCH: true });
export const BACKOFFS = enumValues<Backoff>({ FIXED: true, LINEAR: true, EXPONENTIAL: true });

export interface WebhookValues {
  name: string;
  url: string;
  method: Method;
  events: string[];
  /** Empty: keep the current one (edit) or none (create). */
  secret: string;
  removeSecret: boolean;
  /** One "Name: value" per line; on an edit, "Name:" keeps a stored header's value. */
  headers: string;
  filters: string;
  customPayloadTemplate: string;
  timeoutMs: string;
  retryMax: string;
  retryDelayMs: string;
  retryBackoff: Backoff;
  enabled: boolean;
}

/** The webhook as the server returns it, as far as the form shows it. */
export type WebhookFields = Pick<
  NonNullable<AdminWebhookDetailQuery['webhook']>,
  | 'name'
  | 'url'
  | 'method'
  | 'events'
  | 'hasSecret'
  | 'headers'
  | 'filters'
  | 'customPayloadTemplate'
  | 'timeoutMs'
  | 'retryMax'
  | 'retryDelayMs'
  | 'retryBackoff'
  | 'status'
>;

export type WebhookErrors = Partial<Record<keyof WebhookValues, string>>;

export function emptyWebhook(): WebhookValues {
  return {
    name: '',
    url: '',
    method: 'POST',
    events: [],
    secret: '',
    removeSecret: false,
    headers: '',
    filters: '',
    customPayloadTemplate: '',
    timeoutMs: '10000',
    retryMax: '3',
    retryDelayMs: '10000',
    retryBackoff: 'EXPONENTIAL',
    enabled: true,
  };
}

export function webhookValues(hook: WebhookFields): WebhookValues {
  return {
    name: hook.name,
    url: hook.url,
    method: hook.method,
    events: [...hook.events],
    secret: '',
    removeSecret: false,
    headers: hook.headers.map((header) => `${header.name}:`).join('\n'),
    filters: hook.filters ?? '',
    customPayloadTemplate: hook.customPayloadTemplate ?? '',
    timeoutMs: String(hook.timeoutMs),
    retryMax: String(hook.retryMax),
    retryDelayMs: String(hook.retryDelayMs),
    retryBackoff: hook.retryBackoff,
    // ERROR counts as on: saving it unchanged keeps the server's ERROR (status is only sent when changed).
    enabled: hook.status !== 'INACTIVE',
  };
}

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function parseHeaders(text: string): { headers: { name: string; value: string }[]; problem?: string } {
  const headers: { name: string; value: string }[] = [];
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const [index, line] of lines.entries()) {
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon).trim();
    if (colon < 0 || !HEADER_NAME.test(name)) return { headers, problem: `Line ${index + 1}: write each header as "Name: value".` };
    headers.push({ name, value: line.slice(colon + 1).trim() });
  }
  return { headers };
}

function bounded(text: string, min: number, max: number, what: string): string | undefined {
  if (!/^\d+$/.test(text.trim())) return `Enter a whole number of ${what} from ${min} to ${max}.`;
  const value = Number(text.trim());
  return value < min || value > max ? `Enter a whole number of ${what} from ${min} to ${max}.` : undefined;
}

function jsonObjectProblem(text: string, what: string): string | undefined {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? undefined
      : `${what} must be a JSON object, e.g. {"status": "DOWN"}.`;
  } catch {
    return `${what} is not valid JSON: check quotes and commas.`;
  }
}

export function validateWebhook(values: WebhookValues): WebhookErrors {
  const errors: WebhookErrors = {};
  const url = values.url.trim();
  if (url === '') errors.url = 'Enter the receiver address, e.g. https://hooks.example.com/svc.';
  else {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') errors.url = 'The address must start with http:// or https://.';
      else if (parsed.username || parsed.password) errors.url = 'Leave credentials out of the address: use a header or the secret.';
      else if (parsed.hash) errors.url = 'Remove the #fragment: it is never sent.';
    } catch {
      errors.url = 'Enter an absolute address like https://hooks.example.com/svc.';
    }
  }
  if (values.events.length === 0) errors.events = 'Choose at least one event to deliver.';
  if (values.secret !== '') {
    if (values.secret.length < 16 || values.secret.length > 256)
      errors.secret = 'Use 16 to 256 characters (for example the output of: openssl rand -hex 32).';
    else if (!/^[\x21-\x7e]+$/.test(values.secret)) errors.secret = 'Use printable characters without spaces.';
  }
  const headers = parseHeaders(values.headers).problem;
  if (headers) errors.headers = headers;
  const filters = jsonObjectProblem(values.filters, 'Filters');
  if (filters) errors.filters = filters;
  if (values.customPayloadTemplate.trim() !== '') {
    try {
      JSON.parse(values.customPayloadTemplate);
    } catch {
      // Templates may hold {{placeholders}} outside strings; the server checks them. Only catch the obvious.
      if (!values.customPayloadTemplate.trim().startsWith('{'))
        errors.customPayloadTemplate = 'A payload template is JSON text, starting with {.';
    }
  }
  const timeout = bounded(values.timeoutMs, 1, 30_000, 'milliseconds');
  if (timeout) errors.timeoutMs = timeout;
  const retries = bounded(values.retryMax, 0, 10, 'retries');
  if (retries) errors.retryMax = retries;
  const delay = bounded(values.retryDelayMs, 100, 3_600_000, 'milliseconds');
  if (delay) errors.retryDelayMs = delay;
  return errors;
}

function full(values: WebhookValues): CreateWebhookInput {
  return {
    ...(values.name.trim() ? { name: values.name.trim() } : {}),
    url: values.url.trim(),
    method: values.method,
    events: [...values.events],
    headers: parseHeaders(values.headers).headers,
    filters: values.filters.trim() === '' ? null : values.filters.trim(),
    customPayloadTemplate: values.customPayloadTemplate.trim() === '' ? null : values.customPayloadTemplate,
    timeoutMs: Number(values.timeoutMs),
    retryMax: Number(values.retryMax),
    retryDelayMs: Number(values.retryDelayMs),
    retryBackoff: values.retryBackoff,
  };
}

export function createWebhookInput(values: WebhookValues): CreateWebhookInput {
  const input = full(values);
  if (values.secret !== '') input.secret = values.secret;
  input.status = values.enabled ? 'ACTIVE' : 'INACTIVE';
  return input;
}

/** Only what changed; the secret when a new one is typed (or null to remove it). */
export function updateWebhookInput(before: WebhookValues, after: WebhookValues): UpdateWebhookInput {
  // Compared key by key: the keys are CreateWebhookInput's, each also an UpdateWebhookInput key.
  const old: Record<string, unknown> = full(before);
  const next: Record<string, unknown> = full(after);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(old[key])) input[key] = value;
  }
  if (Array.isArray(input['headers'])) {
    // "Name:" with nothing after it, for a header stored before: no value sent, so the server keeps the stored one.
    const stored = new Set(parseHeaders(before.headers).headers.map((h) => h.name.toLowerCase()));
    input['headers'] = (input['headers'] as { name: string; value: string }[]).map((h) =>
      h.value === '' && stored.has(h.name.toLowerCase()) ? { name: h.name } : h,
    );
  }
  if (after.removeSecret) input['secret'] = null;
  else if (after.secret !== '') input['secret'] = after.secret;
  if (after.enabled !== before.enabled) input['status'] = after.enabled ? 'ACTIVE' : 'INACTIVE';
  return input as UpdateWebhookInput;
}
