/**
 * A request body as a stream, for routes that consume it while it arrives (multipart uploads) instead
 * of receiving it whole. It is a Node `Readable`, so a handler can `for await` it, `pipeline` it into
 * a parser (busboy) or a blob store. Backpressure reaches the socket: when the handler reads slower
 * than the client sends, the transport stops reading from the socket and TCP slows the client down.
 *
 * The stream fails (and the handler with it) when the body goes over the route's limit
 * (`BodyTooLargeError`, the gateway has answered 413) or the client goes away mid-body
 * (`RequestAbortedError`); a handler that stores what it reads must then drop it.
 */
import { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../errors/catalog.js';

/** What the transport offers the stream: stop and restart reading from the socket. */
export interface BodyFlowControl {
  pause(): void;
  resume(): void;
}

/** Enough to keep the socket busy without holding much of a large body in memory. */
const BUFFERED_BYTES = 64 * 1024;

export class RequestBodyStream extends Readable {
  private paused = false;

  constructor(private readonly flow: BodyFlowControl) {
    super({ highWaterMark: BUFFERED_BYTES });
  }

  /** A chunk from the transport (a copy the stream may keep). */
  deliver(chunk: Buffer): void {
    if (this.destroyed) return;
    if (!this.push(chunk) && !this.paused) {
      this.paused = true;
      this.flow.pause();
    }
  }

  /** The body ended. */
  finish(): void {
    if (!this.destroyed) this.push(null);
  }

  /** The body will not complete: the handler's reads fail with `error`. */
  fail(error: Error): void {
    if (!this.destroyed) this.destroy(error);
  }

  override _read(): void {
    if (!this.paused) return;
    this.paused = false;
    this.flow.resume();
  }
}

/** The body went over its route's limit; the client has been answered 413. */
export class BodyTooLargeError extends AppError {
  constructor(readonly limit: number) {
    super(ErrorCode.PayloadTooLarge, `request body is larger than the ${formatBytes(limit)} limit`);
    this.name = 'BodyTooLargeError';
  }
}

/** The client closed the connection before the body ended; nobody is left to answer. */
export class RequestAbortedError extends Error {
  constructor() {
    super('the client closed the connection before the request body ended');
    this.name = 'RequestAbortedError';
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
