/**
 * Live per-node status counts for dashboards (`nodeStatusCounts`), coalesced: however many services
 * change, a subscriber gets at most one frame per window, carrying the current counts of the nodes
 * it watches whose services moved since the last frame. An outage storm of 100,000 status changes
 * is a handful of frames per subscriber, not 100,000 (docs/adr/0077-coalesced-node-counts.md).
 *
 * A subscription watches one scope: a node and its direct children, or (no node) the roots, the
 * hierarchy as the console shows it one level at a time. A status change, creation or deletion
 * under a watched node marks it; the first mark arms the window's timer; when it fires, each
 * watched scope with marked nodes gets one publish with their counts, read then from the fleet's
 * per-node counts (src/core/fleet/nodeStatusCounts.ts: a lookup, not a walk of the services below,
 * so a frame is never stale and a storm's window costs the marked nodes, not the fleet). A node's
 * payload entry is kept until a change below it, so a hundred dashboards subscribing at once build
 * it once. The window paces I/O, so it runs on real time (src/platform/scheduler/clock.ts).
 *
 * Invariants: no timer is armed, nothing is marked and no count is kept while nobody watches; a
 * frame's counts are the fleet's at the moment they were taken, and no change below a node has
 * happened since; a node's frame follows every change of it within one window.
 */
import { SERVICE_STATUSES, type ServiceStatus } from '../../core/domain/service.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import { nodeAncestry, parentPath } from './channels.js';

/** How long changes gather before their frame goes out. @default 250 */
export const NODE_COUNTS_WINDOW_MS = 250;

/** One node's services by status, the node and everything below it. */
export interface NodeStatusCount {
  readonly path: string;
  readonly operational: number;
  readonly degraded: number;
  readonly down: number;
  readonly maintenance: number;
  readonly unknown: number;
  readonly total: number;
}

/** The payload of `nodeStatusCounts`. */
export interface NodeStatusCountsPayload {
  readonly event: 'node:status_counts';
  /** Epoch ms the counts were taken. */
  readonly at: number;
  readonly nodes: readonly NodeStatusCount[];
}

export interface NodeCountsFeedDeps {
  /** Publishes a payload root on a channel (the fan-out hub). */
  readonly publish: (channel: string, root: { nodeStatusCounts: NodeStatusCountsPayload }) => void;
  /** Services per status at `path` and below, and their total (the fleet's kept counts). */
  readonly countsUnder: (path: string) => Readonly<Record<ServiceStatus, number>> & { readonly total: number };
  /** The direct children of a node (null: the roots). */
  readonly childrenOf: (path: string | null) => readonly string[];
  /** Paces the frames (real time). */
  readonly clock: Clock;
  /** @default NODE_COUNTS_WINDOW_MS */
  readonly windowMs?: number;
}

/** A scope's key: the node's path, or '' for the roots. */
type ScopeKey = string;

/** The channel of a scope's subscribers. */
export function nodeCountsChannel(scope: string | null): string {
  return scope === null || scope === '' ? 'node-counts:*' : `node-counts:node:${scope}`;
}

export class NodeCountsFeed {
  /** Watched scopes -> how many subscriptions watch each. */
  private readonly scopes = new Map<ScopeKey, number>();
  /** Nodes whose counts may have moved since the last frame. */
  private readonly marked = new Set<string>();
  /** Counts taken since the last change below their node (every node, watched or not, is dropped on a change below it). */
  private readonly counted = new Map<string, NodeStatusCount>();
  private timer: TimerHandle | undefined;
  private readonly windowMs: number;
  /** Frames published (tests, benches). */
  framesPublished = 0;

  constructor(private readonly deps: NodeCountsFeedDeps) {
    this.windowMs = deps.windowMs ?? NODE_COUNTS_WINDOW_MS;
  }

