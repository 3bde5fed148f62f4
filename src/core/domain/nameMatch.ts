/**
 * How well a name matches a search (search's ranking, SPEC.md "Search"): a case-insensitive substring; a name that
 * starts with the query ranks before one that merely contains it, then shorter names first. Lower is better.
 */

/** Ranks of a name that merely contains the query start here (a prefix match ranks by its length alone). */
export const CONTAINS_RANK = 1e6;

/** The best rank of `needle` (lower case) in any of `names`; undefined: none holds it. */
export function matchRank(needle: string, ...names: (string | null)[]): number | undefined {
  let rank: number | undefined;
  for (const name of names) {
    if (name === null) continue;
    const at = name.toLowerCase().indexOf(needle);
    if (at < 0) continue;
    const score = (at === 0 ? 0 : 1) * CONTAINS_RANK + name.length;
    rank = rank === undefined ? score : Math.min(rank, score);
  }
  return rank;
}
