/**
 * How a task or a result crosses between threads. The message is encoded with msgpackr into `head`;
 * every typed array of {@link TRANSFER_MIN_BYTES} or more is taken out of it first, left as a slot
 * marker, and travels beside it in `arrays`, transferred (moved, not copied) by postMessage. Small
 * typed arrays stay inside `head` (msgpackr's typed-array extension): copying them is cheaper than
 * a transfer.
 *
 * Only plain data crosses: objects, arrays, strings, numbers (NaN and -0 included), booleans,
 * null, undefined and typed arrays. The key `$transferred` is reserved for the slot marker.
 */
import { Packr } from 'msgpackr';

export type TypedArray =
  | Int8Array
  | Uint8Array
  | Uint8ClampedArray
  | Int16Array
  | Uint16Array
  | Int32Array
  | Uint32Array
  | Float32Array
  | Float64Array
  | BigInt64Array
  | BigUint64Array;

/** A message as handed to postMessage (or structuredClone in process). */
export interface WireMessage {
  readonly head: Uint8Array;
  readonly arrays: readonly TypedArray[];
}

/** Typed arrays from this size travel beside the head and are transferred. */
export const TRANSFER_MIN_BYTES = 64 * 1024;

const SLOT = '$transferred';

// Plain msgpack maps (no record structures shared between encoder and decoder, which live in
// different threads); moreTypes: typed arrays round-trip with their type.
const packr = new Packr({ useRecords: false, moreTypes: true });

export function encodeMessage(message: unknown): WireMessage {
  const arrays: TypedArray[] = [];
  const packed = packr.pack(extractArrays(message, arrays));
  // pack() answers a view into a buffer msgpackr reuses: copy it so the head owns its memory.
  return { head: new Uint8Array(packed), arrays };
}

export function decodeMessage(wire: WireMessage): unknown {
  return insertArrays(packr.unpack(wire.head), wire.arrays);
}

/** What postMessage should move instead of copy: the head's buffer and every big array's buffer. */
export function transferListOf(wire: WireMessage): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>([wire.head.buffer as ArrayBuffer]);
  for (const array of wire.arrays) buffers.add(array.buffer as ArrayBuffer);
  return [...buffers];
}

function isTypedArray(value: unknown): value is TypedArray {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

function extractArrays(value: unknown, arrays: TypedArray[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isTypedArray(value)) {
    if (value.byteLength < TRANSFER_MIN_BYTES) return value;
    arrays.push(ownsItsBuffer(value) ? value : value.slice());
    return { [SLOT]: arrays.length - 1 };
  }
  if (Array.isArray(value)) return value.map((item) => extractArrays(item, arrays));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = extractArrays((value as Record<string, unknown>)[key], arrays);
  return copy;
}

/**
 * A view can be moved only when it is the whole of an ordinary ArrayBuffer: moving a part would
 * detach memory its other users still read, and a SharedArrayBuffer cannot be transferred. Anything
 * else is copied into a buffer of its own first.
 */
function ownsItsBuffer(array: TypedArray): boolean {
  return array.buffer instanceof ArrayBuffer && array.byteOffset === 0 && array.byteLength === array.buffer.byteLength;
}

function insertArrays(value: unknown, arrays: readonly TypedArray[]): unknown {
  if (typeof value !== 'object' || value === null || isTypedArray(value)) return value;
  if (Array.isArray(value)) return value.map((item) => insertArrays(item, arrays));
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1 && keys[0] === SLOT) {
    const array = arrays[record[SLOT] as number];
    if (array === undefined)
      throw new RangeError(`worker message refers to transferred array ${String(record[SLOT])}, which did not arrive`);
    return array;
  }
  for (const key of keys) record[key] = insertArrays(record[key], arrays);
  return record;
}
