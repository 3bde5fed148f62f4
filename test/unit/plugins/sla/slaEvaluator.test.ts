/**
 * The evaluator's rules on a manual clock, with its real parts (batch writer, catalog, alert store,
 * burn states on an embedded database) and stored history given by an injected loader: it evaluates
 * at bucket ends only, rolls into the next period, rebuilds a period from stored history when late
 * data arrives, and follows the catalog (a service assigned later, one unassigned).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { ServiceRecord, ServiceStatus } from '../../../../src/core/domain/service.js';
import { createInProcessEventBus } from '../../../../src/platform/events/eventBus.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { AlertStore } from '../../../../src/plugins/sla/alerts/alertStore.js';
import { DefinitionCatalog } from '../../../../src/plugins/sla/definitions/definitionCatalog.js';
import { DEFAULT_BURN_RATES, type SlaDefinition } from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import { BurnAlertStates } from '../../../../src/plugins/sla/evaluation/burnAlertStates.js';
import { SlaEvaluator } from '../../../../src/plugins/sla/evaluation/slaEvaluator.js';
import { SlaEventLog } from '../../../../src/plugins/sla/eventLog/slaEventLog.js';
import type { StatusInterval } from '../../../../src/core/domain/periodArithmetic.js';
import { TimelineBuilder } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const MINUTE = 60_000;
const T0 = Date.parse('2026-06-01T20:00:00Z');
const at = (minutes: number) => T0 + minutes * MINUTE;

describe('SLA evaluator', () => {
  const db = useEmbeddedDatabase();
  const clock = createManualClock(T0);
  const logger = createLogger({ level: 'error', write: () => undefined });
  /** What the database holds: each service's status rows (the loader reads them, as timelineLoader.ts does). */
  const stored = new Map<string, StatusInterval[]>();
  const records = new Map<string, ServiceRecord>();
  let evaluator: SlaEvaluator;
  let alerts: AlertStore;
  let catalog: DefinitionCatalog;
  let writer: BatchWriter;
  let startEvaluator: () => SlaEvaluator;
  let pluginActive = true;
  /** `sla.status_changed` events published (what becomes sla.* webhooks): `webhook:definition-or-services`. */
  const announced: string[] = [];
  const definitionId = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];

  /** A status change as the product makes it: stored, then announced after commit (dated `when`). */
  const change = (serviceId: string, status: ServiceStatus, when = clock.now()) => {
    const rows = stored.get(serviceId) ?? [];
    const last = rows[rows.length - 1];
    if (last && last.endedAt === null) rows[rows.length - 1] = { ...last, endedAt: when };
    rows.push({ status, startedAt: when, endedAt: null });
    rows.sort((x, y) => x.startedAt - y.startedAt);
    stored.set(serviceId, rows);
    evaluator.onCommitted({
      type: 'service.status_changed',
      service: { id: serviceId, name: serviceId, path: `eu/${serviceId}` } as never,
      previousStatus: 'OPERATIONAL',
      status,
      message: null,
      at: when,
      origin: 'agent',
    });
  };
  const advanceTo = async (when: number) => {
    while (clock.now() < when) {
      clock.advance(Math.min(5 * MINUTE, when - clock.now()));
      await evaluator.idle();
    }
  };
  const assign = (serviceId: string) =>
    catalog.putAssignment({ id: randomUUID(), definitionId, serviceId, groupName: null, createdAt: clock.now() });
  const openKinds = () =>
    alerts
      .activeAlerts()
      .map((x) => `${x.kind}:${x.serviceId === a ? 'a' : x.serviceId === b ? 'b' : 'pooled'}`)
      .sort();

  before(async () => {
    const { knex } = db();
    writer = new BatchWriter({ knex, logger });
    const bus = createInProcessEventBus(logger);
    bus.subscribe('sla.status_changed', (e) =>
      announced.push(`${e.webhook}:${e.services.map((x) => (x.id === a ? 'a' : x.id === b ? 'b' : 'c')).join(',')}`),
    );
    const log = new SlaEventLog({ writer, knex, newId: randomUUID });
    catalog = new DefinitionCatalog(writer);
    alerts = new AlertStore({ writer, knex, bus, clock, newId: randomUUID, log });
    const definition: SlaDefinition = {
      id: definitionId,
      name: 'Daily',
      description: null,
      targetPercent: 99,
      period: 'DAY',
      degradedCountsAsDown: false,
      timeZone: null,
      burnRates: DEFAULT_BURN_RATES,
      raiseTicket: false,
      ticketCatalogItem: null,
      createdAt: T0,
      updatedAt: T0,
    };
    catalog.putDefinition(definition);
    await writer.committed();
    for (const id of [a, b]) records.set(id, { id, name: id, nodePath: 'eu', slaGroup: null } as unknown as ServiceRecord);
    const burnStates = new BurnAlertStates(writer);
    // A restart: a new evaluator over the same stores (what the next process hydrates), started from stored history.
    startEvaluator = () =>
      new SlaEvaluator({
        clock,
        writer,
        bus,
        logger,
        catalog,
        alerts,
        burnStates,
        services: { get: (id) => records.get(id), idsInSlaGroup: () => new Set() },
        slaGroups: { get: () => undefined },
        loadHistory: async (serviceIds, range) => {
          const builder = new TimelineBuilder();
          for (const id of serviceIds)
            builder.add((stored.get(id) ?? []).filter((r) => r.startedAt < range.end && (r.endedAt === null || r.endedAt >= range.start)));
          return { timeline: builder.build(), indexOf: (id) => serviceIds.indexOf(id) };
        },
        pluginActive: () => pluginActive,
        shardSize: 1,
      });
    evaluator = startEvaluator();
    // Reports since midnight (full coverage, so the open day is judged), 10 of the day's 14.4 budget minutes
    // spent in the morning: MET (4.4 left, burn rate 0.83), and 5 more minutes down spend the budget (BREACHED).
    stored.set(a, [
      { status: 'OPERATIONAL', startedAt: at(-1200), endedAt: at(-600) },
      { status: 'DOWN', startedAt: at(-600), endedAt: at(-590) },
      { status: 'OPERATIONAL', startedAt: at(-590), endedAt: null },
    ]);
    assign(a);
    await writer.committed();
    evaluator.start();
    await evaluator.idle();
  });

  it('evaluates at start and then at bucket ends only', async () => {
    assert.equal(evaluator.statusOf(definitionId, a), 'MET');
    change(a, 'DOWN');
    await advanceTo(at(4));
    assert.deepEqual(openKinds(), [], 'the bucket has not closed');
    await advanceTo(at(5));
    assert.equal(evaluator.statusOf(definitionId, a), 'BREACHED');
    assert.deepEqual(openKinds(), ['BREACHED:a', 'BREACHED:pooled']);
    assert.deepEqual(announced, ['sla.breached:a']);
    change(a, 'OPERATIONAL');
  });

  it('holds no history in memory for a service no definition covers (a fleet without SLAs costs nothing per service)', () => {
    const uncovered = randomUUID();
    records.set(uncovered, { id: uncovered, name: uncovered, nodePath: 'eu', slaGroup: null } as unknown as ServiceRecord);
    change(uncovered, 'DOWN');
    assert.equal(evaluator.follows(uncovered), false);
    assert.equal(evaluator.follows(a), true);
  });

  it('a service assigned later is built from its stored history at the next bucket; unassigned, its alerts resolve', async () => {
    // 10 budget minutes spent in the morning, then down since a minute before: 21 minutes, the budget spent.
    stored.set(b, [
      { status: 'OPERATIONAL', startedAt: at(-1200), endedAt: at(-700) },
      { status: 'DOWN', startedAt: at(-700), endedAt: at(-690) },
      { status: 'OPERATIONAL', startedAt: at(-690), endedAt: at(-1) },
      { status: 'DOWN', startedAt: at(-1), endedAt: null },
    ]);
    assign(b);
    await advanceTo(at(10));
    assert.equal(evaluator.statusOf(definitionId, b), 'BREACHED', 'its outage since a minute before came from stored history');
    assert.deepEqual(
      openKinds().filter((k) => k.endsWith(':b')),
      ['BREACHED:b', 'FAST_BURN:b'],
    );
    change(b, 'OPERATIONAL');
    catalog.removeAssignment(catalog.assignmentsOf(definitionId).find((x) => x.serviceId === b)!.id);
    await advanceTo(at(15));
    assert.deepEqual(
      openKinds().filter((k) => k.endsWith(':b')),
      [],
    );
    assert.equal(evaluator.statusOf(definitionId, b), null);
  });

  it('late data (a change dated before the last evaluated bucket) rebuilds the period from stored history', async () => {
    const c = randomUUID();
    records.set(c, { id: c, name: c, nodePath: 'eu', slaGroup: null } as unknown as ServiceRecord);
    stored.set(c, [{ status: 'OPERATIONAL', startedAt: at(-1200), endedAt: null }]);
    // Its own target of 99.9 % (1.44 budget minutes a day): the 2 late minutes below spend it.
    catalog.putTarget({
      id: randomUUID(),
      definitionId,
      scope: 'SERVICE',
      scopeValue: c,
      targetPercent: 99.9,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    assign(c);
    await advanceTo(at(20));
    assert.equal(evaluator.statusOf(definitionId, c), 'MET');
    // An outage from minute 16 to 18 reaches the database late (an import), announced after the fact.
    change(c, 'DOWN', at(16));
    change(c, 'OPERATIONAL', at(18));
    await advanceTo(at(25));
    assert.equal(evaluator.statusOf(definitionId, c), 'BREACHED', '2 minutes down in the rebuilt day, more than its 1.44 budget minutes');
  });

  it('rolls into the next day at midnight: the new day starts clean and the alerts of yesterday resolve once it is MET', async () => {
    await advanceTo(at(235));
    assert.equal(evaluator.statusOf(definitionId, a), 'BREACHED', 'still on June 1');
    await advanceTo(at(245));
    assert.deepEqual([evaluator.statusOf(definitionId, a), evaluator.statusOf(definitionId, null)], ['MET', 'MET'], 'June 2, nothing down');
    assert.deepEqual(openKinds(), []);
  });

  it('with the plugin off, moves still raise and resolve alerts (background work) but no sla.* webhook event goes out', async () => {
    pluginActive = false;
    const before = announced.length;
    change(a, 'DOWN');
    await advanceTo(at(250));
    // 5 minutes down in a fresh day spend a third of its budget: the open period is at risk, not breached (issue 27).
    assert.deepEqual(openKinds(), ['AT_RISK:a', 'AT_RISK:pooled']);
    assert.equal(announced.length, before);
    pluginActive = true;
    change(a, 'OPERATIONAL');
  });

  it('a restart keeps the BREACHED of a service in an SLA group from its active alert, and announces no second breach', async () => {
    const gold = randomUUID();
    records.set(gold, { id: gold, name: gold, nodePath: 'eu', slaGroup: 'gold' } as unknown as ServiceRecord);
    stored.set(gold, [{ status: 'OPERATIONAL', startedAt: at(-1200), endedAt: null }]);
    assign(gold);
    await advanceTo(at(255));
    change(gold, 'DOWN');
    // Down since minute 255 of June 2: 15 minutes spend the day's 14.4 budget minutes.
    await advanceTo(at(270));
    assert.equal(evaluator.statusOf(definitionId, gold), 'BREACHED');
    const breach = alerts.activeAlerts().find((x) => x.serviceId === gold && x.kind === 'BREACHED');
    assert.equal(breach?.groupName, 'gold', "the alert carries the service's SLA group");
    const announcedBefore = announced.length;

    await evaluator.stop();
    evaluator = startEvaluator();
    evaluator.start();
    await evaluator.idle();

    assert.equal(
      evaluator.statusOf(definitionId, gold),
      'BREACHED',
      'rebuilt from stored history, its previous status read from its alert',
    );
    assert.equal(announced.length, announcedBefore, 'no second sla.breached for a breach already announced');
    change(gold, 'OPERATIONAL');
  });
});
