/**
 * Time and timers, injected: the one import path of the scheduler seam (src/scheduler/). Rules take
 * a `Clock` and never read the wall clock or start a bare timer; which clock a timer uses, product
 * time or real time, is the rule in src/scheduler/clock.ts.
 */
export type { Clock, TimerHandle } from './scheduler/clock.js';
export { createSystemClock, systemClock, systemDeadlineClock } from './scheduler/systemClock.js';
export { createManualClock, type ManualClock } from './scheduler/manualClock.js';
