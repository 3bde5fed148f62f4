/**
 * No coordinated omission (issue 32): a server that stalls for a second shows the stall in the
 * latencies of every request that came due during it, not only in the few that were in flight. The
 * server is a real child process stopped with SIGSTOP for 1 s and continued, under svc-bench's open
 * model at 100 arrivals a second; the requests due during the stall wait for it, and their latency is
 * counted from the time they were due, so about a quarter of the run's requests are late by up to a
 * second and the second of the stall shows it. (A closed model would have sent nothing during the
 * stall and shown a handful of slow requests.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resolveKnobs, runScenario } from '../../../bench/kit/run.js';
import { fleetScenario } from '../../../bench/kit/scenarios/fleet.js';
import type { Scenario } from '../../../bench/kit/scenario.js';
import { connectTarget } from '../../../bench/kit/target.js';
import { testBackends } from '../../support/backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer } from '../../support/childServer.js';

const STALL_AT_MS = 1500;
const STALL_MS = 1000;

for (const backend of testBackends()) {
  describe(`svc-bench against a server that stalls (${backend.name})`, { timeout: 120_000 }, () => {
    it('shows a 1 s stall in the latency of the requests that came due during it', async () => {
      const store = await createChildStore(backend);
      const server = await startChildServer(store);
      try {
        const pid = server.process.pid!;
        const timers: NodeJS.Timeout[] = [];
        // The stall starts and ends at set times after the load starts (a background part starts just before it).
        const stalling: Scenario = {
          ...fleetScenario,
          async prepare(context) {
            const prepared = await fleetScenario.prepare(context);
            const stall = {
              async start() {
                timers.push(setTimeout(() => process.kill(pid, 'SIGSTOP'), STALL_AT_MS));
                timers.push(setTimeout(() => process.kill(pid, 'SIGCONT'), STALL_AT_MS + STALL_MS));
              },
              async stop() {
                for (const timer of timers) clearTimeout(timer);
              },
            };
            return { ...prepared, background: [stall] };
          },
        };
        const target = await connectTarget({ url: server.url, apiKey: CHILD_API_KEY, needsUser: false });
        const result = await runScenario({
          scenario: stalling,
          target,
          durationSeconds: 4,
          rate: 100,
          rampSeconds: 0,
          seed: 1,
          knobs: resolveKnobs(fleetScenario, { agents: 4, k8sServices: 2, pushedServices: 3 }),
          thresholds: [],
          connections: 16,
          timeoutMs: 10_000,
          cleanup: false,
          prefix: 'svc-bench/stall',
          log: () => {},
        });
        assert.equal(result.errors.count, 0, JSON.stringify(result.errorKinds));
        assert.equal(result.all.count, result.offered, 'every request that came due was sent and answered');
        // The first requests due in the stall waited about a second.
        assert.ok(result.all.maxMs! >= 900, `max ${result.all.maxMs} ms`);
        // A quarter of the run was due during the stall, late by 0 to 1 s: the slowest tenth is hundreds of ms late.
        assert.ok(result.all.p90Ms! >= 300, `p90 ${result.all.p90Ms} ms (p50 ${result.all.p50Ms}, p99 ${result.all.p99Ms})`);
        const slow = result.timeline.filter((row) => (row.maxMs ?? 0) >= 500).map((row) => row.t);
        assert.ok(slow.includes(1) || slow.includes(2), `the seconds of the stall show it: slow seconds ${JSON.stringify(slow)}`);
      } finally {
        server.process.kill('SIGCONT');
        server.process.kill('SIGTERM');
        await server.exited;
        await store.dispose();
      }
    });
  });
}
