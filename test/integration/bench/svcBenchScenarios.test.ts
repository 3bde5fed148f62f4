/**
 * svc-bench's scenarios against the real server started by the test (short and small): dashboards
 * with subscribers that measure event delivery, the storm, the desk on a licensed server, a scenario
 * file with its own mix and thresholds, and the closed model.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../bench/kit/cli.js';
import { systemClock } from '../../../src/platform/scheduler/index.js';
import { testBackends } from '../../support/backends.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../../support/graphql.js';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../support/testServer.js';
import { ticketingEnv } from '../../support/tickets.js';

async function svcBench(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), env: {} });
  return { code, out, err };
}

for (const backend of testBackends()) {
  describe(`svc-bench scenarios (${backend.name})`, { timeout: 180_000 }, () => {
    let server: TestServer;
    let dir: string;
    before(async () => {
      server = await startTestServer(backend, { env: ticketingEnv(systemClock) });
      dir = mkdtempSync(join(tmpdir(), 'svc-bench-scenarios-'));
    });
    after(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const run = async (scenario: string, extra: readonly string[]) => {
      const out = join(dir, `${scenario.replace(/\W/g, '-')}-${Math.random().toString(36).slice(2)}.json`);
      const args = [
        'run',
        scenario,
        '--target',
        server.url,
        '--api-key',
        TEST_API_KEY,
        '--user',
        ADMIN_USERNAME,
        '--password',
        ADMIN_PASSWORD,
      ];
      const result = await svcBench([...args, '--duration', '2', '--out', out, ...extra]);
      assert.equal(result.code, 0, result.err + result.out);
      return { ...result, json: JSON.parse(readFileSync(out, 'utf8')) };
    };

    it('dashboards: operators subscribed to a subtree get its status changes, and the run reports their delivery latency', async () => {
      // Each service changes once in the run: two pushes to one service in flight together may be applied in either order.
      const { json, out } = await run('dashboards', ['--set', 'operators=5', '--set', 'services=12', '--set', 'changesPerSecond=5']);
      assert.deepEqual(Object.keys(json.operations).sort(), ['change', 'lock', 'page', 'unlock']);
      assert.equal(json.errors.count, 0, JSON.stringify(json.errorKinds));
      assert.equal(json.subscribers, 5);
      // Every change acknowledged reaches all five operators (the last ones may still be on their way at the end).
      assert.ok(
        json.events.count >= (json.operations.change.ok - 2) * 5,
        `${json.events.count} events for ${json.operations.change.ok} changes`,
      );
      assert.ok(json.events.p99Ms !== null && json.events.p99Ms < 2000);
      assert.match(out, /^events \(5 subscribers\)\s/m);
    });

    it('storm: a share of the fleet goes DOWN at once and comes back', async () => {
      const { json } = await run('storm', [
        '--set',
        'agents=4',
        '--set',
        'pushedServices=5',
        '--set',
        'stormShare=0.5',
        '--set',
        'stormSpreadSeconds=0.2',
      ]);
      assert.equal(json.operations['storm-down'].ok, 10);
      assert.equal(json.operations['storm-up'].ok, 10);
      assert.equal(json.errors.count, 0, JSON.stringify(json.errorKinds));
    });

    it('desk: tickets are created, commented, moved along and resolved', async () => {
      const { json } = await run('desk', ['--set', 'ticketsPerSecond=4', '--seed', '3']);
      assert.equal(json.errors.count, 0, JSON.stringify(json.errorKinds));
      assert.ok(json.operations['ticket.create'].ok >= 7, JSON.stringify(Object.keys(json.operations)));
      for (const step of ['ticket.comment', 'ticket.transition', 'ticket.resolve'])
        assert.ok(json.operations[step]?.ok > 0, `${step} was sent`);
    });

    it('runs a scenario file: its mix, knobs and thresholds', async () => {
      const file = join(dir, 'mix.yaml');
      writeFileSync(
        file,
        [
          'name: fleet-and-screens',
          'duration: 2',
          'rate: 40',
          'mix: { fleet: 1, dashboards: 1 }',
          'knobs: { agents: 3, k8sServices: 2, pushedServices: 2, operators: 2, services: 2 }',
          "thresholds: ['errors.rate<1%', 'push.p99<10s']",
        ].join('\n'),
      );
      const { json, out } = await run(file, []);
      assert.equal(json.scenario, 'fleet-and-screens');
      assert.ok('heartbeat' in json.operations && 'change' in json.operations);
      assert.equal(json.offeredRate, 40);
      assert.deepEqual(
        json.thresholds.map((t: { threshold: string; passed: boolean }) => [t.threshold, t.passed]),
        [
          ['errors.rate<1%', true],
          ['push.p99<10s', true],
        ],
      );
      assert.match(out, /thresholds: all passed/);
    });

    it('refuses a scenario file with an unknown part, naming it, before any load', async () => {
      const file = join(dir, 'bad.yaml');
      writeFileSync(file, 'mix: { fleet: 1, cows: 2 }\n');
      const result = await svcBench(['run', file, '--target', server.url, '--api-key', TEST_API_KEY]);
      assert.equal(result.code, 2);
      assert.match(result.err, /mix has no part cows; the parts: fleet, dashboards, desk, storm/);
    });

    it('runs the closed model with --vus and says so', async () => {
      const { json, out } = await run('fleet', ['--vus', '4', '--set', 'agents=2']);
      assert.equal(json.model, 'closed');
      assert.equal(json.vus, 4);
      assert.ok(json.all.count > 20, `count ${json.all.count}`);
      assert.match(out, /closed model, 4 virtual users/);
    });
  });
}
