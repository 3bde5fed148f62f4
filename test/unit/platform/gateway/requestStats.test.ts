/**
 * The gateway's tallies for the metrics (src/platform/gateway/requestStats.ts, socketStats.ts): answers by
 * route template, method and status class with latency buckets, bounded by the routes and not by traffic;
 * WebSocket sends by what uWS answered.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REQUEST_SECONDS_BUCKETS, RequestStats, UNMATCHED_ROUTE } from '../../../../src/platform/gateway/requestStats.js';
import { SocketStats } from '../../../../src/platform/gateway/socketStats.js';

const route = { method: 'GET', path: '/api/v1/tickets/{ticketId}/attachments' };

describe('request tallies', () => {
  it('counts answers per route and status class, with their seconds and latency bucket', () => {
    const stats = new RequestStats();
    stats.record(route, 'GET', 200, 0.0004);
    stats.record(route, 'GET', 204, 0.003);
    stats.record(route, 'GET', 503, 20);
    const [tally] = [...stats.tallies()];
    assert.equal(tally!.route, route.path);
    assert.deepEqual([...tally!.counts], [0, 2, 0, 0, 1]);
    assert.ok(Math.abs(tally!.seconds[1]! - 0.0034) < 1e-12);
    const ok = tally!.bucketsOf(1);
    assert.equal(ok[0], 1, 'under the first bound');
    assert.equal(ok[REQUEST_SECONDS_BUCKETS.indexOf(0.005)], 1, 'in the 5 ms bucket');
    assert.equal(tally!.bucketsOf(4)[REQUEST_SECONDS_BUCKETS.length], 1, 'above every bound');
  });

  it('puts requests no route took under one label per HTTP verb, and any other method under "other"', () => {
    const stats = new RequestStats();
    for (let i = 0; i < 100; i += 1) stats.record(undefined, 'GET', 404, 0.001);
    stats.record(undefined, 'PROPFIND', 405, 0.001);
    stats.record(undefined, 'BREW', 405, 0.001);
    const tallies = [...stats.tallies()].map((t) => [t.route, t.method, t.counts[3]]);
    assert.deepEqual(tallies, [
      [UNMATCHED_ROUTE, 'GET', 100],
      [UNMATCHED_ROUTE, 'other', 2],
    ]);
  });

  it('clamps a status outside 100-599 into the nearest class', () => {
    const stats = new RequestStats();
    stats.record(route, 'GET', 99, 0);
    stats.record(route, 'GET', 600, 0);
    assert.deepEqual([...[...stats.tallies()][0]!.counts], [1, 0, 0, 0, 1]);
  });
});

describe('WebSocket tallies', () => {
  it('counts a send by what uWS answered: written, queued behind backpressure, dropped', () => {
    const stats = new SocketStats();
    stats.sent(1);
    stats.sent(0);
    stats.sent(2);
    assert.deepEqual([stats.framesSent, stats.framesQueued, stats.framesDropped], [2, 1, 1]);
    stats.opened = 3;
    stats.closed = 1;
    assert.equal(stats.open, 2);
  });
});
