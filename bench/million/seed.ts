/**
 * The million's fleet, written straight into a migrated schema (issue 31's documented fast path): one
 * `INSERT ... SELECT` from `generate_series` per table, computed inside PostgreSQL, with foreign-key triggers off for
 * the session (`session_replication_role = replica`: the rows are consistent by construction). At 1,000,000 services
 * that is faster than COPY from the client (no bytes cross the socket) and needs no file. Only the tables the server
 * loads at start are written, as the server itself would write them: every service with its open status interval.
 *
 * The shape (issue 31, target 1): services spread over `leaves` nodes (default one per 100 services: 10,000 for the
 * million) four levels deep, `region-a/env-b/cluster-c/ns-k`, about ten children per node; names `svc-0000000`
 * placed round-robin over the leaves (so list order and node order differ); statuses 90 % OPERATIONAL, 4 % DEGRADED,
 * 2 % each DOWN, MAINTENANCE and UNKNOWN; two tags each from small sets; an owner (one of 100 users) on half of them
 * and a team (one of 20 groups) on a fifth; a storage report on 10 % (1 % critical, 2 % warning); backups expected on
 * 5 %, each with one report; 1 % declare a dependency on the service before them; a quarter in an SLA group with an
 * uptime target. Ids are deterministic (`serviceId(g)`), so a caller can address service `g` without a read.
 *
 * Reused by the other parts of `bench:million` (the sync cycle and the storm): import `seedMillion`.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface MillionSeedOptions {
  /** Services to write. */
  readonly services: number;
  /** Leaf nodes (the fourth level). @default ceil(services / 100) */
  readonly leaves?: number;
  /** The seeding's "now", epoch ms: creation and status times lie before it. @default Date.now() */
  readonly now?: number;
}

export interface MillionSeed {
  readonly services: number;
  readonly leaves: number;
  /** Every node, all four levels. */
  readonly nodes: number;
  /** Children per node (the fan-out of every level). */
  readonly fanOut: number;
  /** Paths of the leaf nodes, in leaf order (service `g` sits at leaf `g % leaves`). */
  readonly leafPath: (leaf: number) => string;
  readonly owners: readonly string[];
  readonly teams: readonly string[];
  /** Seconds the seeding took. */
  readonly seconds: number;
}

/** The id of seeded service `g`: md5('svc-' || g)::uuid, the same in SQL and here. */
export const serviceId = (g: number): string => uuidOf(`svc-${g}`);

/** The name of seeded service `g`. */
export const serviceName = (g: number): string => `svc-${String(g).padStart(7, '0')}`;

const OWNERS = 100;
const TEAMS = 20;

/** Smallest fan-out f with f^4 >= leaves (four levels). */
function fanOutFor(leaves: number): number {
  let f = 2;
  while (f ** 4 < leaves) f += 1;
  return f;
}

export function leafPathOf(leaf: number, fanOut: number): string {
  const cluster = Math.floor(leaf / fanOut);
  const env = Math.floor(cluster / fanOut);
  const region = Math.floor(env / fanOut);
  return `region-${region}/env-${env}/cluster-${cluster}/ns-${leaf}`;
}

/**
 * Writes the fleet into the schema `db` is connected to (its search_path), which the server has migrated and which
 * holds no services yet. `db` is one connected client; its session settings are restored at the end.
 */
