/**
 * One run of one server variant at one size: a fresh server process, fresh load-client processes,
 * and these phases:
 *
 * 1. warm-up: a few subscribers (client 0) get a few events, then disconnect, so the code paths are
 *    compiled before the memory baseline;
 * 2. publish path alone: events with no subscriber at all (CPU per event of the path itself; for
 *    this server that is a health push, an actor transition and a commit);
 * 3. baseline memory after a forced GC (no connection open);
 * 4. connect N subscribers in two halves (paced, across the client processes); after each half,
 *    probe events until every one of them got one (so every subscription is live), wait, read
 *    memory: idle bytes per subscriber = (all - half) / (N - N/2), the marginal cost;
 * 5. measured: K events at a paced rate; server CPU (all threads) from the first publish until the
 *    last frame arrived; latency of every (subscriber, event) pair; every subscriber must get every
 *    event exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Checks } from '../lib/checks.js';
import { signIn } from '../lib/graphqlCalls.js';
import { MachineCpuWindow, type MachineCpu } from '../lib/machineCpu.js';
import { fmt } from '../lib/table.js';
import { createSchema, type BenchSchema } from '../lib/postgresSchema.js';
import { CpuWindow } from '../lib/processCpu.js';
import { benchServerEnv } from '../lib/serverEnv.js';
import WebSocket from 'ws';
import { BENCH_SERVICE, frameProblem, statusOfSeq, SUBPROTOCOL, SUBSCRIPTION_QUERY, WS_PATH } from './frames.js';
import { IpcChild } from './ipc.js';
import { distribution, latencyFigures, type Distribution, type LatencyFigures } from './latency.js';
import type { MemoryReading } from './serverHost.js';
import type { FanoutSettings, IdMode, SizePlan, VariantName } from './settings.js';
import { cpuSince, sampleCpu, softirqThreadsNanos, type CpuSample } from './taskCpu.js';

export const VARIANT_LABELS: Record<VariantName, string> = {
  raw: 'raw uWS publish (floor)',
  stock: 'graphql-ws + ws (stock)',
  ours: 'this server',
};

const SCRIPTS: Record<VariantName, string> = {
  raw: 'bench/fanout/rawServer.ts',
  stock: 'bench/fanout/stockServer.ts',
  ours: 'bench/fanout/productServer.ts',
};

export interface ScenarioSpec {
  readonly variant: VariantName;
  readonly idMode: IdMode;
  readonly plan: SizePlan;
}

export interface ScenarioResult extends ScenarioSpec {
  readonly label: string;
  readonly connect: { readonly seconds: number; readonly probes: number };
  readonly memory: {
    /** No connection open (after the warm-up). */
    readonly baseline: MemoryReading;
    /** Half of the subscribers connected, and all of them. */
    readonly halfway: MemoryReading;
    readonly loaded: MemoryReading;
    /** Marginal cost of the second half, per subscriber. */
    readonly rssBytesPerSubscriber: number;
    readonly heapBytesPerSubscriber: number;
    readonly externalBytesPerSubscriber: number;
    /**
     * The figure the target is checked on: the larger of the RSS growth and the JS heap + external
     * growth. RSS understates when the heap grows into pages that were already resident; the heap
     * leaves out native memory (uWS sockets and topics).
     */
    readonly bytesPerSubscriber: number;
    /** (all connected - none) / N, for reference: start-up slack makes these noisier. */
    readonly rssBytesPerSubscriberFromNone: number;
    readonly heapBytesPerSubscriberFromNone: number;
  };
  readonly pathOnly: { readonly events: number; readonly cpuUsPerEvent: number };
  readonly publish: {
    readonly events: number;
    readonly expectedFrames: number;
    readonly deliveredFrames: number;
    readonly duplicates: number;
    readonly frameBytes: number;
    readonly serverCpuUs: number;
    readonly serverCpuTickUs: number;
    /** Share of the server's CPU spent in the kernel (stime / (utime + stime)): on loopback, sending includes the receiver's TCP work. */
    readonly serverKernelShare: number;
    readonly cpuUsPerFrame: number;
    /** CPU per frame after taking away K x the publish path's own cost (phase 2). */
    readonly netCpuUsPerFrame: number;
    readonly offeredFramesPerSecond: number;
    readonly framesPerSecond: number;
    readonly serverCpuPercent: number;
    readonly clientsCpuPercent: number;
    /** The kernel's ksoftirqd threads (deferred network work no process is charged for), percent of one core. */
    readonly softirqThreadsCpuPercent: number;
    /** PostgreSQL (this server's commits) and the bench process itself (publishing, polling). */
    readonly databaseCpuPercent: number;
    readonly benchCpuPercent: number;
    /** The machine's busy CPU that none of the above explains: other programs sharing the cores. */
    readonly otherCpuPercent: number;
    readonly machine: MachineCpu;
    readonly wallSeconds: number;
    /**
     * How long handing one event to the server took in the bench: this server, the health push's round trip
     * (its answer comes after the commit's after-commit effects, the fan-out among them); raw and stock, an IPC send.
     */
    readonly handOver: Distribution;
    readonly latency: Omit<LatencyFigures, 'firstMissing'>;
    /** Delivered frames/s under 90 % of offered, or the last fan-out finished over a second late. */
    readonly saturated: boolean;
  };
  readonly serverInfo: Record<string, unknown>;
  /** One measured frame as received. */
  readonly sampleFrame: string;
}

