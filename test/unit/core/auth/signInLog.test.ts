import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLoginThrottle } from '../../../../src/core/auth/loginThrottle.js';
import { loggedLoginThrottle, SIGN_IN_FAILED_MESSAGE, SIGN_IN_THROTTLED_MESSAGE } from '../../../../src/core/auth/signInLog.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

const MINUTE = 60_000;

function setup() {
  const clock = createManualClock();
  const logger = createMemoryLogger();
  const throttle = loggedLoginThrottle(
    createLoginThrottle({ perAddressPerMinute: 100, perAccountPerMinute: 9, now: clock.now }),
    logger,
    clock,
  );
  const attempt = async (account: string, address: string, ok: boolean) => {
    await throttle.check(account, address);
    if (ok) await throttle.succeeded(account, address);
    else await throttle.failed(account, address);
  };
  const lines = (msg: string) => logger.records.filter((r) => r['msg'] === msg);
  return { clock, throttle, attempt, lines };
}

describe('sign-in log', () => {
  it('logs failed sign-ins once a minute per account and address, with their count', async () => {
    const { clock, attempt, lines } = setup();
    await attempt('alice', '10.0.0.1', false);
    await attempt('alice', '10.0.0.1', false);
    await attempt('bob', '10.0.0.2', false);
    clock.advance(MINUTE);
    assert.deepEqual(
      lines(SIGN_IN_FAILED_MESSAGE).map((l) => [l['account'], l['address'], l['failures'], l['level']]),
      [
        ['alice', '10.0.0.1', 1, 'warn'],
        ['bob', '10.0.0.2', 1, 'warn'],
        ['alice', '10.0.0.1', 1, 'warn'],
      ],
    );
  });

  it('logs sign-ins the throttle refused', async () => {
    const { attempt, throttle, lines } = setup();
    for (let i = 0; i < 3; i += 1) await attempt('alice', '10.0.0.1', false);
    await assert.rejects(throttle.check('alice', '10.0.0.1'), (e: unknown) => e instanceof AppError && e.code === 'RATE_LIMITED');
    assert.deepEqual(
      lines(SIGN_IN_THROTTLED_MESSAGE).map((l) => [l['account'], l['address'], l['refused']]),
      [['alice', '10.0.0.1', 1]],
    );
  });

  it('logs nothing for a successful sign-in', async () => {
    const { attempt, lines } = setup();
    await attempt('alice', '10.0.0.1', true);
    assert.equal(lines(SIGN_IN_FAILED_MESSAGE).length + lines(SIGN_IN_THROTTLED_MESSAGE).length, 0);
  });
});
