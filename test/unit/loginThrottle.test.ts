import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLoginThrottle } from '../../src/auth/loginThrottle.js';
import { createManualClock } from '../../src/clock.js';
import { AppError } from '../../src/errors/catalog.js';

const limited = (e: unknown) => e instanceof AppError && e.code === 'RATE_LIMITED' && e.headers['retry-after'] !== undefined;

describe('login throttle', () => {
  it('refuses an address after its burst, whatever account it tries', () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 6, perAccountPerMinute: 1000, now: clock.now });
    for (let i = 0; i < 2; i += 1) throttle.attempt('10.0.0.1', `user${i}`);
    assert.throws(() => throttle.attempt('10.0.0.1', 'user9'), limited);
    throttle.attempt('10.0.0.2', 'user9');
  });

  it('refuses an account after its burst, from any address, ignoring case', () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 1000, perAccountPerMinute: 3, now: clock.now });
    throttle.attempt('10.0.0.1', 'Alice');
    assert.throws(() => throttle.attempt('10.0.0.2', 'alice'), limited);
  });

  it('lets attempts through again as time passes', () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 3, perAccountPerMinute: 1000, now: clock.now });
    throttle.attempt('10.0.0.1', 'a');
    assert.throws(() => throttle.attempt('10.0.0.1', 'a'), limited);
    clock.advance(20_000);
    throttle.attempt('10.0.0.1', 'a');
  });

  it('a limit of zero turns that bucket off', () => {
    const throttle = createLoginThrottle({ perAddressPerMinute: 0, perAccountPerMinute: 0, now: () => 0 });
    for (let i = 0; i < 100; i += 1) throttle.attempt('10.0.0.1', 'a');
  });
});
