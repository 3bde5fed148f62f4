/**
 * Licence tokens (DESIGN.md "Licence token"): `<payload>.<signature>`, both base64url without padding.
 * `payload` is the JSON `{"licenseId", "customer", "plugins", "issuedAt", "expiresAt"}`; `signature` is the
 * 64-byte detached Ed25519 signature (tweetnacl) of the ASCII bytes of the `<payload>` segment.
 *
 * Pure: nothing here reads the clock or the environment; callers pass `now` (epoch ms) and the keys.
 * Verification checks the shape of the token and the signature before it looks at anything in the payload.
 */
import nacl from 'tweetnacl';
import { isPluginName, type PluginName } from './plugins.js';

export { isPluginName, PLUGIN_NAMES, type PluginName } from './plugins.js';

/** Longest token accepted; anything longer is refused before any decoding or signature work. */
export const MAX_LICENSE_TOKEN_LENGTH = 8192;
/** How far `issuedAt` may lie ahead of the verifier's clock (clock skew between issuer and server). */
export const CLOCK_SKEW_TOLERANCE_MS = 5 * 60_000;

const SIGNATURE_BYTES = nacl.sign.signatureLength; // 64
const PUBLIC_KEY_BYTES = nacl.sign.publicKeyLength; // 32
const SECRET_KEY_BYTES = nacl.sign.secretKeyLength; // 64
const SEED_BYTES = nacl.sign.seedLength; // 32

export interface License {
  readonly licenseId: string;
  readonly customer: string;
  /** Known plugins only, without duplicates, in the order the token lists them. */
  readonly plugins: readonly PluginName[];
  /** Epoch ms. */
  readonly issuedAt: number;
  /** Epoch ms; null for a licence that does not expire. */
  readonly expiresAt: number | null;
}

export type LicenseFailureReason = 'malformed' | 'bad-signature' | 'expired' | 'not-yet-valid';

export type LicenseVerification =
  | {
      readonly ok: true;
      readonly license: License;
      /** Plugin names in the (validly signed) token that this version does not know; worth a warning in the log. */
      readonly unknownPlugins: readonly string[];
    }
  | { readonly ok: false; readonly reason: LicenseFailureReason; readonly message: string };

/** What `issueLicenseToken` signs. Timestamps are epoch ms; `expiresAt` null = no expiry. */
export interface LicenseInput {
  readonly licenseId: string;
  readonly customer: string;
  readonly plugins: readonly PluginName[];
  readonly issuedAt: number;
  readonly expiresAt: number | null;
}

// ---------------------------------------------------------------------------------------------- verify

