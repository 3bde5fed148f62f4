/**
 * The heap of a server process started with `--inspect=127.0.0.1:0`, read over the inspector
 * protocol (Chrome DevTools Protocol on a WebSocket): a full garbage collection first, then V8's
 * used heap. The server needs no code of its own for it.
 */
import WebSocket from 'ws';

export interface HeapProbe {
  /** Collects garbage, then returns the used heap in bytes. */
  usedHeapAfterGc(): Promise<number>;
  close(): void;
}

/** Finds the inspector URL in the server's output (`Debugger listening on ws://...`). */
export function inspectorUrl(output: readonly string[]): string {
  for (const line of output) {
    const match = /Debugger listening on (ws:\/\/\S+)/.exec(line);
    if (match) return match[1]!;
  }
  throw new Error('the server printed no inspector URL; was it started with --inspect=127.0.0.1:0?');
}

export async function connectHeapProbe(url: string): Promise<HeapProbe> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async usedHeapAfterGc() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      const usage = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return usage.usedSize;
    },
    close: () => socket.close(),
  };
}
