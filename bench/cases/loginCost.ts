/**
 * Case "login cost": the server runs in this process (startServer from src/app.ts, production
 * settings, PostgreSQL), so its event loop can be watched with node:perf_hooks
 * monitorEventLoopDelay. The logins come from a child process (cases/loginClient.ts) at a paced
 * rate, so the load generator's own work stays off the measured loop.
 *
 * Measured: scrypt hash and verify time alone (one at a time, before any load); event-loop delay
 * while idle and while logins arrive; login latency; CPU per login (this process: main thread plus
 * libuv's pool, where scrypt runs). `node:crypto`'s scrypt is wrapped with a counter before the
 * server's modules load (syncBuiltinESMExports makes the ESM named import see the wrapper), which
 * shows that every login costs a full password hash.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Checks } from '../lib/checks.js';
import { benchServerEnv } from '../lib/serverEnv.js';
import { gqlData, mapConcurrent, signIn } from '../lib/graphqlCalls.js';
import type { GraphQLBenchSettings } from '../lib/graphqlSettings.js';
import { percentile } from '../lib/loadRun.js';
import { MachineCpuWindow } from '../lib/machineCpu.js';
import { createSchema } from '../lib/postgresSchema.js';
import { CpuWindow } from '../lib/processCpu.js';

/** monitorEventLoopDelay records the whole interval between its timer's runs: delay = value - resolution. */
const RESOLUTION_MS = 10;

let scryptCalls = 0;
let counting = false;

/** Wraps crypto.scrypt with a call counter (once per process). */
function countScryptCalls(): void {
  if (counting) return;
  counting = true;
  const original = crypto.scrypt;
  crypto.scrypt = function countedScrypt(this: unknown, ...args: unknown[]) {
    scryptCalls += 1;
    return (original as (...a: unknown[]) => void).apply(this, args);
  } as typeof crypto.scrypt;
  syncBuiltinESMExports();
}

export interface DelayFigures {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly samples: number;
}

export interface LoginCaseResult {
  readonly hashMs: {
    readonly hashMedian: number;
    readonly verifyMedian: number;
    readonly verifyMin: number;
    readonly verifyMax: number;
    readonly repeats: number;
  };
  readonly idle: DelayFigures & { readonly seconds: number };
  readonly underLoad: DelayFigures;
  readonly login: {
    readonly offeredRate: number;
    /** Logins answered per second, from the first one due to the last answer. */
    readonly achievedRate: number;
    readonly total: number;
    readonly ok: number;
    readonly failed: number;
    readonly p50Ms: number;
    readonly p99Ms: number;
    readonly maxMs: number;
    readonly lateSends: number;
    readonly seconds: number;
  };
  readonly scryptCallsPerLogin: number;
  readonly cpuMsPerLogin: number;
  /** Share of wall time the event loop was busy during the login phase (performance.eventLoopUtilization). */
  readonly eventLoopUtilization: number;
  /** Machine CPU during the login phase, percent of one core: all processes, and all but this one and PostgreSQL. */
  readonly machineCpuPercent: number;
  readonly otherCpuPercent: number;
  readonly threadPoolSize: string;
}

function delayFigures(histogram: ReturnType<typeof monitorEventLoopDelay>): DelayFigures {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max), samples: histogram.count };
}

const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 0.5);

interface ClientResult {
  readonly total: number;
  readonly ok: number;
  readonly failed: number;
  readonly failures: string[];
  readonly lateSends: number;
  readonly latencies: number[];
  readonly offeredSeconds: number;
  readonly wallSeconds: number;
}

