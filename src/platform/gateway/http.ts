/**
 * The gateway's view of HTTP, independent of uWebSockets.js (only `uws.ts` knows the server).
 * A request is decided from its head first (route, rate limit, auth, declared size), so a refused
 * client's body is never read; an accepted one names how many body bytes it may send.
 */
import { toGraphQLCode, toHttpStatus, type ErrorCode } from '../errors/catalog.js';
import type { Readable } from 'node:stream';
import type { HeaderBlock } from './headerBlock.js';
import type { RequestBodyStream } from './requestBody.js';

export interface RequestHead {
  /** Upper-case method. */
  readonly method: string;
  readonly path: string;
  /** Query string without the leading `?`. */
  readonly query: string;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  /** Socket peer, normalized (IPv4-mapped IPv6 shown as IPv4). */
  readonly peerAddress: string;
}

export interface Reply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** The whole body (bytes as they are: files the server holds in memory); '' when `stream` carries it. */
  readonly body: string | Uint8Array;
  /** A body sent while it is read (downloads), never held whole in memory. */
  readonly stream?: StreamedBody;
}

/**
 * `length` bytes read from `source`, written as the socket takes them (backpressure reaches the
 * source). The answer carries `Content-Length: length`; a source that fails or ends short closes the
 * connection, so the client sees a cut answer, never a wrong one. The gateway destroys `source` when
 * it is done with it (complete, failed, or the client went away).
 */
export interface StreamedBody {
  readonly source: Readable;
  readonly length: number;
}

export function streamReply(status: number, body: StreamedBody, headers?: Readonly<Record<string, string>>): Reply {
  return headers === undefined ? { status, body: '', stream: body } : { status, body: '', stream: body, headers };
}

export type Decision =
  | { readonly kind: 'reply'; readonly reply: Reply }
  | {
      /** The handler gets the body whole, once it has arrived. */
      readonly kind: 'read-body';
      /** Bytes the body may have; more is answered 413 while reading and the connection closed. */
      readonly limit: number;
      readonly handle: (body: Buffer) => Promise<Reply>;
      /** The reply when the body is over `limit`. */
      readonly tooLarge: () => Reply;
    }
  | {
      /**
       * The handler gets the body as a stream at once and reads it as it arrives. Over `limit` the
       * stream fails with `BodyTooLargeError` and the client is answered 413 without waiting for the
       * handler; a client that goes away fails it with `RequestAbortedError`. A reply written before
       * the body ended closes the connection gracefully (lingeringClose.ts): the rest of the body is
       * read and dropped, within bounds, never given to the handler.
       */
      readonly kind: 'stream-body';
      readonly limit: number;
      readonly handle: (body: RequestBodyStream) => Promise<Reply>;
      readonly tooLarge: () => Reply;
    };

export interface HttpApplication {
  onRequest(head: RequestHead): Decision;
  /**
   * Called for every reply before it is written: the headers every response carries (security
   * headers, CORS), as one block, without those `reply` sets itself (the reply's value wins).
   */
  headersFor(head: RequestHead, reply: Reply): HeaderBlock;
  /** A handler threw or rejected: the last line of defence, never a crash. */
  onUnexpectedError(head: RequestHead, error: unknown): Reply;
  /** A refusal the edge makes itself (a stop under way), in the shape the path's clients read (`{"errors"}` on /graphql). */
  refusal(head: RequestHead, code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply;
  /**
   * Called once per request whose answer went out (its head, for a streamed one), with its status and the
   * seconds since its head arrived; absent: nothing is timed (metrics off). Not for a client that went away.
   */
  readonly answered?: (head: RequestHead, status: number, seconds: number) => void;
  /** The template of the route `head` matches (`/api/v1/services/{id}`), if any: a traced request's span name. */
  readonly routeOf?: (head: RequestHead) => string | undefined;
}

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' });

export function jsonReply(status: number, value: unknown, headers?: Readonly<Record<string, string>>): Reply {
  return { status, body: JSON.stringify(value), headers: headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...headers } };
}

export function errorReply(status: number, message: string, headers?: Readonly<Record<string, string>>): Reply {
  return jsonReply(status, { error: message }, headers);
}

/** `{"error": message}` with the status the catalog gives `code`. */
export function catalogReply(code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply {
  return errorReply(toHttpStatus(code), message, headers);
}

/**
 * A refusal as a GraphQL client reads it: `{"errors": [{"message", "extensions": {"code"}}]}` with
 * the catalog's GraphQL code (and `retryAfterSeconds` when the answer says when to retry), under the
 * same HTTP status as the REST shape.
 */
export function graphqlCatalogReply(code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply {
  const retryAfter = headers?.['retry-after'];
  const extensions = { code: toGraphQLCode(code), ...(retryAfter === undefined ? {} : { retryAfterSeconds: Number(retryAfter) }) };
  return jsonReply(toHttpStatus(code), { errors: [{ message, extensions }] }, headers);
}

/** How the gateway's own refusals on a path are shaped (see `Route.refusals`). */
export type RefusalShape = 'rest' | 'graphql';

/** `catalogReply` or `graphqlCatalogReply`, as the path's clients read refusals. */
export function refusalReply(shape: RefusalShape, code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply {
  return shape === 'graphql' ? graphqlCatalogReply(code, message, headers) : catalogReply(code, message, headers);
}
