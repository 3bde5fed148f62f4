/**
 * The rules of a ticket's two SLA clocks, as pure functions of its data (the machine's actions call
 * them; the clock arithmetic itself is src/plugins/ticketing/clocks/slaClock.ts, counted in the business
 * minutes of the ticket's calendar). docs/adr/0039-ticket-clocks-and-business-calendars.md has the reasons:
 *
 * - both clocks start at creation with the priority's (or the catalog item's) targets;
 * - the response clock stops at the first response: the first transition out of a NEW-category
 *   state, or the ticket getting an assignee, whichever comes first (and at RESOLVED / CLOSED);
 * - the resolution clock stops on entering a RESOLVED or CLOSED state and runs again on reopen
 *   (leaving RESOLVED / CLOSED for an open state), with the minutes counted before kept;
 * - the running clocks are paused while the ticket is paused by pauseTicketSLA OR sits in a
 *   WAITING-category state, and run again when neither holds; paused minutes never count;
 * - a change of impact or urgency retargets both clocks (elapsed and paused minutes are kept as
 *   they are: retarget changes the target only);
 * - a clock whose due time passes while it runs is breached once (its bit in `breached`); a
 *   retarget that moves its due time back into the future clears the bit.
 */
import {
  breachesAt,
  dueAt,
  isBreached,
  minutesUntilDue,
  pauseClock,
  restartClock,
  resumeClock,
  retarget,
  startClock,
  stopClock,
  type SlaClock,
} from '../clocks/slaClock.js';
import type { BusinessCalendar, ResolutionTargets, StatusCategory } from '../ticketContract.js';
import { RESOLUTION_BREACHED, RESPONSE_BREACHED, type ClockName, type TicketData, type TicketSla } from './ticketData.js';

const CLOCKS: readonly { readonly name: ClockName; readonly bit: number }[] = [
  { name: 'response', bit: RESPONSE_BREACHED },
  { name: 'resolution', bit: RESOLUTION_BREACHED },
];

const isDone = (category: StatusCategory) => category === 'RESOLVED' || category === 'CLOSED';

export function startClocks(targets: ResolutionTargets, at: number): Pick<TicketData, 'response' | 'resolution'> {
  return { response: startClock(targets.responseMinutes, at), resolution: startClock(targets.resolutionMinutes, at) };
}

const running = (c: SlaClock) => c.stoppedAt === null && c.pausedAt === null;
const stop = (c: SlaClock, cal: BusinessCalendar, at: number) => (c.stoppedAt === null ? stopClock(c, cal, at) : c);

/** Pause or resume the clocks that are not stopped so they match what the ticket says now. */
export function alignPause(data: TicketData, category: StatusCategory, cal: BusinessCalendar, at: number): TicketData {
  const paused = data.slaPaused || category === 'WAITING';
  const align = (c: SlaClock): SlaClock => {
    if (c.stoppedAt !== null) return c;
    if (paused && c.pausedAt === null) return pauseClock(c, cal, at);
    if (!paused && c.pausedAt !== null) return resumeClock(c, at);
    return c;
  };
  const response = align(data.response);
  const resolution = align(data.resolution);
  return response === data.response && resolution === data.resolution ? data : { ...data, response, resolution };
}

/** A workflow transition from a state of category `from` to one of category `to`. */
export function moved(data: TicketData, from: StatusCategory, to: StatusCategory, cal: BusinessCalendar, at: number): TicketData {
  let { response, resolution } = data;
  if ((from === 'NEW' && to !== 'NEW') || isDone(to)) response = stop(response, cal, at);
  if (isDone(to)) resolution = stop(resolution, cal, at);
  else if (isDone(from) && resolution.stoppedAt !== null) resolution = restartClock(resolution, at);
  return alignPause({ ...data, response, resolution, updatedAt: at }, to, cal, at);
}

/** Assignment: a first assignee is the first response. */
export function assigned(
  data: TicketData,
  assigneeId: string | null,
  groupId: string | null,
  cal: BusinessCalendar,
  at: number,
): TicketData {
  const response = assigneeId !== null ? stop(data.response, cal, at) : data.response;
  return { ...data, assigneeId, groupId, response, updatedAt: at };
}

/** New targets (impact or urgency changed the priority): elapsed and paused minutes stay as they are. */
export function retargeted(data: TicketData, targets: ResolutionTargets, cal: BusinessCalendar, at: number): TicketData {
  const response = retarget(data.response, targets.responseMinutes);
  const resolution = retarget(data.resolution, targets.resolutionMinutes);
  let breached = data.breached;
  for (const { name, bit } of CLOCKS) {
    const clock = name === 'response' ? response : resolution;
    if ((breached & bit) !== 0 && !overdue(clock, cal, at)) breached &= ~bit;
  }
  return { ...data, response, resolution, breached };
}

/** The clocks whose due time has come while they ran: their bits set (announced once). */
export function breachedAt(data: TicketData, cal: BusinessCalendar, at: number): TicketData {
  let breached = data.breached;
  for (const { name, bit } of CLOCKS) {
    const clock = data[name];
    if ((breached & bit) === 0 && running(clock) && overdue(clock, cal, at)) breached |= bit;
  }
  return breached === data.breached ? data : { ...data, breached };
}

/**
 * When the next breach is due: the earliest moment a running clock not yet breached exceeds its
 * target (`breachesAt`: a target used up at a closing breaches one millisecond into the next opening).
 */
export function nextBreachDue(data: TicketData, cal: BusinessCalendar): number | null {
  let next: number | null = null;
  for (const { name, bit } of CLOCKS) {
    const clock = data[name];
    if ((data.breached & bit) !== 0 || !running(clock)) continue;
    const due = breachesAt(clock, cal);
    if (due !== null && (next === null || due < next)) next = due;
  }
  return next;
}

/** Clocks newly breached between two versions of a ticket. */
export function newlyBreached(before: TicketData, after: TicketData): ClockName[] {
  return CLOCKS.filter(({ bit }) => (before.breached & bit) === 0 && (after.breached & bit) !== 0).map((c) => c.name);
}

function overdue(clock: SlaClock, cal: BusinessCalendar, at: number): boolean {
  return isBreached(clock, cal, at);
}

/** What a ticket's clocks say at `now`. */
export function slaOf(data: TicketData, cal: BusinessCalendar, now: number): TicketSla {
  const left = (c: SlaClock): number | null => {
    if (c.stoppedAt !== null) return null;
    if (c.pausedAt !== null) return c.targetMinutes - c.elapsedMinutes;
    return minutesUntilDue(c, cal, now);
  };
  const minutes = [left(data.response), left(data.resolution)].filter((m): m is number => m !== null);
  return {
    responseDueAt: data.response.stoppedAt === null ? dueAt(data.response, cal) : null,
    resolutionDueAt: data.resolution.stoppedAt === null ? dueAt(data.resolution, cal) : null,
    minutesUntilDue: minutes.length === 0 ? null : Math.min(...minutes),
    slaPaused: data.slaPaused,
    responseBreached: (data.breached & RESPONSE_BREACHED) !== 0,
    resolutionBreached: (data.breached & RESOLUTION_BREACHED) !== 0,
    respondedAt: data.response.stoppedAt,
    resolvedAt: data.resolution.stoppedAt,
  };
}