interface ConnectResult {
  readonly connected: number;
  readonly failed: number;
  readonly seconds: number;
}

interface ClientResults {
  readonly connections: number;
  readonly receipts: Float64Array;
  readonly measuredFrames: number;
  readonly duplicates: number;
  readonly beyondRange: number;
  readonly wrongId: number;
  readonly badFrames: number;
  readonly closedEarly: number;
  readonly frameBytes: number;
  readonly sampleFrame: string;
  readonly sampleId: string;
  readonly errorCount: number;
  readonly errors: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const nowNs = () => Number(process.hrtime.bigint());

/** Splits n over k parts as evenly as possible. */
function shares(n: number, k: number): number[] {
  return Array.from({ length: k }, (_, i) => Math.floor(n / k) + (i < n % k ? 1 : 0));
}

/** Children still running, for the crash handler. */
export const runningChildren = new Set<IpcChild>();

interface Publisher {
  /** Publishes sequence `seq` and resolves when it was handed over (raw, stock: IPC sent; this server: push answered). */
  publish(seq: number): Promise<void>;
}

interface StartedServer {
  readonly child: IpcChild;
  readonly port: number;
  readonly publisher: Publisher;
  readonly token: string;
  cleanup(): Promise<void>;
}

async function startVariant(root: string, spec: ScenarioSpec, settings: FanoutSettings, checks: Checks): Promise<StartedServer> {
  // BENCH_FANOUT_HEAP_SNAPSHOTS reaches the servers (serverHost.ts); nothing else of this environment does.
  const snapshots = process.env['BENCH_FANOUT_HEAP_SNAPSHOTS'];
  const baseEnv: Record<string, string> = { NODE_ENV: 'production', ...(snapshots ? { BENCH_FANOUT_HEAP_SNAPSHOTS: snapshots } : {}) };
  if (spec.variant !== 'ours') {
    const { child, ready } = await IpcChild.start<{ port: number }>({
      name: VARIANT_LABELS[spec.variant],
      script: SCRIPTS[spec.variant],
      cwd: root,
      env: baseEnv,
      nodeFlags: ['--expose-gc'],
    });
    runningChildren.add(child);
    return {
      child,
      port: ready.port,
      token: '',
      publisher: { publish: async (seq) => child.post('publish', { seq }) },
      cleanup: async () => undefined,
    };
  }
  let schema: BenchSchema | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-fanout-'));
  try {
    schema = await createSchema(settings.databaseUrl, 'bench_fanout');
    const { child, ready } = await IpcChild.start<{ port: number }>({
      name: VARIANT_LABELS.ours,
      script: SCRIPTS.ours,
      cwd: root,
      nodeFlags: ['--expose-gc'],
      env: {
        ...baseEnv,
        ...benchServerEnv({
          dataDir,
          databaseUrl: schema.url,
          apiKey: settings.apiKey,
          adminPassword: settings.adminPassword,
          logLevel: 'warn',
        }),
      },
    });
    runningChildren.add(child);
    const url = `http://127.0.0.1:${ready.port}`;
    const token = await signIn(url, 'admin', settings.adminPassword);
    const push = async (seq: number, status: string) => {
      const response = await fetch(`${url}/api/v1/health/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': settings.apiKey },
        body: JSON.stringify({ service: BENCH_SERVICE.name, nodeId: BENCH_SERVICE.nodeId, status, message: String(seq) }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`health push ${seq} answered ${response.status}: ${text.slice(0, 300)}`);
      return JSON.parse(text) as { status?: string; created?: boolean };
    };
    await assertEndpointAnswers(`ws://127.0.0.1:${ready.port}${WS_PATH}`, token);
    const created = await push(0, 'OPERATIONAL');
    checks.check(
      created.created === true,
      `${VARIANT_LABELS.ours}: the bench service was created by its first health push`,
      JSON.stringify(created),
    );
    const droppedSchema = schema;
    return {
      child,
      port: ready.port,
      token,
      publisher: {
        publish: async (seq) => {
          const answer = await push(seq, statusOfSeq(seq).status);
          if (answer.status !== statusOfSeq(seq).status)
            throw new Error(`health push ${seq}: status ${answer.status}, expected ${statusOfSeq(seq).status}`);
        },
      },
      cleanup: async () => {
        await droppedSchema.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await schema?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** One graphql-transport-ws handshake: this server's /graphql/ws must answer `connection_init` with `connection_ack`. */
async function assertEndpointAnswers(url: string, token: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(url, SUBPROTOCOL, { perMessageDeflate: false, handshakeTimeout: 5000 });
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.terminate();
      reject(
        new Error(
          `this server's ${WS_PATH} does not answer graphql-transport-ws (${why}); is src/plugins/realtime wired into the gateway?`,
        ),
      );
    };
    const timer = setTimeout(() => fail('no connection_ack within 5 s'), 5000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { token } })));
    socket.on('message', (data: Buffer) => {
      if (data.toString().includes('"connection_ack"')) {
        clearTimeout(timer);
        socket.close(1000);
        resolve();
      } else fail(`answered ${data.toString().slice(0, 200)}`);
    });
    socket.on('unexpected-response', (_req, res) => fail(`HTTP ${res.statusCode} to the upgrade`));
    socket.on('error', (error) => fail(error.message));
    socket.on('close', (code, reason) => fail(`closed ${code} ${reason.toString()}`));
  });
}

/** Publishes `count` events from `firstSeq` at `rate`/s, one after another (this server: each push answered before the next). */
async function publishPaced(
  publisher: Publisher,
  firstSeq: number,
  count: number,
  rate: number,
): Promise<{ dues: Float64Array; handOverMs: Float64Array }> {
  const dues = new Float64Array(count);
  const handOverMs = new Float64Array(count);
  const startNs = nowNs() + 20e6;
  for (let j = 0; j < count; j += 1) {
    const due = startNs + (j * 1e9) / rate;
    await sleep((due - nowNs()) / 1e6);
    dues[j] = due;
    const sent = nowNs();
    await publisher.publish(firstSeq + j);
    handOverMs[j] = (nowNs() - sent) / 1e6;
  }
  return { dues, handOverMs };
}

export async function runScenario(
  root: string,
  spec: ScenarioSpec,
  settings: FanoutSettings,
  checks: Checks,
  log: (line: string) => void,
): Promise<ScenarioResult | undefined> {
  const label = `${VARIANT_LABELS[spec.variant]}${spec.variant === 'ours' ? ` (${spec.idMode} ids)` : ''}, ${spec.plan.subscribers.toLocaleString('en-US')} subscribers`;
  log(`\n[${label}]`);
  const server = await startVariant(root, spec, settings, checks);
  const clients: IpcChild[] = [];
  let seq = 1;
  const { plan } = spec;
  try {
    const clientCount = Math.max(1, Math.min(settings.clientProcesses, plan.subscribers));
    const started = await Promise.allSettled(
      Array.from({ length: clientCount }, (_, i) =>
        IpcChild.start({
          name: `load client ${i}`,
          script: 'bench/fanout/loadClient.ts',
          cwd: root,
          env: {
            FANOUT_URL: `ws://127.0.0.1:${server.port}${WS_PATH}`,
            FANOUT_CLIENT_INDEX: String(i),
            FANOUT_TOKEN: server.token,
            FANOUT_QUERY: SUBSCRIPTION_QUERY,
          },
        }),
      ),
    );
    for (const outcome of started) {
      if (outcome.status === 'fulfilled') {
        runningChildren.add(outcome.value.child);
        clients.push(outcome.value.child);
      }
    }
    const notStarted = started.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (notStarted) throw notStarted.reason;

    /** Publishes probe events until every one of `expected[i]` subscribers of client i got one. */
    const probeUntilAll = async (expected: readonly number[], what: string): Promise<number> => {
      const want = expected.reduce((a, b) => a + b, 0);
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        const probe = seq++;
        await server.publisher.publish(probe);
        const until = performance.now() + (attempt < 20 ? 3000 : 15_000);
        while (performance.now() < until) {
          await sleep(50);
          const counts = await Promise.all(
            clients.map((c, i) => (expected[i]! > 0 ? c.call<number>('probe', { seq: probe }) : Promise.resolve(0))),
          );
          const got = counts.reduce((a, b) => a + b, 0);
          if (got === want) return attempt;
        }
      }
      throw new Error(`${what}: not every subscriber received a probe event after 20 tries`);
    };

    // 1. Warm-up.
    const warm = Math.min(settings.warmupSubscribers, plan.subscribers);
    const warmConnect = await clients[0]!.call<ConnectResult>('connect', {
      count: warm,
      ids: spec.idMode,
      rate: settings.connectRatePerClient,
      inFlight: settings.connectInFlight,
    });
    if (warmConnect.failed > 0) {
      const errors = (await clients[0]!.call<ClientResults>('results')).errors.slice(0, 3);
      checks.check(false, `${label}: warm-up subscribers connected`, `${warmConnect.failed} of ${warm} failed: ${errors.join(' | ')}`);
      return undefined;
    }
    await probeUntilAll([warm, ...clients.slice(1).map(() => 0)], 'warm-up');
    await publishPaced(server.publisher, seq, settings.warmupEvents, plan.ratePerSecond * 2);
    seq += settings.warmupEvents;
    await sleep(300);
    await clients[0]!.call('close');
    await sleep(500);

    // 2. The publish path alone.
    const pathStart = sampleCpu(server.child.pid);
    await publishPaced(server.publisher, seq, settings.pathOnlyEvents, plan.ratePerSecond);
    seq += settings.pathOnlyEvents;
    await sleep(100);
    const pathCpu = cpuSince(pathStart, sampleCpu(server.child.pid));
    const pathOnly = { events: settings.pathOnlyEvents, cpuUsPerEvent: pathCpu.us / settings.pathOnlyEvents };

    // 3. Baseline memory.
    await sleep(500);
    const baseline = await server.child.call<MemoryReading>('memory', { settleLimitMs: settings.memorySettleLimitMs });

    // 4. Connect everyone in two halves; after each half, probe until every subscription is live,
    // wait, read memory. Idle bytes per subscriber = (second reading - first) / second half: the
    // marginal cost, measured between two states that both carry subscribers, so heap slack left
    // from start-up and memory released late by it distort it less than a reading against none.
    const halves = [Math.floor(plan.subscribers / 2), plan.subscribers - Math.floor(plan.subscribers / 2)];
    const connectedSoFar = clients.map(() => 0);
    const readings: MemoryReading[] = [];
    let connectSeconds = 0;
    let probes = 0;
    for (const half of halves) {
      if (half === 0) {
        readings.push(baseline);
        continue;
      }
      const perClient = shares(half, clients.length);
      const connectStart = performance.now();
      const connected = await Promise.all(
        clients.map((c, i) =>
          c.call<ConnectResult>(
            'connect',
            { count: perClient[i], ids: spec.idMode, rate: settings.connectRatePerClient, inFlight: settings.connectInFlight },
            300_000,
          ),
        ),
      );
      connectSeconds += (performance.now() - connectStart) / 1000;
      const failed = connected.reduce((n, c) => n + c.failed, 0);
      if (failed > 0) {
        const errors = (await Promise.all(clients.map((c) => c.call<ClientResults>('results')))).flatMap((r) => r.errors).slice(0, 5);
        checks.check(false, `${label}: every subscriber connected`, `${failed} of ${half} failed: ${errors.join(' | ')}`);
        return undefined;
      }
      perClient.forEach((n, i) => {
        connectedSoFar[i]! += n;
      });
      probes += await probeUntilAll(connectedSoFar, 'connect');
      await sleep(settings.idleSeconds * 1000);
      readings.push(await server.child.call<MemoryReading>('memory', { settleLimitMs: settings.memorySettleLimitMs }));
    }
    checks.check(true, `${label}: every subscriber connected`);
    log(
      `  connected ${plan.subscribers.toLocaleString('en-US')} subscribers in ${connectSeconds.toFixed(1)} s over ${clients.length} client processes; live after ${probes} probe event(s)`,
    );
    const [halfway, loaded] = readings as [MemoryReading, MemoryReading];
    const perSubscriber = (key: 'rssBytes' | 'heapUsedBytes' | 'heapTotalBytes' | 'externalBytes' | 'arrayBuffersBytes') =>
      (loaded[key] - halfway[key]) / halves[1]!;

    // 5. Measured events.
    const first = seq;
    await Promise.all(clients.map((c) => c.call('measure', { first, count: plan.events })));
    const expectedFrames = plan.subscribers * plan.events;
    const machineWindow = new MachineCpuWindow();
    // PostgreSQL's processes and this (bench) process over the same window.
    const databaseWindow = new CpuWindow(server.child.pid);
    const clientStart: CpuSample[] = clients.map((c) => sampleCpu(c.pid));
    const softirqStart = softirqThreadsNanos();
    const serverStart = sampleCpu(server.child.pid);
    const wallStart = performance.now();
    const { dues, handOverMs } = await publishPaced(server.publisher, first, plan.events, plan.ratePerSecond);
    seq += plan.events;
    const lastDue = performance.now();
    let delivered = 0;
    while (performance.now() - lastDue < settings.drainTimeoutSeconds * 1000) {
      const progress = await Promise.all(clients.map((c) => c.call<{ measuredFrames: number }>('progress')));
      delivered = progress.reduce((n, p) => n + p.measuredFrames, 0);
      if (delivered >= expectedFrames) break;
      await sleep(20);
    }
    const serverCpu = cpuSince(serverStart, sampleCpu(server.child.pid));
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const softirqUs = (softirqThreadsNanos() - softirqStart) / 1000;
    const clientCpuUs = clients.reduce((sum, c, i) => sum + cpuSince(clientStart[i]!, sampleCpu(c.pid)).us, 0);
    const machine = machineWindow.close();
    const database = databaseWindow.close();

    // Collect.
    const stampInfo = await server.child.call<{ stamps: Array<[number, number]>; duplicates: number; info: Record<string, unknown> }>(
      'stamps',
    );
    const stampBySeq = new Map(stampInfo.stamps);
    const stamps = Float64Array.from({ length: plan.events }, (_, j) => stampBySeq.get(first + j) ?? Number.NaN);
    const results = await Promise.all(clients.map((c) => c.call<ClientResults>('results')));
    const latency = latencyFigures(results, stamps, dues);
    const sum = (key: 'duplicates' | 'beyondRange' | 'wrongId' | 'badFrames' | 'closedEarly' | 'errorCount') =>
      results.reduce((n, r) => n + r[key], 0);
    const missingStamps = stamps.filter((s) => Number.isNaN(s)).length;
    checks.check(
      missingStamps === 0 && stampInfo.duplicates === 0,
      `${label}: the server published every measured event once`,
      `${missingStamps} of ${plan.events} never published, ${stampInfo.duplicates} published twice`,
    );
    checks.check(
      latency.missing === 0 && latency.delivered === expectedFrames && sum('duplicates') === 0 && sum('beyondRange') === 0,
      `${label}: every subscriber got every event exactly once`,
      `${latency.delivered} of ${expectedFrames} delivered, ${latency.missing} missing (${latency.firstMissing.join(', ')}), ${sum('duplicates')} duplicates, ${sum('beyondRange')} unknown sequence numbers`,
    );
    checks.check(
      sum('wrongId') === 0 && sum('badFrames') === 0 && sum('closedEarly') === 0 && sum('errorCount') === 0,
      `${label}: every frame carried its subscriber's id and a sequence number; no connection closed or errored`,
      `wrong id ${sum('wrongId')}, bad frames ${sum('badFrames')}, closed by the server ${sum('closedEarly')}, problems ${sum('errorCount')}: ${results
        .flatMap((r) => r.errors)
        .slice(0, 5)
        .join(' | ')}`,
    );
    const frameProblems = results
      .filter((r) => r.sampleFrame !== '')
      .map((r) => frameProblem(r.sampleFrame, r.sampleId))
      .filter((p) => p !== '');
    checks.check(
      frameProblems.length === 0 && results.every((r) => r.connections === 0 || r.sampleFrame !== ''),
      `${label}: a sample frame of every client is a next frame with the expected serviceStatusChanged payload`,
      frameProblems.join(' | ') || 'a client kept no sample frame',
    );
    if (spec.variant === 'ours') {
      const published = seq - 1;
      checks.check(
        stampInfo.info['statusEvents'] === published,
        `${label}: one service.status_changed event per health push`,
        `${String(stampInfo.info['statusEvents'])} events for ${published} pushes`,
      );
    }

    const frames = latency.delivered;
    const offered = plan.subscribers * plan.ratePerSecond;
    // K paced events occupy K intervals; a server that keeps up delivers N x rate frames/s.
    const framesPerSecond = frames / Math.max(plan.events / plan.ratePerSecond, latency.spanSeconds);
    const interval = 1000 / plan.ratePerSecond;
    const saturated = framesPerSecond < 0.9 * offered || latency.lastPerEvent.maxMs > Math.max(1000, 5 * interval);
    const result: ScenarioResult = {
      ...spec,
      label,
      connect: { seconds: connectSeconds, probes },
      memory: {
        baseline,
        halfway,
        loaded,
        rssBytesPerSubscriber: perSubscriber('rssBytes'),
        heapBytesPerSubscriber: perSubscriber('heapUsedBytes'),
        externalBytesPerSubscriber: perSubscriber('externalBytes'),
        bytesPerSubscriber: Math.max(perSubscriber('rssBytes'), perSubscriber('heapUsedBytes') + perSubscriber('externalBytes')),
        rssBytesPerSubscriberFromNone: (loaded.rssBytes - baseline.rssBytes) / plan.subscribers,
        heapBytesPerSubscriberFromNone: (loaded.heapUsedBytes - baseline.heapUsedBytes) / plan.subscribers,
      },
      pathOnly,
      publish: {
        events: plan.events,
        expectedFrames,
        deliveredFrames: frames,
        duplicates: sum('duplicates'),
        frameBytes: Math.max(...results.map((r) => r.frameBytes)),
        serverCpuUs: serverCpu.us,
        serverCpuTickUs: serverCpu.tickUs,
        serverKernelShare: serverCpu.systemShare,
        cpuUsPerFrame: serverCpu.us / frames,
        netCpuUsPerFrame: (serverCpu.us - plan.events * pathOnly.cpuUsPerEvent) / frames,
        offeredFramesPerSecond: offered,
        framesPerSecond,
        serverCpuPercent: (serverCpu.us / 1e6 / wallSeconds) * 100,
        clientsCpuPercent: (clientCpuUs / 1e6 / wallSeconds) * 100,
        softirqThreadsCpuPercent: (softirqUs / 1e6 / wallSeconds) * 100,
        databaseCpuPercent: (database.databaseUs / 1e6 / wallSeconds) * 100,
        benchCpuPercent: (database.loadGeneratorUs / 1e6 / wallSeconds) * 100,
        otherCpuPercent: Math.max(
          0,
          machine.busyPercent -
            ((serverCpu.us + clientCpuUs + softirqUs + database.databaseUs + database.loadGeneratorUs) / 1e6 / wallSeconds) * 100,
        ),
        machine,
        wallSeconds,
        handOver: distribution(handOverMs),
        latency: {
          perFrame: latency.perFrame,
          lastPerEvent: latency.lastPerEvent,
          publishLag: latency.publishLag,
          delivered: latency.delivered,
          missing: latency.missing,
          spanSeconds: latency.spanSeconds,
        },
        saturated,
      },
      serverInfo: stampInfo.info,
      sampleFrame: results.find((r) => r.sampleFrame !== '')?.sampleFrame ?? '',
    };
    const p = result.publish;
    log(
      `  ${fmt(p.cpuUsPerFrame, 2)} µs CPU/frame (net of the path ${fmt(p.netCpuUsPerFrame, 2)}; path alone ${fmt(pathOnly.cpuUsPerEvent, 0)} µs/event), ` +
        `${fmt(p.framesPerSecond, 0)} frames/s of ${fmt(offered, 0)} offered, latency p50/p99/max ${fmt(latency.perFrame.p50Ms, 2)}/${fmt(latency.perFrame.p99Ms, 2)}/${fmt(latency.perFrame.maxMs, 1)} ms, ` +
        `idle ${fmt(result.memory.bytesPerSubscriber, 0)} B per subscriber (RSS ${fmt(result.memory.rssBytesPerSubscriber, 0)}, heap ${fmt(result.memory.heapBytesPerSubscriber, 0)}), server CPU ${fmt(p.serverCpuPercent, 0)} %${saturated ? ', SATURATED' : ''}${p.otherCpuPercent > 20 ? `; WARNING: other programs used ${fmt(p.otherCpuPercent, 0)} % of a core meanwhile` : ''}`,
    );
    return result;
  } finally {
    for (const client of clients) {
      try {
        if (!client.exited) {
          await client.call('close', undefined, 30_000);
          client.post('exit');
        }
      } catch {
        // reported by the exit check below
      }
      const code = await client.waitExit(10_000);
      runningChildren.delete(client);
      checks.check(
        code === 0,
        `${label}: ${client.name} exited cleanly`,
        `${client.exitDescription}; ${client.output.slice(-5).join('\n')}`,
      );
    }
    let code: number | null = null;
    try {
      await server.child.call('stop', undefined, 30_000);
    } catch (error) {
      checks.fail(`${label}: stopping the server`, error);
    }
    code = await server.child.waitExit(15_000);
    runningChildren.delete(server.child);
    checks.check(
      code === 0,
      `${label}: server stopped cleanly`,
      `${server.child.exitDescription}; last output:\n${server.child.output.slice(-10).join('\n')}`,
    );
    const problems = server.child.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
    checks.check(problems.length === 0, `${label}: server logged no error`, problems.slice(0, 5).join('\n'));
    await server.cleanup();
  }
}
