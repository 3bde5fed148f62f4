/**
 * A collector stand-in for the tracing variant: accepts OTLP/HTTP JSON exports on `POST /v1/traces`, counts the
 * spans and the distinct traces, answers 200. It runs in the bench process, so its work is not the server's CPU.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSink {
  readonly url: string;
  readonly spans: number;
  readonly traces: number;
  readonly exports: number;
  close(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let spans = 0;
  let exports = 0;
  const traces = new Set<string>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exports += 1;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans?: { scopeSpans?: { spans?: { traceId: string }[] }[] }[];
        };
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? []) {
              spans += 1;
              traces.add(span.traceId);
            }
      } catch {
        response.writeHead(400).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get spans() {
      return spans;
    },
    get traces() {
      return traces.size;
    },
    get exports() {
      return exports;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
