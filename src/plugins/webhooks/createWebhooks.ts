/**
 * The webhook capability, composed in one place for its module (webhooksModule.ts): the registry,
 * the outbox handler (staged on the event bus by the module), the dispatcher and the history
 * pruner, over the event catalog the modules' webhook events are registered in.
 *
 * Lifecycle: `hydrate()` loads webhooks before the server serves; `start()` (once listening)
 * hands the pending deliveries to the dispatcher and starts the hourly prune (a repeating timer on
 * the injected clock: retention is product time, so a manual clock runs it; one instance of a cluster
 * prunes per hour, by a claim in src/platform/once); `close()` stops the
 * dispatcher (attempts in flight are aborted and stay pending) before the writer's final flush,
 * then closes the outbound keep-alive sockets.
 */
import type { Knex } from 'knex';
import type { SecretBox } from '../../platform/config/secretBox.js';
import { periodKey, type OnceClaims } from '../../platform/once/onceClaims.js';
import type { Clock, TimerHandle } from '../../platform/scheduler/index.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { Logger } from '../../platform/log/logger.js';
import { createConnectionPool, sendOutbound, type OutboundPolicy } from '../../platform/outbound/outboundRequest.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { Dispatcher } from './dispatcher.js';
import { DEFAULT_MAX_HELD, type SendOutbound } from './dispatcherOptions.js';
import type { DeliveryQueueOptions } from './deliveryQueue.js';
import type { CatalogLookups, WebhookEventCatalog } from '../../platform/events/webhookEventCatalog.js';
import { DeliveryClaims } from './deliveryClaims.js';
import { hydrateWebhooks, owedOnPages } from './hydrateWebhooks.js';
import type { BackloggedPage } from './outboxBacklog.js';
import { readOutboxPages } from './outboxPage.js';
import { createOutboxHandler } from './outbox.js';
import { WebhookRegistry } from './webhookRegistry.js';
import { WebhookService } from './webhookService.js';
import { createWebhookStatusLog } from './webhookStatusLog.js';
import { readWebhookRow, webhooksTable, type Delivery } from './webhookTables.js';
import type { SharedRows } from '../../platform/modules/sharedState.js';
import type { Row } from '../../platform/persistence/tableSpec.js';

export interface WebhooksOptions {
  readonly writer: BatchWriter;
  readonly knex: Knex;
  /** Which domain events give which webhook events (every module's sources registered). */
  readonly catalog: WebhookEventCatalog;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newId: () => string;
  /** From SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS and SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST. */
  readonly policy: OutboundPolicy;
  /** Seals webhooks' signing secrets at rest (src/platform/config/secretBox.ts). */
  readonly secrets: SecretBox;
  readonly lookups: CatalogLookups;
  readonly queue?: DeliveryQueueOptions;
  /** Waiting deliveries held in memory (the rest wait on their outbox pages); see Dispatcher. */
  readonly maxHeld?: number;
  /** Deliveries one webhook may owe before it goes to ERROR; see outbox.ts. */
  readonly maxOwed?: number;
  /** Requests the server received so far: deliveries slow down while requests keep the loop busy. */
  readonly requests?: () => number;
  /** Requests under way now: a burst brakes deliveries at once. */
  readonly requestsInFlight?: () => number;
  /** @default one hour */
  readonly pruneIntervalMs?: number;
  /** The hourly prune runs on one instance of a cluster per period (src/platform/once); without it, here every time. */
  readonly once?: OnceClaims;
  /**
   * This instance's claims on outbox pages (deliveryClaims.ts): its name, and whether it is the only instance
   * (one process: it claims every page at start).
   */
  readonly claims?: { readonly instanceId: string; readonly exclusive: boolean; readonly leaseMs?: number };
  /** Seconds from an event's commit to its successful delivery, for each (metrics). */
  readonly onDelivered?: (seconds: number) => void;
}

export interface Webhooks {
  readonly service: WebhookService;
  readonly catalog: WebhookEventCatalog;
  readonly dispatcher: Dispatcher;
  /** The staged bus handler: deliveries of an event join the batch of the change that caused it. */
  readonly outbox: (event: DomainEvent) => void;
  /** Cluster mode: how a webhook row another instance committed reaches the registry (docs/adr/0068). */
  readonly shared: readonly SharedRows[];
  hydrate(): Promise<{ webhooks: number; pendingDeliveries: number; backlogged: number }>;
  start(): void;
  /** Deletes history older than 30 days by the injected clock (also run hourly); see WebhookService.prune. */
  prune(): Promise<{ executions: number; deliveries: number }>;
  close(): Promise<void>;
}

const PRUNE_INTERVAL_MS = 60 * 60_000;

