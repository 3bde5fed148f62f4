/**
 * The fleet the console bench opens the console on, and how its services are addressed by a push:
 *
 * - `api` (the default): `services` services created through the machine API, one health report each, all under
 *   `eu/prod/pool-N/rack-M` (issue 19's bench, 50,000 services).
 * - `million` (`BENCH_CONSOLE_FLEET=million`, issue 31 target 4: "the console bench at 1,000,000"): the realistic
 *   shape of `bench:million` (four levels, 10,000 leaves at a million, tags, owners, storage and backup reports,
 *   mixed statuses), written by its documented fast path (`seedMillion`, inside PostgreSQL) into the schema the
 *   server migrated on an empty first start; the server is then started on it and measured from `/ready`.
 *
 * Pushes address seed index `g`; the status a row shows is read from the page (`data-status`), so a push is always a
 * change whatever the seed gave the service.
 */
import pg from 'pg';
import { type ChildServer, untilReady } from '../lib/childServer.js';
import { postEachOnce } from '../lib/httpCalls.js';
import { fmt } from '../lib/table.js';
import { seedMillion, serviceName as millionName } from '../million/seed.js';

export type ConsoleFleetKind = 'api' | 'million';

export interface ConsoleFleet {
  readonly kind: ConsoleFleetKind;
  readonly services: number;
  /** Digits of the seed index in a service's name (`svc-000042`: 6). */
  readonly nameDigits: number;
  /** A health report that sets seed service `g` to `status` where it already is in the hierarchy. */
  pushBody(g: number, status: string): string;
}

export interface FleetSetup {
  readonly kind: ConsoleFleetKind;
  readonly services: number;
  readonly databaseUrl: string;
  readonly apiKey: string;
  readonly health: string;
  /** Starts this server on the bench schema (answers once it listens). */
  readonly start: (name: string) => Promise<ChildServer>;
  readonly stop: (server: ChildServer) => Promise<void>;
  readonly log: (line: string) => void;
}

export function fleetKind(value: string | undefined): ConsoleFleetKind {
  if (value === undefined || value === '' || value === 'api') return 'api';
  if (value === 'million') return 'million';
  throw new Error(`BENCH_CONSOLE_FLEET must be "api" or "million", not ${JSON.stringify(value)}`);
}

const apiName = (g: number) => `svc-${String(g).padStart(6, '0')}`;

/** Builds the fleet and answers the server serving it, ready. */
export async function prepareFleet(setup: FleetSetup): Promise<{ fleet: ConsoleFleet; server: ChildServer }> {
  return setup.kind === 'million' ? seededFleet(setup) : apiFleet(setup);
}

async function apiFleet(setup: FleetSetup): Promise<{ fleet: ConsoleFleet; server: ChildServer }> {
  const fleet: ConsoleFleet = {
    kind: 'api',
    services: setup.services,
    nameDigits: 6,
    pushBody: (g, status) =>
      JSON.stringify({
        service: apiName(g),
        nodeId: `eu/prod/pool-${g % 50}/rack-${g % 1000}`,
        status,
        message: status === 'OPERATIONAL' ? null : 'slow',
        criticality: 'high',
        tags: ['vm'],
      }),
  };
  const server = await setup.start('this server');
  const started = performance.now();
  await postEachOnce(
    server.url,
    setup.health,
    setup.apiKey,
    Array.from({ length: setup.services }, (_, g) => fleet.pushBody(g, 'OPERATIONAL')),
    32,
  );
  setup.log(`${fmt(setup.services)} services created through the machine API in ${fmt((performance.now() - started) / 1000, 1)} s`);
  return { fleet, server };
}

async function seededFleet(setup: FleetSetup): Promise<{ fleet: ConsoleFleet; server: ChildServer }> {
  // The first start migrates the empty schema (and makes the admin); the seed needs its tables.
  const empty = await setup.start('this server, empty schema');
  // Stopped once ready: a SIGTERM while it still loads (it listens for probes before that) ends it by the signal.
  await untilReady(empty);
  await setup.stop(empty);
  const db = new pg.Client({ connectionString: setup.databaseUrl });
  await db.connect();
  const seed = await seedMillion(db, { services: setup.services }).finally(() => db.end());
  setup.log(`seeded ${fmt(seed.services)} services under ${fmt(seed.nodes)} nodes in ${fmt(seed.seconds, 1)} s (bench:million's shape)`);
  const spawned = performance.now();
  const server = await setup.start('this server, loaded');
  await untilReady(server);
  setup.log(`started on the seeded fleet: /ready after ${fmt(performance.now() - spawned)} ms`);
  const fleet: ConsoleFleet = {
    kind: 'million',
    services: seed.services,
    nameDigits: 7,
    pushBody: (g, status) =>
      JSON.stringify({
        service: millionName(g),
        nodeId: seed.leafPath(g % seed.leaves),
        status,
        message: status === 'OPERATIONAL' ? null : 'slow',
      }),
  };
  return { fleet, server };
}
