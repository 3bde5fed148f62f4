/**
 * svc-bench (issue 32) against the real server started by the test: a short, small fleet run sends
 * the fleet's requests and reports them per operation; thresholds decide the exit code and the
 * summary names the one that failed; the result is written as JSON; a wrong URL, key or password is
 * refused before any load.
 */
import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../bench/kit/cli.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BOOTSTRAP_ENV } from '../../support/graphql.js';
import { testBackends } from '../../support/backends.js';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../support/testServer.js';

/** A port nothing listens on (one the OS gave and that was closed again). */
async function freePort(): Promise<number> {
  const socket = createServer();
  await new Promise<void>((resolve) => socket.listen(0, '127.0.0.1', resolve));
  const port = (socket.address() as AddressInfo).port;
  await new Promise((resolve) => socket.close(resolve));
  return port;
}

interface Captured {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

async function svcBench(args: readonly string[]): Promise<Captured> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`), env: {} });
  return { code, out, err };
}

for (const backend of testBackends()) {
  describe(`svc-bench run (${backend.name})`, { timeout: 120_000 }, () => {
    let server: TestServer;
    let dir: string;
    let closedPort: number;
    before(async () => {
      closedPort = await freePort();
      server = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      dir = mkdtempSync(join(tmpdir(), 'svc-bench-test-'));
    });
    after(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const fleet = (extra: readonly string[]) => [
      'run',
      'fleet',
      '--target',
      server.url,
      '--api-key',
      TEST_API_KEY,
      '--duration',
      '2',
      '--rate',
      '60',
      '--set',
      'agents=4',
      '--set',
      'k8sServices=3',
      '--set',
      'pushedServices=3',
      '--set',
      'changeShare=0.5',
      ...extra,
    ];

    it('runs the fleet scenario: every kind of agent request, per operation, in the summary and the JSON result', async () => {
      const out = join(dir, 'fleet.json');
      const run = await svcBench(fleet(['--out', out, '--run-id', 'fleet-json']));
      assert.equal(run.code, 0, run.err + run.out);
      const result = JSON.parse(readFileSync(out, 'utf8'));
      assert.equal(result.kind, 'svc-bench-result');
      assert.equal(result.model, 'open');
      assert.deepEqual(Object.keys(result.operations).sort(), ['backup', 'heartbeat', 'push', 'status-sync', 'storage']);
      assert.equal(result.errors.count, 0, JSON.stringify(result.errorKinds));
      // 60 arrivals a second for 2 s over five streams (each rounds its own up), all answered.
      assert.ok(result.offered >= 120 && result.offered <= 125, `offered ${result.offered}`);
      assert.equal(result.all.count, result.offered);
      assert.ok(result.all.p99Ms > 0 && result.all.p99Ms <= result.all.maxMs);
      assert.equal(result.timeline.length >= 2, true);
      for (const name of ['heartbeat', 'push', 'status-sync', 'storage', 'backup', 'all'])
        assert.match(run.out, new RegExp(`^${name}\\s`, 'm'));
      const services = await server.serviceRows('svc-bench/fleet-json/fleet/region-0/cluster-0/agent-0', 'k8s-0-0');
      assert.equal(services.length, 1, 'the scenario created its services under its own prefix');
    });

    it('passes its thresholds with exit code 0 and says so', async () => {
      const run = await svcBench(fleet(['--threshold', 'push.p99<10s', '--threshold', 'errors.rate<0.1%']));
      assert.equal(run.code, 0, run.err + run.out);
      assert.match(run.out, /^PASS {2}push\.p99<10s/m);
      assert.match(run.out, /thresholds: all passed/);
    });

    it('fails a threshold with exit code 1 and names it in the summary', async () => {
      const run = await svcBench(fleet(['--threshold', 'errors.rate<0.1%', '--threshold', 'push.p50<0.001ms']));
      assert.equal(run.code, 1, run.err + run.out);
      assert.match(run.out, /^FAIL {2}push\.p50<0\.001ms/m);
      assert.match(run.out, /thresholds: FAILED push\.p50<0\.001ms$/m);
    });

    it('cleans up what it created with --cleanup', async () => {
      const run = await svcBench(fleet(['--run-id', 'cleaned', '--cleanup', '--user', ADMIN_USERNAME, '--password', ADMIN_PASSWORD]));
      assert.equal(run.code, 0, run.err + run.out);
      // 4 agents, each 3 Kubernetes services, 3 pushed ones and the one its storage reports create.
      assert.match(run.err, /cleaned up svc-bench\/cleaned: \d+ nodes, 28 services deleted/);
      assert.deepEqual(await server.serviceRows('svc-bench/cleaned/fleet/region-0/cluster-0/agent-0', 'k8s-0-0'), []);
    });

    it('report re-renders a saved result, judges new thresholds and writes the HTML report', async () => {
      const saved = join(dir, 'fleet.json');
      const html = join(dir, 'fleet.html');
      const passing = await svcBench(['report', saved, '--html', html]);
      assert.equal(passing.code, 0, passing.err);
      assert.match(passing.out, /^heartbeat\s/m);
      assert.match(readFileSync(html, 'utf8'), /<figure data-plot="latency">/);
      const failing = await svcBench(['report', saved, '--threshold', 'all.p50<0.001ms']);
      assert.equal(failing.code, 1);
      assert.match(failing.out, /thresholds: FAILED all\.p50<0\.001ms/);
    });

    it('compare sets two runs side by side with the change per figure', async () => {
      const second = join(dir, 'fleet-2.json');
      assert.equal((await svcBench(fleet(['--out', second, '--run-id', 'fleet-second', '--rate', '30']))).code, 0);
      const compared = await svcBench(['compare', join(dir, 'fleet.json'), second]);
      assert.equal(compared.code, 0, compared.err);
      // 60 and 30 arrivals a second (each stream rounds its count up): about half the rate.
      assert.match(compared.out, /^all per s\s+6\d\.\d\d\s+3\d\.\d\d\s+-(4[6-9]|50)\.\d %$/m);
      assert.match(compared.out, /^push p99 ms\s/m);
    });

    const refusals: ReadonlyArray<readonly [string, () => string[], RegExp]> = [
      ['a wrong API key', () => ['run', 'fleet', '--target', server.url, '--api-key', 'wrong-key'], /the API key was refused \(401/],
      ['no API key', () => ['run', 'fleet', '--target', server.url], /needs an API key/],
      [
        'a wrong password',
        () => ['run', 'fleet', '--target', server.url, '--api-key', TEST_API_KEY, '--user', ADMIN_USERNAME, '--password', 'not-it'],
        /sign-in of admin failed/,
      ],
      [
        'a URL where nothing listens',
        () => ['run', 'fleet', '--target', `http://127.0.0.1:${closedPort}`, '--api-key', TEST_API_KEY],
        /nothing answered at http:\/\/127\.0\.0\.1:\d+\/health: ECONNREFUSED; is --target right\?/,
      ],
      ['a URL that is not a URL', () => ['run', 'fleet', '--target', 'localhost-8080'], /is not a URL/],
      [
        'a threshold it cannot read',
        () => ['run', 'fleet', '--target', server.url, '--threshold', 'push.p99 under 50'],
        /is not <metric>\.<statistic>/,
      ],
    ];
    for (const [what, args, message] of refusals) {
      it(`refuses ${what} before any load, with exit code 2`, async () => {
        const before = (await server.call('GET', '/api/v1/operator/nodes')).json;
        const run = await svcBench(args());
        assert.equal(run.code, 2, run.err + run.out);
        assert.match(run.err, message);
        assert.deepEqual((await server.call('GET', '/api/v1/operator/nodes')).json, before, 'nothing was sent');
      });
    }
  });
}

