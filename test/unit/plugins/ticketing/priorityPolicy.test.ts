import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, ErrorCode } from '../../../../src/platform/errors/catalog.js';
import { DEFAULT_PRIORITY_POLICY, priorityOf, validatePriorityPolicy } from '../../../../src/plugins/ticketing/priority/priorityPolicy.js';
import { PRIORITIES, SEVERITY_LEVELS } from '../../../../src/plugins/ticketing/ticketContract.js';

describe('the default priority matrix', () => {
  it('gives P1 for CRITICAL x CRITICAL, P2 for HIGH x HIGH, P3 for MEDIUM x MEDIUM and P5 for LOW x LOW', () => {
    assert.equal(priorityOf(DEFAULT_PRIORITY_POLICY, 'CRITICAL', 'CRITICAL'), 'P1');
    assert.equal(priorityOf(DEFAULT_PRIORITY_POLICY, 'HIGH', 'HIGH'), 'P2');
    assert.equal(priorityOf(DEFAULT_PRIORITY_POLICY, 'MEDIUM', 'MEDIUM'), 'P3');
    assert.equal(priorityOf(DEFAULT_PRIORITY_POLICY, 'LOW', 'LOW'), 'P5');
  });
  it('is the whole table below (rows impact, columns urgency LOW, MEDIUM, HIGH, CRITICAL)', () => {
    const table = SEVERITY_LEVELS.map((impact) =>
      SEVERITY_LEVELS.map((urgency) => priorityOf(DEFAULT_PRIORITY_POLICY, impact, urgency)).join(' '),
    );
    assert.deepEqual(table, [
      'P5 P4 P3 P2', // LOW
      'P4 P3 P2 P2', // MEDIUM
      'P3 P2 P2 P1', // HIGH
      'P2 P2 P1 P1', // CRITICAL
    ]);
  });
  it('weighs impact and urgency alike, and more of either never lowers the priority', () => {
    for (const impact of SEVERITY_LEVELS) {
      for (const urgency of SEVERITY_LEVELS) {
        const here = priorityOf(DEFAULT_PRIORITY_POLICY, impact, urgency);
        assert.equal(priorityOf(DEFAULT_PRIORITY_POLICY, urgency, impact), here);
        const higher = SEVERITY_LEVELS[SEVERITY_LEVELS.indexOf(urgency) + 1];
        if (higher !== undefined) assert.ok(priorityOf(DEFAULT_PRIORITY_POLICY, impact, higher) <= here, `${impact} x ${higher}`);
      }
    }
  });
  it('has targets from P1 15 min / 4 h to P5 2 days / 10 days, tighter for every higher priority', () => {
    assert.deepEqual(DEFAULT_PRIORITY_POLICY.targets.P1, { responseMinutes: 15, resolutionMinutes: 240 });
    assert.deepEqual(DEFAULT_PRIORITY_POLICY.targets.P5, { responseMinutes: 2 * 1440, resolutionMinutes: 10 * 1440 });
    for (let i = 1; i < PRIORITIES.length; i += 1) {
      const tighter = DEFAULT_PRIORITY_POLICY.targets[PRIORITIES[i - 1]!];
      const looser = DEFAULT_PRIORITY_POLICY.targets[PRIORITIES[i]!];
      assert.ok(tighter.responseMinutes < looser.responseMinutes && tighter.resolutionMinutes < looser.resolutionMinutes);
    }
  });
  it('passes its own validator unchanged, also after a JSON round trip', () => {
    assert.deepEqual(validatePriorityPolicy(JSON.parse(JSON.stringify(DEFAULT_PRIORITY_POLICY))), DEFAULT_PRIORITY_POLICY);
  });
});