export async function seedMillion(db: pg.ClientBase, options: MillionSeedOptions): Promise<MillionSeed> {
  const started = performance.now();
  const n = options.services;
  const leaves = options.leaves ?? Math.max(1, Math.ceil(n / 100));
  const f = fanOutFor(leaves);
  const now = options.now ?? Date.now();
  const at = `to_timestamp(${now / 1000})`;
  const owners = Array.from({ length: OWNERS }, (_, i) => uuidOf(`owner-${i}`));
  const teams = Array.from({ length: TEAMS }, (_, i) => uuidOf(`team-${i}`));

  await db.query('set session_replication_role = replica');
  try {
    await db.query('begin');
    // Users the services are owned by, groups they belong to (no password: they never sign in here).
    await db.query(
      `insert into users (id, username, email, role, active, created_at, updated_at, display_name)
       select md5('owner-' || i)::uuid, 'owner-' || i, 'owner-' || i || '@example.com', 'user', true, ${at}, ${at}, 'Owner ' || i
       from generate_series(0, ${OWNERS - 1}) i`,
    );
    await db.query(
      `insert into groups (id, name, description, created_at, updated_at)
       select md5('team-' || i)::uuid, 'team-' || i, 'Team ' || i, ${at}, ${at} from generate_series(0, ${TEAMS - 1}) i`,
    );
    await db.query(
      `insert into sla_groups (name, id, display_name, tier, targets, created_at, updated_at)
       select name, md5('sla-' || name)::uuid, initcap(name), name, jsonb_build_object('uptime', target), ${at}, ${at}
       from (values ('gold', 99.9), ('silver', 99.5), ('bronze', 99.0)) v(name, target)`,
    );
    // Four levels: leaf k under cluster floor(k/f), under env floor(k/f^2), under region floor(k/f^3).
    await db.query(
      `with leaf as (select k, k / ${f} as c, k / ${f * f} as e, k / ${f * f * f} as r from generate_series(0, ${leaves - 1}) k)
       insert into nodes (path, parent_path, name, depth, created_at)
       select distinct 'region-' || r, null::text, 'region-' || r, 1, ${at} from leaf
       union all select distinct 'region-' || r || '/env-' || e, 'region-' || r, 'env-' || e, 2, ${at} from leaf
       union all select distinct 'region-' || r || '/env-' || e || '/cluster-' || c, 'region-' || r || '/env-' || e, 'cluster-' || c, 3, ${at} from leaf
       union all select 'region-' || r || '/env-' || e || '/cluster-' || c || '/ns-' || k, 'region-' || r || '/env-' || e || '/cluster-' || c, 'ns-' || k, 4, ${at} from leaf`,
    );
    await db.query(
      `insert into services (id, node_path, name, display_name, status, status_message, status_since, status_seq, criticality,
         service_type, tags, metadata, namespace, images, sla_group, backup_expected, backup_max_age_days, last_backup_at,
         last_backup_status, last_backup_size_bytes, storage, owner_id, team_id, dependencies, created_at, updated_at)
       select md5('svc-' || g)::uuid,
         'region-' || (k / ${f * f * f}) || '/env-' || (k / ${f * f}) || '/cluster-' || (k / ${f}) || '/ns-' || k,
         'svc-' || lpad(g::text, 7, '0'),
         case when g % 10 = 0 then 'Service ' || g else null end,
         s.status,
         case when s.status = 'OPERATIONAL' then null else 'seeded ' || lower(s.status) end,
         ${at} - (g % 86400) * interval '1 second', 1,
         (array['low', 'medium', 'high', 'critical'])[1 + g % 4],
         (array['deployment', 'statefulset', 'vm', 'database', 'queue'])[1 + g % 5],
         jsonb_build_array((array['web', 'api', 'batch', 'db', 'cache', 'edge'])[1 + g % 6], 'tier-' || (g % 3)),
         '{}'::jsonb,
         'ns-' || k, '[]'::jsonb,
         case when g % 4 = 0 then (array['gold', 'silver', 'bronze'])[1 + (g / 4) % 3] else null end,
         g % 20 = 3, case when g % 20 = 3 then 2 else null end,
         case when g % 20 = 3 then ${at} - (g % 172800) * interval '1 second' else null end,
         case when g % 20 = 3 then 'success' else null end,
         case when g % 20 = 3 then 1000000 + g else null end,
         case when g % 100 = 7 then jsonb_build_object('allocatedBytes', 1000, 'usedBytes', 950, 'storageType', 'pvc', 'mountPath', '/data', 'freePercent', 5, 'status', 'critical', 'reportedAt', ${now})
              when g % 50 = 9 or g % 100 = 11 then jsonb_build_object('allocatedBytes', 1000, 'usedBytes', 800, 'storageType', 'pvc', 'mountPath', '/data', 'freePercent', 20, 'status', 'warning', 'reportedAt', ${now})
              when g % 10 = 5 then jsonb_build_object('allocatedBytes', 1000, 'usedBytes', 300, 'storageType', 'pvc', 'mountPath', '/data', 'freePercent', 70, 'status', 'healthy', 'reportedAt', ${now})
              else null end,
         case when g % 2 = 0 then md5('owner-' || (g / 2) % ${OWNERS})::uuid else null end,
         case when g % 5 = 1 then md5('team-' || (g / 5) % ${TEAMS})::uuid else null end,
         case when g % 100 = 42 and g > 0 then jsonb_build_array(jsonb_build_object('targetId', md5('svc-' || (g - 1))::uuid, 'type', 'runtime')) else '[]'::jsonb end,
         ${at} - interval '40 days', ${at} - (g % 86400) * interval '1 second'
       from generate_series(0, ${n - 1}) g
       cross join lateral (select g % ${leaves} as k,
         (case when h < 45 then 'OPERATIONAL' when h < 47 then 'DEGRADED' when h = 47 then 'DOWN'
               when h = 48 then 'MAINTENANCE' else 'UNKNOWN' end) as status
         -- h: the status's draw, shifted per round over the leaves so that every leaf holds every status.
         from (select (g + g / ${leaves}) % 50 as h) d) s`,
    );
    await db.query(
      `insert into status_intervals (service_id, seq, status, message, started_at, ended_at)
       select id, status_seq, status, status_message, status_since, null from services`,
    );
    await db.query(
      `insert into backup_reports (id, service_id, status, size_bytes, message, mode, reported_at)
       select md5('backup-' || id)::uuid, id, last_backup_status, last_backup_size_bytes, null, 'full', last_backup_at
       from services where backup_expected`,
    );
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.query('set session_replication_role = default');
  }
  await db.query('analyze');
  const nodes = await db.query<{ n: string }>('select count(*) as n from nodes');
  return {
    services: n,
    leaves,
    nodes: Number(nodes.rows[0]!.n),
    fanOut: f,
    leafPath: (leaf) => leafPathOf(leaf, f),
    owners,
    teams,
    seconds: (performance.now() - started) / 1000,
  };
}

/** md5(text)::uuid as PostgreSQL computes it. */
function uuidOf(text: string): string {
  const hex = createHash('md5').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
