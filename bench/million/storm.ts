/**
 * Issue 31, target 5: an outage storm. In one sync cycle every service of 10 % of the leaves (a zone's worth:
 * every tenth leaf, so the outage syncs are spread over the cycle) reports DOWN; in the next cycle they come back
 * to what they were. The other syncs of both cycles report no change. Measured:
 *
 * - commit latency: each storm sync's time from send to answer (the answer follows the commit of its changes, their
 *   webhook outbox lines, notifications and SLA incidents: one transaction);
 * - dashboards: `subscribers` graphql-ws clients on `nodeStatusCounts` (the root nodes); per storm sync, the time
 *   from its answer until every subscriber holds a frame showing at least the DOWN count committed by then (at
 *   most the count on the way back); frames per subscriber against the status changes;
 * - the server's event-loop delay (loopProbe.mjs) and its resident peak over both cycles and the drain;
 * - deliveries: one webhook on service.down / service.degraded / service.up to a receiver here that answers each
 *   request after `receiverMs` (the receiver's pace): every delivery once, none lost, how long the drain took;
 *   notifications (owners of the services) and SLA incidents (services whose SLA group a definition covers)
 *   counted in PostgreSQL against what the moves call for.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import WebSocket from 'ws';
import type { LoopWindow, ServerProbe } from './probe.js';
import { percentile, runCycle } from './syncCycle.js';
import { notifies, type Status, STATUSES, type SyncFleet } from './syncFleet.js';

export interface StormOptions {
  readonly url: string;
  readonly apiKey: string;
  /** An admin's access token (subscriptions, webhook). */
  readonly token: string;
  readonly databaseUrl: string;
  readonly fleet: SyncFleet;
  readonly probe: ServerProbe;
  readonly cycleMs: number;
  readonly subscribers: number;
  /** The receiver answers each delivery after this long. */
  readonly receiverMs: number;
  /** Services `g` whose SLA group a definition covers. */
  readonly covered: (g: number) => boolean;
  /** Services `g` with an owner (who is notified). */
  readonly owned: (g: number) => boolean;
  readonly log: (line: string) => void;
}

export interface StormFigures {
  readonly outageServices: number;
  readonly changes: { readonly down: number; readonly back: number };
  readonly commitMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly dashboardMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly framesPerSubscriber: { readonly min: number; readonly max: number };
  readonly loop: LoopWindow;
  readonly residentPeakBytes: number;
  readonly deliveries: { readonly expected: number; readonly received: number; readonly distinct: number; readonly drainMs: number };
  readonly notifications: { readonly expected: number; readonly created: number };
  readonly incidents: { readonly expected: number; readonly opened: number };
  readonly failures: readonly string[];
}

const COUNTS = 'subscription { nodeStatusCounts { at nodes { path down } } }';

/** A dashboard: one graphql-ws connection subscribed to the roots' counts; the fleet's DOWN total after each frame. */
class Dashboard {
  readonly downByRoot = new Map<string, number>();
  /** [arrival ms (performance.now), DOWN total] per frame. */
  readonly seen: Array<[number, number]> = [];
  readonly ready: Promise<void>;
  private readonly socket: WebSocket;

  constructor(url: string, token: string) {
    this.socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql/ws`, 'graphql-transport-ws', { perMessageDeflate: false });
    this.ready = new Promise((resolve, reject) => {
      this.socket.on('error', reject);
      this.socket.on('close', (code) => reject(new Error(`the dashboard's connection closed (${code}) before its first frame`)));
      this.socket.on('open', () => this.socket.send(JSON.stringify({ type: 'connection_init', payload: { token } })));
      this.socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; payload?: any };
        if (message.type === 'connection_ack') this.socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: COUNTS } }));
        else if (message.type === 'ping') this.socket.send(JSON.stringify({ type: 'pong' }));
        else if (message.type === 'next') {
          const nodes = message.payload?.data?.nodeStatusCounts?.nodes as Array<{ path: string; down: number }> | undefined;
          if (nodes === undefined) return reject(new Error(`a frame without counts: ${String(data).slice(0, 300)}`));
          for (const n of nodes) this.downByRoot.set(n.path, n.down);
          let total = 0;
          for (const d of this.downByRoot.values()) total += d;
          this.seen.push([performance.now(), total]);
          resolve();
        } else if (message.type === 'error') reject(new Error(`subscription refused: ${String(data).slice(0, 300)}`));
      });
    });
  }

  /** When this dashboard first showed a DOWN total passing `test`, counting from `from` (already shown: `from`). */
  firstAt(from: number, test: (down: number) => boolean): number | undefined {
    let current: number | undefined;
    let i = 0;
    for (; i < this.seen.length && this.seen[i]![0] <= from; i += 1) current = this.seen[i]![1];
    if (current !== undefined && test(current)) return from;
    for (; i < this.seen.length; i += 1) if (test(this.seen[i]![1])) return this.seen[i]![0];
    return undefined;
  }

  close(): void {
    this.socket.close();
  }
}

/** A webhook receiver that answers 200 after `delayMs`: the receiver's pace. */
async function startReceiver(delayMs: number): Promise<{ url: string; ids: string[]; server: Server }> {
  const ids: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        ids.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      } catch {
        ids.push('unparsable');
      }
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, ids, server };
}

async function graphql(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: any; errors?: unknown };
  if (answer.errors !== undefined) throw new Error(`GraphQL: ${JSON.stringify(answer.errors).slice(0, 400)}`);
  return answer.data;
}

