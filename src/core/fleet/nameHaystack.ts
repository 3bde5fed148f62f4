/**
 * The services' names for substring search (issue 31): every name and display name, lower-cased, in ONE string in
 * list order, so that a search is `indexOf` over contiguous memory (a million names in a few milliseconds) instead of
 * a walk of a million records, each lower-cased per query (1.17 s for a name search at a million).
 *
 * Layout: entry i is `\0<name>` or `\0<name>\0<display name>` starting at `starts[i]`: no stored text holds a NUL
 * (PostgreSQL text cannot), and a needle holding one is looked for record by record. The string is built from the list order at the first search and again
 * when the changes since outgrow `rebuildAfter`; until then a service created or renamed since sits in a small
 * `tail` (matched from its record) and its old entry, if any, is `stale` (skipped).
 *
 * The last search's hits are kept (up to `MEMO_MAX_HITS`) until the next change or build (each forgets them): a services page and its
 * `serviceCount` in one request ask the same question, and each scan of a million names costs 3-9 ms.
 *
 * Each hit is reported once per service with its rank (domain/nameMatch.ts), base entries in list order first.
 * An entry whose lower-cased text differs in length from the original (a few non-ASCII letters), or that holds a NUL
 * after all, is checked and ranked from its record, so hits and ranks always equal `matchRank` of the record.
 */
import { CONTAINS_RANK, matchRank } from '../domain/nameMatch.js';
import type { ServiceRecord } from '../domain/service.js';

/** Starts an entry, and its display name within it. */
const SEPARATOR = '\u0000';

/** Changes (tail and stale entries) a built string absorbs before the next search builds it again: this many... */
const REBUILD_FLOOR = 2_000;
/** ...or this share of the entries, whichever is more (a build of a million names costs a few hundred ms). */
const REBUILD_SHARE = 0.02;

/** Entries joined into one string at a time while the string is built. */
const JOIN_CHUNK = 4_096;

/** The most hits the last search keeps for a repeat (a few pointers each); a search with more scans again. */
export const MEMO_MAX_HITS = 10_000;

interface Built {
  readonly text: string;
  /** Where entry i starts (its separator); one more than the entries, the last is the text's length. */
  readonly starts: Int32Array;
  readonly ids: readonly string[];
  /** Entries whose lower-cased text is not as long as the original, or held a NUL: checked and ranked from the record. */
  readonly irregular: ReadonlySet<number>;
}

export interface NameHaystackSource {
  /** Every service id in list order. */
  readonly order: readonly string[];
  recordOf(id: string): ServiceRecord | undefined;
}

/**
 * One service found: its id, its rank (lower is better; NaN when ranks were not asked for), and whether it comes in
 * list order (true: after every hit before it in list order; false: a service changed since the last build).
 */
export type NameHitVisitor = (id: string, rank: number, inOrder: boolean) => void;

/** The last search's hits; forgotten at every change and build. */
interface LastSearch {
  readonly needle: string;
  readonly ranked: boolean;
  readonly ids: string[];
  readonly ranks: number[];
  /** How many of the hits come in list order (the first ones); the rest are changed since the build. */
  inOrder: number;
}

export class NameHaystack {
  private built: Built | null = null;
  private last: LastSearch | null = null;
  /** Services created, renamed or restored since the string was built: matched from their records. */
  private readonly tail = new Set<string>();
  /** Services whose entry in the string no longer holds (deleted, or their display name changed). */
  private readonly stale = new Set<string>();

  constructor(
    private readonly source: NameHaystackSource,
    private readonly rebuildFloor = REBUILD_FLOOR,
  ) {}

  add(record: ServiceRecord): void {
    if (this.built === null) return;
    this.last = null;
    this.tail.add(record.id);
  }

  remove(record: ServiceRecord): void {
    if (this.built === null) return;
    this.last = null;
    this.tail.delete(record.id);
    this.stale.add(record.id);
  }

  update(before: ServiceRecord, after: ServiceRecord): void {
    if (this.built === null || before.displayName === after.displayName) return;
    this.last = null;
    this.stale.add(after.id);
    this.tail.add(after.id);
  }

  /**
   * Visits each service whose lower-cased name or display name holds `needle` (lower case, non-empty): first in list
   * order as of the last build, then those changed since in no particular order. `ranked`: pass each hit's
   * `matchRank` (else NaN). A needle holding the separator (NUL) is looked for in every record instead.
   */
  forEach(needle: string, ranked: boolean, visit: NameHitVisitor): void {
    if (needle.includes(SEPARATOR)) {
      for (const id of this.source.order) {
        const record = this.source.recordOf(id)!;
        const rank = matchRank(needle, record.name, record.displayName);
        if (rank !== undefined) visit(id, ranked ? rank : Number.NaN, true);
      }
      return;
    }
    const built = this.current();
    const last = this.last;
    if (last !== null && last.needle === needle && last.ranked === ranked) {
      for (let i = 0; i < last.ids.length; i += 1) visit(last.ids[i]!, last.ranks[i]!, i < last.inOrder);
      return;
    }
    const kept: LastSearch = { needle, ranked, ids: [], ranks: [], inOrder: 0 };
    this.last = this.scan(built, needle, ranked, visit, kept) ? kept : null;
  }

