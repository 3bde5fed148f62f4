/**
 * The reads of issue 31, target 4, against a running server holding the seeded fleet: each GraphQL read timed from
 * the client (one at a time, signed in as the admin), `runs` times after `warmUp` untimed calls, with p50, p99 and
 * max; beside each, where one makes sense, the same question put straight to PostgreSQL (the reference).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { gqlData } from '../lib/graphqlCalls.js';

export interface ReadFigure {
  readonly read: string;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly runs: number;
  /** The server's main thread's CPU per call (ms, from /proc/<pid>/schedstat): p50 and p99. A loaded machine stretches wall times, not these. */
  readonly cpuP50: number;
  readonly cpuP99: number;
  /** The same question on PostgreSQL, p50 in ms (undefined: no reference). */
  readonly referenceMs?: number;
  readonly reference?: string;
}

export interface ReadsOptions {
  readonly url: string;
  /** The server's process id (its main thread's CPU is read per call). */
  readonly pid: number;
  /** Signs in as the admin again: an access token lasts minutes, and a slow read times 25 calls. */
  readonly signIn: () => Promise<string>;
  /** A schema-qualified connection string to the seeded schema (for the references). */
  readonly databaseUrl: string;
  readonly services: number;
  readonly runs: number;
  readonly warmUp: number;
  readonly log: (line: string) => void;
}

const PAGE_FIELDS = 'id name displayName status statusMessage nodeId statusSince updatedAt storage { status freePercent }';
const SUMMARY = 'statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }';

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** CPU time of a thread so far in ms: the first field of /proc/<pid>/task/<tid>/schedstat (ns on the CPU). */
const threadCpuMs = (pid: number, tid = pid) => Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** Wall times sorted; with `pid`, the CPU of that process's main thread per call too (sorted on its own). */
interface Timings extends Array<number> {
  cpu?: number[];
}

async function timed(runs: number, warmUp: number, call: (run: number) => Promise<unknown>, pid?: number): Promise<Timings> {
  for (let i = 0; i < warmUp; i += 1) await call(-1 - i);
  const ms: Timings = [];
  const cpu: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const cpuAt = pid === undefined ? 0 : threadCpuMs(pid);
    const at = performance.now();
    await call(run);
    ms.push(performance.now() - at);
    if (pid !== undefined) cpu.push(threadCpuMs(pid) - cpuAt);
  }
  ms.sort((a, b) => a - b);
  if (pid !== undefined) ms.cpu = cpu.sort((a, b) => a - b);
  return ms;
}

const figure = (read: string, sorted: Timings, reference?: { ms: number[]; what: string }): ReadFigure => ({
  read,
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  max: sorted[sorted.length - 1]!,
  runs: sorted.length,
  cpuP50: sorted.cpu ? percentile(sorted.cpu, 50) : Number.NaN,
  cpuP99: sorted.cpu ? percentile(sorted.cpu, 99) : Number.NaN,
  ...(reference ? { referenceMs: percentile(reference.ms, 50), reference: reference.what } : {}),
});

/** A needle for run `run`: four digits that occur in some names (`svc-0004217` holds "4217"). */
const needleOf = (run: number, services: number) => String((Math.abs(run) * 7919) % Math.min(services, 10_000)).padStart(4, '0');

export interface MeasuredReads {
  readonly figures: ReadFigure[];
  readonly firstDashboardMs: number;
  /**
   * The floor under a first `dashboardStats` computed fresh: PostgreSQL counting the month's status intervals, the
   * computation's input, without sending a row (median of 5, the page cache warm by then).
   */
  readonly monthScanFloorMs: number;
}

/**
 * The month's intervals as the dashboard's computation selects them (src/core/dashboard/uptimeQuery.ts: overlapping
 * the month so far), only counted.
 */
const MONTH_INTERVALS_COUNT = `select count(*) from status_intervals
  where started_at < now() and (ended_at is null or ended_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`;

