/**
 * What a log line never carries. Two layers, because neither alone is enough:
 *
 * - by field name: fields whose name says they hold a secret (`authorization`, `secret`,
 *   `clientSecret`, `bindPassword`, `token`, ...), at the top of a line's fields or one level
 *   down in a plain object (`headers.authorization`, `provider.bindPassword`), are written as
 *   `[REDACTED]` (`redactFields`, on every line and on a child's fields). A top-level `password`
 *   is the one exception: the first admin's generated password is printed once, on purpose
 *   (src/core/auth/bootstrapAdmin.ts; the README tells the operator to look for it); one level
 *   down it is redacted.
 * - by value: the secrets the server was configured with (operator key, JWT secret, the key of
 *   secrets at rest, the licence, the database password, the first admin's chosen password) are
 *   replaced wherever they appear in a line, in a message or in an error's text (a driver that
 *   quotes its connection string). A value is known once registered (`Logger.redact`); the server
 *   registers its configuration's at start, and generated secrets when they are made or read.
 *   Values shorter than `MIN_SECRET_LENGTH` are not registered: replacing them would mangle lines
 *   and the settings that hold secrets refuse such short values anyway.
 */
export const REDACTED = '[REDACTED]';

/** Shorter values are not replaced by value (see the header). */
export const MIN_SECRET_LENGTH = 8;

/** Field names whose values are secrets, compared in lower case (`clientSecret`, `x-api-key`, ...). */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'secret',
  'secrets',
  'clientsecret',
  'bindpassword',
  'apikey',
  'token',
  'accesstoken',
  'refreshtoken',
  'jwtsecret',
  'licensekey',
  'secretkey',
  'passwordhash',
]);

/**
 * `fields` with the values of secret-named fields (and of `password` one level down) replaced by
 * `[REDACTED]`; the same object when there is none (the usual case costs a look at each key). Not
 * pino's `redact`: its wildcard paths (`*.secret`) cost many times this walk on every line
 * (docs/adr/0062-request-ids-logs-and-runtime.md has the figures).
 */
export function redactFields<T extends Readonly<Record<string, unknown>>>(fields: T): T {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    let replaced: unknown = value;
    if (SECRET_FIELDS.has(key.toLowerCase())) replaced = REDACTED;
    else if (isPlainObject(value)) replaced = redactNested(value);
    if (replaced !== value) (copy ??= { ...fields })[key] = replaced;
  }
  return (copy ?? fields) as T;
}

function redactNested(fields: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const lower = key.toLowerCase();
    if (SECRET_FIELDS.has(lower) || lower === 'password') (copy ??= { ...fields })[key] = REDACTED;
  }
  return copy ?? fields;
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * The registered secret values and the function that takes them out of a written line. The forms a
 * value can take in a JSON line are registered with it: as it is, and JSON-escaped (a `"` or `\`
 * inside it is written escaped).
 */
export class SecretValues {
  private readonly values = new Set<string>();
  private list: string[] = [];

  add(values: Iterable<string | undefined | null>): void {
    for (const value of values) {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) continue;
      this.values.add(value);
      this.values.add(JSON.stringify(value).slice(1, -1));
    }
    // Longest first: a secret that contains another is replaced whole.
    this.list = [...this.values].sort((a, b) => b.length - a.length);
  }

  get size(): number {
    return this.list.length;
  }

  /** `line` with every registered value replaced. */
  scrub(line: string): string {
    let out = line;
    for (const value of this.list) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  }
}

/** The password in a `postgres://user:password@host/db` URL (as written and percent-decoded). */
export function urlPasswords(url: string | undefined): string[] {
  if (url === undefined) return [];
  try {
    const password = new URL(url).password;
    if (password === '') return [];
    let decoded = password;
    try {
      decoded = decodeURIComponent(password);
    } catch {
      // A malformed escape: the written form is what a line would show.
    }
    return decoded === password ? [password] : [password, decoded];
  } catch {
    return [];
  }
}