  /** One scan of the string and the tail; records the hits into `kept` while they are few (false once they are not). */
  private scan(built: Built, needle: string, ranked: boolean, visit: NameHitVisitor, kept: LastSearch): boolean {
    let keeping = true;
    const report = (id: string, rank: number, inOrder: boolean) => {
      if (keeping) {
        if (kept.ids.length === MEMO_MAX_HITS) keeping = false;
        else {
          kept.ids.push(id);
          kept.ranks.push(rank);
          if (inOrder) kept.inOrder += 1;
        }
      }
      visit(id, rank, inOrder);
    };
    const { text, starts, ids } = built;
    const stale = this.stale;
    let entry = 0;
    const entries = ids.length;
    for (let at = text.indexOf(needle); at >= 0; ) {
      // The entry holding the hit: hits come in order, so advance (gallop, then halve) from the last one.
      entry = entryAt(starts, entry, entries, at);
      const id = ids[entry]!;
      const end = starts[entry + 1]!;
      if (stale.size === 0 || !stale.has(id)) {
        if (built.irregular.has(entry)) {
          const record = this.source.recordOf(id)!;
          const rank = matchRank(needle, record.name, record.displayName);
          if (rank !== undefined) report(id, ranked ? rank : Number.NaN, true);
        } else report(id, ranked ? this.rankAt(built, entry, at, needle) : Number.NaN, true);
      }
      at = text.indexOf(needle, end);
    }
    for (const id of this.tail) {
      const record = this.source.recordOf(id);
      if (record === undefined) continue;
      const rank = matchRank(needle, record.name, record.displayName);
      if (rank !== undefined) report(id, ranked ? rank : Number.NaN, false);
    }
    return keeping;
  }

  /** The rank of entry `entry` whose first hit is at `at`: the name's and, if it has one, the display name's. */
  private rankAt(built: Built, entry: number, at: number, needle: string): number {
    const { text, starts } = built;
    const start = starts[entry]! + 1;
    const end = starts[entry + 1]!;
    const display = text.indexOf(SEPARATOR, start);
    const nameEnd = display < 0 || display >= end ? end : display;
    let rank = Number.POSITIVE_INFINITY;
    if (at < nameEnd) rank = (at === start ? 0 : CONTAINS_RANK) + (nameEnd - start);
    if (nameEnd < end) {
      const inDisplay = at > nameEnd ? at : text.indexOf(needle, nameEnd + 1);
      if (inDisplay >= 0 && inDisplay + needle.length <= end) {
        rank = Math.min(rank, (inDisplay === nameEnd + 1 ? 0 : CONTAINS_RANK) + (end - nameEnd - 1));
      }
    }
    return rank;
  }

  /** The string, built again when the changes since the last build outgrew their share. */
  private current(): Built {
    const changed = this.tail.size + this.stale.size;
    if (this.built === null || changed > Math.max(this.rebuildFloor, REBUILD_SHARE * this.built.ids.length)) this.build();
    return this.built!;
  }

  private build(): void {
    const order = this.source.order;
    const ids = order.slice();
    const starts = new Int32Array(ids.length + 1);
    // Joined a chunk at a time: a million entries held until one join all survived to the old generation (about 60 MiB
    // more resident after the first search at a million, until a full collection), where a chunk's die young.
    const chunks: string[] = [];
    let parts: string[] = [];
    const irregular = new Set<number>();
    let length = 0;
    for (let i = 0; i < ids.length; i += 1) {
      const record = this.source.recordOf(ids[i]!)!;
      let name = record.name.toLowerCase();
      let display = record.displayName === null ? null : record.displayName.toLowerCase();
      if (
        name.length !== record.name.length ||
        name.includes(SEPARATOR) ||
        (display !== null && (display.length !== record.displayName!.length || display.includes(SEPARATOR)))
      ) {
        irregular.add(i);
        name = name.replaceAll(SEPARATOR, ' ');
        display = display?.replaceAll(SEPARATOR, ' ') ?? null;
      }
      const part = display === null ? `${SEPARATOR}${name}` : `${SEPARATOR}${name}${SEPARATOR}${display}`;
      parts.push(part);
      if (parts.length === JOIN_CHUNK) {
        chunks.push(parts.join(''));
        parts = [];
      }
      starts[i] = length;
      length += part.length;
    }
    starts[ids.length] = length;
    chunks.push(parts.join(''));
    this.built = { text: chunks.join(''), starts, ids, irregular };
    this.last = null;
    this.tail.clear();
    this.stale.clear();
  }
}

/** The entry holding position `at` (starts[e] <= at < starts[e + 1]), searching forward from entry `from`. */
function entryAt(starts: Int32Array, from: number, entries: number, at: number): number {
  let low = from;
  let step = 1;
  let high = from + 1;
  // Gallop: the next hit is usually a few entries on.
  while (high < entries && starts[high]! <= at) {
    low = high;
    step *= 2;
    high = Math.min(entries, low + step);
  }
  // Now starts[low] <= at < starts[high] (or high === entries): halve.
  while (high - low > 1) {
    const mid = (low + high) >>> 1;
    if (starts[mid]! <= at) low = mid;
    else high = mid;
  }
  return low;
}
