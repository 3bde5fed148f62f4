/**
 * What of a call's arguments goes into the audit trail: secrets never (passwords, tokens, licence
 * keys, webhook secrets, the values of configured HTTP headers, which carry credentials), long
 * strings cut, deep or wide values bounded, so a record stays small.
 */
const SECRET = /pass(word)?|token|secret|licen[cs]ekey|apikey|authorization/i;
const MAX_STRING = 200;
const MAX_KEYS = 30;
const MAX_DEPTH = 4;

// What PostgreSQL cannot store in jsonb: one such character would fail the whole group commit.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value);
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, MAX_KEYS)) {
    const child = (value as Record<string, unknown>)[key];
    out[storable(key)] = SECRET.test(key)
      ? '[redacted]'
      : key === 'headers'
        ? redact(headerNames(child), depth + 1)
        : redact(child, depth + 1);
  }
  return out;
}

export function storable(text: string): string {
  return text.replace(UNSTORABLE, '\ufffd');
}

/** Header lists (`[{name, value}]`) and maps keep their names; every value is redacted. */
function headerNames(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    return headers.map((h) =>
      h !== null && typeof h === 'object' ? { name: (h as { name?: unknown }).name ?? null, value: '[redacted]' } : '[redacted]',
    );
  }
  if (headers !== null && typeof headers === 'object') return Object.fromEntries(Object.keys(headers).map((name) => [name, '[redacted]']));
  return headers;
}
