/**
 * The release build `npm start` runs: `build/<hash>/` for the current sources (sourceHash.mjs),
 * compiled only when it does not exist yet. A build is compiled into a scratch directory and
 * published by renaming it to `build/<hash>/`, complete with its `build.json` marker, so a starting
 * process sees either no build or a whole one; a published build is never written again (only
 * `.running/` markers are added beside its files). Each start registers its process in the build it
 * runs (`.running/<host>-<pid>`, removed at exit), and after compiling a new build, older builds
 * that no running process uses are removed, so a server keeps the files it started from.
 *
 * `npm run build` (the Dockerfile's and bench's `dist/`) is separate; it compiles and bundles the same way, in place.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { acquireLock } from './buildLock.mjs';
import { bundleRelease } from './bundle.mjs';
import { precompress } from './precompress.mjs';
import { isRunning, thisProcess } from './processes.mjs';
import { isAbandonedScratch, scratchPath } from './scratch.mjs';
import { sourceHash } from './sourceHash.mjs';

export const BUILD_MARKER = 'build.json';
const HASH_NAME = /^[0-9a-f]{16}$/;

/**
 * @typedef {{ level: 'info' | 'warn', msg: string } & Record<string, unknown>} StartLog
 * @param {string} root the checkout
 * @param {(record: StartLog) => void} log
 * @returns {Promise<{ dir: string, hash: string, compiled: boolean }>}
 */
export async function ensureBuild(root, log) {
  const buildRoot = join(root, 'build');
  mkdirSync(buildRoot, { recursive: true });
  const lock = await acquireLock(join(buildRoot, '.lock'), (holder) =>
    log({
      level: 'info',
      msg: 'waiting for another start of this checkout to finish with the build',
      holder: { pid: holder.pid, host: holder.host },
    }),
  );
  try {
    for (;;) {
      const hash = sourceHash(root);
      const dir = join(buildRoot, hash);
      if (existsSync(join(dir, BUILD_MARKER))) {
        registerRunning(dir);
        log({ level: 'info', msg: 'release build reused: sources unchanged', build: hash });
        return { dir, hash, compiled: false };
      }
      const started = performance.now();
      const staging = await compile(root, buildRoot, hash);
      // The sources changed while the compiler read them: this output has no honest name; again.
      if (sourceHash(root) !== hash) {
        rmSync(staging, { recursive: true, force: true });
        continue;
      }
      publish(staging, dir);
      registerRunning(dir);
      log({ level: 'info', msg: 'release build compiled', build: hash, durationMs: Math.round(performance.now() - started) });
      const pruned = pruneUnused(buildRoot, hash);
      if (pruned.length > 0) log({ level: 'info', msg: 'older release builds removed: no running server uses them', builds: pruned });
      return { dir, hash, compiled: true };
    }
  } finally {
    lock.release();
  }
}

/**
 * Compiles tsconfig.build.json into a scratch directory beside the builds (same depth, so source maps
 * point right), then bundles the server's entry into one file (bundle.mjs: the start's module load),
 * then builds the console into `web/` beside it (where the server looks for it, src/main.ts) with
 * its compressed forms (precompress.mjs).
 * @param {string} root @param {string} buildRoot @param {string} hash @returns {Promise<string>} the scratch directory
 */
async function compile(root, buildRoot, hash) {
  const staging = scratchPath(buildRoot, 'build');
  const tsc = compilerPath(root);
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', staging], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
    throw new Error(`the release build failed (tsc -p tsconfig.build.json):\n${output}`);
  }
  try {
    await bundleRelease(root, staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`the release build failed (bundling src/main.js): ${error instanceof Error ? error.message : String(error)}`);
  }
  const web = join(staging, 'web');
  const vite = spawnSync(
    process.execPath,
    [vitePath(root), 'build', '--config', join(root, 'web', 'vite.config.ts'), '--outDir', web, '--logLevel', 'warn'],
    { cwd: root, encoding: 'utf8' },
  );
  if (vite.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    const output = `${vite.stdout ?? ''}${vite.stderr ?? ''}${vite.error ? String(vite.error) : ''}`;
    throw new Error(`the release build failed (vite build of the console, web/):\n${output}`);
  }
  try {
    await precompress(web);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `the release build failed (compressing the console's files): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const marker = { hash, builtAt: new Date().toISOString(), builtBy: thisProcess(), node: process.version };
  writeFileSync(join(staging, BUILD_MARKER), `${JSON.stringify(marker, null, 2)}\n`);
  return staging;
}

/** @param {string} root */
function vitePath(root) {
  const require = createRequire(join(root, 'package.json'));
  return join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
}

/** @param {string} root */
function compilerPath(root) {
  const require = createRequire(join(root, 'package.json'));
  const manifest = require.resolve('typescript/package.json');
  const bin = /** @type {{ bin: { tsc: string } }} */ (JSON.parse(readFileSync(manifest, 'utf8'))).bin.tsc;
  return join(dirname(manifest), bin);
}

/**
 * Atomic: `dir` appears whole. If it appeared meanwhile (only if the lock was taken over), that one stays.
 * @param {string} staging @param {string} dir
 */
function publish(staging, dir) {
  try {
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (!((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(join(dir, BUILD_MARKER)))) throw error;
  }
}

/** Marks `dir` as used by this process until it exits. @param {string} dir */
function registerRunning(dir) {
  const { host, pid } = thisProcess();
  const running = join(dir, '.running');
  mkdirSync(running, { recursive: true });
  const marker = join(running, `${host}-${pid}`);
  writeFileSync(marker, '');
  process.once('exit', () => {
    try {
      unlinkSync(marker);
    } catch {
      // Already gone (the build was removed by hand); nothing to undo.
    }
  });
}

/** @param {string} buildRoot @param {string} keep the build just published @returns {string[]} the builds removed */
function pruneUnused(buildRoot, keep) {
  const removed = [];
  for (const name of readdirSync(buildRoot)) {
    if (isAbandonedScratch(name)) rmSync(join(buildRoot, name), { recursive: true, force: true });
    else if (HASH_NAME.test(name) && name !== keep && !inUse(join(buildRoot, name))) {
      rmSync(join(buildRoot, name), { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** @param {string} dir */
function inUse(dir) {
  let markers;
  try {
    markers = readdirSync(join(dir, '.running'));
  } catch {
    return false;
  }
  return markers.some((name) => {
    const match = /^(.+)-(\d+)$/.exec(name);
    return match === null || isRunning({ host: /** @type {string} */ (match[1]), pid: Number(match[2]) });
  });
}