export function createWebhooks(options: WebhooksOptions): Webhooks {
  const { writer, knex, clock, logger, newId, catalog } = options;
  const log = logger.child({ component: 'webhooks' });
  const registry = new WebhookRegistry(writer, options.secrets, createWebhookStatusLog(log, clock));
  // Keep-alive sockets per receiver address (src/platform/outbound/connectionPool.ts); closed by close().
  const connections = createConnectionPool();
  const send: SendOutbound = (request) => sendOutbound(request, options.policy, connections);
  const claims = options.claims
    ? new DeliveryClaims({
        knex,
        clock,
        instanceId: options.claims.instanceId,
        exclusive: options.claims.exclusive,
        ...(options.claims.leaseMs !== undefined ? { leaseMs: options.claims.leaseMs } : {}),
      })
    : undefined;
  const dispatcher = new Dispatcher({
    registry,
    writer,
    clock,
    logger: log,
    newId,
    send,
    readPages: (ids) => readOutboxPages(knex, ids),
    ...(options.maxHeld !== undefined ? { maxHeld: options.maxHeld } : {}),
    ...(options.queue ? { queue: options.queue } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
    ...(options.requestsInFlight ? { requestsInFlight: options.requestsInFlight } : {}),
    ...(options.onDelivered ? { onDelivered: options.onDelivered } : {}),
    ...(claims ? { claims } : {}),
  });
  const outbox = createOutboxHandler({
    catalog,
    registry,
    dispatcher,
    writer,
    clock,
    lookups: options.lookups,
    newId,
    ...(options.maxOwed !== undefined ? { maxBacklog: options.maxOwed } : {}),
    ...(claims ? { instanceId: claims.instanceId } : {}),
  });
  const service = new WebhookService({ registry, dispatcher, catalog, writer, knex, clock, newId, send });
  let loaded: Delivery[] = [];
  let settledPages: string[] = [];
  let backlogged: BackloggedPage[] = [];
  let pruner: TimerHandle | undefined;
  let leaseTimer: TimerHandle | undefined;
  /** The lease round under way, if any: `close` waits for it. */
  let round: Promise<void> = Promise.resolve();
  /** The prune under way, if any: `close` waits for it rather than closing the database under it. */
  let pruning: Promise<void> = Promise.resolve();

  const prune = async () => {
    const removed = await service.prune();
    if (removed.executions + removed.deliveries > 0) log.info('webhook history pruned', removed);
    return removed;
  };

  /** Renews the lease, takes over the pages of instances that died or stopped, and hands them to the dispatcher. */
  const leaseRound = async (held: DeliveryClaims) => {
    if (!(await held.renew()))
      log.warn('the webhook delivery lease had run out (this instance stalled past it); pages it held are checked before they are sent');
    dispatcher.resume();
    // One process claimed every page at start and claims each new one as it commits it: nobody else's to take.
    if (options.claims?.exclusive) return;
    for (;;) {
      const pages = await held.takeOver();
      if (pages.length === 0) return;
      const { owed, settledPages } = await owedOnPages(knex, registry, pages);
      log.info('webhook deliveries taken over from an instance that stopped', { pages: pages.length, deliveries: owed.length });
      dispatcher.adopt(owed, settledPages);
    }
  };

  return {
    service,
    catalog,
    dispatcher,
    outbox,
    // Cluster mode: webhooks created, changed or deleted through another instance (docs/adr/0068).
    shared: [
      {
        table: webhooksTable.name,
        apply: (row: Row) => registry.adopt(String(row['id']), readWebhookRow(row, options.secrets).record),
        remove: (key: Row) => registry.adopt(String(key['id']), undefined),
      },
    ],
    async hydrate() {
      if (claims) {
        await claims.register();
        // One process claims every page; an instance of a cluster the pages nobody alive holds.
        if (options.claims?.exclusive) await claims.claimAll();
        else while ((await claims.takeOver()).length > 0);
      }
      const hydrated = await hydrateWebhooks(
        knex,
        registry,
        options.secrets,
        options.maxHeld ?? DEFAULT_MAX_HELD,
        claims ? { instanceId: claims.instanceId, pageless: options.claims?.exclusive ?? false } : { pageless: true },
      );
      if (hydrated.sealedSecrets > 0)
        log.info(
          'webhook secrets and header values stored in clear or under SVC_AUTH_SECRET_KEY_PREVIOUS are now sealed under the current key',
          { count: hydrated.sealedSecrets },
        );
      if (hydrated.unreadableSecrets.length > 0) {
        log.error(
          'webhook secrets or header values cannot be read with this SVC_AUTH_SECRET_KEY: these webhooks send nothing until they are set again',
          { webhooks: hydrated.unreadableSecrets },
        );
      }
      if (hydrated.orphaned > 0) log.warn('pending webhook deliveries of unknown webhooks were left alone', { count: hydrated.orphaned });
      loaded = hydrated.pending;
      settledPages = hydrated.settledPages;
      backlogged = hydrated.backlog;
      return {
        webhooks: hydrated.webhooks,
        pendingDeliveries: loaded.length,
        backlogged: backlogged.reduce((n, page) => n + page.webhookIds.length, 0),
      };
    },
    start() {
      dispatcher.load(loaded, settledPages, backlogged);
      loaded = [];
      settledPages = [];
      backlogged = [];
      const intervalMs = options.pruneIntervalMs ?? PRUNE_INTERVAL_MS;
      const { once } = options;
      const pruneNow = () => {
        const run = once ? once.run('webhooks.prune', periodKey(clock.now(), intervalMs), prune) : prune();
        pruning = run.then(
          () => undefined,
          (error: unknown) => log.error('webhook history prune failed', { error }),
        );
      };
      pruneNow();
      pruner = clock.setRepeatingTimer(intervalMs, pruneNow);
      if (claims) {
        // Product time, like the lease it renews: a manual clock expires and renews them together.
        leaseTimer = clock.setRepeatingTimer(claims.leaseMs / 3, () => {
          round = round
            .then(() => leaseRound(claims))
            .catch((error: unknown) => log.warn('a webhook claims round failed; the next one tries again', { error }));
        });
      }
    },
    prune,
    async close() {
      clock.clearTimer(pruner);
      clock.clearTimer(leaseTimer);
      pruner = undefined;
      await pruning;
      await round;
      await dispatcher.stop();
      // Its pages are taken over at once by the others, not after the lease.
      if (claims)
        await claims
          .release()
          .catch((error: unknown) => log.warn('the webhook delivery lease could not be given back; it runs out by itself', { error }));
      connections.close();
    },
  };
}
