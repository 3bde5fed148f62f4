/**
 * What the GraphQL operations do to webhooks: create, change, delete, test, and the reads. Each
 * change is staged through the registry and answered after its commit; a change that withdraws
 * pending deliveries (deactivation, delete) commits their new state in the same batch and puts
 * them back in the queue if that batch fails.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Page } from '../../platform/graphql/pagination.js';
import { commitChange, refuseWhenOverloaded } from '../../core/commands/commitBoundary.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { iso } from '../../core/storage/tables.js';
import type { Dispatcher } from './dispatcher.js';
import type { SendOutbound } from './dispatcherOptions.js';
import { TEST_EVENT, type WebhookEventCatalog } from '../../platform/events/webhookEventCatalog.js';
import { defaultBody, renderTemplate, type Envelope } from './payloadTemplate.js';
import { sendTestDelivery } from './testDelivery.js';
import { countExecutions, pruneHistory, readExecutions, readStats, type ExecutionFilter, type WebhookStats } from './webhookHistory.js';
import type { WebhookRegistry } from './webhookRegistry.js';
import { keepHeaderValues } from './webhookInput.js';
import type { WebhookChanges, WebhookRecord, WebhookSettings } from './webhookRecord.js';
import {
  deliveryRow,
  executionRow,
  webhookDeliveriesTable,
  webhookExecutionsTable,
  type Delivery,
  type ExecutionRecord,
} from './webhookTables.js';

export interface WebhookServiceOptions {
  readonly registry: WebhookRegistry;
  readonly dispatcher: Dispatcher;
  readonly catalog: WebhookEventCatalog;
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly clock: Clock;
  readonly newId: () => string;
  /** sendOutbound with the configured policy (testWebhook's attempt). */
  readonly send: SendOutbound;
}

export class WebhookService {
  private pruning: Promise<{ executions: number; deliveries: number }> | undefined;

  constructor(private readonly deps: WebhookServiceOptions) {}

  get dispatcher(): Dispatcher {
    return this.deps.dispatcher;
  }

  get catalog(): WebhookEventCatalog {
    return this.deps.catalog;
  }

  list(): WebhookRecord[] {
    return this.deps.registry.all();
  }

  get(id: string): WebhookRecord | undefined {
    return this.deps.registry.get(id);
  }

  require(id: string): WebhookRecord {
    const webhook = this.deps.registry.get(id);
    if (!webhook) throw new AppError(ErrorCode.NotFound, `no webhook with id ${id}; list them with the webhooks query`);
    return webhook;
  }

  create(settings: WebhookSettings & { readonly status: 'ACTIVE' | 'INACTIVE' }, actor: string): Promise<WebhookRecord> {
    const now = this.deps.clock.now();
    const record: WebhookRecord = {
      id: this.deps.newId(),
      ...settings,
      statusReason: null,
      statusChangedAt: now,
      consecutiveFailures: 0,
      createdAt: now,
      updatedAt: now,
      createdBy: actor,
    };
    return commitChange(this.deps, () => {
      this.deps.registry.set(record);
      return record;
    });
  }

  /** Fields left out stay. Any update of a webhook in ERROR puts it back to ACTIVE unless it says INACTIVE. */
  update(id: string, changes: WebhookChanges): Promise<WebhookRecord> {
    const current = this.require(id);
    const { status: requested, headers: givenHeaders, ...settings } = changes;
    const headers = givenHeaders === undefined ? undefined : keepHeaderValues(givenHeaders, current);
    return commitChange(this.deps, () => {
      const now = this.deps.clock.now();
      const status = requested ?? (current.status === 'ERROR' ? 'ACTIVE' : current.status);
      const moved = status !== current.status;
      // A secret set (or cleared) replaces one that could not be read; so do headers given with their values.
      const { secretError: _unreadable, unreadableSecret: _stored, ...secretReadable } = current;
      const base = settings.secret !== undefined ? secretReadable : current;
      const { headersError: _unreadableHeaders, unreadableHeaders: _storedHeaders, ...readable } = base;
      const next: WebhookRecord = {
        ...(headers !== undefined ? { ...readable, headers } : base),
        ...settings,
        status,
        statusReason: moved ? null : current.statusReason,
        statusChangedAt: moved ? now : current.statusChangedAt,
        consecutiveFailures: status === 'ACTIVE' && moved ? 0 : current.consecutiveFailures,
        updatedAt: now,
      };
      this.deps.registry.set(next);
      if (status === 'INACTIVE' && current.status !== 'INACTIVE') this.cancelPending(id, now);
      return next;
    });
  }

