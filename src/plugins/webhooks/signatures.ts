/**
 * Delivery signatures, over the exact body bytes sent:
 *
 * - `X-Svc-Signature: sha256=<hex>`: HMAC-SHA256 of the body, keyed with the secret's UTF-8 bytes
 *   (SPEC.md "Delivery shape" item 4).
 * - Standard Webhooks (standardwebhooks.com): `webhook-id` (the event id, stable across retries and
 *   restarts), `webhook-timestamp` (the attempt time, unix seconds) and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. Its key is the
 *   secret's UTF-8 bytes, or, for a secret written as `whsec_<base64>`, the decoded bytes, as the
 *   Standard Webhooks libraries expect.
 *
 * Without a secret only `webhook-id` and `webhook-timestamp` are sent.
 */
import { createHmac } from 'node:crypto';

export const SVC_SIGNATURE_HEADER = 'x-svc-signature';
export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

const STANDARD_PREFIX = 'whsec_';

/** `sha256=<hex HMAC-SHA256(secret, body)>`. */
export function svcSignature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex')}`;
}

/** The HMAC key of the Standard Webhooks scheme for `secret`. */
export function standardKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_PREFIX) ? Buffer.from(secret.slice(STANDARD_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`. */
export function standardSignature(secret: string, id: string, timestampSeconds: number, body: string | Buffer): string {
  const mac = createHmac('sha256', standardKey(secret));
  mac.update(`${id}.${timestampSeconds}.`);
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

/** The headers the product sets on every delivery; user headers cannot replace them. */
export function signatureHeaders(secret: string | null, id: string, attemptAtMs: number, body: string | Buffer): Record<string, string> {
  const timestamp = Math.floor(attemptAtMs / 1000);
  const headers: Record<string, string> = { [WEBHOOK_ID_HEADER]: id, [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp) };
  if (secret !== null) {
    headers[SVC_SIGNATURE_HEADER] = svcSignature(secret, body);
    headers[WEBHOOK_SIGNATURE_HEADER] = standardSignature(secret, id, timestamp, body);
  }
  return headers;
}

/** A `whsec_` secret must decode to 24-64 bytes (the Standard Webhooks key size). */
export function standardSecretProblem(secret: string): string | undefined {
  if (!secret.startsWith(STANDARD_PREFIX)) return undefined;
  const encoded = secret.slice(STANDARD_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return 'a secret starting with whsec_ must continue with base64';
  const bytes = Buffer.from(encoded, 'base64').length;
  return bytes >= 24 && bytes <= 64 ? undefined : `a whsec_ secret must hold 24 to 64 bytes of key, this one holds ${bytes}`;
}
