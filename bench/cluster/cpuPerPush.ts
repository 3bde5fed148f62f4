/**
 * `bench:cluster`'s first figure: server CPU per accepted push (utime + stime of the server processes from /proc
 * around each window, every instance summed, the nats-server apart), in four variants taking turns over rounds after
 * a warm-up window of each: one instance in single-process mode getting every push; three instances getting a third
 * of the rate each, each a disjoint third of the services (so about 2/3 are forwarded); every push sent to its owner;
 * every push sent to the instance after its owner (forwarded: edge + owner). What the processes use idle is measured
 * first, all at once.
 */
import type { Checks, Target } from '../lib/checks.js';
import type { ChildServer } from '../lib/childServer.js';
import { processCpuMicros } from '../lib/processCpu.js';
import { fmt, formatTable } from '../lib/table.js';
import type { BenchCluster } from './instances.js';
import { LoadStatuses, runSpreadLoad, type BenchService, type SpreadLoadResult } from './pushes.js';

export interface CpuPerPushOptions {
  readonly cluster: BenchCluster;
  readonly ids: readonly string[];
  /** The single-process instance. */
  readonly reference: ChildServer;
  readonly services: readonly BenchService[];
  /** Each shard's owner (settled). */
  readonly owners: ReadonlyMap<number, string>;
  readonly apiKey: string;
  /** Pushes per second of every window, and its length. */
  readonly rate: number;
  readonly duration: number;
  readonly rounds: number;
  readonly idleSeconds: number;
  readonly checks: Checks;
  readonly log: (line: string) => void;
  /** The load average, as printed beside each figure. */
  readonly load: () => string;
  /** The floor's listener process (eventListener.ts: receives and decodes every event, nothing else). */
  readonly listenerPid?: number;
}

