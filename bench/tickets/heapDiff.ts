/**
 * Where the heap of open tickets goes, by constructor: heap snapshots of a running server over the
 * inspector (HeapProfiler.takeHeapSnapshot), summed per node type and name, and the difference of
 * two snapshots divided by the tickets between them. What `bench:tickets-memory` runs with
 * BENCH_HEAP_DIFF=1 to say why a heap figure is what it is.
 */
import WebSocket from 'ws';

export interface HeapSummary {
  /** `type:name` -> count and self size in bytes. */
  readonly groups: Map<string, { count: number; bytes: number }>;
  readonly totalBytes: number;
}

export async function takeHeapSummary(inspectorUrl: string): Promise<HeapSummary> {
  const socket = new WebSocket(inspectorUrl, { maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const chunks: string[] = [];
  let nextId = 1;
  const waiting = new Map<number, () => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; params?: { chunk: string } };
    if (message.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(message.params!.chunk);
    else if (message.id !== undefined) waiting.get(message.id)?.();
  });
  const call = (method: string, params: object = {}) =>
    new Promise<void>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call('HeapProfiler.enable');
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  socket.close();
  return summarize(JSON.parse(chunks.join('')));
}

function summarize(snapshot: any): HeapSummary {
  const fields: string[] = snapshot.snapshot.meta.node_fields;
  const types: string[] = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const nodes: number[] = snapshot.nodes;
  const strings: string[] = snapshot.strings;
  const groups = new Map<string, { count: number; bytes: number }>();
  let totalBytes = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]!]!;
    // Strings and code by type only (their names are their contents); objects by constructor.
    const name =
      type === 'object' || type === 'closure' || type === 'hidden' || type === 'array' ? strings[nodes[i + nameAt]!]!.slice(0, 60) : '';
    const key = `${type}:${name}`;
    const size = nodes[i + sizeAt]!;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += size;
    groups.set(key, group);
    totalBytes += size;
  }
  return { groups, totalBytes };
}

/** Groups that grew most from `before` to `after`, per ticket (count and bytes). */
export function diffPerTicket(
  before: HeapSummary,
  after: HeapSummary,
  tickets: number,
  top = 15,
): Array<{ group: string; perTicket: number; bytesPerTicket: number }> {
  const rows: Array<{ group: string; perTicket: number; bytesPerTicket: number }> = [];
  for (const [group, a] of after.groups) {
    const b = before.groups.get(group) ?? { count: 0, bytes: 0 };
    rows.push({ group, perTicket: (a.count - b.count) / tickets, bytesPerTicket: (a.bytes - b.bytes) / tickets });
  }
  return rows.sort((x, y) => Math.abs(y.bytesPerTicket) - Math.abs(x.bytesPerTicket)).slice(0, top);
}
