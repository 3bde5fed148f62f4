/**
 * The CPU half of `dashboardStats`, run in a worker (src/productWorker.ts): the month's status intervals
 * of the whole fleet, as columns of typed arrays, judged by the pure SLA arithmetic
 * (src/core/domain/periodArithmetic.ts) in one batch. Pure: no I/O, no clock.
 *
 * Services are numbered by the caller (0..n-1, the order it walked the fleet in); `targets[i]` is
 * service i's uptime target in percent, NaN when it has none. Row j is interval `seq[j]` of service
 * `service[j]`, in the order the rows were read; its status is coded as in intervalColumns.ts
 * (1-based index in SERVICE_STATUSES, anything else UNKNOWN); `endedAt` NaN means still open. A
 * (service, seq) read twice (updated between two pages) counts once, as its last-read row.
 */
import { SERVICE_STATUSES, type ServiceStatus } from '../domain/service.js';
import { actualValueOf, judgePeriod, measurePeriod, type Period, type StatusInterval } from '../domain/periodArithmetic.js';

export interface PackedIntervals {
  readonly service: Uint32Array;
  readonly seq: Int32Array;
  readonly status: Uint8Array;
  /** Epoch ms. */
  readonly startedAt: Float64Array;
  /** Epoch ms; NaN: still open. */
  readonly endedAt: Float64Array;
}

export interface DashboardStatsTask {
  readonly type: 'dashboardStats';
  readonly period: Period;
  readonly now: number;
  /** Per service: uptime target percent, NaN without an SLA. Its length is the number of services. */
  readonly targets: Float64Array;
  readonly intervals: PackedIntervals;
}

/** Everything of DashboardStats except `totalServices`, which the caller knows. */
export interface DashboardStatsResult {
  readonly type: 'dashboardStats';
  readonly servicesWithSla: number;
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  readonly averageUptime: number;
}

/** Decodes the status codes of uptimeQuery.ts. */
export function statusOfCode(code: number): ServiceStatus {
  return SERVICE_STATUSES[code - 1] ?? 'UNKNOWN';
}

export function summarizeDashboard(task: DashboardStatsTask): DashboardStatsResult {
  const { period, now, targets, intervals } = task;
  const byService = groupByService(intervals, targets.length);
  let servicesWithSla = 0;
  let metCount = 0;
  let atRiskCount = 0;
  let breachedCount = 0;
  let uptimeSum = 0;
  let withData = 0;
  // Services in the caller's order, so the uptime sum adds up in the same order as on the main thread.
  for (let service = 0; service < targets.length; service += 1) {
    const target = targets[service]!;
    const own = byService(service);
    const measure = own.length === 0 ? undefined : measurePeriod({ period, now, intervals: own });
    const actual = measure === undefined ? null : actualValueOf(measure);
    if (actual !== null) {
      uptimeSum += actual;
      withData += 1;
    }
    if (Number.isNaN(target)) continue;
    servicesWithSla += 1;
    if (measure === undefined) continue;
    const status = judgePeriod(measure, target).status;
    if (status === 'MET') metCount += 1;
    else if (status === 'AT_RISK') atRiskCount += 1;
    else if (status === 'BREACHED') breachedCount += 1;
  }
  return {
    type: 'dashboardStats',
    servicesWithSla,
    metCount,
    atRiskCount,
    breachedCount,
    averageUptime: withData === 0 ? 0 : Math.round((uptimeSum / withData) * 1000) / 1000,
  };
}

/**
 * The intervals of each service, by a counting sort on the service number (linear in the rows,
 * stable: a service's rows stay in read order); `of(i)` builds service i's list when asked, so only
 * one service's objects live at a time.
 */
function groupByService(intervals: PackedIntervals, services: number): (service: number) => StatusInterval[] {
  const { service, seq, status, startedAt, endedAt } = intervals;
  const count = service.length;
  if (seq.length !== count || status.length !== count || startedAt.length !== count || endedAt.length !== count) {
    throw new RangeError(
      `interval columns differ in length: service ${count}, seq ${seq.length}, status ${status.length}, startedAt ${startedAt.length}, endedAt ${endedAt.length}`,
    );
  }
  const starts = new Uint32Array(services + 1);
  for (let j = 0; j < count; j += 1) {
    const owner = service[j]!;
    if (owner >= services) throw new RangeError(`interval ${j} belongs to service ${owner}, but there are ${services} services`);
    starts[owner + 1] = starts[owner + 1]! + 1;
  }
  for (let i = 0; i < services; i += 1) starts[i + 1] = starts[i + 1]! + starts[i]!;
  const order = new Uint32Array(count);
  const next = starts.slice(0, services);
  for (let j = 0; j < count; j += 1) {
    const owner = service[j]!;
    order[next[owner]!] = j;
    next[owner] = next[owner]! + 1;
  }
  return (owner) => {
    const rows = lastReadPerSeq(order.subarray(starts[owner]!, starts[owner + 1]!), seq);
    const list: StatusInterval[] = new Array(rows.length);
    for (let k = 0; k < rows.length; k += 1) {
      const j = rows[k]!;
      const ended = endedAt[j]!;
      list[k] = { status: statusOfCode(status[j]!), startedAt: startedAt[j]!, endedAt: Number.isNaN(ended) ? null : ended };
    }
    return list;
  };
}

/** Up to this many rows of a service are checked for a seq read twice pair by pair; more go through a Map. */
const PAIRWISE_ROWS = 16;

/**
 * One row per seq, the last read of each (rows are in read order), in the order of each seq's first read. Almost
 * every service has a few rows, none read twice: compared pair by pair they need no Map (a Map per service was
 * 40 % of the task at a million services).
 */
function lastReadPerSeq(rows: Uint32Array, seq: Int32Array): ArrayLike<number> {
  const n = rows.length;
  if (n > PAIRWISE_ROWS) {
    const bySeq = new Map<number, number>();
    for (const j of rows) bySeq.set(seq[j]!, j);
    return bySeq.size === n ? rows : [...bySeq.values()];
  }
  let kept: number[] | undefined;
  for (let a = 0; a < n; a += 1) {
    const s = seq[rows[a]!]!;
    let earlier = false;
    for (let b = 0; b < a && !earlier; b += 1) earlier = seq[rows[b]!] === s;
    if (earlier) continue;
    let last = a;
    for (let b = a + 1; b < n; b += 1) if (seq[rows[b]!] === s) last = b;
    if (last !== a) kept ??= Array.from(rows.subarray(0, a));
    kept?.push(rows[last]!);
  }
  return kept ?? rows;
}

/** The task kind, in the platform's registry (the worker threads' entry, src/productWorker.ts, runs its handler). */
declare module '../../platform/workers/productTasks.js' {
  interface WorkerTaskKinds {
    dashboardStats: { task: DashboardStatsTask; result: DashboardStatsResult };
  }
}
