/**
 * In-memory state that is kept equal to the database. `set` changes memory at once (the single
 * writer of an entity sees its own changes) and stages the row; if the batch holding it fails,
 * every key with uncommitted changes goes back to its last committed value (`onRevert` lets the
 * owner rebuild actors and indexes). Reads of uncommitted values are possible, but a reply waits for
 * the commit (BatchWriter.committed), so no client is told of state the database does not have.
 */
import type { BatchWriter, Row, TableSpec } from '../persistence/batchWriter.js';

export class CommittedMap<V> {
  private readonly current = new Map<string, V>();
  /** Last committed value of each key that has uncommitted changes (`undefined`: did not exist). */
  private readonly base = new Map<string, V | undefined>();
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly writer: BatchWriter,
    private readonly table: TableSpec,
    private readonly toRow: (value: V) => Row,
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

  set(key: string, value: V): void {
    if (!this.base.has(key)) this.base.set(key, this.current.get(key));
    this.current.set(key, value);
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    this.writer.upsert(this.table, this.toRow(value), {
      onCommit: () => {
        if (this.versions.get(key) === version) {
          this.base.delete(key);
          this.versions.delete(key);
        } else {
          this.base.set(key, value);
        }
      },
      onRollback: this.rollback,
    });
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
