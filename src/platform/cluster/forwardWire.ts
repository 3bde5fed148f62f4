/**
 * The wire format of a forwarded request and its answer (docs/adr/0067): one NATS message each way on
 * `<cluster>.forward.<instance>`. A frame is a 4-byte big-endian length, that many bytes of JSON (the head or
 * the answer's status and headers), then the body's bytes as they are (no base64: a 1 MB batch push stays 1 MB).
 * Pure: encoded and decoded here, checked by unit tests, so a malformed frame from anyone on the bus is refused
 * with a reason rather than half-read.
 */
import type { RequestHead } from '../gateway/http.js';

/** The subject an instance serves forwarded requests on. */
export function forwardSubject(cluster: string, instanceId: string): string {
  return `${cluster}.forward.${instanceId}`;
}

export interface ForwardedRequest {
  readonly head: RequestHead;
  readonly body: Uint8Array;
  /**
   * The request's `Idempotency-Key` was made by the edge for this request and this is the first time it is
   * sent: nothing can be recorded under it yet, so the owner skips looking it up (a database round trip on
   * the forwarding path). A re-sent request never carries it (docs/adr/0079).
   */
  readonly freshKey?: boolean;
}

export type ForwardedAnswer =
  /** The owner's answer, relayed as it is. */
  | { readonly kind: 'reply'; readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Uint8Array }
  /** The owner does not own the entity (any longer): nothing was applied, the edge retries. */
  | { readonly kind: 'notMine' };

function frame(meta: unknown, body: Uint8Array): Uint8Array {
  const json = Buffer.from(JSON.stringify(meta), 'utf8');
  const out = Buffer.allocUnsafe(4 + json.length + body.length);
  out.writeUInt32BE(json.length, 0);
  json.copy(out, 4);
  out.set(body, 4 + json.length);
  return out;
}

function unframe(data: Uint8Array): { meta: unknown; body: Uint8Array } {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buffer.length < 4) throw new Error('a forwarded frame is shorter than its length prefix');
  const length = buffer.readUInt32BE(0);
  if (4 + length > buffer.length) throw new Error('a forwarded frame is shorter than its declared head');
  return { meta: JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')) as unknown, body: buffer.subarray(4 + length) };
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

export function encodeRequest(request: ForwardedRequest): Uint8Array {
  const { method, path, query, headers, peerAddress } = request.head;
  return frame(
    request.freshKey === true
      ? { method, path, query, headers, peerAddress, freshKey: true }
      : { method, path, query, headers, peerAddress },
    request.body,
  );
}

export function decodeRequest(data: Uint8Array): ForwardedRequest {
  const { meta, body } = unframe(data);
  const head = meta as Partial<Record<keyof RequestHead | 'freshKey', unknown>>;
  if (
    typeof head !== 'object' ||
    head === null ||
    typeof head.method !== 'string' ||
    typeof head.path !== 'string' ||
    typeof head.query !== 'string' ||
    typeof head.peerAddress !== 'string' ||
    !isStringRecord(head.headers)
  )
    throw new Error('a forwarded request must have method, path, query, peerAddress (strings) and headers (string values)');
  return {
    head: { method: head.method, path: head.path, query: head.query, headers: head.headers, peerAddress: head.peerAddress },
    body,
    ...(head.freshKey === true && head.headers['idempotency-key'] !== undefined ? { freshKey: true } : {}),
  };
}

export function encodeAnswer(answer: ForwardedAnswer): Uint8Array {
  if (answer.kind === 'notMine') return frame({ kind: 'notMine' }, new Uint8Array(0));
  return frame({ kind: 'reply', status: answer.status, headers: answer.headers }, answer.body);
}

export function decodeAnswer(data: Uint8Array): ForwardedAnswer {
  const { meta, body } = unframe(data);
  const answer = meta as { kind?: unknown; status?: unknown; headers?: unknown };
  if (answer?.kind === 'notMine') return { kind: 'notMine' };
  if (answer?.kind !== 'reply' || typeof answer.status !== 'number' || !isStringRecord(answer.headers))
    throw new Error('a forwarded answer must be {kind: "reply", status, headers} or {kind: "notMine"}');
  return { kind: 'reply', status: answer.status, headers: answer.headers, body };
}
