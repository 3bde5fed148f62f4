/**
 * One start at a time per checkout decides whether to build, builds, registers the server it is
 * about to run and prunes old builds, so concurrent starters build once and a build in use is never
 * pruned. The lock is a directory holding `owner.json`, made whole elsewhere and renamed into place
 * (a rename onto an existing, non-empty directory fails), so the owner is never missing.
 *
 * A lock whose owner no longer runs (a start killed mid-build) is taken over: it is renamed away,
 * and if the one renamed away turns out not to be the dead owner's (another starter took it over an
 * instant earlier and locked again) it is put back. Correctness does not rest on the lock: a build
 * is published by an atomic rename and never changes afterwards; the lock saves duplicate builds and
 * keeps pruning away from a build a starter is about to use.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isRunning, thisProcess } from './processes.mjs';
import { scratchPath } from './scratch.mjs';

/** @typedef {{ readonly pid: number, readonly host: string, readonly nonce: string }} LockOwner */

const POLL_MS = 50;

/**
 * Waits until the lock at `path` is this process's. `onWait` is called once if another process holds it.
 * @param {string} path
 * @param {(holder: LockOwner) => void} onWait
 * @returns {Promise<{ release(): void }>}
 */
export async function acquireLock(path, onWait) {
  const buildRoot = dirname(path);
  /** @type {LockOwner} */
  const owner = { ...thisProcess(), nonce: randomBytes(8).toString('hex') };
  let told = false;
  for (;;) {
    if (tryLock(path, owner, buildRoot)) return { release: () => release(path, owner, buildRoot) };
    const holder = readOwner(path);
    if (holder === undefined) continue; // released in the meantime
    if (!isRunning(holder)) {
      takeOver(path, holder, buildRoot);
      continue;
    }
    if (!told) onWait(holder);
    told = true;
    await sleep(POLL_MS);
  }
}

/** @param {string} path @param {LockOwner} owner @param {string} buildRoot */
function tryLock(path, owner, buildRoot) {
  const staging = scratchPath(buildRoot, 'lock');
  mkdirSync(staging);
  writeFileSync(join(staging, 'owner.json'), JSON.stringify(owner));
  try {
    renameSync(staging, path);
    return true;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

/** @param {string} path @returns {LockOwner | undefined} */
function readOwner(path) {
  try {
    return JSON.parse(readFileSync(join(path, 'owner.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** @param {string} path @param {LockOwner} dead @param {string} buildRoot */
function takeOver(path, dead, buildRoot) {
  const away = scratchPath(buildRoot, 'stale');
  try {
    renameSync(path, away);
  } catch {
    return; // someone else moved it first
  }
  if (readOwner(away)?.nonce === dead.nonce) {
    rmSync(away, { recursive: true, force: true });
    return;
  }
  // Not the dead owner's lock: put it back (if the place is still free) and try again.
  try {
    renameSync(away, path);
  } catch {
    rmSync(away, { recursive: true, force: true });
  }
}

/** Renamed away before it is removed, so nobody ever sees a half-removed lock. @param {string} path @param {LockOwner} owner @param {string} buildRoot */
function release(path, owner, buildRoot) {
  if (readOwner(path)?.nonce !== owner.nonce) return;
  const away = scratchPath(buildRoot, 'released');
  renameSync(path, away);
  rmSync(away, { recursive: true, force: true });
}
