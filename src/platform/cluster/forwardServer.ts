/**
 * The owner's side of a forward (docs/adr/0067): requests arriving on `<cluster>.forward.<this instance>` run
 * through this instance's own gateway application, exactly as if they had come in on its socket: the route,
 * the rate limit, the caller's key or token checked again from the forwarded headers (nothing is trusted
 * because it came over the bus), the body limit, the handler, its commit. The answer goes back after the commit.
 * The application given here must answer `ShardElsewhereError` with `NOT_MINE` (never forward again), so that a
 * request for a shard that moved on tells the edge to retry rather than bounce between instances.
 *
 * Streamed uploads and streamed answers are not forwarded (uploads are answered 503; GETs never throw
 * `ShardElsewhereError`: reads are answered from the local read model).
 */
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { ErrorCode } from '../errors/catalog.js';
import type { HttpApplication, Reply, RequestHead } from '../gateway/http.js';
import type { Logger } from '../log/logger.js';
import { requestContextOf, runInRequest } from '../requestContext/requestContext.js';
import { decodeRequest, encodeAnswer, forwardSubject, type ForwardedAnswer } from './forwardWire.js';

const IDEMPOTENCY_HEADER = 'idempotency-key';

/** What the owner's application answers a request whose shard it does not own: the edge retries. */
export const NOT_MINE: Reply = Object.freeze({ status: 503, body: '' });

export interface ForwardServerOptions {
  readonly nc: NatsConnection;
  readonly cluster: string;
  readonly instanceId: string;
  readonly logger: Logger;
}

export class ForwardServer {
  /** Forwarded requests answered since start, and those not owned here (metrics, tests). */
  readonly stats = { answered: 0, notMine: 0, malformed: 0 };
  readonly #options: ForwardServerOptions;
  #subscription: Subscription | undefined;
  #application: HttpApplication | undefined;
  readonly #inFlight = new Set<Promise<void>>();

  constructor(options: ForwardServerOptions) {
    this.#options = options;
  }

  /** Starts answering with `application` (whose `elsewhere` answers `NOT_MINE`), instead of any it answered with. */
  serve(application: HttpApplication): void {
    const { nc, cluster, instanceId, logger } = this.#options;
    this.#application = application;
    // One subscription: two would both answer a request, and the first answer wins.
    this.#subscription?.unsubscribe();
    this.#subscription = nc.subscribe(forwardSubject(cluster, instanceId), {
      callback: (error, message) => {
        if (error !== null) {
          logger.warn('cluster: the forward subscription failed', { error: String(error) });
          return;
        }
        const answering = this.#answer(application, message.data).then(
          (answer) => void message.respond(encodeAnswer(answer)),
          (failure: unknown) => logger.error('cluster: answering a forwarded request failed', { error: String(failure) }),
        );
        this.#inFlight.add(answering);
        void answering.finally(() => this.#inFlight.delete(answering));
      },
    });
  }

  /** Stops taking forwarded requests; resolves once those under way are answered. */
  async stop(): Promise<void> {
    this.#subscription?.unsubscribe();
    this.#subscription = undefined;
    await Promise.all([...this.#inFlight]);
  }

  /**
   * Runs a forwarded request again through the application being served (the owner's `elsewhere`, once the shard
   * it waited for is owned here): its reply, `NOT_MINE` included. Call it from within a request being answered.
   */
  async replyHere(head: RequestHead, body: Uint8Array): Promise<Reply> {
    const application = this.#application;
    if (application === undefined) return NOT_MINE;
    return this.#reply(application, head, body);
  }

  async #answer(application: HttpApplication, data: Uint8Array): Promise<ForwardedAnswer> {
    let request: ReturnType<typeof decodeRequest>;
    try {
      request = decodeRequest(data);
    } catch (error) {
      this.stats.malformed += 1;
      const head = { method: 'POST', path: '/', query: '', headers: {}, peerAddress: '' };
      return asAnswer(application.refusal(head, ErrorCode.BadRequest, `malformed forwarded request: ${(error as Error).message}`));
    }
    const { head, body } = request;
    // The edge's request id and trace (forwarder.ts): the owner's lines and audit records carry the client's id.
    const context = requestContextOf(head.headers, request.freshKey === true ? head.headers[IDEMPOTENCY_HEADER] : undefined);
    return runInRequest(context, () => this.#run(application, head, body));
  }

  async #run(application: HttpApplication, head: RequestHead, body: Uint8Array): Promise<ForwardedAnswer> {
    const reply = await this.#reply(application, head, body);
    if (reply === NOT_MINE) {
      this.stats.notMine += 1;
      return { kind: 'notMine' };
    }
    this.stats.answered += 1;
    return asAnswer(reply);
  }

  async #reply(application: HttpApplication, head: RequestHead, body: Uint8Array): Promise<Reply> {
    let reply: Reply;
    try {
      const decision = application.onRequest(head);
      if (decision.kind === 'reply') reply = decision.reply;
      else if (decision.kind === 'stream-body')
        reply = application.refusal(head, ErrorCode.Unavailable, 'this upload must be sent to the instance that owns its entity; retry', {
          'retry-after': '1',
        });
      else if (body.length > decision.limit) reply = decision.tooLarge();
      else reply = await decision.handle(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    } catch (error) {
      reply = application.onUnexpectedError(head, error);
    }
    return reply;
  }
}

function asAnswer(reply: Reply): ForwardedAnswer {
  if (reply.stream !== undefined) reply.stream.source.destroy();
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body, 'utf8') : reply.body;
  return { kind: 'reply', status: reply.status, headers: { ...(reply.headers ?? {}) }, body };
}