  /** Deletes the webhook and its pending deliveries; its execution history stays until it ages out. */
  async delete(id: string): Promise<boolean> {
    this.require(id);
    await commitChange(this.deps, () => {
      this.deps.registry.delete(id);
      const withdrawn = this.deps.dispatcher.withdraw(id);
      const restore = () => this.deps.dispatcher.restore(withdrawn);
      // Rows exist for attempted ones only; deliveries still listed on an outbox page are dropped at the next start (unknown webhook).
      for (const d of withdrawn) this.deps.writer.delete(webhookDeliveriesTable, { id: d.id }, { onRollback: restore });
      this.deps.writer.afterCommit(() => this.deps.dispatcher.settle(withdrawn));
    });
    return true;
  }

  /** Sends a synthetic `webhook.test` event now (whatever the status), records the execution and returns it. */
  async test(id: string): Promise<ExecutionRecord> {
    const webhook = this.require(id);
    refuseWhenOverloaded(this.deps.writer);
    const now = this.deps.clock.now();
    const envelope: Envelope = {
      id: this.deps.newId(),
      event: TEST_EVENT,
      timestamp: iso(now)!,
      data: {
        webhook: { id: webhook.id, name: webhook.name },
        message: 'A test delivery from svc: if you can read this, the webhook works.',
      },
    };
    let execution: ExecutionRecord;
    const rendered =
      webhook.template === null
        ? { ok: true as const, body: defaultBody(envelope) }
        : renderTemplate({ source: webhook.template }, envelope);
    if (rendered.ok) {
      execution = await sendTestDelivery(this.deps, webhook, envelope.id, TEST_EVENT, rendered.body, this.deps.dispatcher.shutdownSignal);
    } else {
      execution = {
        id: this.deps.newId(),
        webhookId: id,
        deliveryId: null,
        eventId: envelope.id,
        event: TEST_EVENT,
        test: true,
        attempt: 1,
        status: 'ExecFailed',
        statusCode: null,
        durationMs: 0,
        responseExcerpt: null,
        error: rendered.problem,
        url: null,
        at: now,
      };
      this.deps.writer.insert(webhookExecutionsTable, executionRow(execution));
    }
    await this.deps.writer.acknowledge();
    return execution;
  }

  async executions(filter: ExecutionFilter, page: Page): Promise<ExecutionRecord[]> {
    await this.deps.writer.settled();
    return readExecutions(this.deps.knex, filter, page);
  }

  async executionCount(filter: ExecutionFilter): Promise<number> {
    await this.deps.writer.settled();
    return countExecutions(this.deps.knex, filter);
  }

  async stats(webhookId: string | null): Promise<WebhookStats> {
    await this.deps.writer.settled();
    return readStats(this.deps.knex, webhookId, this.deps.clock.now(), this.deps.dispatcher.unsettledOf(webhookId));
  }

  /**
   * Deletes executions and finished deliveries older than 30 days by the injected clock. One prune
   * at a time: asked for while one runs (the hourly timer and a caller at the same moment, such as
   * a test moving its clock), it answers with that one's result instead of racing it for the same rows.
   */
  prune(): Promise<{ executions: number; deliveries: number }> {
    this.pruning ??= this.pruneOnce().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }

  private async pruneOnce(): Promise<{ executions: number; deliveries: number }> {
    // Settled pages go first: a delivery's end-state row is kept while a page that lists it lives.
    this.deps.dispatcher.sweepPages();
    await this.deps.writer.settled();
    return pruneHistory(this.deps.knex, this.deps.clock.now());
  }

  /** A deactivated webhook sends nothing more: its waiting deliveries end as cancelled in this commit. */
  private cancelPending(id: string, now: number): void {
    const withdrawn: Delivery[] = this.deps.dispatcher.withdraw(id);
    const restore = () => this.deps.dispatcher.restore(withdrawn);
    for (const d of withdrawn) {
      this.deps.writer.upsert(webhookDeliveriesTable, deliveryRow(d, 'cancelled', now, 'the webhook was set INACTIVE'), {
        onRollback: restore,
      });
    }
    this.deps.writer.afterCommit(() => this.deps.dispatcher.settle(withdrawn));
  }
}
