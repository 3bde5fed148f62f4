/**
 * What every variant puts on the wire, so the three servers send frames of the same shape: the
 * graphql-transport-ws subprotocol, the subscription document, the status change of sequence
 * number N (its `message` is N), and the cheap byte scans the load clients use instead of parsing
 * whole frames.
 */

export const SUBPROTOCOL = 'graphql-transport-ws';
export const WS_PATH = '/graphql/ws';

export const SUBSCRIPTION_QUERY =
  'subscription { serviceStatusChanged { event status previousStatus message service { id name path } changedAt } }';

/** The one service whose status flips on every event (this server: created by a health push). */
export const BENCH_SERVICE = { name: 'fanout-bench', nodeId: 'bench/fanout' } as const;

/** Sequence N's status: odd numbers DOWN, even OPERATIONAL, so every event is a real change (the service starts OPERATIONAL). */
export function statusOfSeq(seq: number): { status: 'DOWN' | 'OPERATIONAL'; previousStatus: 'DOWN' | 'OPERATIONAL' } {
  return seq % 2 === 1 ? { status: 'DOWN', previousStatus: 'OPERATIONAL' } : { status: 'OPERATIONAL', previousStatus: 'DOWN' };
}

export interface StatusChangePayload {
  readonly event: string;
  readonly status: string;
  readonly previousStatus: string;
  readonly message: string;
  readonly service: { readonly id: string; readonly name: string; readonly path: string };
  readonly changedAt: string;
}

/**
 * The `serviceStatusChanged` value of sequence N for the raw and stock variants. `event` and the
 * field order follow what this server sends (src/plugins/realtime), so the frames are the same size.
 */
export function statusChange(seq: number, serviceId: string, at: number): StatusChangePayload {
  const { status, previousStatus } = statusOfSeq(seq);
  return {
    event: 'service:status_changed',
    status,
    previousStatus,
    message: String(seq),
    service: { id: serviceId, name: BENCH_SERVICE.name, path: `${BENCH_SERVICE.nodeId}/${BENCH_SERVICE.name}` },
    changedAt: new Date(at).toISOString(),
  };
}

/** A graphql-transport-ws `next` frame as graphql-ws serializes it (id, type, payload). */
export function nextFrame(id: string, payload: StatusChangePayload): string {
  return JSON.stringify({ id, type: 'next', payload: { data: { serviceStatusChanged: payload } } });
}

/**
 * The whole check of one frame (done once per client, outside the measured path): a `next` frame
 * for subscription `id` whose `serviceStatusChanged` is the status change of its sequence number.
 * Returns what is wrong, or '' when nothing is.
 */
export function frameProblem(text: string, id: string): string {
  let frame: any;
  try {
    frame = JSON.parse(text);
  } catch {
    return `not JSON: ${text.slice(0, 200)}`;
  }
  const change = frame?.payload?.data?.serviceStatusChanged;
  const seq = Number(change?.message);
  const expected = statusOfSeq(seq);
  const problems = [
    frame.id !== id && `id ${JSON.stringify(frame.id)} instead of ${JSON.stringify(id)}`,
    frame.type !== 'next' && `type ${JSON.stringify(frame.type)}`,
    frame.payload?.errors !== undefined && `errors ${JSON.stringify(frame.payload.errors).slice(0, 200)}`,
    !change && 'no data.serviceStatusChanged',
    change && !Number.isInteger(seq) && `message ${JSON.stringify(change.message)} is not a sequence number`,
    change && change.event !== 'service:status_changed' && `event ${JSON.stringify(change.event)}`,
    change && change.status !== expected.status && `status ${change.status} for sequence ${seq} (expected ${expected.status})`,
    change &&
      change.previousStatus !== expected.previousStatus &&
      `previousStatus ${change.previousStatus} (expected ${expected.previousStatus})`,
    change &&
      (change.service?.name !== BENCH_SERVICE.name ||
        change.service?.path !== `${BENCH_SERVICE.nodeId}/${BENCH_SERVICE.name}` ||
        typeof change.service?.id !== 'string') &&
      `service ${JSON.stringify(change.service)}`,
    change && Number.isNaN(Date.parse(change.changedAt)) && `changedAt ${JSON.stringify(change.changedAt)}`,
  ].filter((p): p is string => typeof p === 'string');
  return problems.join('; ');
}

// Byte scans over a received frame (a Buffer): no JSON.parse on the measured path.
const NEXT = Buffer.from('"type":"next"');
const MESSAGE = Buffer.from('"message":"');

export function isNextFrame(frame: Buffer): boolean {
  return frame.indexOf(NEXT) !== -1;
}

/** The sequence number in a `next` frame's `"message":"<digits>"`, or -1 when there is none. */
export function frameSeq(frame: Buffer): number {
  const at = frame.indexOf(MESSAGE);
  if (at === -1) return -1;
  let i = at + MESSAGE.length;
  let seq = 0;
  let digits = 0;
  for (; i < frame.length; i += 1) {
    const c = frame[i]!;
    if (c < 48 || c > 57) break;
    seq = seq * 10 + (c - 48);
    digits += 1;
  }
  return digits > 0 && frame[i] === 34 /* " */ ? seq : -1;
}

/** `"id":"<id>"`, to check that a frame carries the subscriber's own subscription id. */
export function idNeedle(id: string): Buffer {
  return Buffer.from(`"id":${JSON.stringify(id)}`);
}

/** A uuid-like subscription id, distinct per connection (the `unique` id scheme). */
export function uniqueId(client: number, connection: number): string {
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  return `${hex(client, 8)}-${hex(connection >>> 16, 4)}-4${hex(connection & 0xfff, 3)}-8${hex(client & 0xfff, 3)}-${hex(connection, 12)}`;
}
