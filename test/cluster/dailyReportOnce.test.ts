/**
 * The daily report once per day per cluster (issue 29 item 6, docs/adr/0066): two instances on one PostgreSQL
 * schema, both with the schedule armed, one manual clock. When the report time comes both timers fire; one
 * instance generates the day's report (one `sla.daily_report` webhook), the other sees the day claimed. A
 * claimant that dies before it finished leaves the day to the other once its claim expired.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock, type Clock } from '../../src/platform/scheduler/index.js';
import { DAILY_REPORT_JOB } from '../../src/plugins/sla/report/dailyReports.js';
import { DEFAULT_CLAIM_MS } from '../../src/platform/once/onceClaims.js';
import { signInAdmin } from '../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../support/license.js';
import { eventually } from '../support/polling.js';
import type { TestServer } from '../support/testServer.js';
import { sharedStore, twoInstanceSuite, type SharedStore } from '../support/twoInstances.js';
import { createWebhook, startReceiver, WEBHOOK_ENV, type Receiver } from '../support/webhooks.js';

const T0 = Date.parse('2026-04-01T00:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const env = (clock: Clock) => ({ ...LICENSE_ENV, ...WEBHOOK_ENV, SVC_LICENSE_KEY: licenseToken(clock), SVC_SLA_REPORT_TIME: '06:00' });

describe('the daily report across two instances (postgres)', twoInstanceSuite, () => {
  let shared: SharedStore;
  let receiver: Receiver;
  const servers: TestServer[] = [];
  const clock = createManualClock(T0 + 5 * HOUR);

  before(async () => {
    shared = await sharedStore();
    receiver = await startReceiver();
  });
  after(async () => {
    for (const s of servers) await s.close();
    await receiver.close();
    await shared.dispose();
  });

  const start = async () => {
    const server = await shared.start({ clock, env: env(clock) });
    servers.push(server);
    return server;
  };
  const reports = (t: TestServer) => t.server.database.knex('sla_daily_reports').orderBy('day').select('day', 'trigger');
  const claims = (t: TestServer, day: string) =>
    t.server.database.knex('once_claims').where({ job: DAILY_REPORT_JOB, period: day }).select('claimed_by', 'finished_at');

  it('generates the day once with both instances scheduled, and the other instance leaves it', async () => {
    const a = await start();
    // The webhook exists before b starts: b loads it (replication between live instances is not this test's).
    await createWebhook(a, (await signInAdmin(a)).accessToken, { url: receiver.url, events: ['sla.daily_report'] });
    const b = await start();
    clock.set(T0 + 6 * HOUR + 1);
    const done = await eventually(async () => {
      const rows = await claims(a, '2026-04-01');
      return rows.length === 1 && rows[0].finished_at !== null ? rows : undefined;
    }, "the day's claim finished");
    assert.ok(
      [a, b].some((s) => s.server.app.instanceId === done[0].claimed_by),
      'claimed by one of the two',
    );
    await receiver.received(1);
    assert.deepEqual(await reports(a), [{ day: '2026-04-01', trigger: 'schedule' }]);
    // Later that day both timers are armed for tomorrow; nothing more goes out today.
    clock.set(T0 + 12 * HOUR);
    await a.server.writer.settled();
    await b.server.writer.settled();
    assert.equal(receiver.requests.length, 1, 'one sla.daily_report webhook for the day');
    assert.equal(receiver.requests[0]!.json.event, 'sla.daily_report');
  });

  it('takes over a day whose claimant died before it finished, once the claim expired', async () => {
    const [a] = servers;
    // A claimant of tomorrow's run that died: its claim row, unfinished, as a dead instance leaves it.
    const day = '2026-04-02';
    const claimedAt = T0 + 24 * HOUR + 6 * HOUR;
    await a!.server.database.knex('once_claims').insert({
      job: DAILY_REPORT_JOB,
      period: day,
      claimed_by: 'dead-instance',
      claimed_until: new Date(claimedAt + DEFAULT_CLAIM_MS).toISOString(),
    });
    clock.set(claimedAt + MIN);
    // Both see the day held by the dead instance: no report yet.
    await a!.server.writer.settled();
    assert.equal((await reports(a!)).length, 1);
    clock.set(claimedAt + DEFAULT_CLAIM_MS + 2 * MIN);
    // Each instance looks again a second after the claim would expire, counted from when its look came back:
    // product time moves on a second per poll until one of them has taken the day.
    await eventually(async () => {
      clock.set(clock.now() + 1000);
      const rows = await claims(a!, day);
      return rows[0]?.finished_at != null && rows[0].claimed_by !== 'dead-instance' ? rows : undefined;
    }, 'the day taken over and finished');
    await receiver.received(2);
    assert.deepEqual(
      (await reports(a!)).map((r) => [r.day, r.trigger]),
      [
        ['2026-04-01', 'schedule'],
        ['2026-04-02', 'schedule'],
      ],
    );
    clock.set(claimedAt + 3 * HOUR);
    for (const s of servers) await s.server.writer.settled();
    // One report per day; its webhook is delivered at least once (an attempt cut by the clock's jump past a lease
    // is made again by the other instance, with the same webhook-id), so count the deliveries by their id.
    const deliveries = new Set(receiver.requests.map((request) => String(request.headers['webhook-id'])));
    assert.equal(deliveries.size, 2, 'one delivery per day');
  });
});
