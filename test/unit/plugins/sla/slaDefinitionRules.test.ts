import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  burnRates,
  DEFAULT_BURN_RATES,
  definitionName,
  effectiveTarget,
  targetPercent,
  timeZone,
  type SlaTarget,
} from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import { readAssign, readUpdateDefinition } from '../../../../src/plugins/sla/definitions/definitionInput.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';

const badRequest = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (error: unknown) => error instanceof AppError && error.code === 'BAD_REQUEST' && message.test(error.message));

describe('SLA definition rules', () => {
  it('a target is a percentage above 0 and at most 100 (100 included: no error budget)', () => {
    for (const ok of [0.001, 50, 99.95, 100]) assert.equal(targetPercent(ok), ok);
  });

  for (const [value, label] of [
    [0, 'zero'],
    [-1, 'negative'],
    [100.0001, 'above 100'],
    [Number.NaN, 'NaN'],
    [Infinity, 'infinite'],
  ] as const) {
    it(`refuses a target that is ${label}`, () =>
      badRequest(() => targetPercent(value), /targetPercent must be a percentage above 0 and at most 100/));
  }

  it('a time zone is an IANA name Intl knows, canonicalised; empty or missing means UTC (null)', () => {
    assert.equal(timeZone('Europe/Berlin'), 'Europe/Berlin');
    assert.equal(timeZone(' America/New_York '), 'America/New_York');
    assert.equal(timeZone(null), null);
    assert.equal(timeZone(''), null);
  });

  for (const zone of ['Mars/Olympus', 'CEST+99', 'not a zone']) {
    it(`refuses the time zone "${zone}"`, () => badRequest(() => timeZone(zone), /timeZone must be an IANA time zone/));
  }

  it('names are trimmed and 1 to 200 characters', () => {
    assert.equal(definitionName('  Gold  '), 'Gold');
    badRequest(() => definitionName('   '), /name must be 1 to 200/);
    badRequest(() => definitionName('x'.repeat(201)), /name must be 1 to 200/);
  });

  it('burn-rate rules default to 14.4x over 1 h and 5 min (fast) and 6x over 6 h and 30 min (slow)', () => {
    assert.deepEqual(burnRates(null), {
      fast: { threshold: 14.4, longWindowMinutes: 60, shortWindowMinutes: 5 },
      slow: { threshold: 6, longWindowMinutes: 360, shortWindowMinutes: 30 },
    });
  });

  it('burn-rate input merges with the rules it changes, field by field', () => {
    assert.deepEqual(burnRates({ fast: { threshold: 10 } }), {
      fast: { ...DEFAULT_BURN_RATES.fast, threshold: 10 },
      slow: DEFAULT_BURN_RATES.slow,
    });
    const base = burnRates({ slow: { longWindowMinutes: 720 } });
    assert.deepEqual(burnRates({ slow: { threshold: 3 } }, base).slow, { threshold: 3, longWindowMinutes: 720, shortWindowMinutes: 30 });
  });

  const invalidBurnRates: [string, Parameters<typeof burnRates>[0], RegExp][] = [
    ['a threshold of 0', { fast: { threshold: 0 } }, /burnRates.fast.threshold must be a burn rate above 0/],
    [
      'a window not a multiple of 5 minutes',
      { slow: { shortWindowMinutes: 7 } },
      /burnRates.slow.shortWindowMinutes must be a whole number of 5-minute buckets/,
    ],
    [
      'a window over a week',
      { slow: { longWindowMinutes: 10085 } },
      /longWindowMinutes must be a whole number of 5-minute buckets from 5 to 10080/,
    ],
    [
      'a short window as long as the long one',
      { fast: { shortWindowMinutes: 60 } },
      /shortWindowMinutes \(60\) must be shorter than longWindowMinutes \(60\)/,
    ],
    [
      'a fast threshold not above the slow one',
      { fast: { threshold: 5 } },
      /burnRates.fast.threshold \(5\) must be above burnRates.slow.threshold \(6\)/,
    ],
  ];
  for (const [label, input, message] of invalidBurnRates) {
    it(`refuses burn-rate rules with ${label}`, () => badRequest(() => burnRates(input), message));
  }

  describe('the target that applies to a service', () => {
    const definition = { targetPercent: 99 };
    const target = (scope: SlaTarget['scope'], scopeValue: string, value: number) => ({ scope, scopeValue, targetPercent: value });
    const subject = { serviceId: 's1', groupName: 'payments', tier: 'critical' };
    const cases: [string, ReturnType<typeof target>[], number][] = [
      ["no targets: the definition's", [], 99],
      ["a tier target for its group's tier", [target('TIER', 'critical', 99.5)], 99.5],
      ['a group target over a tier target', [target('TIER', 'critical', 99.5), target('GROUP', 'payments', 99.9)], 99.9],
      [
        'a service target over every other',
        [target('GROUP', 'payments', 99.9), target('SERVICE', 's1', 95), target('TIER', 'critical', 99.5)],
        95,
      ],
      ['targets of other scopes do not apply', [target('SERVICE', 's2', 90), target('GROUP', 'other', 91), target('TIER', 'low', 92)], 99],
    ];
    for (const [label, targets, expected] of cases) it(label, () => assert.equal(effectiveTarget(definition, targets, subject), expected));

    it('a service in no group takes only service targets', () => {
      assert.equal(
        effectiveTarget(definition, [target('GROUP', 'payments', 99.9), target('TIER', 'critical', 99.5)], {
          serviceId: 's1',
          groupName: null,
          tier: null,
        }),
        99,
      );
    });
  });

  it('an update changes only what it names; an empty description or time zone clears it', () => {
    assert.deepEqual(readUpdateDefinition({}), {});
    assert.deepEqual(readUpdateDefinition({ name: null, targetPercent: 99.9, description: '', timeZone: '' }), {
      targetPercent: 99.9,
      description: null,
      timeZone: null,
    });
  });

  it('an assignment names exactly one of a service or a group', () => {
    assert.deepEqual(readAssign({ definitionId: 'd', serviceId: 'ABC' }), { definitionId: 'd', serviceId: 'abc', groupName: null });
    assert.deepEqual(readAssign({ definitionId: 'd', slaGroup: ' payments ' }), {
      definitionId: 'd',
      serviceId: null,
      groupName: 'payments',
    });
    badRequest(() => readAssign({ definitionId: 'd' }), /exactly one of serviceId/);
    badRequest(() => readAssign({ definitionId: 'd', serviceId: 'a', slaGroup: 'b' }), /exactly one of serviceId/);
  });
});