describe('validatePriorityPolicy', () => {
  const valid = () => JSON.parse(JSON.stringify(DEFAULT_PRIORITY_POLICY)) as Record<string, any>;
  const changed = (change: (policy: Record<string, any>) => void) => {
    const policy = valid();
    change(policy);
    return policy;
  };

  it('accepts a configured matrix that differs from the default', () => {
    const policy = validatePriorityPolicy(
      changed((p) => {
        p.matrix.LOW.CRITICAL = 'P1';
      }),
    );
    assert.equal(priorityOf(policy, 'LOW', 'CRITICAL'), 'P1');
  });

  const invalid: ReadonlyArray<readonly [what: string, input: unknown, message: RegExp]> = [
    ['not an object', [], /expected an object/],
    [
      'an unknown field',
      changed((p) => {
        p.levels = 4;
      }),
      /policy\.levels is not a field/,
    ],
    [
      'no matrix',
      changed((p) => {
        delete p.matrix;
      }),
      /matrix must be an object/,
    ],
    [
      'a missing row',
      changed((p) => {
        delete p.matrix.HIGH;
      }),
      /matrix\.HIGH is missing/,
    ],
    [
      'an unknown impact',
      changed((p) => {
        p.matrix.EXTREME = p.matrix.HIGH;
      }),
      /matrix\.EXTREME is not an impact/,
    ],
    [
      'a __proto__ row',
      changed((p) => {
        Object.defineProperty(p.matrix, '__proto__', { value: {}, enumerable: true });
      }),
      /matrix\.__proto__ is not an impact/,
    ],
    [
      'a missing cell',
      changed((p) => {
        delete p.matrix.MEDIUM.CRITICAL;
      }),
      /matrix\.MEDIUM\.CRITICAL must be one of P1, P2, P3, P4, P5, got undefined/,
    ],
    [
      'an unknown urgency',
      changed((p) => {
        p.matrix.LOW.URGENT = 'P1';
      }),
      /matrix\.LOW\.URGENT is not an urgency/,
    ],
    [
      'an unknown priority',
      changed((p) => {
        p.matrix.LOW.LOW = 'P6';
      }),
      /matrix\.LOW\.LOW must be one of .*got "P6"/,
    ],
    [
      'a lower-case priority',
      changed((p) => {
        p.matrix.HIGH.LOW = 'p3';
      }),
      /matrix\.HIGH\.LOW .*got "p3"/,
    ],
    [
      'no targets',
      changed((p) => {
        delete p.targets;
      }),
      /targets must be an object/,
    ],
    [
      'targets missing for a priority',
      changed((p) => {
        delete p.targets.P4;
      }),
      /targets\.P4 is missing/,
    ],
    [
      'targets for an unknown priority',
      changed((p) => {
        p.targets.P0 = { responseMinutes: 1, resolutionMinutes: 2 };
      }),
      /targets\.P0 is not a priority/,
    ],
    [
      'an unknown target field',
      changed((p) => {
        p.targets.P1.pickupMinutes = 5;
      }),
      /targets\.P1\.pickupMinutes is not a target/,
    ],
    [
      'a zero response target',
      changed((p) => {
        p.targets.P1.responseMinutes = 0;
      }),
      /targets\.P1\.responseMinutes must be a positive whole number.*got 0/,
    ],
    [
      'a negative resolution target',
      changed((p) => {
        p.targets.P2.resolutionMinutes = -60;
      }),
      /targets\.P2\.resolutionMinutes .*got -60/,
    ],
    [
      'a fractional target',
      changed((p) => {
        p.targets.P3.responseMinutes = 1.5;
      }),
      /targets\.P3\.responseMinutes .*got 1\.5/,
    ],
    [
      'a target as a string',
      changed((p) => {
        p.targets.P3.resolutionMinutes = '600';
      }),
      /targets\.P3\.resolutionMinutes .*got "600"/,
    ],
    [
      'a response later than the resolution',
      changed((p) => {
        p.targets.P5.responseMinutes = 20_000;
      }),
      /targets\.P5\.responseMinutes \(20000\) must not exceed resolutionMinutes \(14400\)/,
    ],
  ];
  for (const [what, input, message] of invalid) {
    it(`refuses ${what} with BAD_REQUEST naming the cell`, () => {
      assert.throws(
        () => validatePriorityPolicy(input),
        (error: unknown) => {
          assert.ok(error instanceof AppError, String(error));
          assert.equal(error.code, ErrorCode.BadRequest);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }
});
