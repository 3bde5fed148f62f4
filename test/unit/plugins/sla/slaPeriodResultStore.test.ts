/**
 * Stored closed periods (src/plugins/sla/figures/periodResultStore.ts): written once, read back, and
 * invalidated (in the batch of what invalidates them) by a span that overlaps them; a computation
 * an invalidation overtook stores nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { PeriodResultStore, type StoredSubjectResult } from '../../../../src/plugins/sla/figures/periodResultStore.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const DAY = 86_400_000;
const D1 = Date.parse('2026-04-01T00:00:00Z');
let n = 0;

const result = (status: 'MET' | 'BREACHED'): StoredSubjectResult['result'] => ({
  actualValue: 99.5,
  coveragePercent: 100,
  downtimeMinutes: 7.2,
  excludedMinutes: 0,
  errorBudgetMinutes: 14.4,
  errorBudgetUsedMinutes: 7.2,
  errorBudgetRemainingMinutes: 7.2,
  burnRate: 0.5,
  incidentCount: 1,
  mttrMinutes: 7.2,
  mtbfMinutes: 1425.6,
  status,
});

describe('stored closed SLA periods', () => {
  const db = useEmbeddedDatabase();

  async function setup() {
    const knex = db().knex;
    const writer = new BatchWriter({ knex, logger: createMemoryLogger() });
    const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
    await knex('sla_definitions').insert({
      id,
      name: `d${n}`,
      target_percent: 99,
      period: 'DAY',
      degraded_counts_as_down: false,
      burn_rates: '{}',
      created_at: new Date(D1).toISOString(),
      updated_at: new Date(D1).toISOString(),
    });
    const store = new PeriodResultStore({ knex, writer });
    const write = (day: number, status: 'MET' | 'BREACHED' = 'MET', generation = store.generation(id)) =>
      store.write(
        id,
        generation,
        { periodKey: `2026-04-0${day}`, periodStart: D1 + (day - 1) * DAY, periodEnd: D1 + day * DAY, computedAt: D1 + day * DAY + 1000 },
        [
          { subjectType: 'service', subjectId: 'svc', targetValue: 99.5, result: result(status) },
          { subjectType: 'definition', subjectId: id, targetValue: 99, result: result(status) },
        ],
      );
    return { id, store, writer, write };
  }

  it('reads a written period back with its services', async () => {
    const { id, store, writer, write } = await setup();
    assert.equal(write(1), true);
    await writer.committed();
    const period = (await store.read(id, ['2026-04-01'])).get('2026-04-01')!;
    assert.deepEqual(
      [period.periodStart, period.periodEnd, period.definition.targetValue, period.definition.result],
      [D1, D1 + DAY, 99, result('MET')],
    );
    assert.deepEqual(
      period.services.map((s) => [s.subjectId, s.targetValue]),
      [['svc', 99.5]],
    );
  });

  it('an overlapping span invalidates exactly the periods it touches, also after a restart', async () => {
    const { id, writer, write } = await setup();
    write(1);
    write(2);
    write(3);
    await writer.committed();
    const restarted = new PeriodResultStore({ knex: db().knex, writer });
    await restarted.hydrate();
    assert.equal(restarted.invalidate(id, D1 + DAY + 3_600_000, D1 + DAY + 7_200_000), 1);
    await writer.committed();
    assert.deepEqual([...(await restarted.read(id, ['2026-04-01', '2026-04-02', '2026-04-03'])).keys()].sort(), [
      '2026-04-01',
      '2026-04-03',
    ]);
  });

  it('a computation that began before an invalidation stores nothing', async () => {
    const { id, store, writer, write } = await setup();
    const began = store.generation(id);
    store.invalidate(id, D1, D1 + DAY);
    assert.equal(write(1, 'MET', began), false);
    await writer.settled();
    assert.equal((await store.read(id, ['2026-04-01'])).size, 0);
    assert.equal(write(1), true, 'a computation begun after it stores');
  });
});
