/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` header, parsed and
 * written. Version `00` is `00-<trace-id: 32 hex>-<parent-id: 16 hex>-<flags: 2 hex>`, lower case;
 * an all-zero trace or parent id is invalid, and so is version `ff`. A later version is read by its
 * first four fields when what follows them starts with `-` (the specification's forward rule). A
 * header that fails any of this is ignored, as the specification says: the request starts a trace
 * of its own.
 */
import { randomBytes } from 'node:crypto';

export interface TraceContext {
  /** 32 lower-case hex digits, not all zero. */
  readonly traceId: string;
  /** This server's span of the request (16 hex digits): the parent of what it sends on (webhook requests). */
  readonly spanId: string;
  /** The caller's span (16 hex digits), when a valid `traceparent` came with the request. */
  readonly parentId: string | undefined;
  /** Trace flags, two hex digits (`01`: the caller sampled it). `00` for a trace started here. */
  readonly flags: string;
}

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const LATER_VERSION = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-|$)/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);
/** Longer headers are refused unread (the specification's fields are 55 characters; later versions may add some). */
const MAX_HEADER_LENGTH = 512;

/** The caller's trace id, span id and flags, or undefined when the header is absent or invalid. */
export function parseTraceparent(
  header: string | undefined,
): { readonly traceId: string; readonly parentId: string; readonly flags: string } | undefined {
  if (header === undefined || header.length < 55 || header.length > MAX_HEADER_LENGTH) return undefined;
  const value = header.trim();
  let traceId: string;
  let parentId: string;
  let flags: string;
  const v0 = VERSION_00.exec(value);
  if (v0) {
    [, traceId, parentId, flags] = v0 as unknown as [string, string, string, string];
  } else {
    const later = LATER_VERSION.exec(value);
    if (!later || later[1] === '00' || later[1] === 'ff') return undefined;
    [, , traceId, parentId, flags] = later as unknown as [string, string, string, string, string];
  }
  if (traceId === ZERO_TRACE || parentId === ZERO_SPAN) return undefined;
  return { traceId, parentId, flags };
}

/** The trace a request belongs to: the caller's when its `traceparent` is valid, else a new one. */
export function traceOf(header: string | undefined): TraceContext {
  const caller = parseTraceparent(header);
  if (caller) return { traceId: caller.traceId, spanId: newSpanId(), parentId: caller.parentId, flags: caller.flags };
  return newTrace();
}

/** A trace started here, not sampled by anyone (this server records no spans). */
export function newTrace(): TraceContext {
  return { traceId: newTraceId(), spanId: newSpanId(), parentId: undefined, flags: '00' };
}

/** `traceparent` for a request this server sends on behalf of `trace` (its span is the parent). */
export function formatTraceparent(trace: Pick<TraceContext, 'traceId' | 'spanId' | 'flags'>): string {
  return `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;
}

// Random ids from one pooled buffer: one `randomBytes` call per 512 ids instead of one per id.
const POOL_BYTES = 8 * 1024;
let pool = Buffer.alloc(0);
let offset = POOL_BYTES;

function randomHex(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}

export function newTraceId(): string {
  const id = randomHex(16);
  return id === ZERO_TRACE ? newTraceId() : id;
}

/**
 * A trace id drawn here and not written out yet: its 16 random bytes as four 32-bit words (big-endian, in
 * order), which is what a ratio sampler reads (src/platform/tracing/rootSampling.ts). Its hex is made when
 * first asked: an unsampled request that logs nothing never needs it.
 */
export class DrawnTraceId {
  private hex: string | undefined = undefined;

  constructor(
    readonly w0: number,
    readonly w1: number,
    readonly w2: number,
    readonly w3: number,
  ) {}

  toString(): string {
    return (this.hex ??= hexWord(this.w0) + hexWord(this.w1) + hexWord(this.w2) + hexWord(this.w3));
  }
}

const hexWord = (word: number) => word.toString(16).padStart(8, '0');

/** A new trace id, as words (never all zero, which the specification calls invalid). */
export function drawTraceId(): DrawnTraceId {
  if (offset + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    offset = 0;
  }
  const at = offset;
  offset += 16;
  const id = new DrawnTraceId(pool.readUInt32BE(at), pool.readUInt32BE(at + 4), pool.readUInt32BE(at + 8), pool.readUInt32BE(at + 12));
  return (id.w0 | id.w1 | id.w2 | id.w3) === 0 ? drawTraceId() : id;
}

export function newSpanId(): string {
  const id = randomHex(8);
  return id === ZERO_SPAN ? newSpanId() : id;
}
