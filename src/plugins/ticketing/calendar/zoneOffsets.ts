/**
 * UTC offsets of a zone over time, cached per zone in week-long cells so that a walk over many days
 * asks Intl (a few microseconds a call) about once a week instead of twice a day.
 *
 * Invariant assumed: a zone whose offset is the same at both ends of a week did not change it in
 * between. Zones change offset at most a few times a year, never twice within a week in tzdata
 * since the 1940s; a week whose ends differ is split by bisection down to the second on which the
 * offset changes (tzdata changes fall on whole seconds).
 */
import { offsetAt } from '../../sla/arithmetic/periods/zonedTime.js';

const WEEK = 7 * 86_400_000;
/** Cells kept per zone (about 20 years); the map is cleared when it fills, which is rare and cheap. */
const CELL_LIMIT = 1024;

/** Flat [start, end, offset, ...]: spans of constant offset covering a cell, ascending. */
type Spans = readonly number[];

const cellsByZone = new Map<string, Map<number, Spans>>();

function computeCell(timeZone: string, cell: number): Spans {
  const spans: number[] = [];
  const split = (low: number, high: number, lowOffset: number, highOffset: number): void => {
    if (lowOffset === highOffset) {
      spans.push(low, high, lowOffset);
      return;
    }
    if (high - low <= 1000) {
      spans.push(low, high, lowOffset);
      return;
    }
    const mid = Math.floor((low + high) / 2000) * 1000;
    const midOffset = offsetAt(mid, timeZone);
    split(low, mid, lowOffset, midOffset);
    split(mid, high, midOffset, highOffset);
  };
  const from = cell * WEEK;
  const to = from + WEEK;
  split(from, to, offsetAt(from, timeZone), offsetAt(to, timeZone));
  // `split` labels the last second before a change with the old offset and the rest with the new
  // one; adjacent spans of equal offset are merged so callers see each change once.
  const merged: number[] = [];
  for (let i = 0; i < spans.length; i += 3) {
    const last = merged.length - 3;
    if (last >= 0 && merged[last + 2] === spans[i + 2] && merged[last + 1] === spans[i]) merged[last + 1] = spans[i + 1]!;
    else merged.push(spans[i]!, spans[i + 1]!, spans[i + 2]!);
  }
  return merged;
}

function cellSpans(timeZone: string, cell: number): Spans {
  let cells = cellsByZone.get(timeZone);
  if (cells === undefined) {
    cells = new Map();
    cellsByZone.set(timeZone, cells);
  }
  let spans = cells.get(cell);
  if (spans === undefined) {
    spans = computeCell(timeZone, cell);
    if (cells.size >= CELL_LIMIT) cells.clear();
    cells.set(cell, spans);
  }
  return spans;
}

/** Spans [start, end, offset, ...] of constant offset covering [from, to), clipped to it. */
export function offsetSpans(timeZone: string, from: number, to: number): number[] {
  const result: number[] = [];
  for (let cell = Math.floor(from / WEEK); cell * WEEK < to; cell += 1) {
    const spans = cellSpans(timeZone, cell);
    for (let i = 0; i < spans.length; i += 3) {
      const start = Math.max(spans[i]!, from);
      const end = Math.min(spans[i + 1]!, to);
      if (end <= start) continue;
      const last = result.length - 3;
      if (last >= 0 && result[last + 2] === spans[i + 2] && result[last + 1] === start) result[last + 1] = end;
      else result.push(start, end, spans[i + 2]!);
    }
  }
  return result;
}

/** The zone's UTC offset at instant `t`, in ms (cached). */
export function cachedOffsetAt(timeZone: string, t: number): number {
  const spans = cellSpans(timeZone, Math.floor(t / WEEK));
  for (let i = 0; i < spans.length; i += 3) if (t < spans[i + 1]!) return spans[i + 2]!;
  return spans[spans.length - 1]!;
}
