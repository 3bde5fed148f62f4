/**
 * Scratch entries in build/: a build being compiled, a lock being made or taken away. Named after
 * the process that made them, so one left by a process that died (killed mid-build) can be told
 * from one still in use and removed.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isRunning, thisProcess } from './processes.mjs';

const SCRATCH = /^\.tmp-(.+)-(\d+)-[0-9a-f]{8}-[a-z]+$/;

/** A fresh name in `buildRoot` for this process. @param {string} buildRoot @param {string} purpose */
export function scratchPath(buildRoot, purpose) {
  const { host, pid } = thisProcess();
  return join(buildRoot, `.tmp-${host}-${pid}-${randomBytes(4).toString('hex')}-${purpose}`);
}

/** True for a scratch entry whose process no longer runs. @param {string} name */
export function isAbandonedScratch(name) {
  const match = SCRATCH.exec(name);
  return match !== null && !isRunning({ host: /** @type {string} */ (match[1]), pid: Number(match[2]) });
}
