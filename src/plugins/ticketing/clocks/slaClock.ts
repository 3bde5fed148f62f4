/**
 * One SLA clock of a ticket (response or resolution) as an immutable, JSON-serializable value.
 *
 * The clock counts business minutes of its calendar. What has been counted is frozen into
 * `elapsedMinutes` whenever the clock pauses or stops, and the running part is always measured
 * from `runningSince`; paused time is therefore never in the count, whatever the calendar, and a
 * changed target (`retarget`) keeps the count as it is (the GLPI/Jira bugs: paused time miscounted,
 * SLAs that only work 24/7, pause time lost when the SLA changes).
 *
 * Breach is measured in business time: a clock is breached once more business minutes have been
 * counted than the target allows. `dueAt` is the earliest instant at which the target is used up;
 * when that is the end of an opening (Friday 17:00), the clock breaches at the next opening
 * (Monday 09:00 + a millisecond), which `breachesAt` answers for the breach timer.
 * `minutesUntilDue` is in business minutes too, so it turns negative exactly when `isBreached`
 * turns true.
 */
import type { BusinessCalendar } from '../ticketContract.js';
import { addBusinessMinutes, businessMinutesBetween, nextOpenAt, subtractBusinessMinutes } from '../calendar/businessCalendar.js';

export interface SlaClock {
  /** Business minutes allowed. */
  readonly targetMinutes: number;
  /** Business minutes counted before `runningSince`. */
  readonly elapsedMinutes: number;
  /** Epoch ms; null while paused or stopped. */
  readonly runningSince: number | null;
  /** Set while paused. */
  readonly pausedAt: number | null;
  /** Set once met/stopped (responded or resolved). */
  readonly stoppedAt: number | null;
}

export type SlaClockState = 'running' | 'paused' | 'stopped';

/** Float noise of minute sums (far below a millisecond) is not a breach. */
const EPSILON_MINUTES = 1e-7;

function assertTarget(targetMinutes: number): void {
  if (!Number.isFinite(targetMinutes) || targetMinutes < 0)
    throw new RangeError(`targetMinutes must be a finite number >= 0, got ${String(targetMinutes)}`);
}

function assertInstant(at: number): void {
  if (!Number.isFinite(at)) throw new RangeError(`clock instant must be finite epoch ms, got ${String(at)}`);
}

export function clockState(clock: SlaClock): SlaClockState {
  if (clock.stoppedAt !== null) return 'stopped';
  if (clock.runningSince !== null) return 'running';
  return 'paused';
}

export function startClock(targetMinutes: number, at: number): SlaClock {
  assertTarget(targetMinutes);
  assertInstant(at);
  return { targetMinutes, elapsedMinutes: 0, runningSince: at, pausedAt: null, stoppedAt: null };
}

/** Business minutes counted up to `now` (the running part counts from `runningSince`). */
export function elapsedAt(clock: SlaClock, calendar: BusinessCalendar, now: number): number {
  if (clock.runningSince === null) return clock.elapsedMinutes;
  return clock.elapsedMinutes + businessMinutesBetween(calendar, clock.runningSince, now);
}

/** Freezes the count at `at`; no-op when paused or stopped. */
export function pauseClock(clock: SlaClock, calendar: BusinessCalendar, at: number): SlaClock {
  if (clock.runningSince === null || clock.stoppedAt !== null) return clock;
  assertInstant(at);
  return { ...clock, elapsedMinutes: elapsedAt(clock, calendar, at), runningSince: null, pausedAt: at };
}

/** Counts again from `at`; no-op unless paused. */
export function resumeClock(clock: SlaClock, at: number): SlaClock {
  if (clock.pausedAt === null || clock.stoppedAt !== null) return clock;
  assertInstant(at);
  return { ...clock, runningSince: at, pausedAt: null };
}

/** Met or ended at `at` (a paused clock keeps its count); no-op when already stopped. */
export function stopClock(clock: SlaClock, calendar: BusinessCalendar, at: number): SlaClock {
  if (clock.stoppedAt !== null) return clock;
  assertInstant(at);
  return { ...clock, elapsedMinutes: elapsedAt(clock, calendar, at), runningSince: null, pausedAt: null, stoppedAt: at };
}

