/**
 * The edge of a forward (docs/adr/0067): a request refused here with `ShardElsewhereError` goes as received
 * (method, path, query, headers, body, the caller's address) to the instance that owns its shards, by NATS
 * request-reply on `<cluster>.forward.<owner>`, and the owner's answer is relayed as it is. While the shard
 * moves (no owner known, no responder, the owner answers "not mine"), it waits for the routing to name another
 * owner (the leases watch: `onRoutingChange`), with a growing pause as the fallback, until `deadlineMs` after the
 * request arrived; a request under way to an owner whose lease moved to another instance (it died) is sent to the
 * new owner at once, with the same idempotency key; then the client gets 503 with `Retry-After`, never a 500, saying nothing
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
/**
 * An attempt is not sent with less time than this left: a request to a subject nobody listens on is answered "no
 * responders" by NATS in a round trip, but with a few milliseconds left it times out first, and a timeout makes a
 * request that never arrived look as if it may have been applied (the 503 would then give a key to retry with).
 */
const MIN_ATTEMPT_MS = 250;
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
  /**
   * `ShardOwnership.onRoutingChange`: a forward waiting for its shard's owner goes at the change that names one,
   * and one under way to an owner whose shard moved to another instance is sent there (same idempotency key).
   * Without it, the forwarder retries on its pauses alone.
   */
  readonly onRoutingChange?: (listener: () => void) => () => void;
}

export type ForwardOutcome = 'relayed' | 'timedOut' | 'split';

export class RequestForwarder {
  /** Forwards since start, by how they ended; attempts sent to an owner, and those sent again to a new owner (metrics, tests). */
  readonly stats = { sent: 0, relayed: 0, retries: 0, resent: 0, timedOut: 0, split: 0 };
  readonly #options: ForwarderOptions;
  readonly #deadlineMs: number;

  constructor(options: ForwarderOptions) {
    this.#options = options;
    this.#deadlineMs = options.deadlineMs ?? FORWARD_DEADLINE_MS;
  }