export function verifyLicenseToken(token: string, publicKey: Uint8Array, now: number): LicenseVerification {
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== PUBLIC_KEY_BYTES) {
    throw new TypeError(`licence public key must be ${PUBLIC_KEY_BYTES} bytes (use decodePublicKey)`);
  }
  if (!Number.isFinite(now)) throw new TypeError('now must be a finite epoch-millisecond number');

  if (typeof token !== 'string') return malformed('the licence token is not a string');
  if (token.length === 0) return malformed('the licence token is empty');
  if (token.length > MAX_LICENSE_TOKEN_LENGTH) {
    return malformed(
      `the licence token is ${token.length} characters long, more than the ${MAX_LICENSE_TOKEN_LENGTH} a licence token can have; check that the right value was supplied`,
    );
  }
  const segments = token.split('.');
  if (segments.length !== 2) {
    return malformed(
      `a licence token is two base64url parts joined by one '.', but this one has ${segments.length} part${segments.length === 1 ? '' : 's'}; check that the whole token was copied`,
    );
  }
  const [payloadSegment, signatureSegment] = segments as [string, string];

  const payloadBytes = decodeBase64Url(payloadSegment, 'payload');
  if (typeof payloadBytes === 'string') return malformed(payloadBytes);
  const signature = decodeBase64Url(signatureSegment, 'signature');
  if (typeof signature === 'string') return malformed(signature);
  if (signature.length !== SIGNATURE_BYTES) {
    return malformed(
      `the licence token's signature part decodes to ${signature.length} bytes; an Ed25519 signature is ${SIGNATURE_BYTES} bytes, so the token is cut short or damaged`,
    );
  }

  // The segment is base64url (checked above), so its characters are ASCII and latin1 gives their ASCII bytes.
  if (!nacl.sign.detached.verify(Buffer.from(payloadSegment, 'latin1'), signature, publicKey)) {
    return {
      ok: false,
      reason: 'bad-signature',
      message:
        'the licence token was not signed by the licence key this server trusts: it was altered, or it was issued with a different key pair (check SVC_LICENSE_PUBLIC_KEY, or ask the vendor for a token issued for this product)',
    };
  }

  // From here on the payload is what the key holder signed.
  const parsed = parsePayload(payloadBytes);
  if (typeof parsed === 'string') return malformed(parsed);
  const { payload, unknownPlugins } = parsed;
  const label = `licence ${JSON.stringify(payload.licenseId)} for ${JSON.stringify(payload.customer)}`;

  if (payload.issuedAt > now + CLOCK_SKEW_TOLERANCE_MS) {
    return {
      ok: false,
      reason: 'not-yet-valid',
      message: `${label} is issued at ${iso(payload.issuedAt)}, more than ${CLOCK_SKEW_TOLERANCE_MS / 60_000} minutes after this server's clock (${iso(now)}); check the server's clock`,
    };
  }
  if (payload.expiresAt !== null && payload.expiresAt <= now) {
    return {
      ok: false,
      reason: 'expired',
      message: `${label} expired on ${iso(payload.expiresAt)}; ask the vendor for a renewed licence`,
    };
  }
  return { ok: true, license: payload, unknownPlugins };
}

/**
 * The payload of a token decoded WITHOUT checking its signature, for display only (the `inspect` command):
 * never base a decision on it. Undefined when the first part is not base64url-encoded JSON.
 */
