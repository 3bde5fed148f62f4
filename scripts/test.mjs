/**
 * The node test suite (`npm test` runs it after the typecheck and the console's tests), or the
 * browser tests (`npm run test:browser`): every file `testFiles.mjs` finds, several files at a time,
 * with the spec reporter (names, not TAP), then a summary: how many files reported out of how many
 * on disk (a file that never ran fails the run) and each failing test by file and name.
 *
 * SVC_TEST_CONCURRENCY sets how many files run at once (default below, measured in test/README.md).
 * Arguments: folders or files under test/ run only those (`node scripts/test.mjs test/unit/plugins/sla`);
 * options go to `node --test` (e.g. `--test-name-pattern=...`).
 *
 * The files run compiled (scripts/testBuild.mjs: the checkout's TypeScript compiled once into a mirror
 * tree, loaded without a loader hook), or under tsx as `node --import tsx --test` would run them when
 * SVC_TEST_LOADER=tsx (a comparison, or a file that must see its own .ts path).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildTestTree } from './testBuild.mjs';
import { ROOT, testFiles } from './testFiles.mjs';

/** Files at once by default: measured on 2 cores (test/README.md); the suites wait on I/O and timers much of the time. */
const DEFAULT_CONCURRENCY = 4;
/**
 * V8 flags of every test process. `--liftoff-only`: the embedded database (PGlite, PostgreSQL compiled to
 * WebAssembly) runs on V8's baseline compiler only; by default V8 also recompiles its hot functions with the
 * optimizing compiler, about 1.5 s of CPU per test process that opens one, more than the optimized code
 * saves in a test's few hundred queries (test/README.md "Timings"). SVC_TEST_WASM_TIERS=all keeps both tiers.
 */
const V8_FLAGS = process.env['SVC_TEST_WASM_TIERS'] === 'all' ? [] : ['--liftoff-only'];
/** Per test and suite: far above the slowest suite (the release builds, about 5 minutes under load). */
const TEST_TIMEOUT_MS = 15 * 60 * 1000;

const args = process.argv.slice(2);
const browser = args[0] === '--browser';
const rest = browser ? args.slice(1) : args;
const passThrough = rest.filter((arg) => arg.startsWith('-'));
const only = rest.filter((arg) => !arg.startsWith('-')).map((arg) => arg.replace(/\/+$/, ''));
const files = testFiles(browser ? 'browser' : 'node').filter(
  (file) => only.length === 0 || only.some((path) => file === path || file.startsWith(`${path}/`)),
);
if (files.length === 0) throw new Error(`no test file under ${only.join(', ')}`);
const loader = process.env['SVC_TEST_LOADER'] ?? 'compiled';
if (loader !== 'compiled' && loader !== 'tsx') throw new Error(`SVC_TEST_LOADER is compiled or tsx, not ${loader}`);
/** Where the files run from: the mirror tree, or the checkout itself under tsx. */
const runRoot = loader === 'tsx' ? ROOT : await buildTestTree(ROOT);
const asRun = (/** @type {string} */ file) => (loader === 'tsx' ? file : file.replace(/\.ts$/, '.js'));
const concurrency = Number(process.env['SVC_TEST_CONCURRENCY'] ?? (browser ? 1 : DEFAULT_CONCURRENCY));
if (!Number.isInteger(concurrency) || concurrency < 1)
  throw new Error(`SVC_TEST_CONCURRENCY must be a positive integer, not ${process.env['SVC_TEST_CONCURRENCY']}`);

/**
 * A file whose first lines hold `@runs-alone` measures the machine's responsiveness (a deadline after a signal, a
 * thousand clients reconnecting): it runs after the others, one at a time, so the files beside it do not decide
 * its result.
 */
const RUNS_ALONE = /^\s*(\/\/|\*)\s*@runs-alone\b/m;
const alone = files.filter((file) => RUNS_ALONE.test(readFileSync(join(ROOT, file), 'utf8').slice(0, 4000)));
const together = files.filter((file) => !alone.includes(file));

/**
 * The CPU seconds each test file's process cost, as scripts/testCpu.mjs appended them (one JSON line a file).
 * @param {string} text
 * @returns {{ file: string, seconds: number }[]}
 */
function readCpu(text) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map(({ file, user, system, childUser, childSystem }) => ({ file, seconds: user + system + childUser + childSystem }));
}

/**
 * CPU seconds (user, system) of this process's waited-for children so far: the `node --test` runs and
 * everything they started, so the whole suite's cost (read from /proc/self/stat; undefined elsewhere).
 */
function childrenCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[16 - 3]) / 100, system: Number(fields[17 - 3]) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * One `node --test` run of `phaseFiles`; its summary as scripts/testSummary.mjs writes it.
 * @param {string[]} phaseFiles
 * @param {number} filesAtOnce
 */
