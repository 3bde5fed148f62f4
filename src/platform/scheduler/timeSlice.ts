/**
 * How long a slice of long work may hold the event loop, by the clock rather than by a count of items. Counts were
 * tuned on one machine for one kind of item: at a million services 20,000-25,000 ids per slice held the loop 30-70 ms
 * on a slower machine, while a status sync needs the loop a few milliseconds at a time (bench:storm, ADR 0093). A loop
 * over many small items asks `due()` at its head, before each item, and awaits `nextTurn()` when it answers true (work
 * whose every item takes milliseconds yields per item instead).
 */

/** What a slice of background work holds the loop for at most (plus one item, plus up to `every` cheap items). */
export const SLICE_MS = 4;

export interface TimeSliceOptions {
  /** The slice's length. @default SLICE_MS */
  readonly ms?: number;
  /** The clock is read every this many calls (items of a microsecond make a clock read per item a few percent). @default 1 */
  readonly every?: number;
  /** Milliseconds from any origin. @default performance.now */
  readonly now?: () => number;
}

/**
 * A loop's slice clock: `due()` answers true once the slice has lasted `ms` since it began, at the first call after the
 * last true (or the first call of all); the caller then yields, and its next call begins a new slice (so the item right
 * after a yield is not counted: a few microseconds for the loops this is for).
 */
export function timeSlice(options: TimeSliceOptions = {}): () => boolean {
  const ms = options.ms ?? SLICE_MS;
  const every = Math.max(1, Math.floor(options.every ?? 1));
  const now = options.now ?? (() => performance.now());
  let startedAt = Number.NaN;
  let calls = 0;
  return () => {
    if (Number.isNaN(startedAt)) {
      startedAt = now();
      calls = 0;
      return false;
    }
    if (++calls < every) return false;
    calls = 0;
    if (now() - startedAt < ms) return false;
    startedAt = Number.NaN;
    return true;
  };
}
