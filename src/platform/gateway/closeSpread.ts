/**
 * Closing every WebSocket at a restart without a reconnect storm: the sockets are closed in equal
 * slices, one slice per tick, evenly over `windowMs` (the first slice at once, the last one tick
 * before the window ends), so clients come back at about `count / windowMs` a millisecond on top of
 * their own jittered backoff, not all in the same instant. A window of 0 closes all at once.
 *
 * Real time (src/platform/scheduler/clock.ts: the shutdown drain); a socket that closed by itself
 * meanwhile is skipped by its own `close` (a no-op on a closed socket).
 */
import type { Clock } from '../scheduler/index.js';

export interface Closable {
  close(code: number, reason: string): void;
}

/**
 * The close code of a graceful stop: 1012 Service Restart (IANA's WebSocket close code registry), which
 * graphql-ws clients take as "reconnect" (not a fatal close).
 */
export const SERVICE_RESTART_CLOSE_CODE = 1012;

/** Ticks are at least this far apart: finer slices buy nothing but timers. */
export const CLOSE_TICK_MS = 20;

/** When slice `k` of `ticks` closes, and how many sockets it closes: the schedule, pure (unit-tested). */
export function closeSchedule(count: number, windowMs: number): Array<{ readonly atMs: number; readonly sockets: number }> {
  if (count === 0) return [];
  const ticks = windowMs <= 0 ? 1 : Math.max(1, Math.min(count, Math.floor(windowMs / CLOSE_TICK_MS)));
  const slices: Array<{ atMs: number; sockets: number }> = [];
  let done = 0;
  for (let k = 0; k < ticks; k += 1) {
    const until = Math.round((count * (k + 1)) / ticks);
    slices.push({ atMs: Math.round((windowMs * k) / ticks), sockets: until - done });
    done = until;
  }
  return slices;
}

/** Closes `sockets` with `code` on `closeSchedule`; resolves once the last slice was closed. */
export function closeSpread(
  sockets: readonly Closable[],
  options: { readonly code: number; readonly reason: string; readonly windowMs: number; readonly clock: Clock },
): Promise<void> {
  const { code, reason, windowMs, clock } = options;
  const schedule = closeSchedule(sockets.length, windowMs);
  if (schedule.length === 0) return Promise.resolve();
  let next = 0;
  const closeSlice = (count: number) => {
    for (const end = next + count; next < end; next += 1) sockets[next]!.close(code, reason);
  };
  return new Promise((resolve) => {
    schedule.forEach((slice, k) => {
      const run = () => {
        closeSlice(slice.sockets);
        if (k === schedule.length - 1) resolve();
      };
      if (slice.atMs === 0) run();
      else clock.setTimer(slice.atMs, run);
    });
  });
}
