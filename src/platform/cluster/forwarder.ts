/**
 * The edge of a forward (docs/adr/0067): a request refused here with `ShardElsewhereError` goes as received
 * (method, path, query, headers, body, the caller's address) to the instance that owns its shards, by NATS
 * request-reply on `<cluster>.forward.<owner>`, and the owner's answer is relayed as it is. While the shard
 * moves (no owner known, no responder, the owner answers "not mine"), it retries with a growing pause until
 * `deadlineMs` after the request arrived; then the client gets 503 with `Retry-After`, never a 500, saying nothing
 * was applied. A request the owner received whose answer did not come in time may have been applied: the 503 says
 * so and gives the `Idempotency-Key` it carried (the client's, or one made here for a state-changing request), so
 * the client's retry is answered from the owner's record instead of applied twice (src/platform/idempotency).
 *
 * Concurrency: one event loop; each forward is its own async loop, and waits on the real clock (an I/O
 * deadline: a test's manual product clock must not hold a request up).
 */
import { randomUUID } from 'node:crypto';
import { type NatsConnection, NoRespondersError, RequestError } from '@nats-io/transport-node';
import { ErrorCode } from '../errors/catalog.js';
import type { ShardElsewhereError } from '../errors/shardElsewhere.js';
import type { Reply, RequestHead } from '../gateway/http.js';
import type { Logger } from '../log/logger.js';
import { currentRequest, outgoingTraceparent } from '../requestContext/requestContext.js';
import { REQUEST_ID_HEADER } from '../requestContext/requestId.js';
import type { Clock } from '../scheduler/index.js';
import { decodeAnswer, encodeRequest, forwardSubject } from './forwardWire.js';
import type { ShardHolder } from './leases.js';

/** How long a request waits for its shard's owner, in all. */
export const FORWARD_DEADLINE_MS = 5_000;
const FIRST_PAUSE_MS = 25;
const MAX_PAUSE_MS = 400;
/** Methods whose requests change state: they carry an idempotency key when forwarded. */
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A refusal in the shape the request's path answers in (the edge application's `refusal`). */
export type Refuse = (head: RequestHead, code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>) => Reply;

export interface ForwarderOptions {
  readonly nc: NatsConnection;
  readonly cluster: string;
  /** `ShardOwnership.ownerOf`: the live owner of a shard and its epoch, or undefined while it moves. */
  readonly ownerOf: (shard: number) => ShardHolder | undefined;
  /** Real time (systemDeadlineClock): the pauses between attempts and the deadline. */
  readonly clock: Clock;
  readonly logger: Logger;
  readonly deadlineMs?: number;
}

export type ForwardOutcome = 'relayed' | 'timedOut' | 'split';

export class RequestForwarder {
  /** Forwards since start, by how they ended (metrics, tests). */
  readonly stats = { relayed: 0, retries: 0, timedOut: 0, split: 0 };
  readonly #options: ForwarderOptions;
  readonly #deadlineMs: number;

  constructor(options: ForwarderOptions) {
    this.#options = options;
    this.#deadlineMs = options.deadlineMs ?? FORWARD_DEADLINE_MS;
  }

  /** The owner's answer to the request, or 503 with `Retry-After` once the deadline passed. */
  async forward(head: RequestHead, body: Uint8Array, refused: ShardElsewhereError, refuse: Refuse): Promise<Reply> {
    const { clock, nc, cluster, ownerOf } = this.#options;
    const started = clock.now();
    const keyedHead = keyed(head);
    const key = keyedHead.headers[IDEMPOTENCY_HEADER];
    const data = encodeRequest({ head: traced(keyedHead), body });
    /** A request went out and no answer came back: the owner may have applied it (an ambiguous timeout). */
    let maybeApplied = false;
    let pause = FIRST_PAUSE_MS;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) this.stats.retries += 1;
      const owners = new Set(refused.shards.map((shard) => ownerOf(shard)?.owner));
      if (owners.size > 1 && !owners.has(undefined)) {
        // Owned by several instances: no one owner can apply it whole (docs/adr/0067, cross-shard commands).
        this.stats.split += 1;
        return refuse(
          head,
          ErrorCode.Unavailable,
          `this request changes entities owned by ${owners.size} different instances (shards ${refused.shards.join(', ')}); send them in separate requests`,
          { 'retry-after': '1' },
        );
      }
      const [owner] = owners;
      const left = this.#deadlineMs - (clock.now() - started);
      if (left <= 0) break;
      if (owner !== undefined) {
        try {
          const message = await nc.request(forwardSubject(cluster, owner), data, { timeout: left });
          const answer = decodeAnswer(message.data);
          if (answer.kind === 'reply') {
            this.stats.relayed += 1;
            return { status: answer.status, headers: answer.headers, body: answer.body };
          }
        } catch (error) {
          // No responder (the owner is gone), a timeout (slow, paused or cut off), a bad frame: retry on the clock,
          // with the same idempotency key, so the owner answers a request it already applied from its record.
          if (!neverDelivered(error)) maybeApplied = true;
          this.#options.logger.debug('cluster: a forwarded request got no answer; retrying', { owner, error: String(error) });
        }
      }
      const wait = Math.min(pause, this.#deadlineMs - (clock.now() - started));
      if (wait <= 0) break;
      await new Promise<void>((resolve) => clock.setTimer(wait, resolve));
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
    this.stats.timedOut += 1;
    if (maybeApplied && key !== undefined) {
      // The owner got the request and its answer was lost (NATS went away, the owner stalled): it may have been
      // applied. The key lets the client ask again safely: a retry with it applies at most once and answers what
      // the first did (src/platform/idempotency).
      return refuse(
        head,
        ErrorCode.Unavailable,
        `the instance that owns this entity did not answer within ${this.#deadlineMs / 1000} s; the request may have been applied: retry it with the header Idempotency-Key: ${key} to apply it at most once and get its answer`,
        { 'retry-after': '1', [IDEMPOTENCY_HEADER]: key },
      );
    }
    return refuse(
      head,
      ErrorCode.Unavailable,
      maybeApplied
        ? `the instance that owns this entity did not answer within ${this.#deadlineMs / 1000} s; the request may have been applied: check before you retry`
        : `the instance that owns this entity did not answer within ${this.#deadlineMs / 1000} s (its shard is moving); nothing was applied, retry`,
      { 'retry-after': '1' },
    );
  }
}

/**
 * The edge's request id and trace go with the request, so the owner's log lines and audit records of it carry
 * the id the client was answered with (src/platform/requestContext).
 */
function traced(head: RequestHead): RequestHead {
  const request = currentRequest();
  if (request === undefined) return head;
  return { ...head, headers: { ...head.headers, [REQUEST_ID_HEADER]: request.requestId, traceparent: outgoingTraceparent() } };
}

/** The head as forwarded: a state-changing request carries an idempotency key (the client's, else a new one). */
function keyed(head: RequestHead): RequestHead {
  if (!CHANGING.has(head.method) || head.headers[IDEMPOTENCY_HEADER] !== undefined) return head;
  // A GraphQL request keys by the signed-in person; one without a bearer token (sign-in) is not keyed.
  if (head.path === '/graphql' && head.headers['authorization'] === undefined) return head;
  return { ...head, headers: { ...head.headers, [IDEMPOTENCY_HEADER]: `fwd-${randomUUID()}` } };
}

/** True when the request surely never reached a responder (no one listens on the owner's subject). */
function neverDelivered(error: unknown): boolean {
  return error instanceof NoRespondersError || (error instanceof RequestError && error.isNoResponders());
}
