import { describe, expect, it } from 'vitest';
import { fieldLockState, nextExpiry, renewIntervalMs, type EditLockView } from './lockState';

const NOW = Date.parse('2026-11-26T06:00:00Z');
const lock = (field: string, userId: string, username: string, expiresInMs: number): EditLockView => ({
  field,
  userId,
  username,
  expiresAt: new Date(NOW + expiresInMs).toISOString(),
});

describe('fieldLockState', () => {
  it('is free when nobody holds the field', () => {
    expect(fieldLockState([lock('criticality', 'u2', 'bob', 10_000)], 'displayName', 'u1', NOW)).toEqual({ kind: 'free' });
  });

  it('is mine when I hold the field', () => {
    expect(fieldLockState([lock('displayName', 'u1', 'alice', 10_000)], 'displayName', 'u1', NOW)).toEqual({
      kind: 'mine',
      expiresAt: NOW + 10_000,
    });
  });

  it('names the other person when someone else holds the field', () => {
    expect(fieldLockState([lock('displayName', 'u2', 'bob', 10_000)], 'displayName', 'u1', NOW)).toEqual({
      kind: 'theirs',
      username: 'bob',
      expiresAt: NOW + 10_000,
    });
  });

  it('is free once the lock has expired, even before the server says so', () => {
    expect(fieldLockState([lock('displayName', 'u2', 'bob', -1)], 'displayName', 'u1', NOW)).toEqual({ kind: 'free' });
  });
});

describe('nextExpiry', () => {
  it('is the soonest expiry still ahead', () => {
    const locks = [lock('a', 'u2', 'bob', 20_000), lock('b', 'u3', 'carol', 5_000), lock('c', 'u4', 'dan', -5_000)];
    expect(nextExpiry(locks, NOW)).toBe(NOW + 5_000);
  });

  it('is null when no lock is pending', () => {
    expect(nextExpiry([lock('a', 'u2', 'bob', -1)], NOW)).toBeNull();
  });
});

describe('renewIntervalMs', () => {
  it('renews three times per lifetime', () => {
    expect(renewIntervalMs(30)).toBe(10_000);
  });
});
