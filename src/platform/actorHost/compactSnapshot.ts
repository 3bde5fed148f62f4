/**
 * Snapshots held by the host for 100,000 entities should cost what they say, not what XState's
 * defaults allocate. Every snapshot XState makes carries its own `tags` Set, `historyValue` and
 * `children` objects and `_nodes` array, even when they are empty or the same for every entity in
 * that state (about half of a service's snapshot; bench/README.md, memory). XState treats them as immutable (a step
 * copies before it changes them), so the host replaces empty ones with shared frozen instances and
 * interns `_nodes` per state configuration, right after XState made the snapshot and before anyone
 * else can see it.
 */
import type { AnyMachineSnapshot } from 'xstate';

const EMPTY_TAGS: ReadonlySet<string> = new Set<string>();
const EMPTY_OBJECT = Object.freeze({});

interface Internals {
  tags: ReadonlySet<string>;
  historyValue: object;
  children: object;
  _nodes: ReadonlyArray<{ readonly id: string }>;
}

export class SnapshotCompactor {
  /** `_nodes` arrays by the ids of their nodes: one per state configuration of the machine. */
  private readonly nodeLists = new Map<string, ReadonlyArray<{ readonly id: string }>>();
  /** The interned lists themselves: a snapshot copied from a compacted one (loading at start) needs no key. */
  private readonly interned = new Set<ReadonlyArray<{ readonly id: string }>>();

  compact<S extends AnyMachineSnapshot>(snapshot: S): S {
    const internals = snapshot as unknown as Internals;
    if (internals.tags.size === 0) internals.tags = EMPTY_TAGS;
    if (isEmpty(internals.historyValue)) internals.historyValue = EMPTY_OBJECT;
    if (isEmpty(internals.children)) internals.children = EMPTY_OBJECT;
    const nodes = internals._nodes;
    if (this.interned.has(nodes)) return snapshot;
    let key = '';
    for (const node of nodes) key += `${node.id}\u0000`;
    const shared = this.nodeLists.get(key);
    if (shared) internals._nodes = shared;
    else {
      this.nodeLists.set(key, Object.freeze(nodes));
      this.interned.add(nodes);
    }
    return snapshot;
  }
}

function isEmpty(value: object): boolean {
  for (const _ in value) return false;
  return true;
}
