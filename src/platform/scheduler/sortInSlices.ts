import { nextTurn } from './nextTurn.js';

/**
 * `items` sorted by `compare`, as `[...items].sort(compare)` would (stable), with the work spread over turns of the
 * event loop: runs of `slice` items sorted one per turn, then merged pairwise, about `slice` items per turn. For a sort
 * large enough to hold the loop (a quarter of a million ids: 180-430 ms in one sort on two vCPUs). The default slice
 * sorts in a few milliseconds (runs of 20,000 ids took 10-13 ms each on a slower machine, ADR 0093); the smaller runs
 * cost a merge round or two more.
 */
export async function sortInSlices<T>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  slice = 4_096,
  pause: () => Promise<void> = nextTurn,
): Promise<T[]> {
  if (items.length <= slice) return [...items].sort(compare);
  let runs: T[][] = [];
  for (let at = 0; at < items.length; at += slice) {
    runs.push(items.slice(at, at + slice).sort(compare));
    await pause();
  }
  let budget = slice;
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let i = 0; i < runs.length; i += 2) {
      const left = runs[i]!;
      const right = runs[i + 1];
      if (right === undefined) {
        merged.push(left);
        continue;
      }
      const out: T[] = [];
      let x = 0;
      let y = 0;
      while (x < left.length && y < right.length) {
        // Ties take the left run's item first: the runs are in input order, so the sort stays stable.
        out.push(compare(right[y]!, left[x]!) < 0 ? right[y++]! : left[x++]!);
        if (--budget === 0) {
          budget = slice;
          await pause();
        }
      }
      while (x < left.length) out.push(left[x++]!);
      while (y < right.length) out.push(right[y++]!);
      merged.push(out);
    }
    runs = merged;
  }
  return runs[0]!;
}

/** Code-unit order of strings, the order of `Array.prototype.sort()` without a compare function. */
export const codeUnitOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
