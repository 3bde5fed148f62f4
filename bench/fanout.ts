/**
 * Realtime fan-out benchmark: `npm run bench:fanout` (full, 1,000 and 10,000 subscribers) or, in a
 * tiny form, as part of `npm run bench:smoke` (CI).
 *
 * One status-change event, delivered as a graphql-ws `next` frame to N subscribers of
 * `subscription { serviceStatusChanged { ... } }`, by three servers, each in its own process:
 *
 * - raw: a bare uWebSockets.js app doing ONE `app.publish(topic, frame)` per event (the floor);
 * - stock: `ws` + graphql-ws `useServer` + graphql-js with a per-subscriber async iterator, so
 *   graphql executes once per subscriber (what a user would pick instead);
 * - this server: src/app.ts, with events made by real health pushes (actor, commit, event bus).
 *
 * The load comes from several client processes (bench/fanout/loadClient.ts, `ws`, byte scans only).
 * Measured per variant and size: server CPU (all threads, /proc schedstat) per delivered frame,
 * delivered frames/s, publish-to-delivery latency p50/p99/max over every (subscriber, event), and
 * idle memory per subscriber (RSS and JS heap after a forced GC). Every subscriber must get every
 * event exactly once, with its own subscription id: anything else exits 1, as in the other benches.
 * Targets are reported, and enforced (exit 3) only with BENCH_ENFORCE_TARGETS=1. Switches: see
 * bench/fanout/settings.ts. Prints tables; writes bench/results/fanout-latest.json
 * (fanout-smoke.json in a smoke run).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningChildren, runScenario, type ScenarioResult, type ScenarioSpec } from './fanout/scenario.js';
import { detailTable, LIMITS, mainTable, targets as fanoutTargets } from './fanout/report.js';
import { readFanoutSettings } from './fanout/settings.js';
import { schedstatAvailable } from './fanout/taskCpu.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable } from './lib/checks.js';
import { idleMachineCpu } from './lib/machineCpu.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { postgresVersion } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { fmt } from './lib/table.js';
import { packageVersion, writeResults } from './lib/resultFile.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const stoppable = {
  *[Symbol.iterator]() {
    for (const child of runningChildren) yield { stop: () => child.kill() };
  },
};

/** This server's realtime endpoint is built in src/plugins/realtime; until that exists the variant is skipped, not failed. */
function oursMissing(): string | undefined {
  return existsSync(join(root, 'src', 'plugins', 'realtime'))
    ? undefined
    : 'src/plugins/realtime does not exist yet: this server has no /graphql/ws endpoint';
}

async function main(): Promise<number> {
  const settings = readFanoutSettings(process.env);
  const checks = new Checks();
  assertProcFs();
  if (!schedstatAvailable()) throw new Error('this bench reads CPU time from /proc/<pid>/task/<tid>/schedstat (Linux with schedstats)');
  startWatchdog(
    settings.watchdogSeconds,
    () => {
      for (const child of runningChildren) void child.kill();
    },
    log,
  );

  const skipOurs = settings.variants.includes('ours') ? oursMissing() : undefined;
  const usesPostgres = settings.variants.includes('ours') && skipOurs === undefined;
  const machine = machineInfo(usesPostgres ? await postgresVersion(settings.databaseUrl) : 'not used');
  logRunHeader('fan-out', settings.smoke, machine, log);
  const idleBefore = await idleMachineCpu(settings.smoke ? 500 : 2000);
  log(`machine before the run: ${fmt(idleBefore.busyPercent)} % of one core busy, steal ${fmt(idleBefore.stealPercent)} %`);
  if (idleBefore.busyPercent > 15) log('WARNING: other programs are using the CPU; the figures of this run will be noisy');
  if (skipOurs) log(`NOTE: this server is skipped: ${skipOurs}`);

  const specs: ScenarioSpec[] = [];
  for (const plan of settings.sizes) {
    for (const variant of settings.variants) {
      if (variant === 'ours') {
        if (skipOurs === undefined) for (const idMode of settings.oursIdModes) specs.push({ variant, idMode, plan });
      } else {
        specs.push({ variant, idMode: 'shared', plan });
      }
    }
  }

  const results: ScenarioResult[] = [];
  for (const spec of specs) {
    try {
      const result = await runScenario(root, spec, settings, checks, log);
      if (result) results.push(result);
    } catch (error) {
      checks.fail(`${spec.variant} (${spec.idMode} ids), ${spec.plan.subscribers} subscribers`, error);
      for (const child of runningChildren) await child.kill();
      runningChildren.clear();
    }
  }

  log(
    `\n== Fan-out: one status change -> N graphql-ws subscribers; server CPU = all threads of its process from the first publish to the last frame received ==`,
  );
  log(mainTable(results));
  log('');
  log(detailTable(results));
  const list = fanoutTargets(results, skipOurs);
  log(`\n== Targets${settings.smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(list));

  writeResults(
    settings.smoke ? 'fanout-smoke.json' : 'fanout-latest.json',
    {
      date: new Date().toISOString(),
      smoke: settings.smoke,
      machine,
      idleBefore,
      versions: {
        'uWebSockets.js': packageVersion('uWebSockets.js'),
        ws: packageVersion('ws'),
        'graphql-ws': packageVersion('graphql-ws'),
        graphql: packageVersion('graphql'),
      },
      settings: { ...settings, adminPassword: undefined, apiKey: undefined },
      limits: LIMITS,
      oursSkipped: skipOurs ?? null,
      results,
      targets: list,
      failures: checks.failures,
    },
    log,
  );
  return exitCode(checks, list, settings.enforceTargets, log);
}

runBench(main, stoppable, log);