  /** The owner's answer to the request, or 503 with `Retry-After` once the deadline passed. */
  async forward(head: RequestHead, body: Uint8Array, refused: ShardElsewhereError, refuse: Refuse): Promise<Reply> {
    const { clock, nc, cluster } = this.#options;
    const started = clock.now();
    const keyedHead = keyed(head);
    const key = keyedHead.headers[IDEMPOTENCY_HEADER];
    const tracedHead = traced(keyedHead);
    // A key made here is fresh until the request has gone out once; every later attempt makes the owner look it up.
    const madeKey = keyedHead !== head;
    const firstData = encodeRequest({ head: tracedHead, body, freshKey: madeKey });
    let againData = madeKey ? undefined : firstData;
    let sends = 0;
    const left = () => this.#deadlineMs - (clock.now() - started);
    /** A request went out and no answer came back: the owner may have applied it (an ambiguous timeout). */
    let maybeApplied = false;
    let pause = FIRST_PAUSE_MS;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) this.stats.retries += 1;
      const routing = this.#routingOf(refused.shards);
      // The shards the command needs that the edge owns count too: its owner would refuse the rest as not its own.
      const owners = new Set([...routing.owners, ...this.#routingOf(refused.held).owners]);
      if (owners.size > 1 && !owners.has(undefined)) {
        // Owned by several instances: no one owner can apply it whole (docs/adr/0067, cross-shard commands).
        this.stats.split += 1;
        return refuse(
          head,
          ErrorCode.Unavailable,
          `this request changes entities owned by ${owners.size} different instances (shards ${[...refused.shards, ...refused.held].sort((a, b) => a - b).join(', ')}); send them in separate requests`,
          { 'retry-after': '1' },
        );
      }
      const [owner] = owners;
      if (left() <= 0) break;
      if (owner !== undefined && (sends === 0 || left() >= MIN_ATTEMPT_MS)) {
        try {
          const data = sends++ === 0 ? firstData : (againData ??= encodeRequest({ head: tracedHead, body }));
          const sent = nc.request(forwardSubject(cluster, owner), data, { timeout: left() });
          this.stats.sent += 1;
          const message = await this.#unlessMoved(sent, refused.shards, owner);
          if (message === 'moved') {
            // The lease moved to another live instance while the request was out: the owner it went to died (or
            // lost the shard) and will not answer. The same request, with the same idempotency key, goes to the new
            // owner now: applied at most once whatever the old one did (its commit, if any, is before the new
            // owner's claim, and the key's record is in that commit).
            maybeApplied = true;
            this.stats.resent += 1;
            this.#options.logger.debug('cluster: the shard of a forwarded request moved; sending it to the new owner', { owner });
            continue;
          }
          const answer = decodeAnswer(message.data);
          if (answer.kind === 'reply') {
            this.stats.relayed += 1;
            return { status: answer.status, headers: answer.headers, body: answer.body };
          }
        } catch (error) {
          // No responder (the owner is gone), a timeout (slow, paused or cut off), a bad frame: retry once the
          // routing changes (or after a pause), with the same idempotency key, so the owner answers a request it
          // already applied from its record.
          if (!neverDelivered(error)) maybeApplied = true;
          this.#options.logger.debug('cluster: a forwarded request got no answer; retrying', { owner, error: String(error) });
        }
      }
      const wait = Math.min(pause, left());
      if (wait <= 0) break;
      // The next attempt goes the moment the routing shows another owner (the lease watch, the members), or
      // after the pause: a fallback for what sends no event (an owner answering "not mine" while it loads).
      const changed = await this.#routingChange(refused.shards, routing.key, wait);
      pause = changed ? FIRST_PAUSE_MS : Math.min(pause * 2, MAX_PAUSE_MS);
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

  /** The owners of the shards now, and a key that changes when any of them (or its epoch) does. */
  #routingOf(shards: readonly number[]): { owners: (string | undefined)[]; key: string } {
    const holders = shards.map((shard) => this.#options.ownerOf(shard));
    return { owners: holders.map((holder) => holder?.owner), key: holders.map((h) => (h ? `${h.owner}@${h.epoch}` : '-')).join(',') };
  }

  /**
   * Resolves true at the first routing change that gives the shards other owners than `key` says, false after
   * `ms` on the clock. Without `onRoutingChange` (a bare forwarder) it is the pause alone.
   */
  #routingChange(shards: readonly number[], key: string, ms: number): Promise<boolean> {
    const { clock, onRoutingChange } = this.#options;
    if (this.#routingOf(shards).key !== key) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      let off: () => void = () => undefined;
      const timer = clock.setTimer(ms, () => {
        off();
        resolve(false);
      });
      if (onRoutingChange === undefined) return;
      off = onRoutingChange(() => {
        if (this.#routingOf(shards).key === key) return;
        clock.clearTimer(timer);
        off();
        resolve(true);
      });
    });
  }

  /**
   * The owner's answer to a request under way, or 'moved' as soon as the routing gives its shards to another
   * live instance (the lease moved: the owner it went to is gone). The abandoned request's end is ignored.
   */
  #unlessMoved<T>(sent: Promise<T>, shards: readonly number[], owner: string): Promise<T | 'moved'> {
    const { onRoutingChange } = this.#options;
    if (onRoutingChange === undefined) return sent;
    return new Promise<T | 'moved'>((resolve, reject) => {
      const movedAway = () => {
        const owners = new Set(this.#routingOf(shards).owners);
        return owners.size === 1 && !owners.has(undefined) && !owners.has(owner);
      };
      const off = onRoutingChange(() => {
        if (!movedAway()) return;
        off();
        sent.catch(() => undefined);
        resolve('moved');
      });
      sent.then(
        (value) => {
          off();
          resolve(value);
        },
        (error: unknown) => {
          off();
          reject(error);
        },
      );
    });
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
