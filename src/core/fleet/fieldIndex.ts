/**
 * Ids of services by one of their fields (namespace, SLA group, owner, team), for the few commands and figures that
 * ask for "every service of X". Built the first time it is asked, from the services the host holds, and kept in step
 * from then on: at a million services each such index is a set entry per service (about 30 bytes) and 0.2 s of the
 * start (docs/adr/0082), paid only by a deployment that uses it. Until it is built, changes cost nothing.
 */
import type { ServiceRecord } from '../domain/service.js';

/** Key -> ids of the services with that key. */
export type IdIndex = Map<string, Set<string>>;

export function addTo(index: IdIndex, key: string | null, id: string): void {
  if (key === null) return;
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(id);
}

export function removeFrom(index: IdIndex, key: string | null, id: string): void {
  if (key === null) return;
  const set = index.get(key);
  if (!set) return;
  set.delete(id);
  if (set.size === 0) index.delete(key);
}

export class FieldIndex {
  private index: IdIndex | undefined;

  /** `all`: every record the host holds now (the index mirrors the host, uncommitted changes included). */
  constructor(
    private readonly keyOf: (record: ServiceRecord) => string | null,
    private readonly all: () => Iterable<ServiceRecord>,
  ) {}

  /** Ids of the services whose field is `key`. */
  get(key: string): ReadonlySet<string> | undefined {
    return this.built().get(key);
  }

  /** Whether the index exists yet (it is built by the first `get`). */
  get isBuilt(): boolean {
    return this.index !== undefined;
  }

  add(record: ServiceRecord): void {
    if (this.index) addTo(this.index, this.keyOf(record), record.id);
  }

  remove(record: ServiceRecord): void {
    if (this.index) removeFrom(this.index, this.keyOf(record), record.id);
  }

  update(before: ServiceRecord, after: ServiceRecord): void {
    if (!this.index) return;
    const from = this.keyOf(before);
    const to = this.keyOf(after);
    if (from === to) return;
    removeFrom(this.index, from, after.id);
    addTo(this.index, to, after.id);
  }

  private built(): IdIndex {
    if (this.index === undefined) {
      const index: IdIndex = new Map();
      for (const record of this.all()) addTo(index, this.keyOf(record), record.id);
      this.index = index;
    }
    return this.index;
  }
}
