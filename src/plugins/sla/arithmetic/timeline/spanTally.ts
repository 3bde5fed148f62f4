/**
 * The one walk over a service's runs that every timeline figure uses: it adds what the span
 * `[from, to)` of a period (which began at `periodStart`) contributes to the period's tallies, and
 * carries the state of the down spell in progress to the next span. Measuring a whole period is one
 * span from its start to `min(now, end)` (periods/measureTimeline.ts); keeping the open period
 * current is one span per closed 5-minute bucket (incremental/openPeriodAccumulator.ts). Because the
 * tallies of consecutive spans add up and the carried state is exactly what the row arithmetic
 * (periodArithmetic.ts) knows at the span's end, both give the row arithmetic's figures.
 *
 * Rules (those of periodArithmetic.ts, in run form):
 * - tallies: a run's part inside the span is excluded (MAINTENANCE), covered (OPERATIONAL,
 *   DEGRADED, DOWN) less its overlap with the union of maintenance windows, or nothing (gap, UNKNOWN);
 *   the windows' union inside the span is excluded; MAINTENANCE inside windows counts once.
 * - incidents: a down run (DOWN, and DEGRADED when degradedIsDown) that begins inside the span when
 *   the previous run was not down enters an incident; it counts when it begins at or after the
 *   period start, before `to`, outside every window.
 * - closing: a spell of down runs closes where the first non-down run after it begins; a counted
 *   incident that closes by the span's end adds to the closed tallies. A spell that closes exactly
 *   at `to` is closed in this span (the row arithmetic counts an end at `min(now, end)` as closed);
 *   `closedAt` remembers it, so the next span, which sees the same run begin at its `from`, does not
 *   count it twice.
 *
 * State: {@link SPAN_STATE_SLOTS} float64 slots per service (see the SLOT_ constants); a fresh state
 * is {@link resetSpanState}. Allocation-free in the walk.
 */
import { DEGRADED_CODE, DOWN_CODE, MAINTENANCE_CODE, OPERATIONAL_CODE, type StatusTimeline } from './statusTimeline.js';

export const SLOT_EXCLUDED_MS = 0;
export const SLOT_COVERED_MS = 1;
export const SLOT_DOWNTIME_MS = 2;
export const SLOT_INCIDENTS = 3;
export const SLOT_CLOSED_INCIDENTS = 4;
export const SLOT_CLOSED_INCIDENT_MS = 5;
/** Start of the down spell in progress; NaN: not in one. */
export const SLOT_SPELL_START = 6;
/** 1 when the spell in progress counts as an incident of the period. */
export const SLOT_SPELL_COUNTED = 7;
/** The spell in progress was already closed at this instant by the previous span's look-ahead; NaN: not. */
export const SLOT_CLOSED_AT = 8;
/** 0 until the first span has read the run before it (the spell a period starts in). */
export const SLOT_PRIMED = 9;
export const SPAN_STATE_SLOTS = 10;

export function resetSpanState(state: Float64Array, at: number): void {
  state.fill(0, at, at + SPAN_STATE_SLOTS);
  state[at + SLOT_SPELL_START] = Number.NaN;
  state[at + SLOT_CLOSED_AT] = Number.NaN;
}

/**
 * Scratch room for merged windows, reused by every call (the walk is synchronous and never
 * re-entered, and each worker thread has its own module instance); grows when a service has more.
 */
let merged = new Float64Array(64);

/**
 * Adds span `[from, to)` of service `service` to its state at `state[at ..]`. Spans of one period
 * must come in order, each starting where the previous ended, the first at `periodStart`.
 */
