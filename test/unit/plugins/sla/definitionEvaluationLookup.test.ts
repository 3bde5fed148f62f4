/**
 * How a definition's evaluation finds its services (src/plugins/sla/evaluation/definitionEvaluation.ts): by halving
 * its list when the ids come in code-unit order, each once (as the evaluator gives them), by a map otherwise. Either
 * way it answers the same coverage and statuses, and fits the same coverage in any order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PeriodStatus } from '../../../../src/core/domain/periodArithmetic.js';
import { DefinitionEvaluation, periodEndingBucketAt } from '../../../../src/plugins/sla/evaluation/definitionEvaluation.js';
import { dailyDefinition } from '../../../support/slaDefinitions.js';

const DAY = Date.parse('2026-03-10T00:00:00Z');
const definition = dailyDefinition();

/** Services s0..s11 (natural order is not code-unit order: s10 sorts before s2); every third one known BREACHED. */
const ids = Array.from({ length: 12 }, (_, i) => `s${i}`);
const known = (id: string | null): PeriodStatus | null => (id !== null && Number(id.slice(1)) % 3 === 0 ? 'BREACHED' : null);
const evaluationOf = (serviceIds: readonly string[]) =>
  new DefinitionEvaluation(definition, serviceIds, periodEndingBucketAt(definition, DAY + 300_000), 5, known);

describe('definition evaluation: finding its services', () => {
  const orders = [
    { name: 'code-unit order (halving)', serviceIds: [...ids].sort() },
    { name: 'another order (a map)', serviceIds: ids },
    { name: 'reversed (a map)', serviceIds: [...ids].sort().reverse() },
  ];
  for (const { name, serviceIds } of orders) {
    it(`answers each service's coverage and status, ids in ${name}`, () => {
      const evaluation = evaluationOf(serviceIds);
      for (const id of ids) {
        assert.equal(evaluation.covers(id), true, id);
        assert.equal(evaluation.statusOf(id), known(id), id);
      }
      for (const stranger of ['s12', 's', '', 'S1', 's1 ', 'a', 'z'])
        assert.deepEqual([evaluation.covers(stranger), evaluation.statusOf(stranger)], [false, null], stranger);
    });

    it(`fits the same coverage in any order, and not one with a service more, fewer or other, ids in ${name}`, () => {
      const evaluation = evaluationOf(serviceIds);
      assert.equal(evaluation.fits(definition, new Set(ids)), true);
      assert.equal(evaluation.fits(definition, new Set([...ids].reverse())), true);
      assert.equal(evaluation.fits(definition, new Set([...ids, 's12'])), false);
      assert.equal(evaluation.fits(definition, new Set(ids.slice(1))), false);
      assert.equal(evaluation.fits(definition, new Set([...ids.slice(1), 's12'])), false);
    });
  }

  it('finds every service of a large fleet in code-unit order, and none between them', () => {
    const fleet = Array.from({ length: 5_000 }, (_, i) => `svc-${String(i * 2).padStart(6, '0')}`);
    const evaluation = new DefinitionEvaluation(definition, fleet, periodEndingBucketAt(definition, DAY + 300_000), 64, () => null);
    for (let i = 0; i < fleet.length; i += 1) {
      assert.equal(evaluation.covers(fleet[i]!), true);
      assert.equal(evaluation.covers(`svc-${String(i * 2 + 1).padStart(6, '0')}`), false);
    }
  });
});