export async function measureReads(options: ReadsOptions): Promise<MeasuredReads> {
  const { url, services, runs, warmUp, pid } = options;
  let token = await options.signIn();
  let signedInAt = performance.now();
  const q = (query: string, variables?: Record<string, unknown>) => gqlData(url, query, variables, token);
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const sql = (text: string, values?: unknown[]) => timed(Math.min(runs, 10), 1, () => db.query(text, values));
  const serve = async (call: (run: number) => Promise<unknown>) => {
    // A fresh token before each read's runs (outside the timing), so that none expires during them.
    if (performance.now() - signedInAt > 60_000) {
      token = await options.signIn();
      signedInAt = performance.now();
    }
    return timed(runs, warmUp, call, pid);
  };
  const figures: ReadFigure[] = [];
  const add = (f: ReadFigure) => {
    figures.push(f);
    options.log(
      `  ${f.read}: p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(1)} ms; server main thread CPU p50 ${f.cpuP50.toFixed(1)} ms, p99 ${f.cpuP99.toFixed(1)} ms`,
    );
  };
  try {
    // The first dashboardStats of this process: the month's intervals read and computed (later ones are cached).
    const at = performance.now();
    const first = await q(
      '{ dashboardStats { totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime storageWarningCount storageCriticalCount } }',
    );
    const firstDashboardMs = performance.now() - at;
    if (first.dashboardStats.totalServices !== services)
      throw new Error(`dashboardStats counts ${first.dashboardStats.totalServices} services, not ${services}`);

    const page = `query($f: ServiceFilter, $s: ServiceSort, $o: Int) { services(filter: $f, sort: $s, limit: 100, offset: $o) { ${PAGE_FIELDS} } }`;
    const half = Math.floor(services / 2);
    const expectRows = (rows: unknown[], what: string) => {
      if (rows.length !== 100) throw new Error(`${what}: ${rows.length} rows, expected 100`);
    };
    const expectSome = (rows: unknown[], what: string) => {
      if (rows.length === 0) throw new Error(`${what}: no rows`);
    };
    add(
      figure('services page: first 100 by name', await serve(async () => expectRows((await q(page, {})).services, 'first page')), {
        ms: await sql('select * from services order by name collate "C", node_path collate "C" limit 100'),
        what: 'ORDER BY name LIMIT 100',
      }),
    );
    add(
      figure(
        'services page: filtered (status DOWN, under one region)',
        await serve(async () => expectSome((await q(page, { f: { status: ['DOWN'], nodeId: 'region-0' } })).services, 'filtered page')),
        {
          ms: await sql(
            `select * from services where status = 'DOWN' and node_path like 'region-0/%' order by name collate "C", node_path collate "C" limit 100`,
          ),
          what: 'WHERE status, node_path LIKE ... LIMIT 100',
        },
      ),
    );
    for (const field of ['NAME', 'STATUS', 'UPDATED_AT'] as const) {
      const order =
        field === 'NAME'
          ? 'name collate "C", node_path collate "C"'
          : field === 'UPDATED_AT'
            ? 'updated_at, name collate "C", node_path collate "C"'
            : `array_position(array['DOWN','DEGRADED','UNKNOWN','MAINTENANCE','OPERATIONAL'], status), name collate "C", node_path collate "C"`;
      add(
        figure(
          `services page at offset ${half.toLocaleString('en-US')} by ${field}`,
          await serve(async () => expectRows((await q(page, { s: { field }, o: half })).services, `offset ${field}`)),
          { ms: await sql(`select * from services order by ${order} offset ${half} limit 100`), what: 'ORDER BY ... OFFSET ... LIMIT 100' },
        ),
      );
    }
    add(
      figure(
        'name search: services(filter: {search}), first 100, and its serviceCount',
        await serve((run) =>
          q('query($f: ServiceFilter) { services(filter: $f, limit: 100) { id name } serviceCount(filter: $f) }', {
            f: { search: needleOf(run, services) },
          }),
        ),
        {
          ms: await sql(
            `select id, name, (select count(*) from services where name ilike $1) from services where name ilike $1 order by name collate "C" limit 100`,
            [`%${needleOf(1, services)}%`],
          ),
          what: 'name ILIKE %...% (no trigram index), count',
        },
      ),
    );
    add(
      figure(
        'hierarchy: operationsRootNodes with serviceCount and statusSummary',
        await serve(() => q(`{ operationsRootNodes { id name depth childCount serviceCount ${SUMMARY} } }`)),
        {
          ms: await sql(`select split_part(node_path, '/', 1), status, count(*) from services group by 1, 2`),
          what: 'GROUP BY root, status',
        },
      ),
    );
    add(
      figure(
        'hierarchy: one region expanded (operationsNodeChildren with counts)',
        await serve(() =>
          q(`{ operationsNodeChildren(id: "region-0", limit: 1000) { id name depth childCount serviceCount ${SUMMARY} } }`),
        ),
        {
          ms: await sql(
            `select split_part(node_path, '/', 2), status, count(*) from services where node_path like 'region-0/%' group by 1, 2`,
          ),
          what: 'GROUP BY env, status under one region',
        },
      ),
    );
    add(
      figure(
        'quickSearch (limit 10)',
        await serve((run) =>
          q('query($q: String!) { quickSearch(query: $q, limit: 10) { type id title } }', { q: `svc-${needleOf(run, services)}` }),
        ),
        {
          ms: await sql(
            `select id, name from services where name ilike $1 order by (position($2 in lower(name)) > 1), length(name), name limit 10`,
            [`%svc-${needleOf(1, services)}%`, `svc-${needleOf(1, services)}`],
          ),
          what: 'name ILIKE ranked, LIMIT 10',
        },
      ),
    );
    add(
      figure(
        'dashboardStats, later calls',
        await serve(() => q('{ dashboardStats { totalServices metCount averageUptime storageWarningCount storageCriticalCount } }')),
      ),
    );
    const monthScanFloorMs = percentile(await timed(5, 1, () => db.query(MONTH_INTERVALS_COUNT)), 50);
    return { figures, firstDashboardMs, monthScanFloorMs };
  } finally {
    await db.end();
  }
}

/** Plain JS floors beside the reads: a million-string array sorted, and one scan of a million names for a substring. */
export function plainJsFloors(services: number): { sortMs: number; scanMs: number } {
  const names = Array.from({ length: services }, (_, g) => `svc-${String((g * 7919) % services).padStart(7, '0')}`);
  let at = performance.now();
  [...names].sort();
  const sortMs = performance.now() - at;
  at = performance.now();
  let hits = 0;
  for (const name of names) if (name.toLowerCase().includes('4217')) hits += 1;
  const scanMs = performance.now() - at;
  if (hits < 0) throw new Error('unreachable');
  return { sortMs, scanMs };
}