describe('svc-bench list', () => {
  it('names every scenario with its knobs and their defaults', async () => {
    const run = await svcBench(['list']);
    assert.equal(run.code, 0);
    for (const scenario of ['fleet', 'dashboards', 'desk', 'storm', 'mixed']) assert.match(run.out, new RegExp(`^${scenario}: `, 'm'));
    assert.match(run.out, /^ {2}--set agents=20 {2}agents \(one hierarchy node each\)$/m);
  });

  it('refuses an unknown scenario or knob with exit code 2, naming what exists', async () => {
    const scenario = await svcBench(['run', 'cows', '--target', 'http://127.0.0.1:1']);
    assert.equal(scenario.code, 2);
    assert.match(scenario.err, /no scenario cows; the scenarios: fleet, dashboards, desk, storm, mixed, or a \.yaml scenario file/);
    const knob = await svcBench(['run', 'fleet', '--target', 'http://127.0.0.1:1', '--set', 'cows=3']);
    assert.equal(knob.code, 2);
    assert.match(knob.err, /fleet has no knob cows; its knobs: agents, k8sServices/);
  });
});

describe('svc-bench and a target that is not this machine', () => {
  it('refuses it without --confirm-target, sending nothing', async () => {
    const run = await svcBench(['run', 'fleet', '--target', 'http://staging.example.com:8080', '--api-key', 'k']);
    assert.equal(run.code, 2);
    assert.match(run.err, /staging\.example\.com is not this machine: a load test of it needs --confirm-target staging\.example\.com/);
  });

  it('refuses a --confirm-target that names another host', async () => {
    const run = await svcBench(['run', 'fleet', '--target', 'http://staging.example.com:8080', '--confirm-target', 'staging.example.org']);
    assert.equal(run.code, 2);
    assert.match(
      run.err,
      /--confirm-target staging\.example\.org does not match the target's host staging\.example\.com; nothing was sent/,
    );
  });
});
