/**
 * What each node's last status sync found (core/protocol/statusSyncBody.ts reads the next one against
 * it): the body, where each entry lies, and for each entry that changed nothing the service it named
 * and that service's record as it was then. An entry whose bytes repeat one of these, while its
 * service still holds that very record (records are replaced, never edited, on every change), changes
 * nothing again: it is counted unchanged without being parsed, looked up or compared.
 *
 * Memory: the bodies are kept, at most `maxBytes` of them; a node without one is read the ordinary way. When a
 * body does not fit, the least recently synced node's goes only if that node has not synced for `staleMs` (it is
 * gone or silent); otherwise the newcomer is not kept. Agents sync in turns, every node once a cycle: evicting the
 * least recent node on every miss (plain LRU) drops each body just before its node's next sync once the fleet is
 * larger than the budget, so nothing is ever found (a million services in 64 MiB: every sync parsed whole, and
 * every body kept only to become garbage). Keeping the nodes already held finds theirs every cycle.
 */
import type { PreviousSyncBody } from '../protocol/statusSyncBody.js';
import type { ServiceRecord } from '../domain/service.js';

/** 64 MiB: about 270,000 services' entries of ~240 B. */
export const DEFAULT_SYNC_MEMO_BYTES = 64 * 1024 * 1024;
/** A node not synced for this long gives its place to another (ten missed 30-second syncs). */
export const SYNC_MEMO_STALE_MS = 5 * 60_000;

export class NodeSyncMemo implements PreviousSyncBody {
  constructor(
    readonly body: Buffer,
    readonly starts: Int32Array,
    readonly ends: Int32Array,
    readonly clean: Uint8Array,
    /** Per entry: the service it named and its record when it changed nothing; undefined otherwise. */
    readonly ids: ReadonlyArray<string | undefined>,
    readonly records: ReadonlyArray<ServiceRecord | undefined>,
  ) {}
}

interface Held {
  readonly memo: NodeSyncMemo;
  readonly syncedAt: number;
}

export class StatusSyncMemo {
  /** In the order the nodes last synced: the first is the least recent. */
  private readonly nodes = new Map<string, Held>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number = DEFAULT_SYNC_MEMO_BYTES,
    private readonly staleMs: number = SYNC_MEMO_STALE_MS,
  ) {}

  previous(nodePath: string): NodeSyncMemo | undefined {
    return this.nodes.get(nodePath)?.memo;
  }

  /** What the node's sync at `at` (epoch ms) found, kept if it fits (see the file's comment). */
  remember(nodePath: string, memo: NodeSyncMemo, at: number): void {
    this.forget(nodePath);
    const kept = ownBody(memo);
    const size = costOf(kept);
    if (size > this.maxBytes) return;
    for (const [path, oldest] of this.nodes) {
      if (this.bytes + size <= this.maxBytes) break;
      if (at - oldest.syncedAt < this.staleMs) return;
      this.nodes.delete(path);
      this.bytes -= costOf(oldest.memo);
    }
    this.nodes.set(nodePath, { memo: kept, syncedAt: at });
    this.bytes += size;
  }

  forget(nodePath: string): void {
    const held = this.nodes.get(nodePath);
    if (held === undefined) return;
    this.nodes.delete(nodePath);
    this.bytes -= costOf(held.memo);
  }

  /** Bodies held and the bytes counted for them (tests, metrics). */
  get size(): { nodes: number; bytes: number } {
    return { nodes: this.nodes.size, bytes: this.bytes };
  }
}

/** The bytes a memo holds: its body, and about 16 per entry for where it lies and what it found. */
function costOf(memo: NodeSyncMemo): number {
  return memo.body.length + memo.starts.length * 16;
}

/**
 * A small body is a slice of Node's shared 8 KiB buffer pool, which it would keep alive whole: such a body is
 * copied into a buffer of its own before it is kept.
 */
function ownBody(memo: NodeSyncMemo): NodeSyncMemo {
  const { body } = memo;
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return memo;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return new NodeSyncMemo(own, memo.starts, memo.ends, memo.clean, memo.ids, memo.records);
}
