/**
 * One HTTP request from its head to its answer, independent of uWebSockets.js (uws.ts hands it the
 * native response through `NativeResponse`). It reads the body under the limit the application
 * decides, counting bytes as they arrive (a client that streams a gigabyte is cut off at the cap,
 * not buffered), whole or as a stream with backpressure; runs the handler; writes the one answer.
 * An answer given while the client is still sending its body closes the connection gracefully.
 *
 * uWS rules honoured here: `onAborted` is attached at once; writes happen inside `cork` (after an
 * await they must); the response is not touched after it ended or was aborted (uWS throws).
 */
import { NO_HEADER_BLOCK, type HeaderBlock } from './headerBlock.js';
import type { Readable } from 'node:stream';
import type { Logger } from '../log/logger.js';
import { runInRequest, type RequestContext } from '../requestContext/requestContext.js';
import { REQUEST_ID_HEADER } from '../requestContext/requestId.js';
import type { RequestSpan } from '../tracing/tracing.js';
import type { Decision, HttpApplication, Reply, RequestHead, StreamedBody } from './http.js';
import { Linger, lingerBudget, type LingerEnd, type LingeringCloseOptions } from './lingeringClose.js';
import { BodyTooLargeError, RequestAbortedError, RequestBodyStream } from './requestBody.js';

/** The calls of a uWS `HttpResponse` an exchange makes. */
export interface NativeResponse {
  onAborted(handler: () => void): unknown;
  onData(handler: (chunk: ArrayBuffer, isLast: boolean) => void): unknown;
  pause(): void;
  resume(): void;
  cork(callback: () => void): unknown;
  writeStatus(status: string): unknown;
  writeHeader(name: string, value: string): unknown;
  /** A chunk of a chunked answer. */
  write(chunk: string | Uint8Array): boolean;
  end(body?: string | Uint8Array, closeConnection?: boolean): unknown;
  /** Part of a body of `totalSize` bytes: [all of it taken, the answer complete]. */
  tryEnd(chunk: ArrayBuffer, totalSize: number): [boolean, boolean];
  getWriteOffset(): number;
  /** The socket can take more; the handler answers whether it wrote all it meant to. */
  onWritable(handler: (offset: number) => boolean): unknown;
  /** Drop the connection at once (a streamed answer that cannot complete). */
  close(): unknown;
}

const EMPTY = Buffer.alloc(0);

/** What every request of one server shares. */
export interface ServerContext {
  readonly application: HttpApplication;
  readonly lingering: LingeringCloseOptions;
  /** Called once per request, when it is answered or its client went away. */
  readonly finished: () => void;
  /** At `debug`, one line per answered request (method, path, status, time). */
  readonly logger?: Logger;
}

type BodyDecision = Exclude<Decision, { kind: 'reply' }>;
type ChunkHandler = (chunk: ArrayBuffer, isLast: boolean) => void;

const NO_FLOW = { pause: () => undefined, resume: () => undefined };

/** A body declared at most this long is read into one buffer reserved at its head (`collect`). */
const PREALLOCATED_BODY_BYTES = 1024 * 1024;

/**
 * One request from its head to its answer: reads the body the decision asks for, hands it to the
 * handler, writes the one answer. `open` until answered; `aborted` once the client went away (the
 * response may not be touched then, nor after it ended).
 */
export class Exchange {
  /** `streaming`: the head is out and a streamed body is being written (the request is still under way). */
  private state: 'open' | 'streaming' | 'answered' | 'aborted' = 'open';
  /** `onData` is attached and has not seen the last chunk. */
  private bodyPending = false;
  /** Reading from the socket is paused because the body stream's reader is behind. */
  private paused = false;
  /** The body's cap (set when a body is read) and the body bytes received before any answer. */
  private limit = 0;
  private received = 0;
  private stream: RequestBodyStream | undefined;
  private linger: Linger | undefined;
  /** The source of a streamed answer while it is written. */
  private source: Readable | undefined;
  /** When the head arrived (`performance.now()`), when the application times answers or `debug` lines are written; else 0. */
  private readonly startedAt: number;