export function decodeUnverifiedPayload(token: string): unknown {
  if (typeof token !== 'string' || token.length > MAX_LICENSE_TOKEN_LENGTH) return undefined;
  const bytes = decodeBase64Url(token.split('.')[0] ?? '', 'payload');
  if (typeof bytes === 'string') return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

function malformed(message: string): LicenseVerification {
  return { ok: false, reason: 'malformed', message };
}

/** Strict base64url without padding: the decoded bytes, or a message saying what is wrong with the part. */
function decodeBase64Url(segment: string, part: 'payload' | 'signature'): Uint8Array | string {
  const what = `the licence token's ${part} part`;
  if (segment.length === 0) return `${what} is empty`;
  if (segment.includes('=')) return `${what} ends in '=' padding; licence tokens are base64url without padding`;
  if (/[+/]/.test(segment)) return `${what} uses '+' or '/' (standard base64); licence tokens are base64url ('-' and '_')`;
  if (/\s/.test(segment)) return `${what} contains whitespace or a line break; supply the token as one line`;
  const bad = /[^A-Za-z0-9_-]/.exec(segment);
  if (bad) return `${what} contains a character that is not base64url at position ${bad.index + 1}`;
  if (segment.length % 4 === 1) return `${what} has a length that no base64url text has; the token is cut short or damaged`;
  const bytes = Buffer.from(segment, 'base64url');
  // Unused trailing bits must be zero, so that a token has exactly one spelling.
  if (bytes.toString('base64url') !== segment) return `${what} is not canonical base64url; the token is damaged`;
  return bytes;
}

function parsePayload(bytes: Uint8Array): { payload: License; unknownPlugins: string[] } | string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return "the licence token's payload is not valid UTF-8";
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return "the licence token's payload is not JSON";
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return "the licence token's payload is not a JSON object";
  }
  const obj = value as Record<string, unknown>;
  const field = (name: string, expected: string): string =>
    name in obj
      ? `the licence payload's "${name}" must be ${expected}, but it is ${describeValue(obj[name])}`
      : `the licence payload has no "${name}" field`;

  const { licenseId, customer, plugins, issuedAt, expiresAt } = obj;
  if (typeof licenseId !== 'string' || licenseId.length === 0) return field('licenseId', 'a non-empty string');
  if (typeof customer !== 'string' || customer.length === 0) return field('customer', 'a non-empty string');
  if (!Array.isArray(plugins) || !plugins.every((p) => typeof p === 'string')) {
    return field('plugins', 'an array of strings');
  }
  if (typeof issuedAt !== 'string') return field('issuedAt', 'an ISO-8601 date-time string');
  const issuedAtMs = parseIsoDateTime(issuedAt);
  if (issuedAtMs === null) {
    return `the licence payload's "issuedAt" is not an ISO-8601 date-time with a time zone (like 2026-05-01T12:00:00Z)`;
  }
  if (!('expiresAt' in obj)) return field('expiresAt', 'an ISO-8601 date-time string or null');
  let expiresAtMs: number | null = null;
  if (expiresAt !== null) {
    if (typeof expiresAt !== 'string') return field('expiresAt', 'an ISO-8601 date-time string or null');
    expiresAtMs = parseIsoDateTime(expiresAt);
    if (expiresAtMs === null) {
      return `the licence payload's "expiresAt" is not an ISO-8601 date-time with a time zone (like 2027-05-01T12:00:00Z)`;
    }
    if (expiresAtMs <= issuedAtMs) return `the licence payload's "expiresAt" is not after its "issuedAt"`;
  }
  const known: PluginName[] = [];
  const unknown: string[] = [];
  for (const name of new Set(plugins as string[])) {
    if (isPluginName(name)) known.push(name);
    else unknown.push(name);
  }
  return {
    payload: { licenseId, customer, plugins: known, issuedAt: issuedAtMs, expiresAt: expiresAtMs },
    unknownPlugins: unknown,
  };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length === 0 ? 'an empty string' : 'a string';
  return `a ${typeof value}`;
}

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/**
 * An ISO-8601 date-time with a time zone (`Z` or `±hh:mm`), years 1970 to 9999, real calendar dates only
 * (Date.parse alone accepts 2026-02-30). Epoch ms, or null.
 */
