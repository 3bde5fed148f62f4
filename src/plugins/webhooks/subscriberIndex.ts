/**
 * Which webhooks an event may concern, without testing every filter: for each event name, webhooks
 * whose filter holds an exact value at some path (`{"service.name": "payments-db"}`,
 * `{"status": ["DOWN", "DEGRADED"]}`) are indexed under that path and value; the others are
 * candidates for every event. Matching an event costs one lookup per distinct indexed path plus
 * a full filter test per candidate, so a thousand webhooks each narrowed to its own service cost
 * about as much as one. Candidates still get their whole filter tested by the caller.
 */
import type { FilterScalar, FilterSpec } from './filters.js';
import { parsePath, valueAt, type PathSegments } from './jsonPath.js';

interface IndexedPath {
  readonly segments: PathSegments;
  readonly byValue: Map<string, Set<string>>;
}

interface EventEntry {
  /** Webhooks without an exact value in their filter: tested for every event. */
  readonly unindexed: Set<string>;
  readonly paths: Map<string, IndexedPath>;
  size: number;
}

/** Where a webhook was put, to take it out again. */
interface Placement {
  readonly events: readonly string[];
  readonly path: string | null;
  readonly values: readonly string[];
}

const keyOf = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? `${typeof value}:${String(value)}` : null;

/** The first filter path whose expected values are all exact (no glob, no null), with those values. */
function exactKey(filters: FilterSpec | null): { path: string; values: string[] } | null {
  if (filters === null) return null;
  for (const [path, expected] of Object.entries(filters)) {
    const alternatives: readonly FilterScalar[] = Array.isArray(expected) ? expected : [expected as FilterScalar];
    const values: string[] = [];
    for (const value of alternatives) {
      if (value === null || (typeof value === 'string' && value.includes('*'))) break;
      values.push(keyOf(value)!);
    }
    if (values.length === alternatives.length) return { path, values };
  }
  return null;
}

export class SubscriberIndex {
  private readonly events = new Map<string, EventEntry>();
  private readonly placements = new Map<string, Placement>();

  add(id: string, events: readonly string[], filters: FilterSpec | null): void {
    this.remove(id);
    const exact = exactKey(filters);
    for (const event of events) {
      let entry = this.events.get(event);
      if (!entry) this.events.set(event, (entry = { unindexed: new Set(), paths: new Map(), size: 0 }));
      entry.size += 1;
      if (exact === null) {
        entry.unindexed.add(id);
        continue;
      }
      let indexed = entry.paths.get(exact.path);
      if (!indexed) {
        const parsed = parsePath(exact.path);
        if (!parsed.ok) throw new Error(parsed.problem); // checked on write
        entry.paths.set(exact.path, (indexed = { segments: parsed.segments, byValue: new Map() }));
      }
      for (const value of exact.values) {
        let ids = indexed.byValue.get(value);
        if (!ids) indexed.byValue.set(value, (ids = new Set()));
        ids.add(id);
      }
    }
    this.placements.set(id, { events, path: exact?.path ?? null, values: exact?.values ?? [] });
  }

  remove(id: string): void {
    const placement = this.placements.get(id);
    if (!placement) return;
    this.placements.delete(id);
    for (const event of placement.events) {
      const entry = this.events.get(event);
      if (!entry) continue;
      entry.size -= 1;
      if (placement.path === null) {
        entry.unindexed.delete(id);
      } else {
        const indexed = entry.paths.get(placement.path);
        for (const value of placement.values) {
          const ids = indexed?.byValue.get(value);
          ids?.delete(id);
          if (ids?.size === 0) indexed!.byValue.delete(value);
        }
        if (indexed?.byValue.size === 0) entry.paths.delete(placement.path);
      }
      if (entry.size === 0) this.events.delete(event);
    }
  }

  /** Any webhook subscribed to `event` at all (whatever its filter). */
  has(event: string): boolean {
    return this.events.has(event);
  }

  /** Webhooks subscribed to `event` whose filter may match `data` (each at most once). */
  candidates(event: string, data: unknown): string[] {
    const entry = this.events.get(event);
    if (!entry) return [];
    const out = [...entry.unindexed];
    for (const indexed of entry.paths.values()) {
      const key = keyOf(valueAt(data, indexed.segments));
      if (key === null) continue;
      const ids = indexed.byValue.get(key);
      if (ids) for (const id of ids) out.push(id);
    }
    return out;
  }
}
