/**
 * Console benchmark: `npm run bench:console` (50,000 services) or `BENCH_SMOKE=1` (2,000; CI). In one
 * run, one headless Debian chromium (playwright-core), this server's release build (`npm run build`:
 * the server and dist/web) on PostgreSQL with N services created through the machine API, or
 * (`BENCH_CONSOLE_FLEET=million BENCH_SERVICES=1000000`, issue 31) bench:million's seeded fleet (console/fleets.ts):
 *
 * 1. First meaningful render: a fresh browser context (cold cache) signed in, navigation to /app/,
 *    until the hierarchy shows its tree and first page of services (`[data-testid=hierarchy-ready]`,
 *    time since navigation start, read in the page). Against, in the same run: the plain reference
 *    page (console/plainPage.ts: one fetch, DOM calls, no framework) and a floor page that does
 *    nothing (only the marker). Cold and warm (assets cached) navigations; medians.
 * 2. Push to paint: with the hierarchy open, a status change pushed through the machine API (an
 *    HTTP client here), until the changed row's `data-status` has been painted (in-page probe: after
 *    the next frame), in wall-clock time on this machine. The same with the plain page's raw
 *    graphql-ws subscription; and the push's own answer time (acknowledged after commit) as the floor.
 * 3. JavaScript the first screen loads: every script response of a cold navigation until ready,
 *    gzip-compressed here (level 9) and summed; what went over the wire is reported beside it.
 *
 * Exit status as the other benches: 1 when something did not work; targets reported, enforced only
 * with BENCH_ENFORCE_TARGETS=1 (exit 3).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type ConsoleFleet, fleetKind, prepareFleet } from './console/fleets.js';
import { FLOOR_HTML_PATH, floorHtml, PLAIN_HTML_PATH, PLAIN_JS_PATH, plainHtml, plainJs } from './console/plainPage.js';
import { forgetPaint, PAINT_PROBE, paintedAt, plainSubscribed, readyAt, READY_PROBE, visibleServiceRows } from './console/pageProbes.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { postJson } from './lib/httpCalls.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { resultPath, writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const smoke = process.env['BENCH_SMOKE'] === '1';
const fleetToOpen = fleetKind(process.env['BENCH_CONSOLE_FLEET']);
const services = Number(process.env['BENCH_SERVICES'] ?? (smoke ? 2_000 : 50_000));
const navigations = Number(process.env['BENCH_NAVIGATIONS'] ?? (smoke ? 2 : 7));
const pushes = Number(process.env['BENCH_PUSHES'] ?? (smoke ? 20 : 200));
const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const enforce = process.env['BENCH_ENFORCE_TARGETS'] === '1';
const chromiumPath = process.env['BENCH_CHROMIUM'] ?? '/usr/bin/chromium';
const apiKey = 'bench-console-key-0123456789abcdef';
const adminPassword = 'bench-console-Admin-0123456789';
const HEALTH = '/api/v1/health/report';
const TARGET_FIRST_RENDER_MS = 1_500;
const TARGET_PUSH_TO_PAINT_P95_MS = 300;
const TARGET_FIRST_SCREEN_JS_GZIP = 250 * 1024;
const STATUSES = ['DEGRADED', 'DOWN', 'OPERATIONAL'] as const;

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

interface SignedIn {
  readonly storageValue: string;
}

async function signInOverApi(url: string): Promise<SignedIn> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation BenchLogin($p: String!) { login(username: "admin", password: $p) { accessToken refreshToken expiresAt refreshExpiresAt user { id username displayName role } } }',
      variables: { p: adminPassword },
    }),
  });
  const body = (await response.json()) as {
    data?: { login: { accessToken: string; refreshToken: string; expiresAt: string; refreshExpiresAt: string; user: unknown } };
  };
  const login = body.data?.login;
  if (!login) throw new Error(`sign-in failed: ${JSON.stringify(body).slice(0, 300)}`);
  // The console's stored session (web/src/session/sessionStore.ts, STORAGE_KEY).
  return {
    storageValue: JSON.stringify({
      accessToken: login.accessToken,
      expiresAt: Date.parse(login.expiresAt),
      refreshToken: login.refreshToken,
      refreshExpiresAt: Date.parse(login.refreshExpiresAt),
      user: login.user,
    }),
  };
}

async function newContext(browser: Browser, consoleUrl: string, session: SignedIn): Promise<BrowserContext> {
  const origin = new URL(consoleUrl).origin;
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'svc.console.session', value: session.storageValue }] }] },
  });
  await context.route(`${consoleUrl}${PLAIN_HTML_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: plainHtml }),
  );
  await context.route(`${consoleUrl}${PLAIN_JS_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: plainJs }),
  );
  await context.route(`${consoleUrl}${FLOOR_HTML_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: floorHtml }),
  );
  await context.addInitScript({ content: READY_PROBE });
  return context;
}

/** Navigates and answers the time from navigation start to the ready marker (in-page clock). */
async function timeToReady(page: Page, url: string): Promise<number> {
  const errors: string[] = [];
  const onError = (error: Error) => errors.push(error.message);
  page.on('pageerror', onError);
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(readyAt, null, { timeout: 30_000, polling: 50 });
    return (await handle.jsonValue()) as number;
  } catch (error) {
    throw new Error(`${url} did not show its ready marker: ${(error as Error).message}; page errors: ${errors.join(' | ') || 'none'}`);
  } finally {
    page.off('pageerror', onError);
  }
}

