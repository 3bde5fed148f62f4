/**
 * What each node's last status sync found (core/protocol/statusSyncBody.ts reads the next one against
 * it): the body, where each entry lies, and for each entry that changed nothing the service it named
 * and that service's record as it was then. An entry whose bytes repeat one of these, while its
 * service still holds that very record (records are replaced, never edited, on every change), changes
 * nothing again: it is counted unchanged without being parsed, looked up or compared.
 *
 * Memory: the bodies are kept, at most `maxBytes` of them (the least recently synced node's go first);
 * a node without one is read the ordinary way.
 */
import type { PreviousSyncBody } from '../protocol/statusSyncBody.js';
import type { ServiceRecord } from '../domain/service.js';

/** 64 MiB: about 270,000 services' entries of ~240 B. */
export const DEFAULT_SYNC_MEMO_BYTES = 64 * 1024 * 1024;

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

export class StatusSyncMemo {
  private readonly nodes = new Map<string, NodeSyncMemo>();
  private bytes = 0;

  constructor(private readonly maxBytes: number = DEFAULT_SYNC_MEMO_BYTES) {}

  previous(nodePath: string): NodeSyncMemo | undefined {
    return this.nodes.get(nodePath);
  }

  remember(nodePath: string, memo: NodeSyncMemo): void {
    this.forget(nodePath);
    const kept = ownBody(memo);
    const size = costOf(kept);
    if (size > this.maxBytes) return;
    this.nodes.set(nodePath, kept);
    this.bytes += size;
    for (const [path, oldest] of this.nodes) {
      if (this.bytes <= this.maxBytes) break;
      this.nodes.delete(path);
      this.bytes -= costOf(oldest);
    }
  }

  forget(nodePath: string): void {
    const held = this.nodes.get(nodePath);
    if (held === undefined) return;
    this.nodes.delete(nodePath);
    this.bytes -= costOf(held);
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
