/**
 * Machine authentication: the shared operator API key, sent as `X-API-Key` or `Authorization:
 * Bearer`, and the scoped agent keys (src/plugins/agentKeys) beside it. Shared-key comparison hashes both
 * sides before `timingSafeEqual`, which keeps it constant-time even when the lengths differ (the raw
 * comparison would throw, and an early length check would leak the key's length).
 *
 * A key with the scoped prefix is handed to the scoped keys (one map lookup by key id); any other
 * key costs the shared key's check only, so the hot path of agents on the shared key is unchanged.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { RequestHead } from './http.js';
import type { RateBudget } from './rateLimiter.js';

/** What a scoped key may reach: checked against the request once its body is read (throws FORBIDDEN). */
export interface MachineScope {
  readonly keyId: string;
  /** The key's name, as its creator gave it: who the audit trail says called. */
  readonly keyName: string;
  /** The key's own request budget: its requests are counted against it instead of their address. */
  readonly budget: RateBudget | null;
  admit(request: { readonly path: string; readonly query: URLSearchParams; readonly body: Buffer }): void;
}

export type MachineAuthResult =
  | { readonly ok: true; readonly scope?: MachineScope }
  /** `forbidden`: a valid key that may not call this endpoint (403, not 401). */
  | { readonly ok: false; readonly reason: string; readonly forbidden?: boolean };

/** Scoped keys: `undefined` when the key is not one of them (then the shared key is compared). */
export interface ScopedKeys {
  readonly prefix: string;
  authenticate(presented: string, path: string): MachineAuthResult | undefined;
}

export interface MachineAuth {
  readonly open: boolean;
  check(head: RequestHead): MachineAuthResult;
  /** The agent keys module hands its keys over when it is created. */
  useScopedKeys(keys: ScopedKeys): void;
}

const OK: MachineAuthResult = { ok: true };

export function createMachineAuth(apiKey: string): MachineAuth {
  if (apiKey === '') return { open: true, check: () => OK, useScopedKeys: () => undefined };
  const expected = digest(apiKey);
  let scoped: ScopedKeys | undefined;
  return {
    open: false,
    check(head) {
      const presented = presentedKey(head);
      if (presented === undefined)
        return { ok: false, reason: 'missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>' };
      if (scoped !== undefined && presented.startsWith(scoped.prefix)) {
        const result = scoped.authenticate(presented, head.path);
        if (result !== undefined) return result;
      }
      return timingSafeEqual(digest(presented), expected) ? OK : { ok: false, reason: 'invalid API key' };
    },
    useScopedKeys(keys) {
      scoped = keys;
    },
  };
}

function presentedKey(head: RequestHead): string | undefined {
  const header = head.headers['x-api-key'];
  if (header !== undefined && header !== '') return header;
  const authorization = head.headers['authorization'];
  if (authorization === undefined) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(authorization);
  return match ? match[1]!.trim() : undefined;
}

/** One-shot `crypto.hash`: no Hash object per request. */
function digest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}
