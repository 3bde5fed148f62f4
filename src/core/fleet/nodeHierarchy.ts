/**
 * The hierarchy of nodes: a `nodeId` is a slash-separated path and every prefix of it is a node
 * (`eu/prod/k8s-1/payments` makes `eu`, `eu/prod`, `eu/prod/k8s-1` and the full path). Nodes are
 * created by the first service placed under them and persisted with the same group commit.
 */
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { nodesTable, iso } from '../storage/tables.js';
import { CommittedMap } from './committedMap.js';

export interface NodeRecord {
  readonly path: string;
  readonly parentPath: string | null;
  readonly name: string;
  readonly depth: number;
  readonly createdAt: number;
}

export class NodeHierarchy {
  private readonly nodes: CommittedMap<NodeRecord>;
  private readonly children = new Map<string | null, Set<string>>();

  constructor(writer: BatchWriter) {
    this.nodes = new CommittedMap(
      writer,
      nodesTable,
      (n) => ({ path: n.path, parent_path: n.parentPath, name: n.name, depth: n.depth, created_at: iso(n.createdAt) }),
      (_path, restored, discarded) => {
        if (restored === undefined && discarded !== undefined) this.unlink(discarded);
        if (restored !== undefined && discarded === undefined) this.link(restored);
      },
    );
  }

  load(node: NodeRecord): void {
    this.nodes.load(node.path, node);
    this.link(node);
  }

  /**
   * Cluster mode's read model (docs/adr/0065): `path` and its missing prefixes held in memory without a write,
   * for a service committed elsewhere whose nodes' rows arrive on another shard's stream (their own rows, when
   * they come, replace these).
   */
  loadPath(path: string, at: number): void {
    const segments = path.split('/');
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const prefix = segments.slice(0, depth).join('/');
      if (this.nodes.has(prefix)) continue;
      const parentPath = depth === 1 ? null : segments.slice(0, depth - 1).join('/');
      this.load({ path: prefix, parentPath, name: segments[depth - 1]!, depth, createdAt: at });
    }
  }

  /** A node deleted elsewhere (cluster mode): forgotten here, nothing written. */
  forget(path: string): void {
    const node = this.nodes.get(path);
    if (node && this.nodes.evict(path)) this.unlink(node);
  }

  get(path: string): NodeRecord | undefined {
    return this.nodes.get(path);
  }

  childrenOf(path: string | null): string[] {
    return [...(this.children.get(path) ?? [])];
  }

  /** All nodes at or below `path`. */
  subtree(path: string): string[] {
    if (!this.nodes.has(path)) return [];
    const out: string[] = [];
    const stack = [path];
    while (stack.length > 0) {
      const current = stack.pop()!;
      out.push(current);
      for (const child of this.children.get(current) ?? []) stack.push(child);
    }
    return out;
  }

  get size(): number {
    return this.nodes.size;
  }

  all(): IterableIterator<NodeRecord> {
    return this.nodes.values();
  }

  /**
   * Remove `path` and every node below it (deepest first). The caller removes the services under
   * them first: a node with services cannot go (the database refuses it too).
   */
  deleteSubtree(path: string): string[] {
    const removed = this.subtree(path).sort((a, b) => b.length - a.length);
    for (const nodePath of removed) {
      const node = this.nodes.get(nodePath)!;
      this.nodes.delete(nodePath);
      this.unlink(node);
    }
    return removed;
  }

  /** Create `path` and any missing prefix. Returns the paths created. */
  ensure(path: string, at: number): string[] {
    if (this.nodes.has(path)) return [];
    const segments = path.split('/');
    const created: string[] = [];
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const prefix = segments.slice(0, depth).join('/');
      if (this.nodes.has(prefix)) continue;
      const node: NodeRecord = {
        path: prefix,
        parentPath: depth === 1 ? null : segments.slice(0, depth - 1).join('/'),
        name: segments[depth - 1]!,
        depth,
        createdAt: at,
      };
      this.nodes.set(prefix, node);
      this.link(node);
      created.push(prefix);
    }
    return created;
  }

  private unlink(node: NodeRecord): void {
    const set = this.children.get(node.parentPath);
    set?.delete(node.path);
    if (set?.size === 0) this.children.delete(node.parentPath);
  }

  private link(node: NodeRecord): void {
    let set = this.children.get(node.parentPath);
    if (!set) {
      set = new Set();
      this.children.set(node.parentPath, set);
    }
    set.add(node.path);
  }
}
