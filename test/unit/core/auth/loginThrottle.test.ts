import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLoginThrottle, type LoginThrottleOptions } from '../../../../src/core/auth/loginThrottle.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';

const limited = (e: unknown) => e instanceof AppError && e.code === 'RATE_LIMITED' && Number(e.headers['retry-after']) >= 1;

type Step =
  | readonly [kind: 'ok' | 'bad', account: string | null, address: string, expect: 'pass' | 'limited']
  | readonly ['wait', ms: number];

/** Runs a table of sign-in attempts: each attempt is checked, then settled as it went. */
async function run(steps: readonly Step[], options: Partial<LoginThrottleOptions> = {}) {
  const clock = createManualClock();
  const throttle = createLoginThrottle({ perAddressPerMinute: 30, perAccountPerMinute: 10, now: clock.now, ...options });
  for (const [i, step] of steps.entries()) {
    if (step[0] === 'wait') {
      clock.advance(step[1]);
      continue;
    }
    const [kind, account, address, expect] = step;
    if (expect === 'limited') {
      await assert.rejects(throttle.check(account, address), limited, `step ${i} should be limited`);
      continue;
    }
    await assert.doesNotReject(throttle.check(account, address), `step ${i} should pass`);
    if (kind === 'ok') await throttle.succeeded(account, address);
    else await throttle.failed(account, address);
  }
}

const repeat = <T>(n: number, step: T): T[] => Array.from({ length: n }, () => step);
const A = '10.0.0.1';
const B = '10.0.0.2';

