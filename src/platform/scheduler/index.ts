/**
 * Time and timers, injected: the one import path of the scheduler seam (src/platform/scheduler/). Rules take
 * a `Clock` and never read the wall clock or start a bare timer; which clock a timer uses, product
 * time or real time, is the rule in src/platform/scheduler/clock.ts.
 */
export type { Clock, TimerHandle } from './clock.js';
export { createSystemClock, systemClock, systemDeadlineClock } from './systemClock.js';
export { createManualClock, type ManualClock } from './manualClock.js';
export { createTurnPacer, MOST_LEFT_MS, nextTurn, type TurnTime } from './nextTurn.js';
export { codeUnitOrder, sortInSlices } from './sortInSlices.js';
export { SLICE_MS, timeSlice, type TimeSliceOptions } from './timeSlice.js';
