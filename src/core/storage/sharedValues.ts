/**
 * Values loaded services hold in common, kept once (docs/adr/0082). A million services read from the database each
 * got their own copy of every string and list: "OPERATIONAL" a million times, the same owner's id in every service
 * they own, `["web","prod"]` parsed afresh per row; that was about a quarter of a service's memory. A pool keeps one
 * copy of each short string and of each list of strings (keyed by its JSON text, so a repeat is not even parsed), and
 * hands out frozen lists: a shared list changed in place would change every service holding it.
 *
 * The pool is bounded: past `limit` distinct values (a fleet whose messages or tags are all different) a value is
 * kept as read, uninterned, so the pool never costs more than it saves.
 */
import { EMPTY_LIST } from '../domain/service.js';

/** Strings longer than this are rarely shared (free-text messages): not pooled. */
const LONGEST_POOLED = 128;

export class SharedValues {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly string[]>();
  /** Lists pooled by their items (`listOf`); a separate map, since its keys are not JSON texts. */
  private readonly itemLists = new Map<string, readonly string[]>();

  constructor(private readonly limit = 65_536) {}

  /** The pooled copy of `value` (the first one seen), or `value` itself when not pooled. */
  string<T extends string | null>(value: T): T {
    if (value === null || value.length > LONGEST_POOLED) return value;
    const shared = this.strings.get(value);
    if (shared !== undefined) return shared as T;
    if (this.strings.size < this.limit) this.strings.set(value, value);
    return value;
  }

  /**
   * The pooled copy of a node path, however long: a node's services (a hundred, a thousand) all hold its path, and
   * a path is longer than most pooled values, so it is the largest repeat of all (about 60 bytes a service).
   */
  path(value: string): string {
    const shared = this.strings.get(value);
    if (shared !== undefined) return shared;
    if (this.strings.size < this.limit) this.strings.set(value, value);
    return value;
  }

  /**
   * The list of strings a JSON column holds (`text`: its JSON; null or JSON null: empty), frozen and shared with every
   * other row of the same text. Anything but an array of strings is refused: the column is not what the caller thinks.
   */
  stringList(text: string | null): readonly string[] {
    if (text === null || text === '[]' || text === 'null') return EMPTY_LIST;
    const shared = this.lists.get(text);
    if (shared !== undefined) return shared;
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string'))
      throw new Error(`expected a JSON list of strings, got ${text.slice(0, 80)}`);
    const list = Object.freeze(parsed.map((item: string) => this.string(item)));
    if (this.lists.size < this.limit) this.lists.set(text, list);
    return list;
  }

  /**
   * The shared, frozen copy of a list already read (a row the driver parsed: the embedded database's start, cluster
   * mode's read model): keyed by its count and its items joined with NUL, and on a miss the list itself is kept (a
   * frozen copy of it), with no JSON written or parsed.
   */
  listOf(items: readonly string[]): readonly string[] {
    if (items.length === 0) return EMPTY_LIST;
    // The count first, so ["a\u0000b"] and ["a", "b"] differ; an item holding NUL itself goes by its JSON text.
    if (items.some((item) => item.includes('\u0000'))) return this.stringList(JSON.stringify(items));
    const key = `${items.length}\u0000${items.join('\u0000')}`;
    const shared = this.itemLists.get(key);
    if (shared !== undefined) return shared;
    const list = Object.isFrozen(items) ? items : Object.freeze(items.map((item) => this.string(item)));
    if (this.itemLists.size < this.limit) this.itemLists.set(key, list);
    return list;
  }

  /** Distinct strings and lists pooled. */
  get size(): { strings: number; lists: number } {
    return { strings: this.strings.size, lists: this.lists.size + this.itemLists.size };
  }
}