export async function runLoginCase(
  root: string,
  settings: GraphQLBenchSettings,
  checks: Checks,
  log: (line: string) => void,
): Promise<LoginCaseResult> {
  countScryptCalls();
  const { startServer } = await import('../../src/app.js');
  const { loadProductConfig: loadConfig } = await import('../../src/plugins/productModules.js');
  const { createLogger } = await import('../../src/platform/log/logger.js');
  const { hashPassword, verifyPassword } = await import('../../src/core/auth/passwordHash.js');

  const { login } = settings;
  const schema = await createSchema(settings.databaseUrl, 'bench_login');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-login-'));
  const logLines: string[] = [];
  try {
    const config = loadConfig({
      ...benchServerEnv({ dataDir, databaseUrl: schema.url, adminPassword: settings.adminPassword, logLevel: 'warn' }),
      // Production refuses 0 (no limit); large numbers keep the login limiters on the path but out of the way.
      SVC_AUTH_LOGIN_RATE_PER_ADDRESS: '1000000',
      SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '1000000',
    });
    const logger = createLogger({ level: 'warn', write: (line) => void logLines.push(line) });
    const server = await startServer(config, { logger, version: 'bench' });
    const url = `http://127.0.0.1:${server.port}`;
    let result: LoginCaseResult;
    try {
      // Accounts the logins rotate over, created through the API.
      const admin = await signIn(url, 'admin', settings.adminPassword);
      const accounts = Array.from({ length: login.users }, (_, k) => ({
        username: `login-user-${k}`,
        password: `bench-login-password-${k}`,
      }));
      await mapConcurrent(accounts, 4, (a) =>
        gqlData(
          url,
          'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
          { i: { username: a.username, password: a.password, role: 'USER' } },
          admin,
        ),
      );

      // The hash alone, one at a time, nothing else running.
      const hashTimes: number[] = [];
      const verifyTimes: number[] = [];
      const callsBeforeHashing = scryptCalls;
      const sample = await hashPassword('bench-login-password-0');
      for (let i = 0; i < login.hashRepeats; i += 1) {
        let t = performance.now();
        await hashPassword(`bench-login-password-${i}`);
        hashTimes.push(performance.now() - t);
        t = performance.now();
        const matches = await verifyPassword('bench-login-password-0', sample);
        verifyTimes.push(performance.now() - t);
        if (!matches) throw new Error('verifyPassword did not accept the password it hashed');
      }
      checks.check(
        scryptCalls - callsBeforeHashing === 1 + 2 * login.hashRepeats,
        "login: the scrypt counter sees the server module's hashes",
        `${scryptCalls - callsBeforeHashing} calls for ${1 + 2 * login.hashRepeats} hashes`,
      );
      log(
        `  scrypt alone: hash median ${median(hashTimes).toFixed(1)} ms, verify median ${median(verifyTimes).toFixed(1)} ms (${login.hashRepeats} each)`,
      );

      // Idle loop delay, for comparison.
      const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
      histogram.enable();
      await new Promise((resolve) => setTimeout(resolve, login.idleSeconds * 1000));
      histogram.disable();
      const idle = { ...delayFigures(histogram), seconds: login.idleSeconds };

      log(`  logins: ${login.rate}/s for ${login.seconds} s from a child process, over ${login.users} accounts`);
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cases/loginClient.ts'], {
        cwd: root,
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          HOME: process.env['HOME'] ?? '/tmp',
          LOGIN_URL: url,
          LOGIN_RATE: String(login.rate),
          LOGIN_SECONDS: String(login.seconds),
          LOGIN_ACCOUNTS: JSON.stringify(accounts),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const stderr: string[] = [];
      createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
      let window:
        | {
            cpu: NodeJS.CpuUsage;
            elu: ReturnType<typeof performance.eventLoopUtilization>;
            calls: number;
            machine: MachineCpuWindow;
            database: CpuWindow;
          }
        | undefined;
      let measured: { cpuUs: number; elu: number; calls: number; machinePercent: number; otherPercent: number } | undefined;
      const clientResult = await new Promise<ClientResult>((resolve, reject) => {
        const timer = setTimeout(
          () => {
            child.kill('SIGKILL');
            reject(new Error('the login client did not finish in time'));
          },
          (login.seconds + 60) * 1000,
        );
        createInterface({ input: child.stdout! }).on('line', (line) => {
          let record: { event?: string; message?: string } & Partial<ClientResult>;
          try {
            record = JSON.parse(line);
          } catch {
            return;
          }
          if (record.event === 'start') {
            histogram.reset();
            histogram.enable();
            window = {
              cpu: process.cpuUsage(),
              elu: performance.eventLoopUtilization(),
              calls: scryptCalls,
              machine: new MachineCpuWindow(),
              database: new CpuWindow(process.pid),
            };
          } else if (record.event === 'result' && window) {
            histogram.disable();
            const cpu = process.cpuUsage(window.cpu);
            const machine = window.machine.close();
            const database = window.database.close();
            const percent = (us: number) => (us / 1000 / database.wallMs) * 100;
            measured = {
              cpuUs: cpu.user + cpu.system,
              elu: performance.eventLoopUtilization(window.elu).utilization,
              calls: scryptCalls - window.calls,
              machinePercent: machine.busyPercent,
              otherPercent: Math.max(0, machine.busyPercent - percent(cpu.user + cpu.system) - percent(database.databaseUs)),
            };
            clearTimeout(timer);
            resolve(record as ClientResult);
          } else if (record.event === 'error') {
            clearTimeout(timer);
            reject(new Error(`login client: ${record.message}`));
          }
        });
        child.once('exit', (code) => {
          if (measured === undefined) {
            clearTimeout(timer);
            reject(new Error(`login client exited with ${code} before reporting:\n${stderr.slice(-10).join('\n')}`));
          }
        });
      });
      await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      checks.check(child.exitCode === 0, 'login client exited cleanly', `exit code ${child.exitCode}; ${stderr.slice(-5).join('\n')}`);
      checks.check(
        clientResult.failed === 0 && clientResult.ok === clientResult.total && clientResult.failures.length === 0,
        'login: every login answered an access token',
        `${clientResult.ok}/${clientResult.total} ok; ${clientResult.failures.join(' | ')}`,
      );
      const m = measured!;
      checks.check(
        m.calls >= clientResult.ok && clientResult.ok > 0,
        'login: every login costs at least one scrypt hash',
        `${m.calls} scrypt calls for ${clientResult.ok} logins`,
      );

      const latencies = Float64Array.from(clientResult.latencies).sort();
      result = {
        hashMs: {
          hashMedian: median(hashTimes),
          verifyMedian: median(verifyTimes),
          verifyMin: Math.min(...verifyTimes),
          verifyMax: Math.max(...verifyTimes),
          repeats: login.hashRepeats,
        },
        idle,
        underLoad: delayFigures(histogram),
        login: {
          offeredRate: login.rate,
          achievedRate: clientResult.ok / Math.max(clientResult.offeredSeconds, clientResult.wallSeconds),
          total: clientResult.total,
          ok: clientResult.ok,
          failed: clientResult.failed,
          p50Ms: percentile(latencies, 0.5),
          p99Ms: percentile(latencies, 0.99),
          maxMs: latencies.length > 0 ? latencies[latencies.length - 1]! : Number.NaN,
          lateSends: clientResult.lateSends,
          seconds: clientResult.offeredSeconds,
        },
        scryptCallsPerLogin: clientResult.ok > 0 ? m.calls / clientResult.ok : Number.NaN,
        cpuMsPerLogin: clientResult.ok > 0 ? m.cpuUs / 1000 / clientResult.ok : Number.NaN,
        eventLoopUtilization: m.elu,
        machineCpuPercent: m.machinePercent,
        otherCpuPercent: m.otherPercent,
        threadPoolSize: process.env['UV_THREADPOOL_SIZE'] ?? '4 (default)',
      };
    } finally {
      await server.close();
    }
    const problems = logLines.filter((line) => line.includes('"level":"error"'));
    checks.check(problems.length === 0, 'login: in-process server logged no error', problems.slice(0, 5).join('\n'));
    return result;
  } finally {
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
