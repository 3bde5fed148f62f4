/**
 * The fleet's services numbered 0..n-1 for the dashboard task, found again from the 16 id bytes of
 * each binary interval record (intervalColumns.ts) without making a string per record: an
 * open-addressing hash table over the ids' four 32-bit words (typed arrays, linear probing, at most
 * half full), every candidate compared on all 128 bits. Ids are read character by character into
 * those words when numbered (no regex, no slices, no Map): both steps cost a small fraction of
 * decoding each record's id to text for a Map lookup, or of the textbook parse of an id, which
 * would be paid once per record read (bench/README.md, dashboard).
 */
/** The words of an id looked up by text (one at a time: the event loop has one thread). */
const LOOKED_UP = new Uint32Array(4);

export class ServiceNumbering {
  private count = 0;
  /** The four big-endian 32-bit words of each service's id, by number. */
  private words: Uint32Array;
  /** Hash slots: number + 1, 0 when empty. Length a power of two. */
  private slots: Int32Array;
  private keyed = 0;
  /** Ids that are not uuids (never from the database, whose ids are uuids): found by text. */
  private readonly unkeyed = new Map<string, number>();

  /**
   * `expected`: how many services will be numbered, so that a fleet's numbering neither grows nor rehashes (at a
   * million services the growing was a fifth of the numbering's time); more can still be added.
   */
  constructor(expected = 1024) {
    const capacity = Math.max(16, Math.ceil(expected));
    this.words = new Uint32Array(4 * capacity);
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(2 * capacity)));
  }

  get size(): number {
    return this.count;
  }

  /** Numbers `id` (the next number), unless it already has one. */
  add(id: string): number {
    if (this.words.length < 4 * (this.count + 1)) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    const w = 4 * this.count;
    if (!readUuid(id, this.words, w)) {
      const text = id.toLowerCase();
      const known = this.unkeyed.get(text);
      if (known !== undefined) return known;
      this.unkeyed.set(text, this.count);
      return this.count++;
    }
    const known = this.find(this.words[w]!, this.words[w + 1]!, this.words[w + 2]!, this.words[w + 3]!);
    if (known !== undefined) return known;
    if (2 * (this.keyed + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    this.insert(this.count);
    this.keyed += 1;
    return this.count++;
  }

  /** The number of `id` (a uuid in either case, or other text as numbered), or undefined when it is not numbered. */
  numberOf(id: string): number | undefined {
    if (!readUuid(id, LOOKED_UP, 0)) return this.unkeyed.get(id.toLowerCase());
    return this.find(LOOKED_UP[0]!, LOOKED_UP[1]!, LOOKED_UP[2]!, LOOKED_UP[3]!);
  }

  /** The number of the service whose id is the 16 bytes at `at`, or undefined when it is not numbered. */
  numberAt(view: DataView, at: number): number | undefined {
    return this.find(view.getUint32(at), view.getUint32(at + 4), view.getUint32(at + 8), view.getUint32(at + 12));
  }

  private find(a: number, b: number, c: number, d: number): number | undefined {
    const mask = this.slots.length - 1;
    const words = this.words;
    for (let i = hash(a, b, c, d) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return this.unkeyed.size === 0 ? undefined : this.unkeyed.get(uuidText(a, b, c, d));
      const n = 4 * (slot - 1);
      if (words[n] === a && words[n + 1] === b && words[n + 2] === c && words[n + 3] === d) return slot - 1;
    }
  }

  private insert(number: number): void {
    const w = 4 * number;
    const mask = this.slots.length - 1;
    let i = hash(this.words[w]!, this.words[w + 1]!, this.words[w + 2]!, this.words[w + 3]!) & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = number + 1;
  }

  private rehash(size: number): void {
    const old = this.slots;
    this.slots = new Int32Array(size);
    for (const slot of old) if (slot !== 0) this.insert(slot - 1);
  }
}

/**
 * Reads a uuid's 32 hex digits (either case; dashes at 8, 13, 18 and 23) into `words[at..at+3]`.
 * False, leaving garbage there, when `id` is not one.
 */
function readUuid(id: string, words: Uint32Array, at: number): boolean {
  if (id.length !== 36) return false;
  let word = 0;
  let digits = 0;
  for (let i = 0; i < 36; i += 1) {
    const c = id.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (c !== 45) return false;
      continue;
    }
    let v: number;
    if (c >= 48 && c <= 57) v = c - 48;
    else if (c >= 97 && c <= 102) v = c - 87;
    else if (c >= 65 && c <= 70) v = c - 55;
    else return false;
    word = (word << 4) | v;
    digits += 1;
    if ((digits & 7) === 0) {
      words[at + (digits >> 3) - 1] = word >>> 0;
      word = 0;
    }
  }
  return true;
}

/** Mixes all 128 bits: time-ordered ids (v1, v7) share their leading words. */
function hash(a: number, b: number, c: number, d: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d) ^ Math.imul(d, 0x27d4eb2f);
  return h ^ (h >>> 15);
}

function uuidText(a: number, b: number, c: number, d: number): string {
  const hex = [a, b, c, d].map((w) => w.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