describe('login throttle', () => {
  const cases: { name: string; steps: Step[]; options?: Partial<LoginThrottleOptions> }[] = [
    { name: 'ten correct sign-ins in a row succeed', steps: repeat(10, ['ok', 'alice', A, 'pass'] as const) },
    { name: 'a hundred correct sign-ins in a row succeed', steps: repeat(100, ['ok', 'alice', A, 'pass'] as const) },
    {
      name: 'failures on the pair are limited (burst of 4 at 10 a minute)',
      steps: [...repeat(4, ['bad', 'alice', A, 'pass'] as const), ['ok', 'alice', A, 'limited']],
    },
    {
      name: 'wrong passwords from another address do not stop the right person',
      steps: [...repeat(4, ['bad', 'alice', B, 'pass'] as const), ['bad', 'alice', B, 'limited'], ['ok', 'alice', A, 'pass']],
    },
    {
      name: 'the account name is matched ignoring case',
      steps: [...repeat(4, ['bad', 'Alice', A, 'pass'] as const), ['ok', 'alice', A, 'limited']],
    },
    {
      name: 'a success resets its pair',
      steps: [
        ...repeat(3, ['bad', 'alice', A, 'pass'] as const),
        ['ok', 'alice', A, 'pass'],
        ...repeat(4, ['bad', 'alice', A, 'pass'] as const),
        ['bad', 'alice', A, 'limited'],
      ],
    },
    {
      name: 'the pair refills with time',
      steps: [
        ...repeat(4, ['bad', 'alice', A, 'pass'] as const),
        ['ok', 'alice', A, 'limited'],
        ['wait', 6_000],
        ['ok', 'alice', A, 'pass'],
      ],
    },
    {
      name: 'guessing from one address is slowed across accounts',
      steps: [
        ...Array.from({ length: 10 }, (_, i) => ['bad', `user${i}`, A, 'pass'] as const),
        ['bad', 'user99', A, 'limited'],
        ['ok', 'bob', A, 'limited'],
        ['ok', 'bob', B, 'pass'],
      ],
    },
    {
      name: 'correct sign-ins do not use up the address limit',
      steps: [
        ...Array.from({ length: 50 }, (_, i) => ['ok', `user${i}`, A, 'pass'] as const),
        ...repeat(10, ['bad', 'mallory', A, 'pass'] as const),
      ],
      options: { perAccountPerMinute: 1000 },
    },
    {
      name: 'failures from many addresses start the account backoff for addresses it never signed in from',
      steps: [
        ...Array.from({ length: 20 }, (_, i) => ['bad', 'alice', `192.0.2.${i}`, 'pass'] as const),
        ['ok', 'alice', '198.51.100.1', 'limited'],
      ],
    },
    {
      name: 'a known address passes the account backoff',
      steps: [
        ['ok', 'alice', A, 'pass'],
        ...Array.from({ length: 20 }, (_, i) => ['bad', 'alice', `192.0.2.${i}`, 'pass'] as const),
        ['bad', 'alice', '198.51.100.1', 'limited'],
        ['ok', 'alice', A, 'pass'],
      ],
    },
    {
      name: 'the account backoff expires with time, then doubles on the next failure',
      steps: [
        ...Array.from({ length: 20 }, (_, i) => ['bad', 'alice', `192.0.2.${i}`, 'pass'] as const),
        ['ok', 'alice', B, 'limited'], // past the 20 free failures: 1 s after the last
        ['wait', 1_000],
        ['bad', 'alice', B, 'pass'],
        ['wait', 1_000],
        ['ok', 'alice', B, 'limited'], // one more failure: 2 s
        ['wait', 1_000],
        ['ok', 'alice', B, 'pass'],
      ],
    },
    {
      name: 'the account backoff is capped at 15 minutes',
      steps: [
        ...Array.from({ length: 20 }, (_, i) => ['bad', 'alice', `192.0.2.${i}`, 'pass'] as const),
        ...Array.from(
          { length: 30 },
          (_, i) =>
            [
              ['wait', 900_000],
              ['bad', 'alice', `198.51.100.${i}`, 'pass'],
            ] as const,
        ).flat(),
        ['wait', 899_000],
        ['ok', 'alice', B, 'limited'],
        ['wait', 1_000],
        ['ok', 'alice', B, 'pass'],
      ],
    },
    {
      name: 'a redemption that names no account takes from the address limit only',
      steps: [...repeat(10, ['bad', null, A, 'pass'] as const), ['ok', null, A, 'limited'], ['ok', 'alice', B, 'pass']],
    },
    {
      name: 'a limit of zero turns that limit off',
      steps: repeat(100, ['bad', 'alice', A, 'pass'] as const),
      options: { perAddressPerMinute: 0, perAccountPerMinute: 0, accountFreeFailures: 0 },
    },
  ];
  for (const c of cases) it(c.name, () => run(c.steps, c.options));

  it('concurrent guesses are counted before they are verified', async () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 30, perAccountPerMinute: 10, now: clock.now });
    await Promise.all([0, 1, 2, 3].map(() => throttle.check('alice', A)));
    await assert.rejects(throttle.check('alice', A), limited);
  });

  it('an attempt that is never settled does not hold the account for ever', async () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 30, perAccountPerMinute: 10, now: clock.now });
    for (let i = 0; i < 20; i += 1) {
      await throttle.check('alice', `192.0.2.${i}`);
      await throttle.failed('alice', `192.0.2.${i}`);
    }
    clock.advance(1_000);
    await throttle.check('alice', '198.51.100.1'); // never settled
    await assert.rejects(throttle.check('alice', '198.51.100.2'), limited);
    clock.advance(3_600_000);
    await assert.doesNotReject(throttle.check('alice', '198.51.100.2'));
  });

  it('the refusal says when to retry', async () => {
    const clock = createManualClock();
    const throttle = createLoginThrottle({ perAddressPerMinute: 30, perAccountPerMinute: 10, now: clock.now });
    for (let i = 0; i < 4; i += 1) {
      await throttle.check('alice', A);
      await throttle.failed('alice', A);
    }
    await assert.rejects(
      throttle.check('alice', A),
      (e: unknown) => e instanceof AppError && e.headers['retry-after'] === '6' && /retry after 6 s/.test(e.message),
    );
  });
});
