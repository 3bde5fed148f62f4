/**
 * The live part of a history table, held in memory and kept equal to the database: open incidents,
 * active alerts. Unlike CommittedMap (src/core/fleet), forgetting a value does not delete its row: the
 * closing row is written and memory lets go of it (the row stays as history).
 *
 * A write changes memory at once and stages its row; if the row's batch fails, every key with
 * uncommitted writes goes back to its last committed value, so memory never holds what the
 * database does not.
 */
import type { BatchWriter, Row, TableSpec } from '../../platform/persistence/batchWriter.js';

export class StagedMemory<V> {
  private readonly current = new Map<string, V>();
  private readonly base = new Map<string, V | undefined>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly writer: BatchWriter,
    private readonly table: TableSpec,
  ) {}

  /** Committed state read at start. */
  load(key: string, value: V): void {
    this.current.set(key, value);
  }

  /**
   * Committed state read again for some keys (cluster mode: a shard taken over, docs/adr/0071): the values `replaced`
   * selects are dropped, unless a write of this instance is pending on them, and `values` are held instead.
   */
  reload(values: Iterable<readonly [string, V]>, replaced: (value: V) => boolean): void {
    for (const [key, value] of [...this.current]) if (!this.base.has(key) && replaced(value)) this.current.delete(key);
    for (const [key, value] of values) if (!this.base.has(key)) this.current.set(key, value);
  }

  /**
   * A value another instance committed (cluster mode's shared state, docs/adr/0068; undefined: it let go of the key).
   * Applied only when `applies` accepts the value last committed here for the key (default: always). Memory takes
   * it, unless the key has an uncommitted write here: then it is what a failed commit goes back to, and the write
   * (which commits after it) stays. Nothing is written.
   */
  adopt(key: string, value: V | undefined, applies: (committed: V | undefined) => boolean = () => true): void {
    const pending = this.base.has(key);
    if (!applies(pending ? this.base.get(key) : this.current.get(key))) return;
    if (pending) this.base.set(key, value);
    else if (value === undefined) this.current.delete(key);
    else this.current.set(key, value);
  }

  get(key: string): V | undefined {
    return this.current.get(key);
  }

  values(): IterableIterator<V> {
    return this.current.values();
  }

  get size(): number {
    return this.current.size;
  }

  /** Stage `row` and hold `value` under `key` from now on; `undefined` lets go of the key (its row stays). */
  write(key: string, value: V | undefined, row: Row): void {
    if (!this.base.has(key)) this.base.set(key, this.current.get(key));
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    if (value === undefined) this.current.delete(key);
    else this.current.set(key, value);
    this.writer.upsert(this.table, row, { onCommit: () => this.committed(key, version, value), onRollback: this.rollback });
  }

  private committed(key: string, version: number, value: V | undefined): void {
    const latest = this.versions.get(key);
    // A later write of the key in the same batch committed first (rows of two keys run in any order).
    if (latest === undefined) return;
    if (latest === version) {
      this.base.delete(key);
      this.versions.delete(key);
    } else {
      this.base.set(key, value);
    }
  }

  private readonly rollback = (): void => {
    for (const [key, restored] of this.base) {
      if (restored === undefined) this.current.delete(key);
      else this.current.set(key, restored);
    }
    this.base.clear();
    this.versions.clear();
  };
}
