/**
 * Generated status histories for the SLA equivalence tests: seeded, small, and full of the edge
 * cases the arithmetic must agree on (gaps, overlapping and empty rows, equal starts, rows left open
 * in the middle, windows overlapping each other and MAINTENANCE, a window still active).
 */
import { SERVICE_STATUSES, type ServiceStatus } from '../../src/core/domain/service.js';
import type { MaintenanceSpan, StatusInterval } from '../../src/core/domain/periodArithmetic.js';
import { seededRandom } from './seededIds.js';

export { seededRandom };

export const MINUTE = 60_000;

export interface History {
  readonly intervals: StatusInterval[];
  readonly exclusions: MaintenanceSpan[];
}

/**
 * Rows around `[start, start + spanMinutes)`, on whole minutes (or 5-minute marks with `grid` 5),
 * mostly back to back, sometimes with gaps, overlaps, empty rows or a row left open.
 */
export function generatedHistory(random: () => number, start: number, spanMinutes: number, grid = 1): History {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const snap = (minutes: number) => Math.round(minutes / grid) * grid;
  const weighted: ServiceStatus[] = [
    'OPERATIONAL',
    'OPERATIONAL',
    'OPERATIONAL',
    'DOWN',
    'DOWN',
    'DEGRADED',
    'MAINTENANCE',
    'UNKNOWN',
    ...SERVICE_STATUSES,
  ];
  const intervals: StatusInterval[] = [];
  let at = start + snap((random() - 0.3) * spanMinutes * 0.2) * MINUTE;
  const stop = start + spanMinutes * 1.2 * MINUTE;
  while (at < stop) {
    const length = snap(random() < 0.1 ? 0 : random() * spanMinutes * 0.15) * MINUTE;
    const shape = random();
    let endedAt: number | null = at + length;
    let next = at + length;
    if (shape < 0.1)
      next = at + length + snap(random() * spanMinutes * 0.05 + grid) * MINUTE; // a gap
    else if (shape < 0.18)
      next = Math.max(at, at + length - snap((random() * length) / MINUTE) * MINUTE); // overlap
    else if (shape < 0.23) endedAt = null; // left open in the middle
    intervals.push({ status: pick(weighted), startedAt: at, endedAt });
    at = next;
  }
  if (random() < 0.5 && intervals.length > 0) {
    const last = intervals[intervals.length - 1]!;
    intervals[intervals.length - 1] = { ...last, endedAt: null };
  }
  const exclusions: MaintenanceSpan[] = [];
  const windowCount = Math.floor(random() * 4);
  for (let w = 0; w < windowCount; w += 1) {
    const from = start + snap(random() * spanMinutes * 1.1 - spanMinutes * 0.05) * MINUTE;
    exclusions.push([from, random() < 0.15 ? null : from + snap(random() * spanMinutes * 0.2 + grid) * MINUTE]);
  }
  return { intervals, exclusions };
}

/** The rows in a shuffled order (the arithmetic must not depend on it). */
export function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
