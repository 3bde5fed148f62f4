/**
 * The excluded spans of a fleet (windows/maintenanceWindowHistory.ts `readExcludedSpans`), read for as
 * many services as one SLA definition covers. Regression (found by bench:sla-catch-up): the ids went
 * into one `where service_id in (...)` with a parameter each, and a statement binds at most 65,535, so
 * a definition over 100,000 services could never be built ("bind message has 34466 parameter formats
 * but 0 parameters"): the live evaluation retried and failed at every bucket. Now more ids than one statement
 * binds read the range's windows whole (a caller looks its services up); a few ids are bound.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { readExcludedSpans, SPAN_IDS_PER_QUERY } from '../../../../src/plugins/sla/windows/maintenanceWindowHistory.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { iso } from '../../../support/time.js';

const DAY = 86_400_000;
const FROM = Date.parse('2026-11-01T00:00:00Z');

describe('excluded spans of a fleet', () => {
  const db = useEmbeddedDatabase();

  /** A service under `eu` with one ended window starting `day` days into the month. */
  async function serviceWithWindow(knex: ReturnType<typeof db>['knex'], id: string, name: string, day: number): Promise<void> {
    if ((await knex('nodes').where('path', 'eu').first()) === undefined)
      await knex('nodes').insert({ path: 'eu', parent_path: null, name: 'eu', depth: 1, created_at: iso(FROM) });
    await knex('services').insert({
      id,
      node_path: 'eu',
      name,
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
      started_at: iso(FROM + day * DAY),
      expected_end_at: null,
      ended_at: iso(FROM + day * DAY + 3_600_000),
      ended_by: 'stop',
      created_via: 'api_key',
      ended_via: 'api_key',
      held_status: 'OPERATIONAL',
    });
  }

  it('reads only the windows of the services asked for when they are few', async () => {
    const { knex } = db();
    const [asked, other] = [randomUUID(), randomUUID()];
    await serviceWithWindow(knex, asked, 'asked', 1);
    await serviceWithWindow(knex, other, 'other', 2);
    const spans = await readExcludedSpans(knex, FROM, FROM + 30 * DAY, [asked, 'not-an-id']);
    assert.deepEqual([...spans.entries()], [[asked, [[FROM + DAY, FROM + DAY + 3_600_000]]]]);
  });

  it('reads the windows of 100,000 services (more ids than one statement can bind)', async () => {
    const { knex } = db();
    const ids = Array.from({ length: 100_000 }, () => randomUUID());
    const [first, last] = [ids[0]!, ids[ids.length - 1]!];
    await serviceWithWindow(knex, first, 'svc-0', 3);
    await serviceWithWindow(knex, last, 'svc-1', 4);
    const spans = await readExcludedSpans(knex, FROM, FROM + 30 * DAY, ids);
    assert.deepEqual(spans.get(first), [[FROM + 3 * DAY, FROM + 3 * DAY + 3_600_000]]);
    assert.deepEqual(spans.get(last), [[FROM + 4 * DAY, FROM + 4 * DAY + 3_600_000]]);
    assert.ok(ids.length > SPAN_IDS_PER_QUERY);
  });
});