  /** A subscription starts watching a scope; `leave` ends it. */
  watch(scope: string | null): { leave(): void } {
    const key = scope ?? '';
    this.scopes.set(key, (this.scopes.get(key) ?? 0) + 1);
    let left = false;
    return {
      leave: () => {
        if (left) return;
        left = true;
        const n = (this.scopes.get(key) ?? 1) - 1;
        if (n > 0) this.scopes.set(key, n);
        else this.scopes.delete(key);
        if (this.scopes.size === 0) this.stop();
      },
    };
  }

  /** The counts a new subscriber of `scope` starts from: the node itself (when given) and its children. */
  current(scope: string | null): NodeStatusCountsPayload {
    const paths = scope === null ? [...this.deps.childrenOf(null)] : [scope, ...this.deps.childrenOf(scope)];
    return this.payload(paths.sort());
  }

  /** A service at `servicePath` (`node/path/name`) was created, deleted or changed status. */
  touched(servicePath: string): void {
    if (this.scopes.size === 0) return;
    let any = false;
    for (const node of nodeAncestry(parentPath(servicePath))) {
      this.counted.delete(node);
      if (this.marked.has(node)) continue;
      if (this.scopes.has(node) || this.scopes.has(scopeAbove(node))) {
        this.marked.add(node);
        any = true;
      }
    }
    if (any && this.timer === undefined) this.timer = this.deps.clock.setTimer(this.windowMs, () => this.flush());
  }

  /** Sends each watched scope the counts of its marked nodes, one publish per scope. */
  flush(): void {
    this.deps.clock.clearTimer(this.timer);
    this.timer = undefined;
    if (this.marked.size === 0) return;
    const byScope = new Map<ScopeKey, string[]>();
    const add = (scope: ScopeKey, node: string) => {
      if (!this.scopes.has(scope)) return;
      const list = byScope.get(scope);
      if (list === undefined) byScope.set(scope, [node]);
      else list.push(node);
    };
    for (const node of this.marked) {
      add(node, node);
      add(scopeAbove(node), node);
    }
    this.marked.clear();
    for (const [scope, nodes] of byScope) {
      nodes.sort();
      this.deps.publish(nodeCountsChannel(scope), { nodeStatusCounts: this.payload(nodes) });
      this.framesPublished += 1;
    }
  }

  /** Nobody watches: drop the marks and the timer. */
  stop(): void {
    this.deps.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.marked.clear();
    this.counted.clear();
  }

  private payload(paths: readonly string[]): NodeStatusCountsPayload {
    const nodes = paths.map((path) => {
      let count = this.counted.get(path);
      if (count === undefined) {
        count = fromCounts(path, this.deps.countsUnder(path));
        this.counted.set(path, count);
      }
      return count;
    });
    return { event: 'node:status_counts', at: this.deps.clock.now(), nodes };
  }
}

/** The scope that shows `node` as a child: its parent, or the roots. */
function scopeAbove(node: string): ScopeKey {
  const slash = node.lastIndexOf('/');
  return slash < 0 ? '' : node.slice(0, slash);
}

/** A node's entry from the fleet's kept counts. */
function fromCounts(path: string, counts: Readonly<Record<ServiceStatus, number>> & { readonly total: number }): NodeStatusCount {
  return {
    path,
    operational: counts.OPERATIONAL,
    degraded: counts.DEGRADED,
    down: counts.DOWN,
    maintenance: counts.MAINTENANCE,
    unknown: counts.UNKNOWN,
    total: counts.total,
  };
}

/** Counts services by status (a viewer limited to some environments counts what it may see). */
export function countStatuses(path: string, services: Iterable<{ readonly status: ServiceStatus }>): NodeStatusCount {
  const tally = new Array<number>(SERVICE_STATUSES.length).fill(0);
  let total = 0;
  for (const s of services) {
    tally[SERVICE_STATUSES.indexOf(s.status)]! += 1;
    total += 1;
  }
  const [operational, degraded, down, maintenance, unknown] = tally as [number, number, number, number, number];
  return { path, operational, degraded, down, maintenance, unknown, total };
}