  constructor(
    private readonly res: NativeResponse,
    private readonly head: RequestHead,
    private readonly server: ServerContext,
    /** Its id (answered in `X-Request-Id`) and trace; the handler runs inside it. */
    private readonly context: RequestContext,
    /** Its span when tracing is on (src/platform/tracing): ended when the answer's head goes out, or the client goes away. */
    private span?: RequestSpan,
  ) {
    res.onAborted(() => this.aborted());
    this.startedAt = server.application.answered !== undefined || server.logger?.enabled('debug') ? performance.now() : 0;
  }

  readBody(decision: BodyDecision): void {
    const { head } = this;
    const declared = head.headers['content-length'];
    if (declared === undefined && head.headers['transfer-encoding'] === undefined) {
      // HTTP/1.1: a request with neither header has no body.
      if (decision.kind === 'read-body') {
        this.run(() => decision.handle(EMPTY));
      } else {
        const stream = new RequestBodyStream(NO_FLOW);
        stream.finish();
        this.run(() => decision.handle(stream));
      }
      return;
    }
    this.bodyPending = true;
    this.limit = decision.limit;
    let onChunk: ChunkHandler | undefined;
    this.res.onData((chunk, isLast) => {
      if (isLast) this.bodyPending = false;
      if (this.linger) {
        this.linger.data(chunk.byteLength, isLast);
      } else if (this.state === 'open') {
        this.received += chunk.byteLength;
        onChunk!(chunk, isLast);
      }
    });
    if (declared !== undefined && Number(declared) > decision.limit) {
      // Refused from the head: the handler never runs.
      this.answer(decision.tooLarge(), true);
      return;
    }
    onChunk = decision.kind === 'read-body' ? this.collect(decision) : this.streamTo(decision);
  }

