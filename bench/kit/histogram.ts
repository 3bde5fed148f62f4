/**
 * A log-linear latency histogram (the HDR idea, kept small): values in microseconds, exact below
 * SUB_BUCKETS, then SUB_BUCKETS/2 linear buckets per power of two, so every recorded value is
 * reported within 1/64 (1.6 %) of itself, from 1 us to hours, in a few kilobytes. Counts are kept
 * sparse when serialized (JSON results), and histograms of the same shape merge by adding counts.
 *
 * Why our own and not hdr-histogram-js: the kit needs record, percentile, merge and a JSON form;
 * that is about a hundred lines with tests (test/unit/bench/histogram.test.ts), without a
 * WebAssembly build or a base64 codec to trust (ADR 0075).
 */

/** Linear buckets per power of two (after the first range): the relative precision is 2 / SUB_BUCKETS. */
const SUB_BUCKETS = 128;
const HALF = SUB_BUCKETS / 2;
const SUB_BITS = Math.log2(SUB_BUCKETS);
/** Enough ranges for 2^40 us (12 days). */
const RANGES = 40;

/** The bucket index of a value in whole microseconds (>= 0). */
function indexOf(us: number): number {
  if (us < SUB_BUCKETS) return us;
  const exponent = Math.floor(Math.log2(us)) - SUB_BITS + 1;
  const sub = Math.floor(us / 2 ** exponent);
  return SUB_BUCKETS + (exponent - 1) * HALF + (sub - HALF);
}

/** The highest value (us) a bucket holds: what a percentile in it reports (never lower than the truth). */
function highestOf(index: number): number {
  if (index < SUB_BUCKETS) return index;
  const exponent = Math.floor((index - SUB_BUCKETS) / HALF) + 1;
  const sub = ((index - SUB_BUCKETS) % HALF) + HALF;
  return (sub + 1) * 2 ** exponent - 1;
}

export interface HistogramJson {
  readonly count: number;
  readonly maxUs: number;
  readonly minUs: number;
  readonly sumUs: number;
  /** `[bucket index, count]` of every non-empty bucket. */
  readonly buckets: ReadonlyArray<readonly [number, number]>;
}

export class Histogram {
  private readonly counts = new Float64Array(SUB_BUCKETS + RANGES * HALF);
  count = 0;
  maxUs = 0;
  minUs = Number.POSITIVE_INFINITY;
  sumUs = 0;

  /** Records one value in milliseconds (negative values count as 0). */
  recordMs(ms: number): void {
    this.recordUs(Math.max(0, Math.round(ms * 1000)));
  }

  recordUs(us: number): void {
    const index = Math.min(indexOf(us), this.counts.length - 1);
    this.counts[index]! += 1;
    this.count += 1;
    this.sumUs += us;
    if (us > this.maxUs) this.maxUs = us;
    if (us < this.minUs) this.minUs = us;
  }

  /** The value at quantile q (0..1) in ms: the smallest recorded bucket that covers q of the values; NaN when empty. */
  percentileMs(q: number): number {
    if (this.count === 0) return Number.NaN;
    if (q >= 1) return this.maxUs / 1000;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let index = 0; index < this.counts.length; index += 1) {
      seen += this.counts[index]!;
      if (seen >= rank) return Math.min(highestOf(index), this.maxUs) / 1000;
    }
    return this.maxUs / 1000;
  }

  get meanMs(): number {
    return this.count === 0 ? Number.NaN : this.sumUs / this.count / 1000;
  }

  /** Adds another histogram's counts to this one. */
  add(other: Histogram): void {
    for (let index = 0; index < this.counts.length; index += 1) this.counts[index]! += other.counts[index]!;
    this.count += other.count;
    this.sumUs += other.sumUs;
    this.maxUs = Math.max(this.maxUs, other.maxUs);
    this.minUs = Math.min(this.minUs, other.minUs);
  }

  toJSON(): HistogramJson {
    const buckets: Array<[number, number]> = [];
    for (let index = 0; index < this.counts.length; index += 1) if (this.counts[index]! > 0) buckets.push([index, this.counts[index]!]);
    return { count: this.count, maxUs: this.maxUs, minUs: this.count === 0 ? 0 : this.minUs, sumUs: this.sumUs, buckets };
  }

  static fromJSON(json: HistogramJson): Histogram {
    const histogram = new Histogram();
    for (const [index, count] of json.buckets) {
      if (!Number.isInteger(index) || index < 0 || index >= histogram.counts.length || !(count >= 0))
        throw new Error(`histogram bucket [${index}, ${count}] is out of range`);
      histogram.counts[index] = count;
    }
    histogram.count = json.count;
    histogram.maxUs = json.maxUs;
    histogram.minUs = json.count === 0 ? Number.POSITIVE_INFINITY : json.minUs;
    histogram.sumUs = json.sumUs;
    return histogram;
  }
}
