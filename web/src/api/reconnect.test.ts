import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS, reconnectDelayMs } from './reconnect';

describe('reconnect backoff', () => {
  it('draws each wait between 0 and a ceiling that doubles per failed attempt', () => {
    const ceilings = [0, 1, 2, 3].map((retries) => reconnectDelayMs(retries, () => 0.999999) + 1);
    expect(ceilings).toEqual([500, 1000, 2000, 4000]);
    expect(reconnectDelayMs(3, () => 0)).toBe(0);
    expect(reconnectDelayMs(0, () => 0.5)).toBe(RECONNECT_BASE_DELAY_MS / 2);
  });

  it('never waits longer than the cap, however many attempts failed (no cap on attempts)', () => {
    for (const retries of [4, 10, 100, 10_000]) expect(reconnectDelayMs(retries, () => 0.999999)).toBeLessThan(RECONNECT_MAX_DELAY_MS);
  });

  it('spreads clients: waits are drawn, not fixed', () => {
    const waits = new Set(Array.from({ length: 50 }, () => reconnectDelayMs(5)));
    expect(waits.size).toBeGreaterThan(40);
  });
});