export function tallySpan(
  timeline: StatusTimeline,
  service: number,
  periodStart: number,
  from: number,
  to: number,
  degradedIsDown: boolean,
  state: Float64Array,
  at: number,
): void {
  const { starts, codes } = timeline;
  const lo = timeline.offsets[service]!;
  const hi = timeline.offsets[service + 1]!;
  const wLo = timeline.windowOffsets[service]!;
  const wHi = timeline.windowOffsets[service + 1]!;
  const downMask = degradedIsDown ? (1 << DOWN_CODE) | (1 << DEGRADED_CODE) : 1 << DOWN_CODE;

  // The windows' union inside [from, to), as disjoint sorted pairs (windows are sorted by start).
  let pairs = 0;
  let windowsMs = 0;
  if (wHi > wLo) {
    if (merged.length < 2 * (wHi - wLo)) merged = new Float64Array(4 * (wHi - wLo));
    for (let w = wLo; w < wHi; w += 1) {
      const end = timeline.windowEnds[w]!;
      const a = Math.max(timeline.windowStarts[w]!, from);
      const b = Math.min(Number.isNaN(end) ? to : end, to);
      if (!(b > a)) continue;
      if (pairs > 0 && a <= merged[2 * pairs - 1]!) {
        if (b > merged[2 * pairs - 1]!) merged[2 * pairs - 1] = b;
      } else {
        merged[2 * pairs] = a;
        merged[2 * pairs + 1] = b;
        pairs += 1;
      }
    }
    for (let p = 0; p < pairs; p += 1) windowsMs += merged[2 * p + 1]! - merged[2 * p]!;
  }

  // First run that begins at or after `from`; the one before it (if any) covers `from`.
  let first = lo;
  let high = hi;
  while (first < high) {
    const mid = (first + high) >>> 1;
    if (starts[mid]! < from) first = mid + 1;
    else high = mid;
  }

  let spellStart = state[at + SLOT_SPELL_START]!;
  let spellCounted = state[at + SLOT_SPELL_COUNTED]!;
  let closedAt = state[at + SLOT_CLOSED_AT]!;
  let incidents = 0;
  let closedCount = 0;
  let closedMs = 0;
  if (state[at + SLOT_PRIMED] === 0) {
    state[at + SLOT_PRIMED] = 1;
    if (first > lo && ((downMask >> codes[first - 1]!) & 1) === 1) {
      let j = first - 1;
      while (j > lo && ((downMask >> codes[j - 1]!) & 1) === 1) j -= 1;
      spellStart = starts[j]!;
      spellCounted = spellStart >= periodStart && spellStart < to && !insideWindows(timeline, wLo, wHi, spellStart) ? 1 : 0;
    }
  }

  let maintenanceMs = 0;
  let maintenanceInWindowsMs = 0;
  let coveredMs = 0;
  let downtimeMs = 0;
  let cursor = 0;
  let k = first > lo ? first - 1 : first;
  for (; k < hi && starts[k]! < to; k += 1) {
    const begin = starts[k]!;
    const code = codes[k]!;
    const a = Math.max(begin, from);
    const next = k + 1 < hi ? starts[k + 1]! : Number.POSITIVE_INFINITY;
    const b = Math.min(next, to);
    if (b > a) {
      if (code === MAINTENANCE_CODE || code === OPERATIONAL_CODE || code === DEGRADED_CODE || code === DOWN_CODE) {
        // How much of [a, b) lies in the windows; runs come in order, so the cursor only moves on.
        let inWindows = 0;
        while (cursor < pairs && merged[2 * cursor + 1]! <= a) cursor += 1;
        for (let p = cursor; p < pairs; p += 1) {
          const wa = merged[2 * p]!;
          if (wa >= b) break;
          const wb = merged[2 * p + 1]!;
          inWindows += Math.min(wb, b) - Math.max(wa, a);
        }
        if (code === MAINTENANCE_CODE) {
          maintenanceMs += b - a;
          maintenanceInWindowsMs += inWindows;
        } else {
          const counted = b - a - inWindows;
          coveredMs += counted;
          if (((downMask >> code) & 1) === 1) downtimeMs += counted;
        }
      }
    }
    if (begin < from) continue;
    if (((downMask >> code) & 1) === 1) {
      if (Number.isNaN(spellStart)) {
        spellStart = begin;
        spellCounted = begin >= periodStart && !insideWindows(timeline, wLo, wHi, begin) ? 1 : 0;
        incidents += spellCounted;
      }
    } else if (!Number.isNaN(spellStart)) {
      if (spellCounted === 1 && begin !== closedAt) {
        closedCount += 1;
        closedMs += begin - spellStart;
      }
      spellStart = Number.NaN;
      spellCounted = 0;
      closedAt = Number.NaN;
    }
  }
  // Look-ahead: a spell whose first non-down run begins exactly at `to` closes in this span.
  if (!Number.isNaN(spellStart) && closedAt !== to) {
    for (let j = k; j < hi && starts[j] === to; j += 1) {
      if (((downMask >> codes[j]!) & 1) === 0) {
        if (spellCounted === 1) {
          closedCount += 1;
          closedMs += to - spellStart;
        }
        closedAt = to;
        break;
      }
    }
  }

  state[at + SLOT_EXCLUDED_MS] = state[at + SLOT_EXCLUDED_MS]! + (windowsMs + maintenanceMs - maintenanceInWindowsMs);
  state[at + SLOT_COVERED_MS] = state[at + SLOT_COVERED_MS]! + coveredMs;
  state[at + SLOT_DOWNTIME_MS] = state[at + SLOT_DOWNTIME_MS]! + downtimeMs;
  state[at + SLOT_INCIDENTS] = state[at + SLOT_INCIDENTS]! + incidents;
  state[at + SLOT_CLOSED_INCIDENTS] = state[at + SLOT_CLOSED_INCIDENTS]! + closedCount;
  state[at + SLOT_CLOSED_INCIDENT_MS] = state[at + SLOT_CLOSED_INCIDENT_MS]! + closedMs;
  state[at + SLOT_SPELL_START] = spellStart;
  state[at + SLOT_SPELL_COUNTED] = spellCounted;
  state[at + SLOT_CLOSED_AT] = closedAt;
}

/** Whether `t` lies in one of the service's windows (an active one lasts beyond any span's end). */
function insideWindows(timeline: StatusTimeline, wLo: number, wHi: number, t: number): boolean {
  for (let w = wLo; w < wHi; w += 1) {
    if (timeline.windowStarts[w]! > t) return false;
    const end = timeline.windowEnds[w]!;
    if (Number.isNaN(end) || t < end) return true;
  }
  return false;
}
