/**
 * The bench's fleet: `services` services with a month of status intervals each, written by SQL on
 * the database side (generate_series), and the same services as the in-memory fleet the dashboard
 * reads. The month is March 2026 and "now" is March 31 00:00 UTC (30 days elapsed).
 *
 * Each service alternates OPERATIONAL and DOWN: `perService` intervals from an hour before the month
 * to now, the last one open, each DOWN 0-207 minutes long depending on the service, so the month
 * results spread over MET, AT_RISK and BREACHED (about 30 %, 5 % and 32 % of the services). Every third service has no SLA group; the others
 * are in `gold` (99 %) or `platinum` (99.9 %).
 */
import type { Knex } from 'knex';
import type { DashboardFleet } from '../../src/core/dashboard/dashboardStats.js';
import { newServiceRecord, type ServiceRecord } from '../../src/core/domain/service.js';
import type { SlaGroupRecord } from '../../src/core/fleet/slaGroupStore.js';

export const NOW = Date.parse('2026-03-31T00:00:00Z');
const MONTH_START = Date.parse('2026-03-01T00:00:00Z');
const NODE = 'bench';

const GROUPS: readonly SlaGroupRecord[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'gold',
    displayName: null,
    tier: null,
    targets: { uptime: 99 },
    createdAt: MONTH_START,
    updatedAt: MONTH_START,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'platinum',
    displayName: null,
    tier: null,
    targets: { uptime: 99.9 },
    createdAt: MONTH_START,
    updatedAt: MONTH_START,
  },
];

/** Writes the services and their intervals; answers how many interval rows overlap the month. */
export async function seedMonth(knex: Knex, services: number, perService: number): Promise<number> {
  const iso = (ms: number) => new Date(ms).toISOString();
  const start = MONTH_START - 3_600_000;
  const pairs = Math.ceil(perService / 2);
  const pairMs = Math.floor((NOW - start) / pairs);
  await knex('nodes').insert({ path: NODE, parent_path: null, name: NODE, depth: 1, created_at: iso(MONTH_START) });
  await knex('sla_groups').insert(
    GROUPS.map((g) => ({
      name: g.name,
      id: g.id,
      targets: JSON.stringify(g.targets),
      created_at: iso(g.createdAt),
      updated_at: iso(g.updatedAt),
    })),
  );
  await knex.raw(
    `insert into services (id, node_path, name, status, status_since, status_seq, sla_group, created_at, updated_at)
     select gen_random_uuid(), ?, 'svc-' || n, 'OPERATIONAL', ?::timestamptz, ?, case n % 3 when 0 then null when 1 then 'gold' else 'platinum' end, ?::timestamptz, ?::timestamptz
     from generate_series(1, ?) n`,
    [NODE, iso(NOW), perService, iso(MONTH_START), iso(MONTH_START), services],
  );
  // Interval k of service n: pair floor(k/2) of length pairMs; an odd k is the pair's DOWN tail.
  const boundary = (k: string) =>
    `(?::timestamptz + (floor(${k} / 2) * ?::bigint
       + case when ${k} % 2 = 1 then ?::bigint - (s.n % 10) * ((s.n * 7 + ${k} * 13) % 24) * 60000 else 0 end) * interval '1 millisecond')`;
  await knex.raw(
    `insert into status_intervals (service_id, seq, status, message, started_at, ended_at)
     select s.id, k + 1, case when k % 2 = 1 then 'DOWN' else 'OPERATIONAL' end, null,
       ${boundary('k')},
       case when k = ? - 1 then null else ${boundary('(k + 1)')} end
     from (select id, row_number() over (order by name) as n from services) s, generate_series(0, ? - 1) k`,
    [iso(start), pairMs, pairMs, perService, iso(start), pairMs, pairMs, perService],
  );
  await knex.raw('analyze status_intervals');
  const [row] = (await knex('status_intervals').count({ n: '*' })) as Array<{ n: string | number }>;
  return Number(row!.n);
}

/** The services as the dashboard's fleet, in the database's order of names. */
export async function loadFleet(knex: Knex): Promise<DashboardFleet> {
  const rows = (await knex('services').select('id', 'name', 'sla_group').orderBy('name')) as Array<{
    id: string;
    name: string;
    sla_group: string | null;
  }>;
  const records: ServiceRecord[] = rows.map((r) =>
    newServiceRecord(r.id, { nodePath: NODE, name: r.name, slaGroup: r.sla_group }, MONTH_START),
  );
  const groups = new Map(GROUPS.map((g) => [g.name, g]));
  return {
    services: { all: () => records.values(), size: records.length },
    slaGroups: { get: (name: string) => groups.get(name) },
  };
}
