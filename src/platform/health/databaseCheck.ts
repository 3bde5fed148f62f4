/**
 * The database as readiness sees it: one round trip every `intervalMs` on a timer of its own, the
 * last outcome cached, so probes (however many, however often) cost the database nothing. The next
 * round trip starts `intervalMs` after the previous one settled, so a slow database never has more
 * than one check waiting on it.
 *
 * An outcome older than `staleAfterMs` fails: a check that stopped observing (a blocked loop, a
 * round trip that neither answered nor timed out) must not keep reporting the last good answer.
 * Real time (src/platform/scheduler/clock.ts: a timer that paces I/O); unref'd, it never keeps the
 * process up.
 */
import type { Logger } from '../log/logger.js';
import type { DatabaseKind } from '../persistence/database.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import type { CheckResult, HealthCheck } from './readiness.js';

export interface DatabaseCheckOptions {
  readonly database: { readonly kind: DatabaseKind; ping(timeoutMs?: number): Promise<void> };
  /** Real time (`systemClock`). */
  readonly clock: Clock;
  readonly logger: Logger;
  /** @default DATABASE_CHECK_INTERVAL_MS */
  readonly intervalMs?: number;
  /** A round trip slower than this fails. @default 2000 */
  readonly timeoutMs?: number;
}

/** How often readiness asks the database. */
export const DATABASE_CHECK_INTERVAL_MS = 2000;

export interface DatabaseCheck {
  readonly check: HealthCheck;
  /** One round trip now (start-up waits for it before readiness turns on: the first answer is a fresh one). */
  refresh(): Promise<void>;
  /** No more round trips; resolves once the one under way (if any) settled, so the database can close. */
  stop(): Promise<void>;
}

interface Outcome {
  readonly ok: boolean;
  readonly latencyMs: number;
  readonly at: number;
  readonly error?: string;
}

export function startDatabaseCheck(options: DatabaseCheckOptions): DatabaseCheck {
  const { database, clock, logger } = options;
  const intervalMs = options.intervalMs ?? DATABASE_CHECK_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? 2000;
  const staleAfterMs = intervalMs + timeoutMs + 1000;
  let last: Outcome | undefined;
  let timer: TimerHandle | undefined;
  let stopped = false;
  let inFlight: Promise<void> | undefined;

  const roundTrip = (): Promise<void> => {
    inFlight ??= (async () => {
      const started = performance.now();
      let outcome: Outcome;
      try {
        await database.ping(timeoutMs);
        outcome = { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100, at: clock.now() };
      } catch (error) {
        outcome = {
          ok: false,
          latencyMs: Math.round(performance.now() - started),
          at: clock.now(),
          error: error instanceof Error ? error.message : String(error),
        };
      }
      // Transitions only: a database that stays down is one line, not one every interval.
      if (stopped) return;
      if (last?.ok !== false && !outcome.ok) logger.warn('readiness: the database check fails', { error: outcome.error });
      else if (last?.ok === false && outcome.ok) logger.info('readiness: the database answers again', { latencyMs: outcome.latencyMs });
      last = outcome;
    })().finally(() => {
      inFlight = undefined;
      schedule();
    });
    return inFlight;
  };
  const schedule = () => {
    clock.clearTimer(timer);
    timer = stopped ? undefined : clock.setTimer(intervalMs, () => void roundTrip());
  };
  void roundTrip();

  return {
    check(): CheckResult {
      const base = { componentType: 'datastore', observedUnit: 'ms' } as const;
      if (last === undefined) return { ...base, status: 'fail', output: 'no answer from the database yet' };
      const time = new Date(last.at).toISOString();
      const age = clock.now() - last.at;
      if (age > staleAfterMs) return { ...base, status: 'fail', time, output: `no answer from the database for ${Math.round(age)} ms` };
      if (!last.ok) return { ...base, status: 'fail', time, observedValue: last.latencyMs, output: `${database.kind}: ${last.error}` };
      return { ...base, status: 'pass', time, observedValue: last.latencyMs };
    },
    refresh: roundTrip,
    async stop() {
      stopped = true;
      clock.clearTimer(timer);
      timer = undefined;
      await inFlight;
    },
  };
}
