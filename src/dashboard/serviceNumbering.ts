/**
 * The fleet's services numbered 0..n-1 for the dashboard task, found again from the 16 id bytes of
 * each binary interval record (intervalColumns.ts) without making a string per record: an
 * open-addressing hash table over the ids' four 32-bit words (typed arrays, linear probing, at most
 * half full), every candidate compared on all 128 bits. Reading 450,000 records this way costs a
 * few tens of ns each; decoding each id to text for a Map lookup cost about 1 us.
 */
export class ServiceNumbering {
  private readonly byText = new Map<string, number>();
  /** The four big-endian 32-bit words of each service's id, by number. */
  private words = new Uint32Array(4 * 1024);
  /** Hash slots: number + 1, 0 when empty. Length a power of two. */
  private slots = new Int32Array(2048);
  private keyed = 0;
  /** False once an id could not be read as a uuid: such a service is found by its text instead. */
  private allKeyed = true;

  get size(): number {
    return this.byText.size;
  }

  /** Numbers `id` (the next number), unless it already has one. */
  add(id: string): number {
    const text = id.toLowerCase();
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const number = this.byText.size;
    this.byText.set(text, number);
    const hex = text.replaceAll('-', '');
    if (!/^[0-9a-f]{32}$/.test(hex)) {
      this.allKeyed = false;
      return number;
    }
    if (this.words.length < 4 * (number + 1)) {
      const grown = new Uint32Array(Math.max(this.words.length * 2, 4 * (number + 1)));
      grown.set(this.words);
      this.words = grown;
    }
    for (let w = 0; w < 4; w += 1) this.words[4 * number + w] = Number.parseInt(hex.slice(8 * w, 8 * w + 8), 16);
    if (2 * (this.keyed + 1) > this.slots.length) this.rehash(this.slots.length * 2);
    this.insert(number);
    this.keyed += 1;
    return number;
  }

  /** The number of the service whose id is the 16 bytes at `at`, or undefined when it is not numbered. */
  numberAt(view: DataView, at: number): number | undefined {
    const a = view.getUint32(at);
    const b = view.getUint32(at + 4);
    const c = view.getUint32(at + 8);
    const d = view.getUint32(at + 12);
    const mask = this.slots.length - 1;
    const words = this.words;
    for (let i = hash(a, b, c, d) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return this.allKeyed ? undefined : this.byText.get(uuidText(a, b, c, d));
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

/** Mixes all 128 bits: time-ordered ids (v1, v7) share their leading words. */
function hash(a: number, b: number, c: number, d: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d) ^ Math.imul(d, 0x27d4eb2f);
  return h ^ (h >>> 15);
}

function uuidText(a: number, b: number, c: number, d: number): string {
  const hex = [a, b, c, d].map((w) => w.toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
