/**
 * The excluded spans of a fleet (windows/maintenanceWindowHistory.ts `readExcludedSpans`), read for as
 * many services as one SLA definition covers. Regression (found by bench:sla-catch-up): the ids went
 * into one `where service_id in (...)` with a parameter each, and a statement binds at most 65,535, so
 * a definition over 100,000 services could never be built ("bind message has 34466 parameter formats
 * but 0 parameters"): the live evaluation retried and failed at every bucket.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { readExcludedSpans } from '../../../../src/plugins/sla/windows/maintenanceWindowHistory.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { iso } from '../../../support/time.js';

const DAY = 86_400_000;
const FROM = Date.parse('2026-11-01T00:00:00Z');

describe('excluded spans of a fleet', () => {
  const db = useEmbeddedDatabase();

  it('reads the windows of 100,000 services (more ids than one statement can bind)', async () => {
    const { knex } = db();
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    const [first, last] = [ids[0]!, ids[ids.length - 1]!];
    await knex('nodes').insert({ path: 'eu', parent_path: null, name: 'eu', depth: 1, created_at: iso(FROM) });
    for (const [k, id] of [first, last].entries()) {
      await knex('services').insert({
        id,
        node_path: 'eu',
        name: `svc-${k}`,
        status: 'OPERATIONAL',
        status_since: iso(FROM),
        status_seq: 0,
        created_at: iso(FROM),
        updated_at: iso(FROM),
      });
      await knex('maintenance_windows').insert({
        id: randomUUID(),
        service_id: id,
        reason: 'patching',
        started_at: iso(FROM + (k + 1) * DAY),
        expected_end_at: null,
        ended_at: iso(FROM + (k + 1) * DAY + 3_600_000),
        ended_by: 'stop',
        created_via: 'api_key',
        ended_via: 'api_key',
        held_status: 'OPERATIONAL',
      });
    }
    const spans = await readExcludedSpans(knex, FROM, FROM + 30 * DAY, ids);
    assert.deepEqual(
      [...spans.entries()].sort(([a], [b]) => (a === first ? -1 : b === first ? 1 : 0)),
      [
        [first, [[FROM + DAY, FROM + DAY + 3_600_000]]],
        [last, [[FROM + 2 * DAY, FROM + 2 * DAY + 3_600_000]]],
      ],
    );
  });
});