function parseIsoDateTime(text: string): number | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = m[7] === undefined ? 0 : Math.floor(Number(m[7].padEnd(3, '0').slice(0, 3)));
  if (year < 1970 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  let offsetMinutes = 0;
  if (m[8] === undefined) {
    const offH = Number(m[10]);
    const offM = Number(m[11]);
    if (offH > 23 || offM > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offH * 60 + offM);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

// ---------------------------------------------------------------------------------------------- issue

/** Signs `input` with a 64-byte tweetnacl secret key. Throws on input it would not accept back. */
export function issueLicenseToken(input: LicenseInput, secretKey: Uint8Array): string {
  checkSecretKey(secretKey);
  if (typeof input.licenseId !== 'string' || input.licenseId.length === 0) throw new Error('licenseId must be a non-empty string');
  if (typeof input.customer !== 'string' || input.customer.length === 0) throw new Error('customer must be a non-empty string');
  for (const name of input.plugins) {
    if (!isPluginName(name)) throw new Error(`unknown plugin ${JSON.stringify(name)}`);
  }
  const issuedAt = isoForPayload(input.issuedAt, 'issuedAt');
  const expiresAt = input.expiresAt === null ? null : isoForPayload(input.expiresAt, 'expiresAt');
  if (input.expiresAt !== null && input.expiresAt <= input.issuedAt) throw new Error('expiresAt must be after issuedAt');

  const payload = {
    licenseId: input.licenseId,
    customer: input.customer,
    plugins: [...new Set(input.plugins)],
    issuedAt,
    expiresAt,
  };
  const payloadSegment = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  const signature = nacl.sign.detached(Buffer.from(payloadSegment, 'latin1'), secretKey);
  const token = `${payloadSegment}.${Buffer.from(signature).toString('base64url')}`;
  if (token.length > MAX_LICENSE_TOKEN_LENGTH) {
    throw new Error(
      `the token would be ${token.length} characters, more than the ${MAX_LICENSE_TOKEN_LENGTH} allowed; shorten the customer name or licence id`,
    );
  }
  return token;
}

function isoForPayload(ms: number, name: string): string {
  // Whole milliseconds from 1970 to 9999, the range verification accepts.
  if (!Number.isInteger(ms) || ms < 0 || ms > Date.UTC(9999, 11, 31, 23, 59, 59, 999)) {
    throw new Error(`${name} must be a whole epoch-millisecond time between 1970 and 9999`);
  }
  return iso(ms);
}

// ---------------------------------------------------------------------------------------------- keys

/** A fresh Ed25519 key pair, both halves base64 (standard alphabet, padded). The secret key is 64 bytes. */
export function generateKeyPair(): { publicKey: string; secretKey: string } {
  const pair = nacl.sign.keyPair();
  return {
    publicKey: Buffer.from(pair.publicKey).toString('base64'),
    secretKey: Buffer.from(pair.secretKey).toString('base64'),
  };
}

/** Base64 (standard alphabet, padding optional, surrounding whitespace ignored) of a 32-byte Ed25519 public key. */
export function decodePublicKey(base64: string): Uint8Array {
  const bytes = decodeBase64Standard(base64);
  if (bytes === null) throw new Error('the licence public key is not base64 (standard alphabet)');
  if (bytes.length !== PUBLIC_KEY_BYTES) {
    throw new Error(`the licence public key decodes to ${bytes.length} bytes; an Ed25519 public key is ${PUBLIC_KEY_BYTES} bytes`);
  }
  return bytes;
}

/**
 * Base64 of a 64-byte tweetnacl Ed25519 secret key (seed followed by public key), as `generateKeyPair` prints
 * it. The messages never repeat the value.
 */
export function decodeSecretKey(base64: string): Uint8Array {
  const bytes = decodeBase64Standard(base64);
  if (bytes === null) throw new Error('the licence secret key is not base64 (standard alphabet)');
  checkSecretKey(bytes);
  return bytes;
}

/** The public half of a 64-byte secret key (to tell which public key its tokens verify with). */
export function publicKeyOfSecretKey(secretKey: Uint8Array): Uint8Array {
  checkSecretKey(secretKey);
  return secretKey.slice(SEED_BYTES);
}

export function encodeKey(key: Uint8Array): string {
  return Buffer.from(key).toString('base64');
}

function checkSecretKey(secretKey: Uint8Array): void {
  if (!(secretKey instanceof Uint8Array) || secretKey.length !== SECRET_KEY_BYTES) {
    const length = secretKey instanceof Uint8Array ? `${secretKey.length} bytes` : 'not bytes';
    throw new Error(
      `the licence secret key is ${length}; a tweetnacl Ed25519 secret key is ${SECRET_KEY_BYTES} bytes (as printed by keygen)`,
    );
  }
  const derived = nacl.sign.keyPair.fromSeed(secretKey.slice(0, SEED_BYTES)).publicKey;
  if (!nacl.verify(derived, secretKey.slice(SEED_BYTES))) {
    throw new Error('the licence secret key is damaged: its second half is not the public key of its first half');
  }
}

function decodeBase64Standard(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  const canonical = bytes.toString('base64');
  if (trimmed !== canonical && trimmed !== canonical.replace(/=+$/, '')) return null;
  return new Uint8Array(bytes); // a plain Uint8Array, not a Buffer, for callers that compare keys
}
