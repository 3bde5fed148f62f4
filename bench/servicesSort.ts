/**
 * Sorted service pages at fleet scale (issue 27, item D): `npm run bench:services-sort`, with BENCH_DATABASE_URL
 * (PostgreSQL; default postgres://postgres@127.0.0.1:5432/test) and BENCH_SERVICES (default 100,000; 2,000 with
 * BENCH_SMOKE=1, the CI smoke run). Figures in bench/README.md; the decision in
 * docs/adr/0047-storage-trouble-and-sorted-lists.md.
 *
 * 1. A server is started on a fresh schema (migrations), closed, and N services are written into the schema with
 *    one INSERT ... SELECT from generate_series (statuses, storage reports and update times spread over the fleet).
 * 2. The server starts again and loads them (the indexes are built at hydration: one sort per order).
 * 3. Over GraphQL (HTTP, signed in as the admin): 100-service pages in each order at offset 0 and at offset N/2,
 *    the storage-critical filter, and for comparison the same page computed by sorting the whole fleet per request
 *    (what the index saves). Medians of 15 calls each; then 10,000 status changes through the health API to show
 *    what keeping the status order costs per change.
 */
import { performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { serviceComparator, type ServiceSort } from '../src/core/domain/serviceOrder.js';
import { durableStore, postgresBackend } from '../test/support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from '../test/support/graphql.js';
import { startTestServer } from '../test/support/testServer.js';
import { createManualClock } from '../src/platform/scheduler/index.js';
import { ServiceIndexes } from '../src/core/fleet/serviceIndexes.js';
import type { ServiceRecord } from '../src/core/domain/service.js';

const N = Number(process.env['BENCH_SERVICES'] ?? (process.env['BENCH_SMOKE'] === '1' ? 2_000 : 100_000));
const baseUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['SVC_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const store = await durableStore(postgresBackend(baseUrl));
const clock = createManualClock();
try {
  const first = await startTestServer(postgresBackend(baseUrl), { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
  await first.close();
  const db = knexFactory({ client: 'pg', connection: store.forRun().url! });
  const started = performance.now();
  await db.raw(`insert into nodes (path, parent_path, name, depth, created_at)
    select 'fleet', null, 'fleet', 1, now() union all
    select 'fleet/n' || g, 'fleet', 'n' || g, 2, now() from generate_series(0, 99) g`);
  await db.raw(`insert into services (id, node_path, name, status, status_since, status_seq, tags, metadata, images, dependencies, storage, created_at, updated_at, backup_expected)
    select gen_random_uuid(), 'fleet/n' || (g % 100), 'svc-' || lpad(g::text, 7, '0'),
      (array['OPERATIONAL','OPERATIONAL','OPERATIONAL','OPERATIONAL','OPERATIONAL','OPERATIONAL','DEGRADED','DOWN','MAINTENANCE','UNKNOWN'])[1 + g % 10],
      now(), 1, '[]'::jsonb, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb,
      case when g % 50 = 0 then jsonb_build_object('allocatedBytes', 1000, 'usedBytes', 950, 'storageType', 'pvc', 'mountPath', null, 'freePercent', 5, 'status', 'critical', 'reportedAt', ${clock.now()})
           when g % 20 = 0 then jsonb_build_object('allocatedBytes', 1000, 'usedBytes', 800, 'storageType', 'pvc', 'mountPath', null, 'freePercent', 20, 'status', 'warning', 'reportedAt', ${clock.now()})
           else null end,
      now(), now() - ((g * 7919) % ${N}) * interval '1 second', false
    from generate_series(0, ${N - 1}) g`);
  await db.destroy();
  log(`seeded ${N} services in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const restartAt = performance.now();
  const t = await startTestServer(postgresBackend(baseUrl), { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
  log(`started on them in ${((performance.now() - restartAt) / 1000).toFixed(1)} s`);
  try {
    const admin = await signInAdmin(t);
    const page =
      'query($s: ServiceSort, $f: ServiceFilter, $o: Int) { services(sort: $s, filter: $f, limit: 100, offset: $o) { id name status updatedAt } }';
    const time = async (vars: Record<string, unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const at = performance.now();
        const res = await gql(t, page, vars, admin.accessToken);
        if (i >= 5) ms.push(performance.now() - at); // the first five warm up
        if (res.errors || res.data.services.length === 0) throw new Error(res.text);
      }
      return median(ms);
    };
    const rows: string[] = [];
    for (const field of ['NAME', 'STATUS', 'UPDATED_AT']) {
      for (const direction of ['ASC', 'DESC']) {
        rows.push(
          `| ${field} ${direction} | ${(await time({ s: { field, direction }, o: 0 })).toFixed(2)} | ${(await time({ s: { field, direction }, o: N / 2 })).toFixed(2)} |`,
        );
      }
    }
    const critical = await time({ s: { field: 'STATUS' }, f: { storageState: ['CRITICAL'] }, o: 0 });
    // What the index saves: the same first page by sorting the fleet in memory for the request.
    const records = [...t.server.fleet.services.all()];
    const sortMs: number[] = [];
    for (const sort of [
      { field: 'STATUS', direction: 'ASC' },
      { field: 'UPDATED_AT', direction: 'DESC' },
    ] as ServiceSort[]) {
      for (let i = 0; i < 5; i += 1) {
        const at = performance.now();
        [...records].sort(serviceComparator(sort)).slice(0, 100);
        sortMs.push(performance.now() - at);
      }
    }
    log(`\n| order | page at offset 0, ms (GraphQL round trip) | page at offset ${N / 2}, ms |\n|---|---|---|\n${rows.join('\n')}`);
    log(`storage CRITICAL filter, STATUS order, first page: ${critical.toFixed(2)} ms (${N / 50} matching)`);
    log(`sorting the whole fleet per request instead (in memory, no GraphQL): median ${median(sortMs).toFixed(1)} ms`);

    // What keeping the orders costs per change: the registry's indexes stepped alone, status and update time moved.
    const byId = new Map(records.map((r) => [r.id, r]));
    const indexes = new ServiceIndexes(
      (id) => byId.get(id),
      () => byId.values(),
    );
    for (const r of records) indexes.add(r, false);
    indexes.sortOrder();
    const changes = Math.min(10_000, N);
    const statuses = ['DOWN', 'DEGRADED', 'OPERATIONAL'] as const;
    const newest = records.reduce((max, r) => Math.max(max, r.updatedAt), 0);
    const at = performance.now();
    for (let i = 0; i < changes; i += 1) {
      const before = records[(i * 7919) % records.length]!;
      // Seeded update times are up to N seconds before the seeding; a change is the newest one, as in the product.
      const after: ServiceRecord = { ...before, status: statuses[i % 3]!, updatedAt: newest + i + 1 };
      byId.set(after.id, after);
      indexes.update(before, after);
      records[(i * 7919) % records.length] = after;
    }
    log(
      `${changes} status changes applied to the indexes of ${N} services: ${(((performance.now() - at) * 1000) / changes).toFixed(1)} µs each`,
    );
  } finally {
    await t.close();
  }
} finally {
  await store.dispose();
}
