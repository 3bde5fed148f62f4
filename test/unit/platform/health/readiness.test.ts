import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Readiness } from '../../../../src/platform/health/readiness.js';

describe('readiness', () => {
  it('fails while loading, with the hydration check saying why, and passes once loaded', () => {
    const readiness = new Readiness();
    const loading = readiness.report();
    assert.equal(loading.status, 'fail');
    assert.equal(loading.checks['hydration']![0]!.status, 'fail');
    assert.match(loading.checks['hydration']![0]!.output!, /loading/);
    readiness.markLoaded();
    assert.deepEqual(readiness.report(), {
      status: 'pass',
      checks: { hydration: [{ status: 'pass' }], draining: [{ status: 'pass', observedValue: false }] },
    });
  });

  it('fails from the moment draining starts, whatever the other checks say, and says since when', () => {
    const readiness = new Readiness();
    readiness.register('database', () => ({ status: 'pass' }));
    readiness.markLoaded();
    readiness.startDraining(new Date('2026-05-01T10:00:00Z'));
    const report = readiness.report();
    assert.equal(report.status, 'fail');
    assert.deepEqual(report.checks['draining'], [
      { status: 'fail', observedValue: true, output: 'shutting down: new work goes to another instance', time: '2026-05-01T10:00:00.000Z' },
    ]);
    assert.equal(report.checks['database']![0]!.status, 'pass');
    assert.equal(readiness.isDraining, true);
  });

  it('reports every check by name, each as a list of one observation, in the order they were registered', () => {
    const readiness = new Readiness();
    readiness.register('database', () => ({ status: 'pass', componentType: 'datastore', observedValue: 0.4, observedUnit: 'ms' }));
    readiness.register('webhookWorker', () => ({ status: 'pass', componentType: 'component' }));
    readiness.markLoaded();
    const report = readiness.report();
    assert.deepEqual(Object.keys(report.checks), ['hydration', 'draining', 'database', 'webhookWorker']);
    assert.deepEqual(report.checks['database'], [{ status: 'pass', componentType: 'datastore', observedValue: 0.4, observedUnit: 'ms' }]);
  });

  const table = [
    { name: 'one failing check fails the whole', statuses: ['pass', 'fail', 'warn'], expected: 'fail' },
    { name: 'a warning alone leaves it ready (warn)', statuses: ['pass', 'warn'], expected: 'warn' },
    { name: 'all passing passes', statuses: ['pass', 'pass'], expected: 'pass' },
  ] as const;
  for (const row of table) {
    it(`aggregates: ${row.name}`, () => {
      const readiness = new Readiness();
      readiness.markLoaded();
      for (const [i, status] of row.statuses.entries()) readiness.register(`check${i}`, () => ({ status }));
      assert.equal(readiness.report().status, row.expected);
    });
  }

  it('turns a check that throws into a failing check, not a failed report', () => {
    const readiness = new Readiness();
    readiness.markLoaded();
    readiness.register('broken', () => {
      throw new Error('boom');
    });
    const report = readiness.report();
    assert.equal(report.status, 'fail');
    assert.deepEqual(report.checks['broken'], [{ status: 'fail', output: 'the check failed: boom' }]);
  });

  it('refuses a check name registered twice', () => {
    const readiness = new Readiness();
    readiness.register('nats', () => ({ status: 'pass' }));
    assert.throws(() => readiness.register('nats', () => ({ status: 'pass' })), /"nats" is registered twice/);
    assert.throws(() => readiness.register('draining', () => ({ status: 'pass' })), /"draining" is registered twice/);
  });
});