interface RenderFigures {
  cold: number[];
  warm: number[];
}

async function measureRender(browser: Browser, url: string, session: SignedIn, runs: number): Promise<RenderFigures> {
  const figures: RenderFigures = { cold: [], warm: [] };
  for (let run = 0; run < runs; run++) {
    const context = await newContext(browser, url.replace(/__bench\/.*$/, ''), session);
    const page = await context.newPage();
    figures.cold.push(await timeToReady(page, url));
    figures.warm.push(await timeToReady(page, url));
    await context.close();
  }
  return figures;
}

/** The scripts a cold navigation loads until the console is ready: gzip size (level 9) and bytes on the wire. */
async function measureFirstScreenScripts(
  browser: Browser,
  consoleUrl: string,
  session: SignedIn,
): Promise<{ files: { url: string; raw: number; gzip: number; wire: number }[] }> {
  const context = await newContext(browser, consoleUrl, session);
  const page = await context.newPage();
  const pending: Promise<{ url: string; raw: number; gzip: number; wire: number } | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const sizes = await response
          .request()
          .sizes()
          .catch(() => null);
        return {
          url: response.url().replace(consoleUrl, '/app/'),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          wire: sizes?.responseBodySize ?? Number.NaN,
        };
      })(),
    );
  });
  await timeToReady(page, consoleUrl);
  const files = (await Promise.all(pending)).filter((f): f is NonNullable<typeof f> => f !== null);
  await page.screenshot({ path: resultPath('console-hierarchy.png') });
  await context.close();
  return { files };
}

interface PaintFigures {
  latencies: number[];
  missed: number;
  pushAnswers: number[];
}

/** Pushes status changes of the rows on screen and times each until its row is painted. */
async function measurePushToPaint(
  page: Page,
  serverUrl: string,
  fleet: ConsoleFleet,
  visible: VisibleRow[],
  count: number,
): Promise<PaintFigures> {
  await page.evaluate(PAINT_PROBE);
  const figures: PaintFigures = { latencies: [], missed: 0, pushAnswers: [] };
  // The status each row showed when found, then what it was pushed to: every push must be a change.
  const shown = new Map(visible.map((row) => [row.index, row.status]));
  for (let n = 0; n < count; n++) {
    const target = visible[n % visible.length]!;
    const now = shown.get(target.index) ?? 'OPERATIONAL';
    const status = STATUSES[(STATUSES.indexOf(now as (typeof STATUSES)[number]) + 1) % STATUSES.length]!;
    shown.set(target.index, status);
    const key = `${target.id}:${status}`;
    await page.evaluate(forgetPaint(key));
    const sent = Date.now();
    const answer = await postJson(serverUrl, HEALTH, apiKey, fleet.pushBody(target.index, status));
    figures.pushAnswers.push(Date.now() - sent);
    if (answer.status !== 200) throw new Error(`push answered ${answer.status}`);
    const painted = await page
      .waitForFunction(paintedAt, key, { timeout: 5_000, polling: 'raf' })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    if (painted === null) figures.missed++;
    else figures.latencies.push(painted - sent);
  }
  return figures;
}

