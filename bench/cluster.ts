/**
 * Cluster benchmark (issue 29): `npm run bench:cluster` (a few minutes), `BENCH_SMOKE=1` a short run (in
 * `bench:smoke`; it skips, exit 0, when nats-server or PostgreSQL is not there). Real processes: this server as
 * `node --import tsx src/main.ts` (or `BENCH_BUILT=1`: the compiled build) in cluster mode, three instances on one
 * PostgreSQL schema (BENCH_DATABASE_URL) and their own nats-server (/usr/sbin/nats-server, free port, the cluster's
 * user with its permissions), and in the same run one instance in single-process mode (no NATS) as the reference.
 *
 * 1. Server CPU per accepted push (utime + stime of the server processes from /proc over the window): pushes sent
 *    evenly to the three instances (about 2/3 forwarded to their owner) against the same rate to the one
 *    instance; then all pushes sent to their owner (local) and all to another instance (forwarded: edge + owner).
 *    Rounds in turn, so that the machine's drift hits every variant alike.
 * 2. Forwarding's latency: one push at a time, the same probe service to its owner and to another instance in turns.
 * 3. Commit-to-delivered: a graphql-ws subscriber on one instance; pushes to the owner (another instance); from
 *    the owner's 200 to the subscriber's event.
 * 4. A fourth instance joins: shards whose owner changed (and by placement alone). It leaves again (SIGTERM).
 * 5. Takeover after kill -9: until every shard of the killed instance accepts a push through the survivors.
 * 6. Graceful handoff on SIGTERM: per shard, the longest time between two accepted pushes.
 *
 * The load average is printed beside every figure: the machine is shared, and every figure but the shard counts
 * moves with it. Switches: BENCH_SMOKE, BENCH_DATABASE_URL, BENCH_BUILT, BENCH_NODE_FLAGS (lib/benchSettings.ts);
 * BENCH_DURATION (s per load window), BENCH_CLUSTER_RATE (pushes/s of the CPU windows), BENCH_CLUSTER_SHARDS
 * (default 256, the shipped default), BENCH_CLUSTER_ONLY=cpu (figure 1 alone: the CPU per push, e.g. to profile it with
 * BENCH_CPU_PROFILE) or BENCH_CLUSTER_ONLY=forwarding (figure 2 alone: forwarding's latency, paired runs of two builds).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readSettings } from './lib/benchSettings.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { percentile } from './lib/loadRun.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { postgresVersion, createSchema } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { writeResults } from './lib/resultFile.js';
import { fmt } from './lib/table.js';
import { natsServerAvailable } from '../test/support/natsServer.js';
import { fourthJoins, handoffOnTerm, takeoverAfterKill, type HandoffRound, type TakeoverRound } from './cluster/faults.js';
import {
  instanceEnv,
  serverArgs,
  startBenchCluster,
  startEventListener,
  type BenchCluster,
  type InstanceLaunch,
} from './cluster/instances.js';
import { deliveryLatency, forwardingLatency, ProbeStatuses } from './cluster/latency.js';
import { cpuPerPush } from './cluster/cpuPerPush.js';
import { healthBody, loadServices, probeServices, pushAll } from './cluster/pushes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const IDS = ['i1', 'i2', 'i3'] as const;
/** Each handed-off shard's loop pushes this often (about 8/s per shard: 85 shards of 256 is ~700 pushes/s). */
const HANDOFF_PUSH_EVERY_MS = 100;
const running = new Set<{ stop(graceMs: number): Promise<unknown> }>();

/** The 1-, 5- and 15-minute load averages, as printed beside each figure. */
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

function p(values: readonly number[], q: number): number {
  return percentile(Float64Array.from(values).sort(), q);
}

