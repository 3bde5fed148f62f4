/**
 * Issue 27, item A: the server logged nothing when it throttled an agent. Now a refusal by the rate
 * limit is logged per client address or agent key, at most one line a minute each, and every line
 * says how many requests were refused since that subject's previous line. The sweep that writes
 * counts still owed runs on the injected clock, so the test moves time instead of waiting.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { THROTTLE_LOG_MESSAGE } from '../../../../src/platform/gateway/throttleLog.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from '../../../support/graphql.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const MINUTE = 60_000;

for (const backend of testBackends()) {
  describe(`throttle log (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...BOOTSTRAP_ENV, SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '1' } });
    });
    after(() => t.close());

    const lines = (match: Record<string, unknown>) =>
      t.logs.filter((r) => r['msg'] === THROTTLE_LOG_MESSAGE && Object.entries(match).every(([k, v]) => r[k] === v));
    const nodes = () => t.call('GET', '/api/v1/operator/nodes');
    /** Long enough for a bucket of burst 1 to be full and for the once-a-minute sweep to have run past a line. */
    const quiet = () => clock.advance(2 * MINUTE + 1);

    it('refusals of one address are logged at once, then at most one line a minute with the count since the last line', async () => {
      quiet();
      const before = lines({ address: '127.0.0.1' }).length;
      assert.equal((await nodes()).status, 200);
      const refusedAt = new Date(clock.now()).toISOString();
      for (let i = 0; i < 4; i += 1) assert.equal((await nodes()).status, 429);
      const first = lines({ address: '127.0.0.1' }).slice(before);
      assert.equal(first.length, 1, 'the first refusal is logged at once, the next three only counted');
      assert.equal(first[0]!['refused'], 1);
      assert.equal(first[0]!['since'], refusedAt);
      assert.equal(first[0]!['level'], 'warn');
      assert.equal(first[0]!['requestsPerSecond'], 1);
      assert.equal(first[0]!['burst'], 1);

      clock.advance(MINUTE / 2);
      assert.equal(lines({ address: '127.0.0.1' }).length, before + 1, 'half a minute on: nothing more');
      clock.advance(2 * MINUTE);
      const all = lines({ address: '127.0.0.1' }).slice(before);
      assert.equal(all.length, 2, 'the sweep wrote the count still owed, once');
      assert.equal(all[1]!['refused'], 3);
      assert.equal(all[1]!['since'], refusedAt, 'counted from the first refusal after the previous line');
    });

    it('a refusal after a quiet minute is logged at once again', async () => {
      quiet();
      const before = lines({ address: '127.0.0.1' }).length;
      await nodes();
      assert.equal((await nodes()).status, 429);
      const added = lines({ address: '127.0.0.1' }).slice(before);
      assert.deepEqual(
        added.map((l) => l['refused']),
        [1],
      );
    });

    it('an agent key with a budget has lines of its own, naming the key and not the address', async () => {
      quiet();
      const admin = await signInAdmin(t);
      quiet();
      const created = await gql(
        t,
        'mutation($i: CreateAgentKeyInput!) { createAgentKey(input: $i) { key agentKey { id } } }',
        { i: { name: 'edge agent', nodeId: 'edge', endpoints: ['operator/heartbeat'], requestBudget: { requestsPerSecond: 1, burst: 2 } } },
        admin.accessToken,
      );
      assert.equal(created.errors, undefined, created.text);
      const { key, agentKey } = created.data.createAgentKey;
      quiet();
      const addressLines = lines({ address: '127.0.0.1' }).length;
      const beat = () => call(t.url, 'POST', '/api/v1/operator/heartbeat', { nodeId: 'edge/a', version: '1' }, { 'x-api-key': key });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await beat()).status);
      assert.deepEqual(statuses, [200, 200, 429, 429, 429, 429, 429]);
      const keyLines = lines({ agentKeyId: agentKey.id });
      assert.equal(keyLines.length, 1);
      assert.equal(keyLines[0]!['agentKey'], 'edge agent');
      assert.equal(keyLines[0]!['refused'], 1);
      assert.equal(keyLines[0]!['address'], undefined);
      assert.equal(lines({ address: '127.0.0.1' }).length, addressLines, 'the address was not refused');
      clock.advance(2 * MINUTE);
      assert.deepEqual(
        lines({ agentKeyId: agentKey.id }).map((l) => l['refused']),
        [1, 4],
      );
    });
  });
}
