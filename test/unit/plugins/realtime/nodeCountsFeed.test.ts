/**
 * The coalescing of dashboards' node counts (src/plugins/realtime/nodeCountsFeed.ts), on a manual clock: changes
 * mark the watched nodes above them, one publish per watched scope per window, counts taken when the frame is built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import { NodeCountsFeed, type NodeStatusCountsPayload } from '../../../../src/plugins/realtime/nodeCountsFeed.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

/** Services per status, as the fleet keeps them per node. */
function tally(statuses: readonly ServiceStatus[]) {
  const counts = { OPERATIONAL: 0, DEGRADED: 0, DOWN: 0, MAINTENANCE: 0, UNKNOWN: 0, total: statuses.length };
  for (const status of statuses) counts[status] += 1;
  return counts;
}

/** A fleet of services by path (`node/path/name`) and status, and a feed over it. */
function setUp(services: Record<string, ServiceStatus>) {
  const clock = createManualClock(0);
  const published: Array<{ channel: string; payload: NodeStatusCountsPayload }> = [];
  const nodeOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const feed = new NodeCountsFeed({
    publish: (channel, root) => published.push({ channel, payload: root.nodeStatusCounts }),
    countsUnder: (path) =>
      tally(
        Object.entries(services)
          .filter(([p]) => nodeOf(p) === path || nodeOf(p).startsWith(`${path}/`))
          .map(([, status]) => status),
      ),
    childrenOf: (path) => {
      const nodes = new Set<string>();
      for (const p of Object.keys(services)) {
        const segments = nodeOf(p).split('/');
        for (let i = 1; i <= segments.length; i += 1) nodes.add(segments.slice(0, i).join('/'));
      }
      return [...nodes].filter((n) =>
        path === null ? !n.includes('/') : n.startsWith(`${path}/`) && !n.slice(path.length + 1).includes('/'),
      );
    },
    clock,
    windowMs: 250,
  });
  return { clock, feed, published, services };
}

describe('node counts feed', () => {
  it('a thousand changes within one window are one frame per watched scope', () => {
    const { clock, feed, published, services } = setUp({ 'eu/a/s1': 'OPERATIONAL', 'eu/b/s2': 'OPERATIONAL', 'us/c/s3': 'OPERATIONAL' });
    feed.watch(null);
    for (let i = 0; i < 1000; i += 1) {
      services['eu/a/s1'] = i % 2 === 0 ? 'DOWN' : 'OPERATIONAL';
      feed.touched('eu/a/s1');
    }
    services['eu/a/s1'] = 'DOWN';
    assert.equal(published.length, 0, 'nothing before the window ends');
    clock.advance(250);
    assert.deepEqual(published, [
      {
        channel: 'node-counts:*',
        payload: {
          event: 'node:status_counts',
          at: 250,
          nodes: [{ path: 'eu', operational: 1, degraded: 0, down: 1, maintenance: 0, unknown: 0, total: 2 }],
        },
      },
    ]);
  });

  it('a frame holds only the watched nodes whose services moved: the scope node and its changed children', () => {
    const { clock, feed, published } = setUp({ 'eu/a/x/s1': 'OPERATIONAL', 'eu/b/s2': 'OPERATIONAL', 'us/c/s3': 'OPERATIONAL' });
    feed.watch('eu');
    feed.touched('eu/a/x/s1');
    feed.touched('us/c/s3');
    clock.advance(250);
    assert.deepEqual(
      published.map((p) => [p.channel, p.payload.nodes.map((n) => n.path)]),
      [['node-counts:node:eu', ['eu', 'eu/a']]],
    );
  });

  it('nobody watching: changes arm no timer and publish nothing', () => {
    const { clock, feed, published } = setUp({ 'eu/a/s1': 'OPERATIONAL' });
    const watching = feed.watch(null);
    watching.leave();
    feed.touched('eu/a/s1');
    clock.advance(10_000);
    assert.equal(published.length, 0);
  });

  it('counts are read once until a change below the node: a hundred first frames read the fleet once', () => {
    let walks = 0;
    const feed = new NodeCountsFeed({
      publish: () => undefined,
      countsUnder: () => {
        walks += 1;
        return tally(['DOWN']);
      },
      childrenOf: () => [],
      clock: createManualClock(0),
    });
    feed.watch('eu');
    for (let i = 0; i < 100; i += 1) feed.current('eu');
    assert.equal(walks, 1);
    feed.touched('eu/a/s1');
    feed.current('eu');
    assert.equal(walks, 2, 'a change below the node drops its counts');
  });

  it('the first frame of a scope is every node it shows, at its current counts', () => {
    const { feed } = setUp({ 'eu/a/s1': 'DOWN', 'eu/b/s2': 'OPERATIONAL', 'us/c/s3': 'DEGRADED' });
    assert.deepEqual(
      feed.current('eu').nodes.map((n) => [n.path, n.total, n.down]),
      [
        ['eu', 2, 1],
        ['eu/a', 1, 1],
        ['eu/b', 1, 0],
      ],
    );
    assert.deepEqual(
      feed.current(null).nodes.map((n) => n.path),
      ['eu', 'us'],
    );
  });
});
