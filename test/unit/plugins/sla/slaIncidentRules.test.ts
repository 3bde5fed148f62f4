import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import {
  incidentMove,
  incidentTimes,
  type IncidentMove,
  type IncidentSeverity,
} from '../../../../src/plugins/sla/incidents/incidentRules.js';

const strict = { id: 'd-strict', degradedCountsAsDown: true };
const lenient = { id: 'd-lenient', degradedCountsAsDown: false };
const open = (definitionIds: string[], severity: IncidentSeverity) => ({ definitionIds, severity });

describe("what a status change does to a service's automatic incident", () => {
  const cases: [string, ReturnType<typeof open> | null, ServiceStatus, (typeof strict)[], IncidentMove][] = [
    [
      'DOWN opens one, counted against every covering definition, CRITICAL',
      null,
      'DOWN',
      [lenient, strict],
      { type: 'open', definitionIds: ['d-lenient', 'd-strict'], severity: 'CRITICAL' },
    ],
    [
      'DEGRADED opens one only for definitions that count it, MAJOR',
      null,
      'DEGRADED',
      [lenient, strict],
      { type: 'open', definitionIds: ['d-strict'], severity: 'MAJOR' },
    ],
    ['DEGRADED opens none when no covering definition counts it', null, 'DEGRADED', [lenient], { type: 'none' }],
    ['DOWN opens none for a service no definition covers', null, 'DOWN', [], { type: 'none' }],
    [
      'DOWN after DEGRADED extends it to more definitions and raises it to CRITICAL',
      open(['d-strict'], 'MAJOR'),
      'DOWN',
      [lenient, strict],
      { type: 'extend', definitionIds: ['d-lenient', 'd-strict'], severity: 'CRITICAL' },
    ],
    [
      'DEGRADED after DOWN keeps it open without lowering it',
      open(['d-lenient', 'd-strict'], 'CRITICAL'),
      'DEGRADED',
      [lenient, strict],
      { type: 'none' },
    ],
    ['DOWN again changes nothing', open(['d-lenient'], 'CRITICAL'), 'DOWN', [lenient], { type: 'none' }],
    ['OPERATIONAL closes it', open(['d-lenient'], 'CRITICAL'), 'OPERATIONAL', [lenient], { type: 'close' }],
    ['MAINTENANCE closes it', open(['d-lenient'], 'CRITICAL'), 'MAINTENANCE', [lenient], { type: 'close' }],
    [
      'DEGRADED closes it when no covering definition counts DEGRADED',
      open(['d-lenient'], 'CRITICAL'),
      'DEGRADED',
      [lenient],
      { type: 'close' },
    ],
    [
      'UNKNOWN neither closes it (nobody knows the outage ended) nor opens one',
      open(['d-lenient'], 'CRITICAL'),
      'UNKNOWN',
      [lenient],
      { type: 'none' },
    ],
    [
      'a status that counts for no definition closes one left open after the coverage ended',
      open(['d-lenient'], 'CRITICAL'),
      'OPERATIONAL',
      [],
      { type: 'close' },
    ],
  ];
  for (const [label, current, status, covering, expected] of cases) {
    it(label, () => assert.deepEqual(incidentMove(current, status, covering), expected));
  }
});

describe('incident times a person may write', () => {
  const now = Date.parse('2026-04-01T12:00:00Z');
  it('accepts a start in the past, open or ended after it and not after now', () => {
    incidentTimes(now - 60_000, null, now);
    incidentTimes(now - 60_000, now, now);
  });
  const invalid: [string, number, number | null, RegExp][] = [
    ['a start in the future', now + 1, null, /startedAt .* is in the future/],
    ['an end in the future', now - 60_000, now + 1, /endedAt .* is in the future/],
    ['an end at the start', now - 60_000, now - 60_000, /endedAt .* must be after startedAt/],
    ['an end before the start', now - 60_000, now - 120_000, /endedAt .* must be after startedAt/],
  ];
  for (const [label, startedAt, endedAt, message] of invalid) {
    it(`refuses ${label}`, () =>
      assert.throws(
        () => incidentTimes(startedAt, endedAt, now),
        (e: unknown) => e instanceof AppError && e.code === 'BAD_REQUEST' && message.test(e.message),
      ));
  }
});
