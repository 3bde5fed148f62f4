/**
 * Whether a process named in a lock or a marker still runs. Only this host's processes can be
 * checked; one on another host (a checkout on a shared file system) counts as running, so nothing
 * of it is ever removed or taken over.
 */
import { hostname } from 'node:os';

/** @typedef {{ readonly pid: number, readonly host: string }} ProcessRef */

/** @returns {ProcessRef} */
export function thisProcess() {
  return { pid: process.pid, host: hostname() };
}

/** @param {ProcessRef} ref @returns {boolean} */
export function isRunning(ref) {
  if (ref.host !== hostname()) return true;
  if (!Number.isSafeInteger(ref.pid) || ref.pid <= 0) return false;
  try {
    process.kill(ref.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}
