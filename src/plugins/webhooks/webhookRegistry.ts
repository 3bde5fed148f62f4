/**
 * The webhooks, held in memory (hydrated at start) and written through the batch writer. The
 * registry is the single writer of a webhook record: settings changes (admin), status moves
 * (dispatcher) and deletes all go through it, so no change overwrites another. The subscriber
 * index makes an event nobody subscribed to cost one lookup, and skips webhooks whose exact filter
 * values rule the event out. Filters and templates are compiled once per change, not per event.
 */
import { CommittedMap } from '../../core/fleet/committedMap.js';
import type { SecretBox } from '../../platform/config/secretBox.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { compileFilters, type FilterMatcher } from './filters.js';
import type { PayloadTemplate } from './payloadTemplate.js';
import { SubscriberIndex } from './subscriberIndex.js';
import { webhookToRow, webhooksTable } from './webhookTables.js';
import type { WebhookRecord } from './webhookRecord.js';
import type { WebhookStatusMove } from './webhookStatusLog.js';

interface Compiled {
  readonly matches: FilterMatcher;
  readonly template: PayloadTemplate | null;
}

export class WebhookRegistry {
  private readonly records: CommittedMap<WebhookRecord>;
  private readonly subscribers = new SubscriberIndex();
  private readonly compiled = new Map<string, Compiled>();
  /** Ids ordered by creation time, then id (the order of `webhooks`). */
  private ordered: string[] | null = null;

  /** `box` seals each staged row's secret (webhookTables.ts); `statusMoved` hears of status moves once they committed. */
  constructor(
    private readonly writer: BatchWriter,
    box: SecretBox,
    private readonly statusMoved?: WebhookStatusMove,
  ) {
    this.records = new CommittedMap(
      writer,
      webhooksTable,
      (record) => webhookToRow(record, box),
      (id, restored, discarded) => {
        if (discarded) this.unindex(discarded);
        else this.compiled.delete(id);
        if (restored) this.index(restored);
        this.ordered = null;
      },
    );
  }

  load(record: WebhookRecord): void {
    this.records.load(record.id, record);
    this.index(record);
    this.ordered = null;
  }

  get(id: string): WebhookRecord | undefined {
    return this.records.get(id);
  }

  /** A webhook another instance committed (undefined: deleted there); see `CommittedMap.adopt`. Nothing is written. */
  adopt(id: string, record: WebhookRecord | undefined): void {
    const before = this.records.get(id);
    if (!this.records.adopt(id, record)) return;
    if (before) this.unindex(before);
    if (record) this.index(record);
    this.ordered = null;
  }

  get size(): number {
    return this.records.size;
  }

  /** Every webhook, oldest first. */
  all(): WebhookRecord[] {
    this.ordered ??= [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((w) => w.id);
    return this.ordered.map((id) => this.records.get(id)!);
  }

  /** Stage a new or changed record (memory changes now; a failed commit puts it back). */
  set(record: WebhookRecord): void {
    const previous = this.records.get(record.id);
    if (previous) this.unindex(previous);
    this.records.set(record.id, record);
    this.index(record);
    if (!previous) this.ordered = null;
    const moved = this.statusMoved;
    if (previous && moved && previous.status !== record.status) this.writer.afterCommit(() => moved(previous, record));
  }

  delete(id: string): WebhookRecord | undefined {
    const record = this.records.get(id);
    if (!record) return undefined;
    this.unindex(record);
    this.records.delete(id);
    this.ordered = null;
    return record;
  }

  /** Whether any webhook (any status) is subscribed to `event`. */
  hasSubscribers(event: string): boolean {
    return this.subscribers.has(event);
  }

  /** Ids subscribed to `event` whose filters may match `data` (any status; the caller tests filter and status). */
  candidates(event: string, data: unknown): string[] {
    return this.subscribers.candidates(event, data);
  }

  compiledOf(id: string): Compiled | undefined {
    return this.compiled.get(id);
  }

  private index(record: WebhookRecord): void {
    this.subscribers.add(record.id, record.events, record.filters);
    this.compiled.set(record.id, {
      matches: compileFilters(record.filters),
      template: record.template === null ? null : { source: record.template },
    });
  }

  private unindex(record: WebhookRecord): void {
    this.subscribers.remove(record.id);
    this.compiled.delete(record.id);
  }
}
