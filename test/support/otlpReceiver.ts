/**
 * A real OTLP/HTTP trace receiver (a collector's `POST /v1/traces`) on a port from the OS: it decodes what the
 * OpenTelemetry exporter sends (OTLP/JSON, `ExportTraceServiceRequest`, gzip or not) into plain spans and answers
 * 200 as a collector does. The exporter is not ours; this is what any collector would see of it.
 */
import { gunzipSync } from 'node:zlib';
import { eventually } from './polling.js';
import { startReceiver, type HttpReceiver } from './receiver.js';

/** OTLP's span kinds (the enum's numbers in OTLP/JSON). */
export const SPAN_KIND = { internal: 1, server: 2, client: 3, producer: 4, consumer: 5 } as const;

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a root span. */
  readonly parentSpanId: string;
  readonly name: string;
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly links: readonly { readonly traceId: string; readonly spanId: string }[];
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  readonly status: number;
  /** The resource's attributes (`service.name`). */
  readonly resource: Readonly<Record<string, string | number | boolean>>;
}

export interface OtlpReceiver {
  /** http://127.0.0.1:port: what OTEL_EXPORTER_OTLP_ENDPOINT names. */
  readonly url: string;
  readonly spans: ReceivedSpan[];
  /** Export requests received, with their content type. */
  readonly exports: { readonly path: string; readonly contentType: string }[];
  /** The spans of `traceId` once `count` of them arrived. */
  trace(traceId: string, count: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

function attributesOf(list: readonly { key: string; value: OtlpValue }[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    out[key] = value.stringValue ?? value.boolValue ?? value.doubleValue ?? Number(value.intValue);
  }
  return out;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: { path: string; contentType: string }[] = [];
  const http: HttpReceiver = await startReceiver((request, response, received) => {
    const contentType = String(request.headers['content-type'] ?? '');
    exports.push({ path: received.url, contentType });
    if (received.method !== 'POST' || received.url !== '/v1/traces' || !contentType.startsWith('application/json')) {
      response.writeHead(415).end();
      return;
    }
    const bytes = request.headers['content-encoding'] === 'gzip' ? gunzipSync(received.bytes) : received.bytes;
    const body = JSON.parse(bytes.toString('utf8')) as {
      resourceSpans?: {
        resource?: { attributes?: { key: string; value: OtlpValue }[] };
        scopeSpans?: {
          spans?: {
            traceId: string;
            spanId: string;
            parentSpanId?: string;
            name: string;
            kind: number;
            attributes?: { key: string; value: OtlpValue }[];
            links?: { traceId: string; spanId: string }[];
            status?: { code?: number };
          }[];
        }[];
      }[];
    };
    for (const resourceSpans of body.resourceSpans ?? []) {
      const resource = attributesOf(resourceSpans.resource?.attributes);
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId ?? '',
            name: span.name,
            kind: span.kind,
            attributes: attributesOf(span.attributes),
            links: (span.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            status: span.status?.code ?? 0,
            resource,
          });
        }
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  return {
    url: http.url,
    spans,
    exports,
    trace: (traceId, count) =>
      eventually(async () => {
        const found = spans.filter((s) => s.traceId === traceId);
        return found.length >= count ? found : undefined;
      }, `${count} spans of trace ${traceId} at the receiver`),
    close: () => http.close(),
  };
}

/** The one span of `spans` named `name` (fails when there is none or several). */
export function spanNamed(spans: readonly ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((s) => s.name === name);
  if (found.length !== 1)
    throw new Error(`one span named "${name}" expected, found ${found.length}: ${spans.map((s) => s.name).join(', ')}`);
  return found[0]!;
}