  /**
   * Write `reply` (once). `close` asks to close the connection after it. An answer while the body
   * is still arriving always closes, gracefully (see `answerAndLinger`).
   */
  answer(reply: Reply, close = false): void {
    if (this.state !== 'open') {
      reply.stream?.source.destroy();
      return;
    }
    const block = safeHeaderBlock(this.server.application, this.head, reply);
    if (this.startedAt !== 0 && this.server.logger?.enabled('debug')) this.logAnswer(reply.status);
    if (reply.stream && !this.bodyPending) {
      this.timed(reply.status);
      this.answerStreamed(reply, block, reply.stream);
      return;
    }
    this.state = 'answered';
    this.timed(reply.stream ? 400 : reply.status);
    if (reply.stream) {
      // A request that still sends a body gets no download: the connection is closed after this answer.
      reply.stream.source.destroy();
      this.answerAndLinger(
        {
          status: 400,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ error: 'this request must not have a body' }),
        },
        block,
      );
    } else if (this.bodyPending) {
      this.answerAndLinger(reply, block);
    } else {
      this.res.cork(() => {
        writeHead(this.res, reply, block, this.context.requestId);
        this.res.end(reply.body, close);
      });
    }
    this.server.finished();
  }

  /**
   * Status and headers now, then the body as the source gives it and the socket takes it: uWS's
   * `tryEnd` with the total size (it writes Content-Length), pausing the source while the socket's
   * buffer is full and resuming it from `onWritable`. The request stays under way (draining waits
   * for it) until the last byte is written, the source fails, or the client goes away.
   */
  private answerStreamed(reply: Reply, block: HeaderBlock, body: StreamedBody): void {
    const { res } = this;
    const { source, length } = body;
    this.state = 'streaming';
    this.source = source;
    const done = (cut: boolean) => {
      if (this.state !== 'streaming') return;
      this.state = 'answered';
      this.source = undefined;
      source.destroy();
      // A body that cannot be completed must not look complete: drop the connection.
      if (cut) res.close();
      this.server.finished();
    };
    res.cork(() => writeHead(res, reply, block, this.context.requestId));
    if (length === 0) {
      res.cork(() => res.tryEnd(new ArrayBuffer(0), 0));
      done(false);
      return;
    }
    let written = 0;
    source.on('data', (chunk: Buffer) => {
      if (this.state !== 'streaming') return;
      written += chunk.length;
      if (written > length) {
        done(true);
        return;
      }
      // uWS may keep a reference to what it could not write yet: hand it memory of its own.
      const data = new Uint8Array(chunk).buffer;
      const offset = res.getWriteOffset();
      let result: [boolean, boolean] = [false, false];
      res.cork(() => (result = res.tryEnd(data, length)));
      const [ok, complete] = result;
      if (complete) {
        done(false);
      } else if (!ok) {
        source.pause();
        res.onWritable((at) => {
          if (this.state !== 'streaming') return true;
          const [retried, finished] = res.tryEnd(data.slice(at - offset), length);
          if (finished) done(false);
          else if (retried) source.resume();
          return retried;
        });
      }
    });
    source.once('error', () => done(true));
    source.once('end', () => {
      // Ended before `length` bytes (a shorter file than its record says): cut, not padded.
      if (written < length) done(true);
    });
  }

  /** Tells the application the answer's status and time (metrics), and ends the span; never fails the answer. */
  private timed(status: number): void {
    if (this.span !== undefined) this.endSpan(status);
    const answered = this.server.application.answered;
    if (answered === undefined) return;
    try {
      answered(this.head, status, (performance.now() - this.startedAt) / 1000);
    } catch {
      // A tally must not cost a client its answer.
    }
  }

  /**
   * The whole body in one Buffer, then the handler. With a declared length of at most {@link PREALLOCATED_BODY_BYTES}
   * the body is copied straight into one buffer of that size: a copy per chunk and then their concatenation
   * allocated a multi-chunk body twice (a 100 KB status sync, 33 times a second at a million services; V8 counts
   * buffers' memory towards starting a collection). A larger declared length is not reserved before its bytes
   * come: a client declaring the cap and sending nothing must not hold the cap's memory.
   */
  private collect(decision: Extract<BodyDecision, { kind: 'read-body' }>): ChunkHandler {
    const declared = Number(this.head.headers['content-length']);
    const reserve = Number.isSafeInteger(declared) && declared >= 0 && declared <= Math.min(decision.limit, PREALLOCATED_BODY_BYTES);
    let whole = reserve ? Buffer.allocUnsafe(declared) : undefined;
    const chunks: Buffer[] = [];
    return (chunk, isLast) => {
      const { received } = this;
      if (received > decision.limit) {
        this.answer(decision.tooLarge(), true);
        return;
      }
      // The chunk's memory is reused by uWS after this callback: copy it.
      const at = received - chunk.byteLength;
      if (whole !== undefined && received <= whole.length) whole.set(new Uint8Array(chunk), at);
      else {
        // More than declared (uWS frames by the declared length, so this is a guard): collect the rest as chunks.
        if (whole !== undefined) chunks.push(whole.subarray(0, at));
        whole = undefined;
        chunks.push(Buffer.from(new Uint8Array(chunk)));
      }
      if (!isLast) return;
      const body = whole !== undefined ? whole.subarray(0, received) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
      this.run(() => decision.handle(body));
    };
  }

  /** The handler runs at once and reads the body as it arrives, pausing the socket when behind. */
  private streamTo(decision: Extract<BodyDecision, { kind: 'stream-body' }>): ChunkHandler {
    const stream = new RequestBodyStream({ pause: () => this.pauseReading(), resume: () => this.resumeReading() });
    this.stream = stream;
    this.run(() => decision.handle(stream));
    return (chunk, isLast) => {
      if (this.received > decision.limit) {
        // The handler sees why its stream failed; the 413 goes out without waiting for it.
        stream.fail(new BodyTooLargeError(decision.limit));
        this.answer(decision.tooLarge(), true);
        return;
      }
      if (chunk.byteLength > 0) stream.deliver(Buffer.from(new Uint8Array(chunk)));
      if (!isLast) return;
      stream.finish();
      // The rest of the body is in the stream; the socket must read again for the next request on
      // it (the stream asks for no more once it has ended, so it would not resume it).
      this.resumeReading();
    };
  }

  /** The handler inside the request's context (body chunks arrive from uWS outside of it). */
  private run(handle: () => Promise<Reply>): void {
    runInRequest(this.context, () =>
      handle().then(
        (value) => this.answer(value),
        (error: unknown) => this.answer(this.server.application.onUnexpectedError(this.head, error)),
      ),
    );
  }

  /**
   * The client is still sending: answer now, read and discard the rest for a bounded time and
   * number of bytes, then stop (RFC 9112 section 9.6). Two uWS facts shape this: asked to close
   * after an answer, uWS closes the socket at once, and with body bytes still unread the kernel
   * resets the connection, so a client that is still writing loses the answer (EPIPE, ECONNRESET);
   * and a response that ended cannot be touched again, so it could not be closed later. So the
   * answer goes out chunked: status, headers and the whole body now, the last chunk when reading
   * stops. `Connection: close` tells the client not to send another request on this connection.
   */
  private answerAndLinger(reply: Reply, block: HeaderBlock): void {
    const { res } = this;
    // Whoever answered is done with the body.
    this.stream?.destroy();
    if (this.paused) {
      this.paused = false;
      res.resume();
    }
    res.cork(() => {
      writeHead(res, reply, block, this.context.requestId);
      res.writeHeader('connection', 'close');
      res.write(reply.body);
    });
    // Read the rest of a body of up to twice the cap (or 8 MiB more) to its end: see lingeringClose.ts.
    const budget = lingerBudget(this.server.lingering, this.limit, this.received);
    this.linger = new Linger(this.server.lingering, budget, (why) => this.stopLingering(why));
  }

  private stopLingering(why: LingerEnd): void {
    if (this.state === 'aborted') return;
    const { res } = this;
    // Mid-body, stop reading: uWS's idle timeout then closes the socket unless the client, which
    // has the complete answer, closes it first. At the end of the body there is nothing unread.
    // (Not `end(body, true)`: uWS would write its Connection header into the chunked body.)
    if (why !== 'body-ended') res.pause();
    res.cork(() => res.end());
  }

  private pauseReading(): void {
    if (this.state !== 'open' || this.paused) return;
    this.paused = true;
    this.res.pause();
  }

  private resumeReading(): void {
    if (this.state !== 'open' || !this.paused) return;
    this.paused = false;
    this.res.resume();
  }

  private logAnswer(status: number): void {
    const { head } = this;
    // The id explicitly: a 413 is answered from a body chunk's callback, outside the request's context.
    this.server.logger?.debug('request', {
      requestId: this.context.requestId,
      method: head.method,
      path: head.path,
      status,
      ms: Math.round((performance.now() - this.startedAt) * 100) / 100,
    });
  }

  private endSpan(status: number): void {
    const { span } = this;
    this.span = undefined;
    span?.end(status, () => this.server.application.routeOf?.(this.head));
  }

  private aborted(): void {
    if (this.span !== undefined) this.endSpan(0);
    const wasOpen = this.state === 'open' || this.state === 'streaming';
    this.state = 'aborted';
    this.linger?.cancel();
    this.stream?.fail(new RequestAbortedError());
    this.source?.destroy();
    this.source = undefined;
    if (wasOpen) this.server.finished();
  }
}

/** Status line, the request's id, the shared headers (`block`) and the reply's own; call inside `cork`. */
export function writeHead(res: NativeResponse, reply: Reply, block: HeaderBlock, requestId: string): void {
  res.writeStatus(statusLine(reply.status));
  res.writeHeader(REQUEST_ID_HEADER, requestId);
  block.write(res);
  if (reply.headers) for (const name in reply.headers) res.writeHeader(name, reply.headers[name]!);
}

/** The application's headers for `reply`; none if it throws (the answer still goes out). */
export function safeHeaderBlock(application: HttpApplication, head: RequestHead, reply: Reply): HeaderBlock {
  try {
    return application.headersFor(head, reply);
  } catch {
    return NO_HEADER_BLOCK;
  }
}

const REASONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const STATUS_LINES = new Map(Object.entries(REASONS).map(([status, reason]) => [Number(status), `${status} ${reason}`]));

function statusLine(status: number): string {
  return STATUS_LINES.get(status) ?? `${status} `;
}
