/**
 * Case "create tickets": each accepted request creates one ticket. The phases of one server:
 * warm-up, saturation (autocannon, closed loop) and paced at a fixed rate (lib/pacedLoad.ts, open
 * loop, latency from the due time), with the server's CPU from /proc and the machine's over the
 * same window (what else ran: other engineers' work on a shared machine); the bench interleaves
 * the servers' saturation rounds. A ticket store's row count must grow by the 2xx answers of each
 * phase (plus, closed loop, the requests in flight at its end): GraphQL answers errors with 200, so
 * that is the check that every answer was a created ticket.
 */
import type { ChildServer } from '../lib/childServer.js';
import type { Checks } from '../lib/checks.js';
import { runLoad, type LoadResult } from '../lib/loadRun.js';
import { MachineCpuWindow } from '../lib/machineCpu.js';
import { runPacedLoad } from '../lib/pacedLoad.js';

export interface CreateSettings {
  readonly connections: number;
  readonly pacedConnections: number;
  readonly warmupSeconds: number;
  readonly durationSeconds: number;
}

export interface CreateTarget {
  readonly server: ChildServer;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodies: readonly string[];
  /** Tickets stored so far; undefined for the floor (it stores nothing). */
  readonly storedTickets?: () => Promise<number>;
}

export interface MeasuredLoad extends LoadResult {
  /** All processes on the machine, percent of one core (200 = both cores of 2). */
  readonly machineCpuPercent: number;
  /** Machine CPU used by neither the server, the load generator nor PostgreSQL. */
  readonly otherCpuPercent: number;
}

async function measured(run: () => Promise<LoadResult>): Promise<MeasuredLoad> {
  const machine = new MachineCpuWindow();
  const result = await run();
  const cpu = machine.close();
  const databasePercent = (result.databaseCpuUsPerReq * result.ok) / result.durationSeconds / 1e4;
  const other =
    cpu.busyPercent - result.serverCpuPercent - result.loadGeneratorCpuPercent - (Number.isFinite(databasePercent) ? databasePercent : 0);
  return { ...result, machineCpuPercent: cpu.busyPercent, otherCpuPercent: Math.max(0, other) };
}

/**
 * `inFlightAtEnd`: a closed-loop run (autocannon) stops counting at its deadline while up to one
 * request per connection is still being served; those tickets are stored but not answered to it.
 */
async function checked(
  checks: Checks,
  label: string,
  target: CreateTarget,
  inFlightAtEnd: number,
  run: () => Promise<LoadResult>,
): Promise<MeasuredLoad> {
  const before = await target.storedTickets?.();
  const result = await measured(run);
  checks.check(
    result.ok > 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
    `${label}: every request answered 2xx`,
    `2xx=${result.ok} non2xx=${result.non2xx} errors=${result.errors} timeouts=${result.timeouts} codes=${JSON.stringify(result.statusCodes)}`,
  );
  if (before !== undefined) {
    const after = await target.storedTickets!();
    const stored = after - before;
    checks.check(
      stored >= result.ok && stored <= result.ok + inFlightAtEnd,
      `${label}: one ticket stored per 2xx answer`,
      `${stored} stored, ${result.ok} answered 2xx (${inFlightAtEnd} may be in flight at the end)`,
    );
  }
  return result;
}

const common = (target: CreateTarget) => ({
  url: target.server.url,
  path: target.path,
  headers: target.headers,
  bodies: target.bodies,
  pid: target.server.pid,
});

export async function warmUp(target: CreateTarget, settings: CreateSettings, checks: Checks, log: (line: string) => void): Promise<void> {
  const { name } = target.server;
  log(`  ${name}: warm-up ${settings.warmupSeconds} s`);
  await checked(checks, `${name} warm-up`, target, settings.connections, () =>
    runLoad({ ...common(target), connections: settings.connections, durationSeconds: settings.warmupSeconds }),
  );
}

/** Closed loop, as fast as the server answers. */
export async function saturate(
  target: CreateTarget,
  settings: CreateSettings,
  round: number,
  checks: Checks,
  log: (line: string) => void,
): Promise<MeasuredLoad> {
  const { name } = target.server;
  log(`  ${name}: saturation round ${round}, ${settings.durationSeconds} s, ${settings.connections} connections`);
  const result = await checked(checks, `${name} saturation round ${round}`, target, settings.connections, () =>
    runLoad({ ...common(target), connections: settings.connections, durationSeconds: settings.durationSeconds }),
  );
  log(
    `    ${result.reqPerSec.toFixed(0)} req/s, ${result.serverCpuUsPerReq.toFixed(0)} µs server CPU per request; machine ${result.machineCpuPercent.toFixed(0)} % busy, ${result.otherCpuPercent.toFixed(0)} % outside the bench`,
  );
  return result;
}

/** Open loop at `rate` requests/s. */
export async function pace(
  target: CreateTarget,
  settings: CreateSettings,
  rate: number,
  checks: Checks,
  log: (line: string) => void,
): Promise<MeasuredLoad> {
  const { name } = target.server;
  log(`  ${name}: paced at ${rate} req/s for ${settings.durationSeconds} s`);
  const result = await checked(checks, `${name} paced`, target, 0, () =>
    runPacedLoad({ ...common(target), connections: settings.pacedConnections, durationSeconds: settings.durationSeconds, rate }),
  );
  log(
    `    ${result.reqPerSec.toFixed(0)} req/s, ${result.serverCpuUsPerReq.toFixed(0)} µs server CPU per request, p99 ${result.p99Ms.toFixed(1)} ms`,
  );
  return result;
}

/** Several phases as one: answers over time, CPU per answer over all of them. */
export function combine(results: readonly LoadResult[]): {
  reqPerSec: number;
  serverCpuUsPerReq: number;
  databaseCpuUsPerReq: number;
  ok: number;
} {
  const ok = results.reduce((sum, r) => sum + r.ok, 0);
  const seconds = results.reduce((sum, r) => sum + r.durationSeconds, 0);
  const per = (f: (r: LoadResult) => number) => results.reduce((sum, r) => sum + f(r) * r.ok, 0) / ok;
  return {
    reqPerSec: ok / seconds,
    serverCpuUsPerReq: per((r) => r.serverCpuUsPerReq),
    databaseCpuUsPerReq: per((r) => r.databaseCpuUsPerReq),
    ok,
  };
}