async function databaseReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const { smoke } = settings;
  const checks = new Checks();
  assertProcFs();
  if (!natsServerAvailable() || !(await databaseReachable(settings.databaseUrl))) {
    const missing = !natsServerAvailable() ? 'nats-server (/usr/sbin/nats-server)' : `PostgreSQL at ${settings.databaseUrl}`;
    log(`cluster bench: ${smoke ? 'SKIPPED (smoke run)' : 'cannot run'}: it needs ${missing} (BENCH_DATABASE_URL)`);
    return smoke ? 0 : 1;
  }
  const duration = Number(process.env['BENCH_DURATION'] ?? '') || (smoke ? 2 : 10);
  const rate = Number(process.env['BENCH_CLUSTER_RATE'] ?? '') || (smoke ? 150 : 900);
  const shards = Number(process.env['BENCH_CLUSTER_SHARDS'] ?? '') || (smoke ? 32 : 256);
  const sizes = {
    services: smoke ? 300 : 3000,
    cpuRounds: smoke ? 1 : 2,
    latencySamples: smoke ? 40 : 1000,
    deliverySamples: smoke ? 30 : 500,
    kills: smoke ? 1 : 4,
    terms: smoke ? 1 : 3,
  };
  startWatchdog(
    smoke ? 300 : 1800,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  const machine = machineInfo(await postgresVersion(settings.databaseUrl));
  logRunHeader('cluster', smoke, machine, log);
  log(
    `this server runs as: node ${settings.built ? 'dist/src/main.js (compiled)' : '--import tsx src/main.ts'}; ${shards} shards; CPU windows ${duration} s at ${rate} pushes/s; ${load()}`,
  );
  if (settings.built) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }
  const launch: InstanceLaunch = {
    root,
    nodeArgs: settings.serverNodeArgs,
    built: settings.built,
    apiKey: settings.apiKey,
    adminPassword: 'bench-admin-password-0123456789',
    jwtSecret: randomBytes(32).toString('hex'),
  };

  // The single-process reference (no NATS), on its own schema.
  const refSchema = await createSchema(settings.databaseUrl, 'bench_cluster_ref');
  const refDir = mkdtempSync(join(tmpdir(), 'svc-bench-cluster-ref-'));
  let reference: ChildServer | undefined;
  let cluster: BenchCluster | undefined;
  const results: Record<string, unknown> = {};
  const targets: Target[] = [];
  try {
    reference = await startChildServer({
      name: 'single process',
      cwd: root,
      args: serverArgs(launch),
      env: instanceEnv(launch, refDir, refSchema.url),
      startTimeoutMs: 120_000,
    });
    running.add(reference);
    log(`\n[cluster] starting NATS and ${IDS.join(', ')} (one after another: each migrates or hydrates, then joins)`);
    cluster = await startBenchCluster(launch, settings.databaseUrl, shards);
    const c = cluster;
    running.add({ stop: () => c.close() });
    for (const id of IDS) await cluster.start(id);
    const settleStart = performance.now();
    await cluster.settled();
    log(`  settled ${fmt(performance.now() - settleStart)} ms after the third started; nats-server pid ${cluster.natsPid ?? 'not found'}`);

    // Services: the load's (split over the instances) and one probe per shard; created before any window.
    const services = loadServices(sizes.services, shards);
    const probes = probeServices(shards);
    const statuses = new ProbeStatuses();
    const urlOf = (id: string) => cluster!.running.get(id)!.url;
    await pushAll(
      reference.url,
      settings.apiKey,
      services.map((s) => healthBody(s, 'DEGRADED', 'created')),
      16,
    );
    await pushAll(
      urlOf('i1'),
      settings.apiKey,
      services.map((s) => healthBody(s, 'DEGRADED', 'created')),
      16,
    );
    await pushAll(
      urlOf('i2'),
      settings.apiKey,
      probes.map((s) => healthBody(s, 'DEGRADED', 'created')),
      16,
    );
    const stored = await cluster.query<{ node_path: string; name: string }>(
      'select node_path, name from services where node_path like $1',
      ['bench/cluster/%'],
    );
    checks.check(
      stored.length === services.length + probes.length,
      'every service created once in the cluster',
      `${stored.length} rows for ${services.length + probes.length} services`,
    );
    checks.check(
      stored.some((row) => row.node_path === probes[0]!.nodeId && row.name === probes[0]!.name),
      "the services' node paths are their node ids (so the bench computes their shards as the server does)",
      JSON.stringify(stored.slice(0, 3)),
    );
    await cluster.settled();
    const owners = await cluster.owners();

    const only = process.env['BENCH_CLUSTER_ONLY'];
    // 1. CPU per accepted push, beside the floor's listener (a follower that only receives and decodes).
    if (only !== 'forwarding') {
      const listener = await startEventListener(launch, cluster);
      const stopListener = { stop: () => listener.stop() };
      running.add(stopListener);
      const cpu = await cpuPerPush({
        listenerPid: listener.pid,
        cluster,
        ids: IDS,
        reference,
        services,
        owners,
        apiKey: settings.apiKey,
        rate,
        duration,
        rounds: sizes.cpuRounds,
        idleSeconds: smoke ? 1 : 3,
        checks,
        log,
        load,
      });
      results['cpu'] = cpu.results;
      targets.push(...cpu.targets);
      running.delete(stopListener);
      log(`  the floor's listener: ${await listener.stop()}`);
      if (only === 'cpu') throw new OnlyPart();
    }

    // The reference has done its part: stopped, so that it takes nothing from what follows.
    checks.check((await reference.stop(15_000)) === 0, 'the single-process reference stopped cleanly');
    running.delete(reference);
    reference = undefined;

    // 2. Forwarding's latency.
    const urls = new Map(IDS.map((id) => [id, urlOf(id)]));
    const at2 = load();
    const fwd = await forwardingLatency({ urls, owners, probes, statuses, apiKey: settings.apiKey, samples: sizes.latencySamples });
    checks.check(fwd.failures === 0, 'forwarding latency: every push answered 200', `${fwd.failures} not`);
    const added99 = p(fwd.forwarded, 0.99) - p(fwd.direct, 0.99);
    log(
      `\n[2] one push at a time, ${sizes.latencySamples} each (${at2}): to the owner p50 ${fmt(p(fwd.direct, 0.5), 2)} / p99 ${fmt(p(fwd.direct, 0.99), 2)} ms; forwarded p50 ${fmt(p(fwd.forwarded, 0.5), 2)} / p99 ${fmt(p(fwd.forwarded, 0.99), 2)} ms; added p50 ${fmt(p(fwd.forwarded, 0.5) - p(fwd.direct, 0.5), 2)} / p99 ${fmt(added99, 2)} ms`,
    );
    results['forwarding'] = {
      load: at2,
      direct: { p50: p(fwd.direct, 0.5), p99: p(fwd.direct, 0.99), max: Math.max(...fwd.direct) },
      forwarded: { p50: p(fwd.forwarded, 0.5), p99: p(fwd.forwarded, 0.99), max: Math.max(...fwd.forwarded) },
    };
    targets.push({
      target: 'forwarded command: p99 added by forwarding (to a non-owner vs to the owner, one at a time)',
      measured: `${fmt(added99, 2)} ms (p99 ${fmt(p(fwd.forwarded, 0.99), 2)} vs ${fmt(p(fwd.direct, 0.99), 2)} ms; p50 added ${fmt(p(fwd.forwarded, 0.5) - p(fwd.direct, 0.5), 2)} ms; ${at2})`,
      limit: '<= 3 ms',
      met: added99 <= 3,
    });
    if (only === 'forwarding') throw new OnlyPart();

    // 3. Commit-to-delivered on another instance.
    const at3 = load();
    const delivery = await deliveryLatency({
      urls,
      owners,
      subscriberId: 'i1',
      probes,
      statuses,
      apiKey: settings.apiKey,
      adminPassword: launch.adminPassword,
      samples: sizes.deliverySamples,
    });
    checks.check(delivery.missed === 0, 'delivery: every change heard by the subscriber on another instance', `${delivery.missed} missed`);
    const d99 = p(delivery.afterAnswer, 0.99);
    log(
      `\n[3] commit-to-delivered, subscriber on i1, pushes to the owners i2 / i3 (${at3}): after the owner's 200 p50 ${fmt(p(delivery.afterAnswer, 0.5), 2)} / p99 ${fmt(d99, 2)} / max ${fmt(Math.max(...delivery.afterAnswer), 2)} ms; after the send p50 ${fmt(p(delivery.afterSend, 0.5), 2)} / p99 ${fmt(p(delivery.afterSend, 0.99), 2)} ms; missed ${delivery.missed}`,
    );
    results['delivery'] = {
      load: at3,
      afterAnswer: { p50: p(delivery.afterAnswer, 0.5), p99: d99, max: Math.max(...delivery.afterAnswer) },
      afterSend: { p50: p(delivery.afterSend, 0.5), p99: p(delivery.afterSend, 0.99) },
      missed: delivery.missed,
    };
    targets.push({
      target: "commit-to-delivered on another instance: from the owner's 200 to a graphql-ws event on another instance, p99",
      measured: `${fmt(d99, 2)} ms (p50 ${fmt(p(delivery.afterAnswer, 0.5), 2)} ms; from the send p99 ${fmt(p(delivery.afterSend, 0.99), 2)} ms; ${at3})`,
      limit: '<= 20 ms',
      met: d99 <= 20,
    });

    // 4. A fourth instance joins.
    const at4 = load();
    const join4 = await fourthJoins(cluster, 'i4');
    const allowed = join4.shards * 0.3;
    log(
      `\n[4] i4 joined (${at4}): ${join4.moved} of ${join4.shards} shards moved (placement alone: ${join4.placementMoved}); i4 owns ${join4.joinedOwns}; settled ${fmt(join4.settledMs)} ms after its start`,
    );
    results['join'] = { load: at4, ...join4 };
    targets.push({
      target: 'shards moved when a fourth instance joins (recorded owners; placement alone in brackets)',
      measured: `${join4.moved} of ${join4.shards} (${fmt((100 * join4.moved) / join4.shards, 1)} %; placement ${join4.placementMoved})`,
      limit: `<= 30 % (${fmt(allowed, 1)})`,
      met: join4.moved <= allowed,
    });
    checks.check((await cluster.terminate('i4')) === 0, 'i4 left cleanly on SIGTERM');
    await cluster.settled();

    // 5. Takeover after kill -9.
    const takeovers: (TakeoverRound & { load: string })[] = [];
    for (let k = 0; k < sizes.kills; k++) {
      const victim = IDS[(k + 1) % IDS.length]!;
      const at = load();
      const round = await takeoverAfterKill(cluster, victim, probes, statuses, settings.apiKey);
      takeovers.push({ ...round, load: at });
      checks.check(round.never === 0, `kill ${k + 1}: every shard of ${victim} accepted a push within 30 s`, `${round.never} did not`);
      log(
        `\n[5] kill -9 of ${victim} (${round.shards} shards; ${at}): claimed by others after ${fmt(Math.max(...round.claimedMs))} ms (last), a push accepted in each after ${fmt(p(round.acceptedMs, 0.5))} ms (median) / ${fmt(Math.max(...round.acceptedMs))} ms (last); the pushes sent at the kill: ${atKillSummary(round)}`,
      );
      await cluster.start(victim);
      await cluster.settled();
    }
    const lastAccepted = takeovers.map((r) => Math.max(...r.acceptedMs, 0));
    const shardAccepted = takeovers.flatMap((r) => r.acceptedMs);
    results['takeover'] = takeovers;
    targets.push({
      target: 'takeover after kill -9: pushes in flight at the kill (sent through a survivor as the owner died)',
      measured: takeovers.map(atKillSummary).join('; '),
      limit: 'reported',
      met: null,
    });
    targets.push({
      target: `takeover after kill -9: until every shard of the killed instance is claimed by another and accepts a push (${sizes.kills} kills)`,
      measured: `per kill, the last shard: ${lastAccepted.map((ms) => fmt(ms)).join(', ')} ms (p99 over kills ${fmt(p(lastAccepted, 0.99))} ms); over all shards p50 ${fmt(p(shardAccepted, 0.5))} / p99 ${fmt(p(shardAccepted, 0.99))} ms; claims recorded after at most ${fmt(Math.max(...takeovers.flatMap((r) => r.claimedMs)))} ms`,
      limit: '<= 6,000 ms p99',
      met: lastAccepted.length > 0 && p(lastAccepted, 0.99) <= 6_000 && takeovers.every((r) => r.never === 0),
    });

    // 6. Graceful handoff on SIGTERM.
    const handoffs: (HandoffRound & { load: string })[] = [];
    for (let k = 0; k < sizes.terms; k++) {
      const victim = IDS[k % IDS.length]!;
      const at = load();
      const round = await handoffOnTerm(cluster, victim, probes, statuses, settings.apiKey, HANDOFF_PUSH_EVERY_MS);
      handoffs.push({ ...round, load: at });
      checks.check(round.exitCode === 0, `SIGTERM ${k + 1}: ${victim} exited 0`, String(round.exitCode));
      log(
        `\n[6] SIGTERM of ${victim} (${round.shards} shards; ${at}): exit after ${fmt(round.exitMs)} ms; longest gap between accepted pushes per shard p50 ${fmt(p(round.gapMs, 0.5))} / p99 ${fmt(p(round.gapMs, 0.99))} / max ${fmt(Math.max(...round.gapMs))} ms (before the signal: max ${fmt(Math.max(...round.baselineGapMs))} ms); not 200: ${JSON.stringify(round.refused)}${round.refusals.length > 0 ? ` (first: ${round.refusals.join(' | ')})` : ''}`,
      );
      await cluster.start(victim);
      await cluster.settled();
    }
    const gaps = handoffs.flatMap((r) => r.gapMs);
    results['handoff'] = handoffs;
    targets.push({
      target: `graceful handoff: per shard, the longest time between two accepted pushes across SIGTERM (${sizes.terms} SIGTERMs)`,
      measured: `p99 ${fmt(p(gaps, 0.99))} ms, max ${fmt(Math.max(...gaps))} ms (the loop's own gap before the signal: max ${fmt(Math.max(...handoffs.flatMap((r) => r.baselineGapMs)))} ms)`,
      limit: '<= 500 ms p99',
      met: gaps.length > 0 && p(gaps, 0.99) <= 500,
    });
  } catch (error) {
    if (!(error instanceof OnlyPart)) checks.fail('cluster bench', error);
  } finally {
    if (reference) await reference.stop(5_000);
    if (cluster) await cluster.close();
    await refSchema.drop();
    rmSync(refDir, { recursive: true, force: true });
  }

  log(`\n== Targets (${smoke ? 'SMOKE run, not meaningful; ' : ''}${load()} at the end) ==`);
  log(targetTable(targets));
  writeResults(
    smoke ? 'cluster-smoke.json' : 'cluster.json',
    { date: new Date().toISOString(), smoke, machine, shards, ...results, targets, failures: checks.failures },
    log,
  );
  return exitCode(checks, targets, settings.enforceTargets, log);
}

/** BENCH_CLUSTER_ONLY=cpu or forwarding: the figures after that one are skipped. */
class OnlyPart extends Error {}

/** What the pushes sent at the kill were answered, and when: `status x count (first-last ms)`. */
function atKillSummary(round: TakeoverRound): string {
  const by = new Map<number, number[]>();
  for (const { status, ms } of round.atKill) by.set(status, [...(by.get(status) ?? []), ms]);
  return [...by]
    .map(([status, ms]) => `${status === 0 ? 'no answer' : status} x ${ms.length} (${fmt(Math.min(...ms))}-${fmt(Math.max(...ms))} ms)`)
    .join(', ');
}

runBench(main, running, log);