interface VisibleRow {
  readonly id: string;
  readonly index: number;
  readonly status: string;
}

/** The services of the first page (ordered by name) that the page shows as rows now, with their seed index. */
async function visibleRows(page: Page, fleet: ConsoleFleet): Promise<VisibleRow[]> {
  return page.evaluate(visibleServiceRows(fleet.services, fleet.nameDigits)) as Promise<VisibleRow[]>;
}

async function main(): Promise<number> {
  const checks = new Checks();
  startWatchdog(
    smoke ? 600 : 1800,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  logRunHeader('console', smoke, machineInfo(await postgresVersion(databaseUrl)), log);
  if (!existsSync(chromiumPath)) throw new Error(`no browser at ${chromiumPath}: apt-get install -y chromium (or set BENCH_CHROMIUM)`);
  log(
    `services: ${fmt(services)} (fleet: ${fleetToOpen}); navigations: ${navigations} per page; pushes: ${pushes}; browser: ${chromiumPath} (headless)`,
  );
  log('building (npm run build: the server and the console)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

  const schema = await createSchema(databaseUrl, 'bench_console');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-console-'));
  let browser: Browser | undefined;
  try {
    const { fleet, server } = await prepareFleet({
      kind: fleetToOpen,
      services,
      databaseUrl: schema.url,
      apiKey,
      health: HEALTH,
      log,
      start: async (name) => {
        const started = await startChildServer({
          name,
          cwd: root,
          args: [...benchServerNodeFlags(), 'dist/src/main.js'],
          env: benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey, adminPassword, logLevel: 'info' }),
          startTimeoutMs: 1_200_000,
        });
        running.add(started);
        return started;
      },
      stop: async (stopping) => {
        const code = await stopping.stop(60_000);
        running.delete(stopping);
        checks.check(code === 0, `${stopping.name}: stopped cleanly on SIGTERM`, `exit code ${code}`);
      },
    });
    const consoleUrl = `${server.url}/app/`;
    const session = await signInOverApi(server.url);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      // Local network access checks: the plain page is fulfilled by the bench (no address space of its
      // own), so chromium would refuse its WebSocket to loopback; the console, served by the server, is unaffected.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-features=LocalNetworkAccessChecks',
      ],
    });

    const consoleRender = await measureRender(browser, consoleUrl, session, navigations);
    const plainRender = await measureRender(browser, `${consoleUrl}${PLAIN_HTML_PATH}`, session, navigations);
    const floorRender = await measureRender(browser, `${consoleUrl}${FLOOR_HTML_PATH}`, session, navigations);
    const scripts = await measureFirstScreenScripts(browser, consoleUrl, session);
    const jsGzip = scripts.files.reduce((sum, f) => sum + f.gzip, 0);
    const jsWire = scripts.files.reduce((sum, f) => sum + f.wire, 0);
    checks.check(scripts.files.length > 0, 'the first screen loads its scripts from /app/');

    const context = await newContext(browser, consoleUrl, session);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    await timeToReady(page, consoleUrl);
    const rows = await visibleRows(page, fleet);
    checks.check(rows.length > 0, 'the hierarchy shows services of the first page on screen', `${rows.length} rows`);
    // The subscription is open once a first change arrives: one warm-up push, not counted.
    if (rows.length > 0) await measurePushToPaint(page, server.url, fleet, rows.slice(0, 1), 1);
    const consolePaint =
      rows.length > 0
        ? await measurePushToPaint(page, server.url, fleet, rows.slice(1), pushes)
        : { latencies: [], missed: pushes, pushAnswers: [] };
    checks.check(
      consolePaint.missed === 0,
      'every pushed change reached the console page',
      `${consolePaint.missed} of ${pushes} not painted within 5 s`,
    );
    checks.check(pageErrors.length === 0, 'no page error or console error on the console page', pageErrors.slice(0, 3).join(' | '));
    await context.close();

    const plainContext = await newContext(browser, consoleUrl, session);
    const plainPage = await plainContext.newPage();
    plainPage.on('pageerror', (error) => log(`plain page error: ${error.message}`));
    plainPage.on('console', (message) => log(`plain page console: ${message.text()}`));
    await timeToReady(plainPage, `${consoleUrl}${PLAIN_HTML_PATH}`);
    await plainPage.waitForFunction(plainSubscribed);
    const plainRows = await visibleRows(plainPage, fleet);
    if (plainRows.length > 0) await measurePushToPaint(plainPage, server.url, fleet, plainRows.slice(0, 1), 1);
    const plainPaint = await measurePushToPaint(plainPage, server.url, fleet, plainRows.slice(1), pushes);
    await plainContext.close();

    const firstRender = median(consoleRender.cold);
    const p95 = percentile(consolePaint.latencies, 95);
    log('');
    log(
      formatTable(
        ['measure', 'this console', 'plain page (reference)', 'floor'],
        [
          [
            'navigation to first meaningful render, cold cache (median)',
            `${fmt(firstRender)} ms`,
            `${fmt(median(plainRender.cold))} ms`,
            `${fmt(median(floorRender.cold))} ms`,
          ],
          [
            'navigation to first meaningful render, warm cache (median)',
            `${fmt(median(consoleRender.warm))} ms`,
            `${fmt(median(plainRender.warm))} ms`,
            `${fmt(median(floorRender.warm))} ms`,
          ],
          [
            'status push to paint, p50',
            `${fmt(percentile(consolePaint.latencies, 50), 1)} ms`,
            `${fmt(percentile(plainPaint.latencies, 50), 1)} ms`,
            `${fmt(percentile(consolePaint.pushAnswers, 50), 1)} ms (push answered)`,
          ],
          [
            'status push to paint, p95',
            `${fmt(p95, 1)} ms`,
            `${fmt(percentile(plainPaint.latencies, 95), 1)} ms`,
            `${fmt(percentile(consolePaint.pushAnswers, 95), 1)} ms (push answered)`,
          ],
          [
            'JavaScript of the first screen, gzip -9 (on the wire)',
            `${fmt(jsGzip / 1024, 1)} KB (${fmt(jsWire / 1024, 1)} KB)`,
            `${fmt(gzipSync(plainJs, { level: 9 }).length / 1024, 1)} KB`,
            '0 KB',
          ],
        ],
      ),
    );
    log('');
    log(
      formatTable(
        ['first-screen script', 'bytes', 'gzip -9', 'on the wire'],
        scripts.files.map((f) => [f.url, fmt(f.raw), fmt(f.gzip), fmt(f.wire)]),
      ),
    );

    const targets: Target[] = [
      {
        target: 'navigation to first meaningful render of the hierarchy',
        measured: `${fmt(firstRender)} ms`,
        limit: `< ${fmt(TARGET_FIRST_RENDER_MS)} ms`,
        met: firstRender < TARGET_FIRST_RENDER_MS,
      },
      {
        target: 'status push to paint, p95',
        measured: `${fmt(p95, 1)} ms`,
        limit: `< ${TARGET_PUSH_TO_PAINT_P95_MS} ms`,
        met: consolePaint.latencies.length > 0 ? p95 < TARGET_PUSH_TO_PAINT_P95_MS : null,
      },
      {
        target: 'JavaScript the first screen loads (gzip)',
        measured: `${fmt(jsGzip / 1024, 1)} KB`,
        limit: '<= 250 KB',
        met: jsGzip <= TARGET_FIRST_SCREEN_JS_GZIP,
      },
    ];
    log('');
    log(targetTable(targets));
    writeResults(
      'console.json',
      {
        services,
        fleet: fleet.kind,
        navigations,
        pushes,
        consoleRender,
        plainRender,
        floorRender,
        scripts,
        consolePaint,
        plainPaint,
        targets,
      },
      log,
    );
    log(`screenshot of the hierarchy: ${resultPath('console-hierarchy.png')}`);
    const code = await server.stop();
    running.delete(server);
    checks.check(code === 0, 'this server stopped cleanly on SIGTERM', `exit code ${code}`);
    return exitCode(checks, targets, enforce, log);
  } finally {
    await browser?.close().catch(() => undefined);
    await schema.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main, running, log);
