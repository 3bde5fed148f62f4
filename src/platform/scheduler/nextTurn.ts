/**
 * Resolves on a later turn of the event loop: long work over a fleet (the SLA evaluation's builds and ticks, a
 * dashboard's computation, a sort) awaits it between slices so that requests are served in between. Not a timer
 * when the loop is idle: the turn comes back at once and the work goes on at full speed.
 *
 * One turn between slices is not enough when the loop is busy with requests: every I/O callback a request needs (each
 * chunk of its body, its commit's answer) waits behind a whole slice, so at a million services a status sync of
 * 1,000 waited tens of slices, p99 168-432 ms in a cycle that held an SLA definition's build (bench:storm; ADR 0092).
 * So when the turn came back late (the loop had work of its own), the work leaves the loop as long again as its last
 * slice took, on a timer, during which the loop turns freely: background work then takes about half of a busy loop
 * at most, and a request waits behind one slice, not one per callback.
 */
import { setImmediate as immediate, setTimeout as sleep } from 'node:timers/promises';

/** A turn that took longer than this came back after other work (an idle loop's turn takes tens of microseconds). */
export const BUSY_TURN_MS = 0.2;
/** Slices shorter than this hold a request back too little to leave room after. */
export const SHORT_SLICE_MS = 1;
/** The longest a slice's work leaves the loop for (a slice measured across other awaits can look long). */
export const MOST_LEFT_MS = 20;

/** What the pacing reads and waits with (real time in the product; a test's own in the tests). */
export interface TurnTime {
  now(): number;
  /** The event loop's next turn. */
  turn(): Promise<void>;
  /** A timer of `ms`: the loop turns freely meanwhile. */
  sleep(ms: number): Promise<void>;
}

/**
 * A `nextTurn` over `time`. A slice is the run of code from a resume to the next yield within the same turn: one
 * measure for the process is enough, since slices run one after another on one thread. Work that waited on anything
 * else after its resume (a query, another turn) has no slice to measure: the resume is forgotten a turn later.
 */
export function createTurnPacer(time: TurnTime): () => Promise<void> {
  let resumedAt = Number.NaN;
  let resumes = 0;
  return async () => {
    const yieldedAt = time.now();
    const slice = yieldedAt - resumedAt;
    await time.turn();
    const turn = time.now() - yieldedAt;
    if (turn >= BUSY_TURN_MS && slice >= SHORT_SLICE_MS) await time.sleep(Math.min(slice, MOST_LEFT_MS));
    resumedAt = time.now();
    const resume = ++resumes;
    void time.turn().then(() => {
      if (resumes === resume) resumedAt = Number.NaN;
    });
  };
}

const realTime: TurnTime = {
  now: () => performance.now(),
  turn: () => immediate(),
  sleep: (ms) => sleep(ms),
};

/** The process's pacing between slices of long work (see above). */
export const nextTurn: () => Promise<void> = createTurnPacer(realTime);
