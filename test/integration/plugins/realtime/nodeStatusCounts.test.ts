/**
 * Live per-node status counts (issue 31, an outage storm): a dashboard subscribed to `nodeStatusCounts`
 * starts from the current counts and then hears coalesced frames, each holding only the nodes whose
 * services moved, with their counts as they are when the frame is built: hundreds of status changes
 * in one status sync are one or two frames per subscriber, within a second, not one per change.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers, type Feed } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const COUNTS = `subscription($node: String) {
  nodeStatusCounts(nodePath: $node) { event at nodes { path operational degraded down maintenance unknown total } }
}`;

const SERVICES = 300;

for (const backend of testBackends()) {
  describe(`node status counts (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      // 300 services under storm/a/<one of 3 clusters>, 10 under calm/b.
      for (let from = 0; from < SERVICES; from += 100) {
        const reports = Array.from({ length: 100 }, (_, i) => ({
          service: `svc-${from + i}`,
          nodeId: `storm/a/c${(from + i) % 3}`,
          status: 'OPERATIONAL',
        }));
        const res = await t.call('POST', '/api/v1/health/report/batch', { reports });
        assert.equal(res.status, 200, res.text);
      }
      const calm = Array.from({ length: 10 }, (_, i) => ({ service: `calm-${i}`, nodeId: 'calm/b', status: 'OPERATIONAL' }));
      assert.equal((await t.call('POST', '/api/v1/health/report/batch', { reports: calm })).status, 200);
    });
    after(() => t.close());

    /** One status sync per cluster node setting every one of its services to `status`. */
    async function syncAll(status: string): Promise<number> {
      let answered = 0;
      for (let c = 0; c < 3; c += 1) {
        const services = [];
        for (let i = c; i < SERVICES; i += 3) services.push({ name: `svc-${i}`, status });
        const res = await t.call('POST', '/api/v1/operator/status', { nodeId: `storm/a/c${c}`, operatorVersion: '1.0.0', services });
        assert.equal(res.status, 200, res.text);
        answered = performance.now();
      }
      return answered;
    }

    /** Frames until one shows `path` with `down` services down; fails after 10 s. */
    async function untilDown(feed: Feed, path: string, down: number): Promise<{ frames: any[]; at: number }> {
      const frames: any[] = [];
      for (;;) {
        const frame = (await feed.data(`a frame with ${path} at ${down} down`)).nodeStatusCounts;
        frames.push(frame);
        const node = frame.nodes.find((n: { path: string }) => n.path === path);
        if (node?.down === down) return { frames, at: performance.now() };
      }
    }

    it('the first frame holds the current counts of every root node', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, COUNTS);
      const first = (await feed.data('the first frame')).nodeStatusCounts;
      assert.equal(first.event, 'node:status_counts');
      assert.deepEqual(first.nodes, [
        { path: 'calm', operational: 10, degraded: 0, down: 0, maintenance: 0, unknown: 0, total: 10 },
        { path: 'storm', operational: SERVICES, degraded: 0, down: 0, maintenance: 0, unknown: 0, total: SERVICES },
      ]);
      await client.dispose();
    });

    it('hundreds of status changes reach a dashboard as a few frames of counts within a second, and the way back too', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, COUNTS);
      await feed.data('the first frame');
      await waitForSubscribers(t, 'node-counts:*', 1);

      const answered = await syncAll('DOWN');
      const storm = await untilDown(feed, 'storm', SERVICES);
      assert.ok(storm.frames.length <= 3, `${storm.frames.length} frames for ${SERVICES} changes`);
      assert.ok(storm.at - answered < 1000, `counts arrived ${Math.round(storm.at - answered)} ms after the last sync's answer`);
      assert.deepEqual(storm.frames.at(-1).nodes, [
        { path: 'storm', operational: 0, degraded: 0, down: SERVICES, maintenance: 0, unknown: 0, total: SERVICES },
      ]);

      await syncAll('OPERATIONAL');
      const back = await untilDown(feed, 'storm', 0);
      assert.ok(back.frames.length <= 3, `${back.frames.length} frames for the recovery`);
      assert.equal(back.frames.at(-1).nodes[0].operational, SERVICES);
      await client.dispose();
    });

    it('a node subscription holds the node and its children, and hears nothing of changes elsewhere', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, COUNTS, { node: 'storm/a' });
      const first = (await feed.data('the first frame')).nodeStatusCounts;
      assert.deepEqual(
        first.nodes.map((n: { path: string; total: number }) => [n.path, n.total]),
        [
          ['storm/a', SERVICES],
          ['storm/a/c0', SERVICES / 3],
          ['storm/a/c1', SERVICES / 3],
          ['storm/a/c2', SERVICES / 3],
        ],
      );
      await waitForSubscribers(t, 'node-counts:node:storm/a', 1);
      const calm = await t.call('POST', '/api/v1/operator/status', {
        nodeId: 'calm/b',
        operatorVersion: '1.0.0',
        services: [{ name: 'calm-0', status: 'DOWN' }],
      });
      assert.equal(calm.status, 200, calm.text);
      const one = await t.call('POST', '/api/v1/operator/status', {
        nodeId: 'storm/a/c1',
        operatorVersion: '1.0.0',
        services: [{ name: 'svc-1', status: 'DEGRADED' }],
      });
      assert.equal(one.status, 200, one.text);
      const frame = (await feed.data('the frame of the change')).nodeStatusCounts;
      assert.deepEqual(
        frame.nodes.map((n: { path: string; degraded: number }) => [n.path, n.degraded]),
        [
          ['storm/a', 1],
          ['storm/a/c1', 1],
        ],
        'the changed node and the watched node, not the calm one nor the unchanged siblings',
      );
      await client.dispose();
    });
  });
}
