/**
 * In-memory state that is kept equal to the database. `set` and `delete` change memory at once (the
 * single writer of an entity sees its own changes) and stage the row or its delete; if the batch
 * holding it fails, every key with uncommitted changes goes back to its last committed value
 * (`onRevert` lets the owner rebuild actors and indexes). Reads of uncommitted values are possible,
 * but a reply waits for the commit (BatchWriter.committed), so no client is told of state the
 * database does not have.
 */
import type { BatchWriter, PurgeSpec, Row, TableSpec } from '../../platform/persistence/batchWriter.js';

export class CommittedMap<V> {
  private readonly current = new Map<string, V>();
  /** Last committed value of each key that has uncommitted changes (`undefined`: did not exist). */
  private readonly base = new Map<string, V | undefined>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly writer: BatchWriter,
    private readonly table: TableSpec,
    private readonly toRow: (value: V) => Row,
    /**
     * Called per key when a failed commit reverts it: `restored` is the committed value now in
     * memory (undefined: the key is gone), `discarded` the uncommitted one it replaced (undefined:
     * the key had been deleted). Both are undefined for a key set and deleted again uncommitted.
     */
    private readonly onRevert: (key: string, restored: V | undefined, discarded: V | undefined) => void = () => undefined,
  ) {}

  get(key: string): V | undefined {
    return this.current.get(key);
  }

  has(key: string): boolean {
    return this.current.has(key);
  }

  values(): IterableIterator<V> {
    return this.current.values();
  }

  get size(): number {
    return this.current.size;
  }

  /** State read from the database at start: already committed, nothing is written. */
  load(key: string, value: V): void {
    this.current.set(key, value);
  }

  /**
   * A value another instance committed (cluster mode's shared state, docs/adr/0068; undefined: deleted). Memory takes
   * it, unless the key has an uncommitted change here: then it is what a failed commit goes back to, and the change
   * (which commits after it) stays. Nothing is written. Returns whether memory changed.
   */
  adopt(key: string, value: V | undefined): boolean {
    if (this.base.has(key)) {
      this.base.set(key, value);
      return false;
    }
    if (value === undefined) return this.current.delete(key);
    this.current.set(key, value);
    return true;
  }

  set(key: string, value: V): void {
    const version = this.change(key);
    this.current.set(key, value);
    this.writer.upsert(this.table, this.toRow(value), {
      onCommit: () => this.committed(key, version, value),
      onRollback: this.rollback,
    });
  }

  /**
   * Forget a committed value in memory only (the row stays in the database): for records that are
   * history, such as ended sessions. Returns false, keeping it, while it has an uncommitted change.
   */
  evict(key: string): boolean {
    if (this.base.has(key) || !this.current.has(key)) return false;
    this.current.delete(key);
    return true;
  }

  /**
   * Remove `key` from memory at once and stage the delete of its row (key columns taken from
   * `toRow` of the value). `purge` drops staged child rows, see `DeleteOptions.purge`. A failed
   * commit restores the last committed value. Returns false (and does nothing) for a missing key.
   */
  delete(key: string, purge?: readonly PurgeSpec[]): boolean {
    const value = this.current.get(key);
    if (value === undefined) return false;
    const version = this.change(key);
    this.current.delete(key);
    const row = this.toRow(value);
    const keyRow = Object.fromEntries(this.table.key.map((column) => [column, row[column]]));
    this.writer.delete(this.table, keyRow, {
      purge,
      onCommit: () => this.committed(key, version, undefined),
      onRollback: this.rollback,
    });
    return true;
  }

  /** Remember the committed value before the first uncommitted change of `key`; the change's version. */
  private change(key: string): number {
    if (!this.base.has(key)) this.base.set(key, this.current.get(key));
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    return version;
  }

  /** Change `version` of `key`, which left `value` (undefined: deleted), has committed. */
  private committed(key: string, version: number, value: V | undefined): void {
    if (this.versions.get(key) === version) {
      this.base.delete(key);
      this.versions.delete(key);
    } else {
      this.base.set(key, value);
    }
  }

  private readonly rollback = (): void => {
    const reverted = [...this.base];
    this.base.clear();
    this.versions.clear();
    for (const [key, restored] of reverted) {
      const discarded = this.current.get(key);
      if (restored === undefined) this.current.delete(key);
      else this.current.set(key, restored);
      this.onRevert(key, restored, discarded);
    }
  };
}