async function runPhase(phaseFiles, filesAtOnce) {
  const scratch = mkdtempSync(join(tmpdir(), 'svc-test-summary-'));
  const summaryFile = join(scratch, 'summary.json');
  const cpuFile = join(scratch, 'cpu.jsonl');
  const child = spawn(
    process.execPath,
    [
      ...(loader === 'tsx' ? ['--import', 'tsx'] : ['--enable-source-maps']),
      ...V8_FLAGS,
      // Each file's process records the CPU it and its children cost (scripts/testCpu.mjs), read back below.
      '--import',
      join(ROOT, 'scripts', 'testCpu.mjs'),
      '--test',
      // A hung test (a promise nobody resolves) fails after this instead of holding the run until CI's own limit.
      `--test-timeout=${TEST_TIMEOUT_MS}`,
      `--test-concurrency=${filesAtOnce}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(ROOT, 'scripts', 'testSummary.mjs')}`,
      `--test-reporter-destination=${summaryFile}`,
      ...passThrough,
      ...phaseFiles.map((file) => join(runRoot, asRun(file))),
    ],
    // The tests find the checkout through SVC_TEST_CHECKOUT (test/support/repoRoot.ts), wherever they were compiled to.
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, SVC_TEST_CHECKOUT: ROOT, SVC_TEST_CPU_FILE: cpuFile } },
  );
  const code = await new Promise((resolve) => child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
  /** @type {{ files: string[], passed: number, skipped: number, failures: { file: string, name: string, error: string }[], slowest: { file: string, ms: number }[] }} */
  let phaseSummary;
  try {
    phaseSummary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    phaseSummary = { files: [], passed: 0, skipped: 0, failures: [], slowest: [] };
  }
  const cpu = existsSync(cpuFile) ? readCpu(readFileSync(cpuFile, 'utf8')) : [];
  rmSync(scratch, { recursive: true, force: true });
  return { code, summary: phaseSummary, cpu };
}

const started = Date.now();
const phases = [];
if (together.length > 0) phases.push(await runPhase(together, concurrency));
if (alone.length > 0) phases.push(await runPhase(alone, 1));
const code = phases.some((phase) => phase.code !== 0) ? 1 : 0;
const summary = {
  files: phases.flatMap((phase) => phase.summary.files),
  passed: phases.reduce((sum, phase) => sum + phase.summary.passed, 0),
  skipped: phases.reduce((sum, phase) => sum + phase.summary.skipped, 0),
  failures: phases.flatMap((phase) => phase.summary.failures),
  slowest: phases
    .flatMap((phase) => phase.summary.slowest)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10),
};

const chosen = new Set(files);
// Events without a file of the list (the runner's own, e.g. a file that failed to load before its tests) are not files run.
/**
 * A file as the runner reported it, as listed on disk: the runner names a compiled file by its source
 * (the source map's path in the checkout), or by its path in the mirror when it has no location.
 * @param {string} file
 */
const asListed = (file) => {
  const inMirror = relative(runRoot, file);
  return inMirror.startsWith('..') ? relative(ROOT, file) : inMirror.replace(/\.js$/, '.ts');
};
const reported = new Set(summary.files.map(asListed).filter((file) => chosen.has(file)));
const silent = passThrough.some((arg) => arg.startsWith('--test-name-pattern') || arg === '--test-only')
  ? []
  : files.filter((file) => !reported.has(file));
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\n== summary (${browser ? 'browser tests' : 'node suite'}, ${concurrency} files at once${alone.length > 0 ? `, then ${alone.length} alone` : ''}, ${minutes} min)`,
);
console.log(`slowest files: ${summary.slowest.map(({ file, ms }) => `${asListed(file)} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);
console.log(
  `files: ${reported.size} reported of ${files.length} ${only.length === 0 ? 'on disk' : 'chosen'}; tests: ${summary.passed} passed, ${summary.skipped} skipped, ${summary.failures.length} failed`,
);
const cpu = phases.flatMap((phase) => phase.cpu).sort((a, b) => b.seconds - a.seconds);
const total = childrenCpu();
if (total && cpu.length > 0) {
  const files = cpu.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(
    `CPU: ${(total.user + total.system).toFixed(0)} s (${total.user.toFixed(0)} user, ${total.system.toFixed(0)} system), of which the test files ${files.toFixed(0)} s; most: ${cpu
      .slice(0, 10)
      .map(({ file, seconds }) => `${asListed(file)} ${seconds.toFixed(0)} s`)
      .join(', ')}`,
  );
}
if (process.env['SVC_TEST_CPU_REPORT']) {
  writeFileSync(process.env['SVC_TEST_CPU_REPORT'], cpu.map(({ file, seconds }) => `${seconds.toFixed(2)}\t${asListed(file)}\n`).join(''));
}
for (const file of silent) console.log(`NOT RUN: ${file} (no test of it reported)`);
for (const failure of summary.failures) console.log(`FAILED: ${asListed(failure.file)} > ${failure.name}\n        ${failure.error}`);
process.exitCode = code !== 0 || silent.length > 0 || summary.failures.length > 0 ? 1 : 0;