async function countRows(db: pg.Client, table: string): Promise<number> {
  return Number((await db.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
}

/** The storm's expectations of its moves: deliveries, notifications, SLA incidents. */
function expectations(options: StormOptions, before: Uint8Array, outage: (g: number) => boolean) {
  let deliveries = 0;
  let notifications = 0;
  let incidents = 0;
  let outageServices = 0;
  for (let g = 0; g < options.fleet.services; g += 1) {
    if (!outage(g)) continue;
    outageServices += 1;
    const was = STATUSES[before[g]!]! as Status;
    if (was === 'DOWN') continue;
    for (const [from, to] of [
      [was, 'DOWN'],
      ['DOWN', was],
    ] as const) {
      if (!notifies(from, to)) continue;
      deliveries += 1;
      if (options.owned(g)) notifications += 1;
    }
    if (options.covered(g)) incidents += 1;
  }
  return { deliveries, notifications, incidents, outageServices };
}

export async function measureStorm(options: StormOptions): Promise<StormFigures> {
  const { fleet, log } = options;
  const failures: string[] = [];
  const outage = (g: number) => (g % fleet.leaves) % 10 === 0;
  const before = Uint8Array.from(fleet.status);
  const expected = expectations(options, before, outage);

  const receiver = await startReceiver(options.receiverMs);
  await graphql(options.url, options.token, 'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }', {
    i: { name: 'storm receiver', url: receiver.url, events: ['service.down', 'service.degraded', 'service.up'], retryMax: 5 },
  });
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const notificationsBefore = await countRows(db, 'notifications');
  const incidentsBefore = await countRows(db, 'sla_incidents');

  const dashboards = Array.from({ length: options.subscribers }, () => new Dashboard(options.url, options.token));
  await Promise.all(dashboards.map((d) => d.ready));
  log(
    `storm: ${options.subscribers} dashboards subscribed; ${expected.outageServices} services of ${Math.ceil(fleet.leaves / 10)} leaves go DOWN...`,
  );

  await options.probe.open();
  const stormStarted = performance.now();
  // Per storm sync: when it was answered and the fleet's DOWN total it committed (in answer order).
  const answers: Array<{ phase: 'down' | 'back'; at: number; down: number }> = [];
  const commitMs: number[] = [];
  let downNow = dashboards[0]!.seen.at(-1)![1];
  const phase = async (name: 'down' | 'back', next: (g: number, now: Status) => Status) => {
    const cycle = await runCycle(options, next, (_leaf, at, downDelta) => {
      if (downDelta === 0) return;
      downNow += downDelta;
      answers.push({ phase: name, at, down: downNow });
    });
    failures.push(...cycle.failures);
    // Every sync of the cycle is timed; the storm's are the ones that carried changes.
    commitMs.push(...cycle.latencies);
    return cycle.changes;
  };
  const down = await phase('down', (g, now) => (outage(g) ? 'DOWN' : now));
  log(`  down cycle: ${down} changes`);
  const back = await phase('back', (g, now) => (outage(g) ? STATUSES[before[g]!]! : now));
  log(`  back cycle: ${back} changes`);

  // Every dashboard shows the final DOWN count.
  const deadline = performance.now() + 30_000;
  while (dashboards.some((d) => d.seen.at(-1)![1] !== downNow) && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  if (dashboards.some((d) => d.seen.at(-1)![1] !== downNow))
    failures.push(
      `dashboards end at ${dashboards.map((d) => d.seen.at(-1)![1]).join(', ')} DOWN, the fleet at ${downNow}; frames of the first: ${dashboards[0]!.seen.map((s) => s[1]).join(', ')}`,
    );
  const dashboardMs: number[] = [];
  for (const answer of answers) {
    let worst = 0;
    for (const d of dashboards) {
      const shown = d.firstAt(answer.at, answer.phase === 'down' ? (n) => n >= answer.down : (n) => n <= answer.down);
      if (shown === undefined) {
        failures.push(`a dashboard never showed ${answer.down} DOWN after a ${answer.phase} sync`);
        worst = Number.POSITIVE_INFINITY;
        break;
      }
      worst = Math.max(worst, shown - answer.at);
    }
    dashboardMs.push(worst);
  }
  const frames = dashboards.map((d) => d.seen.length - 1);
  for (const d of dashboards) d.close();

  // The receiver drains at its pace.
  const drainDeadline = performance.now() + 20 * 60_000;
  let lastLog = performance.now();
  while (receiver.ids.length < expected.deliveries && performance.now() < drainDeadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(
        `  deliveries received ${receiver.ids.length} of ${expected.deliveries}; server resident ${Math.round(options.probe.resident() / 2 ** 20)} MiB`,
      );
    }
  }
  const drainMs = performance.now() - stormStarted;
  // A moment more: nothing arrives beyond what is owed.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const loop = await options.probe.close();
  const residentPeakBytes = options.probe.residentPeak();
  receiver.server.close();

  const notificationsCreated = (await countRows(db, 'notifications')) - notificationsBefore;
  const incidentsOpened = (await countRows(db, 'sla_incidents')) - incidentsBefore;
  await db.end();

  return {
    outageServices: expected.outageServices,
    changes: { down, back },
    commitMs: { p50: percentile(commitMs, 50), p99: percentile(commitMs, 99), max: Math.max(...commitMs) },
    dashboardMs: { p50: percentile(dashboardMs, 50), p99: percentile(dashboardMs, 99), max: Math.max(...dashboardMs) },
    framesPerSubscriber: { min: Math.min(...frames), max: Math.max(...frames) },
    loop,
    residentPeakBytes,
    deliveries: { expected: expected.deliveries, received: receiver.ids.length, distinct: new Set(receiver.ids).size, drainMs },
    notifications: { expected: expected.notifications, created: notificationsCreated },
    incidents: { expected: expected.incidents, opened: incidentsOpened },
    failures,
  };
}