export async function cpuPerPush(options: CpuPerPushOptions): Promise<{ results: unknown; targets: Target[] }> {
  const { cluster, ids, reference, services, owners, apiKey, rate, duration, rounds, idleSeconds, checks, log, load, listenerPid } =
    options;
  const side = {
    ...(cluster.natsPid ? { natsPid: cluster.natsPid } : {}),
    ...(listenerPid ? { listenerPid } : {}),
  };
  const urlOf = (id: string) => cluster.running.get(id)!.url;
  const pids = ids.map((id) => cluster.running.get(id)!.pid);
  const targets: Target[] = [];
  // What the processes use with nothing sent (leases, probes, heartbeats, timers), both measured at once.
  const [idle, idleNats, idleSingle] = await Promise.all([
    idleCpu(pids, idleSeconds),
    cluster.natsPid ? idleCpu([cluster.natsPid], idleSeconds) : Promise.resolve(Number.NaN),
    idleCpu([reference.pid], idleSeconds),
  ]);
  log(
    `\n[1] CPU per accepted push (${load()}); idle: ${fmt(idle, 1)} ms CPU/s over the three instances (NATS ${fmt(idleNats, 1)}), ${fmt(idleSingle, 1)} ms CPU/s the single process`,
  );
  const groups = ids.map((_, k) => services.filter((_s, i) => i % ids.length === k));
  const ownedBy = (id: string) => services.filter((s) => owners.get(s.shard) === id);
  const referenceStatuses = new LoadStatuses();
  const clusterStatuses = new LoadStatuses();
  const variants: Record<string, () => Promise<SpreadLoadResult>> = {
    'one instance, single-process mode': () =>
      runSpreadLoad([{ url: reference.url, pid: reference.pid, services }], {
        statuses: referenceStatuses,
        apiKey: apiKey,
        rate,
        durationSeconds: duration,
        connections: 32,
      }),
    'three instances, pushes spread evenly': () =>
      runSpreadLoad(
        ids.map((id, k) => ({ url: urlOf(id), pid: pids[k]!, services: groups[k]! })),
        {
          statuses: clusterStatuses,
          apiKey: apiKey,
          rate,
          durationSeconds: duration,
          connections: 16,
          ...side,
        },
      ),
    'three instances, every push to its owner (local)': () =>
      runSpreadLoad(
        ids.map((id, k) => ({ url: urlOf(id), pid: pids[k]!, services: ownedBy(id) })),
        {
          statuses: clusterStatuses,
          apiKey: apiKey,
          rate,
          durationSeconds: duration,
          connections: 16,
          ...side,
        },
      ),
    'three instances, every push to a non-owner (forwarded)': () =>
      runSpreadLoad(
        ids.map((id, k) => ({ url: urlOf(id), pid: pids[k]!, services: ownedBy(ids[(k + 1) % ids.length]!) })),
        {
          statuses: clusterStatuses,
          apiKey: apiKey,
          rate,
          durationSeconds: duration,
          connections: 16,
          ...side,
        },
      ),
  };
  // BENCH_CLUSTER_VARIANTS=single,local (say): only those variants (a profile of one path); the pooled figures of
  // the others are then NaN.
  const only = process.env['BENCH_CLUSTER_VARIANTS']?.split(',').map((v) => v.trim());
  if (only) {
    const short = ['single', 'spread', 'local', 'forwarded'];
    for (const [i, name] of Object.keys(variants).entries()) if (!only.includes(short[i]!)) delete variants[name];
  }
  const cpu: Record<string, (SpreadLoadResult & { load: string })[]> = {};
  // A warm-up window of each (JIT, pools), not counted.
  for (const run of Object.values(variants)) await run();
  for (let round = 1; round <= rounds; round++) {
    for (const [name, run] of Object.entries(variants)) {
      const at = load();
      const result = await run();
      (cpu[name] ??= []).push({ ...result, load: at });
      checks.check(result.failed === 0, `${name}, round ${round}: every push answered 200`, `${result.failed} not`);
      log(
        `  round ${round} ${name}: ${fmt(result.serverCpuUsPerPush, 1)} µs server CPU per push, ${fmt(result.reqPerSec)} req/s, p99 ${fmt(result.p99Ms, 1)} ms (${at})`,
      );
    }
  }
  const pooled = (name: string) => {
    const rows = cpu[name] ?? [];
    return (
      rows.reduce((sum, r) => sum + r.serverCpuUsPerPush * r.ok, 0) /
      Math.max(
        1,
        rows.reduce((sum, r) => sum + r.ok, 0),
      )
    );
  };
  const [single, spread, local, forwarded] = [
    'one instance, single-process mode',
    'three instances, pushes spread evenly',
    'three instances, every push to its owner (local)',
    'three instances, every push to a non-owner (forwarded)',
  ].map((name) => (cpu[name] ? pooled(name) : Number.NaN)) as [number, number, number, number];
  log(
    formatTable(
      [
        'variant',
        'server CPU µs/push',
        'NATS CPU µs/push',
        'listener µs/push',
        'req/s',
        'p50 ms',
        'p99 ms',
        'x single process',
        'load avg at start',
      ],
      Object.entries(cpu).flatMap(([name, rows]) =>
        rows.map((r) => [
          name,
          fmt(r.serverCpuUsPerPush, 1),
          fmt(r.natsCpuUsPerPush, 1),
          fmt(r.listenerCpuUsPerPush, 1),
          fmt(r.reqPerSec),
          fmt(r.p50Ms, 2),
          fmt(r.p99Ms, 2),
          fmt(r.serverCpuUsPerPush / single, 2),
          r.load.replace('load ', ''),
        ]),
      ),
    ),
  );
  // The floor: a follower that only receives and decodes (the listener), pooled over the cluster's windows.
  const clusterRows = Object.values(cpu)
    .flat()
    .filter((r) => r.listenerCpuUsPerPush !== undefined);
  const listener =
    clusterRows.reduce((sum, r) => sum + r.listenerCpuUsPerPush! * r.ok, 0) /
    Math.max(
      1,
      clusterRows.reduce((sum, r) => sum + r.ok, 0),
    );
  const results = {
    rate,
    listener,
    duration,
    idleCpuMsPerS: { instances: idle, nats: idleNats, single: idleSingle },
    rounds: cpu,
    pooled: { single, spread, local, forwarded },
  };
  targets.push({
    target: `server CPU per accepted push, three instances (spread evenly, ~2/3 forwarded) vs one (single process), ${fmt(rate)} pushes/s`,
    measured: `${fmt(spread / single, 2)}x (${fmt(spread, 1)} vs ${fmt(single, 1)} µs; pooled over ${rounds} rounds)`,
    limit: '<= 1.20x',
    met: spread / single <= 1.2,
  });
  targets.push({
    target: 'the same with every push sent to its owner (nothing forwarded): the read model on three instances, no forwarding',
    measured: `${fmt(local / single, 2)}x (${fmt(local, 1)} vs ${fmt(single, 1)} µs)`,
    limit: 'reported',
    met: null,
  });
  if (clusterRows.length > 0)
    targets.push({
      target:
        'floor of a full replica: one process that only receives and decodes every event (eventListener.ts), per push; one instance plus two such followers against one',
      measured: `${fmt(listener, 1)} µs per push per follower; floor ${fmt((single + 2 * listener) / single, 2)}x (${fmt(single + 2 * listener, 1)} vs ${fmt(single, 1)} µs), before the owner's stream and the leases`,
      limit: 'reported',
      met: null,
    });
  // The same without what the processes use idle (rate-independent: at a lower rate it weighs more per push).
  const net = (us: number, idleMsPerS: number) => us - (idleMsPerS * 1000) / rate;
  targets.push({
    target: 'the same, less what the processes use idle (leases, probes, heartbeats, timers)',
    measured: `${fmt(net(spread, idle) / net(single, idleSingle), 2)}x (${fmt(net(spread, idle), 1)} vs ${fmt(net(single, idleSingle), 1)} µs; idle ${fmt(idle, 1)} vs ${fmt(idleSingle, 1)} ms CPU/s)`,
    limit: 'reported',
    met: null,
  });
  targets.push({
    target: 'server CPU of a forwarded push (edge + owner) vs a local one, three instances',
    measured: `${fmt(forwarded, 1)} vs ${fmt(local, 1)} µs (${fmt(forwarded / local, 2)}x; forwarding adds ${fmt(forwarded - local, 1)} µs)`,
    limit: 'reported',
    met: null,
  });
  return { results, targets };
}

/** CPU ms per second of wall time the given processes use while nothing is sent to them. */
async function idleCpu(pids: readonly number[], seconds: number): Promise<number> {
  const before = pids.map(processCpuMicros);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = pids.map(processCpuMicros).reduce((sum, now, i) => sum + now - before[i]!, 0);
  return used / 1000 / ((performance.now() - started) / 1000);
}
