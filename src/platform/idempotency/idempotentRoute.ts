/**
 * A state-changing route that honours `Idempotency-Key` (docs/api/idempotency.md). Without the header
 * the route's own handler runs and nothing else happens (one header lookup). With it:
 *
 * 1. the key is read (idempotencyKey.ts; a bad one: 400) and scoped to the caller (`scopeOf`; a caller
 *    that cannot be told apart from another, such as an anonymous GraphQL request: 400);
 * 2. an answer recorded for (scope, key) is replayed as it was, status and body byte for byte, with
 *    `Idempotent-Replayed: true`, when the request is the same (method, path, query and body hash),
 *    else 422; a request with that key still under way: 409 with `Retry-After`;
 * 3. otherwise the handler runs under `BatchWriter.runHeld`, and its answer is staged in the SAME group
 *    commit as its change: the record exists if and only if the change committed. A request that
 *    changed nothing (a refusal, a query) is not recorded; one whose commit failed is not either, so
 *    its retry runs again.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '../errors/catalog.js';
import { refusalReply, type Reply } from '../gateway/http.js';
import { currentRequest } from '../requestContext/requestContext.js';
import type { RestRequest, Route } from '../gateway/routes.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from './idempotencyKey.js';
import type { IdempotencyStore } from './idempotencyStore.js';

export const REPLAYED_HEADER = 'idempotent-replayed';

/** Who is asking, as the key's namespace; a refusal when the caller cannot be told apart from others. */
export type ScopeOf = (request: RestRequest) => Promise<{ readonly scope: string } | { readonly refusal: string }>;

export interface IdempotencyDeps {
  readonly store: IdempotencyStore;
  readonly writer: BatchWriter;
}

export function idempotentRoute(route: Route, deps: IdempotencyDeps, scopeOf: ScopeOf): Route {
  const shape = route.refusals ?? 'rest';
  const handle = route.handle.bind(route);
  return {
    ...route,
    handle(request) {
      const header = request.head.headers[IDEMPOTENCY_HEADER];
      if (header === undefined) return handle(request);
      return keyed(request, header);
    },
  };

  async function keyed(request: RestRequest, header: string): Promise<Reply> {
    const reading = readIdempotencyKey(header);
    if ('refusal' in reading) return refusalReply(shape, ErrorCode.BadRequest, reading.refusal);
    const who = await scopeOf(request);
    if ('refusal' in who) return refusalReply(shape, ErrorCode.BadRequest, who.refusal);
    const { scope } = who;
    const { key } = reading;
    if (!deps.store.claim(scope, key))
      return refusalReply(shape, ErrorCode.Conflict, 'a request with this Idempotency-Key is still under way; retry shortly', {
        'retry-after': '1',
      });
    try {
      const requestHash = hashOf(request);
      let recorded: Awaited<ReturnType<IdempotencyStore['find']>>;
      try {
        // A key the forwarding instance made for this very attempt has nothing recorded (docs/adr/0079).
        recorded = currentRequest()?.freshIdempotencyKey === key ? undefined : await deps.store.find(scope, key);
      } catch {
        // The table could not be read: whether the key was used is unknown, so nothing may run.
        return refusalReply(shape, ErrorCode.Unavailable, 'the database did not answer; nothing was applied, retry', {
          'retry-after': '1',
        });
      }
      if (recorded !== undefined) {
        if (recorded.requestHash !== requestHash)
          return refusalReply(
            shape,
            ErrorCode.Unprocessable,
            'this Idempotency-Key was used with a different request; use a new key for a new request',
          );
        return {
          status: recorded.status,
          body: recorded.body,
          headers: { 'content-type': recorded.contentType, [REPLAYED_HEADER]: 'true' },
        };
      }
      // A handler that throws is answered by the gateway as usual and not recorded.
      const { value } = await deps.writer.runHeld(
        () => handle(request),
        (reply) => {
          if (typeof reply.body === 'string' && reply.stream === undefined && reply.status < 500)
            deps.store.stage(scope, key, {
              requestHash,
              status: reply.status,
              contentType: reply.headers?.['content-type'] ?? 'application/json',
              body: reply.body,
            });
        },
      );
      return value;
    } finally {
      deps.store.release(scope, key);
    }
  }
}

function hashOf(request: RestRequest): string {
  return createHash('sha256')
    .update(`${request.head.method}\u0000${request.head.path}\u0000${request.head.query}\u0000`)
    .update(request.body)
    .digest('hex');
}
