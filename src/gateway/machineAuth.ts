/**
 * The shared operator API key, sent as `X-API-Key` or `Authorization: Bearer`. Both sides are
 * hashed before `timingSafeEqual`, which keeps the comparison constant-time even when the lengths
 * differ (the raw comparison would throw, and an early length check would leak the key's length).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import type { RequestHead } from './http.js';

export type MachineAuthResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface MachineAuth {
  readonly open: boolean;
  check(head: RequestHead): MachineAuthResult;
}

const OK: MachineAuthResult = { ok: true };

export function createMachineAuth(apiKey: string): MachineAuth {
  if (apiKey === '') return { open: true, check: () => OK };
  const expected = digest(apiKey);
  return {
    open: false,
    check(head) {
      const presented = presentedKey(head);
      if (presented === undefined) return { ok: false, reason: 'missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>' };
      return timingSafeEqual(digest(presented), expected) ? OK : { ok: false, reason: 'invalid API key' };
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