/** Reopened: running again from `at`, the count kept; no-op when already running. */
export function restartClock(clock: SlaClock, at: number): SlaClock {
  if (clock.runningSince !== null) return clock;
  assertInstant(at);
  return { ...clock, runningSince: at, pausedAt: null, stoppedAt: null };
}

/** The SLA or the priority changed: the new target applies to the count so far (paused time stays out). */
export function retarget(clock: SlaClock, targetMinutes: number): SlaClock {
  assertTarget(targetMinutes);
  return { ...clock, targetMinutes };
}

/**
 * The earliest instant at which the target is used up; null while paused or stopped. A clock
 * resumed after its target was already exceeded answers the instant that many business minutes
 * before it resumed, so `now - dueAt` keeps meaning "this late".
 */
export function dueAt(clock: SlaClock, calendar: BusinessCalendar): number | null {
  if (clock.runningSince === null) return null;
  const remaining = clock.targetMinutes - clock.elapsedMinutes;
  if (remaining >= 0) return addBusinessMinutes(calendar, clock.runningSince, remaining);
  return subtractBusinessMinutes(calendar, clock.runningSince, -remaining);
}

/** Whole business minutes left (floor), negative once breached; null while paused or stopped. */
export function minutesUntilDue(clock: SlaClock, calendar: BusinessCalendar, now: number): number | null {
  if (clock.runningSince === null) return null;
  const left = clock.targetMinutes - elapsedAt(clock, calendar, now);
  // Within float noise of zero is zero, so a clock that has just used its target reads 0, not -1.
  return Math.abs(left) < EPSILON_MINUTES ? 0 : Math.floor(left);
}

/** Whether more business minutes were counted by `now` than the target allows (stopped clocks: at their stop). */
export function isBreached(clock: SlaClock, calendar: BusinessCalendar, now: number): boolean {
  return elapsedAt(clock, calendar, now) - clock.targetMinutes > EPSILON_MINUTES;
}

/**
 * The first whole millisecond at which `isBreached` turns true if nothing changes, for the breach
 * timer; null while paused or stopped. Later than `dueAt` when the target runs out at a closing.
 */
export function breachesAt(clock: SlaClock, calendar: BusinessCalendar): number | null {
  if (clock.runningSince === null) return null;
  const remaining = clock.targetMinutes - clock.elapsedMinutes;
  if (remaining < -EPSILON_MINUTES) return Math.ceil(clock.runningSince);
  const due = remaining > 0 ? addBusinessMinutes(calendar, clock.runningSince, remaining) : clock.runningSince;
  // The count stands still until the next opening; one millisecond into it the target is exceeded.
  return Math.floor(nextOpenAt(calendar, due)) + 1;
}

/** A clock read back from JSON (a jsonb snapshot); throws naming the field when it is not one. */
export function parseSlaClock(input: unknown): SlaClock {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new TypeError('SLA clock must be an object');
  const record = input as Record<string, unknown>;
  const number = (key: string, nullable: boolean): number | null => {
    const value = record[key];
    if (nullable && value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new TypeError(`SLA clock ${key} must be a finite number${nullable ? ' or null' : ''}, got ${JSON.stringify(value)}`);
    return value;
  };
  const clock: SlaClock = {
    targetMinutes: number('targetMinutes', false)!,
    elapsedMinutes: number('elapsedMinutes', false)!,
    runningSince: number('runningSince', true),
    pausedAt: number('pausedAt', true),
    stoppedAt: number('stoppedAt', true),
  };
  const states = [clock.runningSince, clock.pausedAt, clock.stoppedAt].filter((v) => v !== null).length;
  if (states !== 1) throw new TypeError('SLA clock must have exactly one of runningSince, pausedAt, stoppedAt set');
  if (clock.targetMinutes < 0 || clock.elapsedMinutes < 0) throw new TypeError('SLA clock targetMinutes and elapsedMinutes must be >= 0');
  return clock;
}
