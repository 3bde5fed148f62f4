/**
 * In-app notifications: one row per person per notice, staged in the batch of the change that
 * caused it (so a notice is never lost and never sent for a change that did not commit), then
 * announced as `notification.created` (live `notificationReceived`, webhook `notification.created`).
 *
 * Every write goes through the batch writer and is acknowledged after its commit: a person's own
 * changes (read, delete, clear) stage full rows or keyed deletes and wait for the commit (with the
 * call's audit record), and a person's deletion removes their notifications in its own commit
 * (`forgetPerson`, staged beside it). Notifications are not held in memory, so a change reads the
 * committed row first; one person's changes run one after another, so a read-then-write never
 * writes back a row that the person's previous change deleted.
 *
 * Cluster mode: nothing here is in memory, so every instance reads what any of them committed (no shared-state
 * declaration, docs/adr/0068). One person's changes through two instances are not serialised with each other, so a
 * read is written as a patch of `read_at` (an update of the row if it still exists): a mark-read that read the row
 * before another instance's delete committed updates nothing rather than writing the row back.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../platform/scheduler/index.js';
import type { Origin } from '../../platform/events/domainEvents.js';
import type { NotificationRef } from './notificationEvents.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import type { BatchWriter, TableSpec } from '../../platform/persistence/batchWriter.js';
import { patchSpec } from '../../platform/persistence/tableSpec.js';
import { cols } from '../../core/storage/tables.js';

export const notificationsTable: TableSpec = {
  name: 'notifications',
  key: ['id'],
  order: 310,
  // Rows are full snapshots keyed by id: reading one is a new snapshot of the same row.
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    user_id: 'uuid',
    type: 'text',
    title: 'text',
    message: 'text',
    entity_type: 'text',
    entity_id: 'text',
    created_at: 'timestamptz',
    read_at: 'timestamptz',
  }),
};

/** Marking read: `read_at` of a row that still exists (a patch never creates one). */
export const notificationReadPatch: TableSpec = patchSpec(notificationsTable, ['read_at']);

/** A notification to create: what the stored one carries, less what the center assigns. */
export type NewNotification = Omit<NotificationRef, 'id' | 'createdAt'>;

export interface StoredNotification extends NotificationRef {
  readonly readAt: string | null;
}

export interface NotificationCenterDeps {
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly newId: () => string;
  /**
   * Whether the person exists (in memory, as staged). A change for someone deleted meanwhile writes
   * nothing: it would write back a row their deletion removed.
   */
  readonly isPerson: (userId: string) => boolean;
  /** Whether the person gets notifications of this type (their settings); a notice they switched off is not created. @default every type */
  readonly wants?: (userId: string, type: string) => boolean;
}

/** Text columns are bounded so a long status message cannot bloat every recipient's row. */
const MAX_TITLE = 200;
const MAX_MESSAGE = 2000;

export class NotificationCenter {
  /** Per person, the end of their queue of changes (see `serially`). */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Since start (metrics): notifications committed, and notices not created because the person switched their type off. */
  readonly stats = { created: 0, switchedOff: 0 };

  constructor(private readonly deps: NotificationCenterDeps) {}

  /**
   * Stage a notification in the open batch; it is announced once that batch commits. Null when the
   * person switched this type off (notificationSettings): nothing is stored or announced.
   */
  notify(input: NewNotification, origin: Origin): NotificationRef | null {
    if (this.deps.wants && !this.deps.wants(input.userId, input.type)) {
      this.stats.switchedOff += 1;
      return null;
    }
    const now = this.deps.clock.now();
    const notification: NotificationRef = {
      id: this.deps.newId(),
      userId: input.userId,
      type: input.type,
      title: input.title.slice(0, MAX_TITLE),
      message: input.message.slice(0, MAX_MESSAGE),
      entityType: input.entityType,
      entityId: input.entityId,
      createdAt: new Date(now).toISOString(),
    };
    this.deps.writer.insert(notificationsTable, toRow({ ...notification, readAt: null }));
    this.deps.writer.afterCommit(() => (this.stats.created += 1));
    emitOnCommit(this.deps.writer, this.deps.bus, { type: 'notification.created', notification, at: now, origin });
    return notification;
  }

  async list(userId: string, options: { unreadOnly: boolean; limit: number; offset: number }): Promise<StoredNotification[]> {
    await this.deps.writer.settled();
    const query = this.deps.knex('notifications').where({ user_id: userId });
    if (options.unreadOnly) query.whereNull('read_at');
    const rows = await query
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(options.limit)
      .offset(options.offset);
    return rows.map(fromRow);
  }

  async unreadCount(userId: string): Promise<number> {
    await this.deps.writer.settled();
    const row = await this.deps
      .knex('notifications')
      .where({ user_id: userId })
      .whereNull('read_at')
      .count<{ count: string | number }[]>({ count: '*' })
      .first();
    return Number(row?.count ?? 0);
  }

  /** Marks one of this person's notifications read; null when they have no such notification. */
  markRead(userId: string, id: string): Promise<StoredNotification | null> {
    return this.serially(userId, async () => {
      const found = await this.find(userId, id);
      if (!found || found.readAt !== null) return found;
      return commitChange(this.deps, () => {
        if (!this.deps.isPerson(userId)) return null;
        const read: StoredNotification = { ...found, readAt: this.nowIso() };
        this.deps.writer.upsert(notificationReadPatch, { id, read_at: read.readAt });
        return read;
      });
    });
  }

  /** Marks every unread notification of this person read; returns how many were unread. */
  markAllRead(userId: string): Promise<number> {
    return this.serially(userId, async () => {
      await this.deps.writer.settled();
      const unread = (await this.deps.knex('notifications').where({ user_id: userId }).whereNull('read_at')).map(fromRow);
      if (unread.length === 0) return 0;
      return commitChange(this.deps, () => {
        if (!this.deps.isPerson(userId)) return 0;
        const readAt = this.nowIso();
        for (const notification of unread) this.deps.writer.upsert(notificationReadPatch, { id: notification.id, read_at: readAt });
        return unread.length;
      });
    });
  }

  delete(userId: string, id: string): Promise<boolean> {
    return this.serially(userId, async () => {
      if (!(await this.find(userId, id))) return false;
      return commitChange(this.deps, () => {
        this.deps.writer.delete(notificationsTable, { id });
        return true;
      });
    });
  }

  /** Deletes every notification of this person; returns how many. */
  clear(userId: string): Promise<number> {
    return this.serially(userId, async () => {
      await this.deps.writer.settled();
      const ids: string[] = await this.deps.knex('notifications').where({ user_id: userId }).pluck('id');
      if (ids.length === 0) return 0;
      return commitChange(this.deps, () => {
        for (const id of ids) this.deps.writer.delete(notificationsTable, { id });
        return ids.length;
      });
    });
  }

  /**
   * Stages the delete of all of a person's notifications in the open batch: call it where the
   * person's deletion is staged, so both commit (or fail) together.
   */
  forgetPerson(userId: string): void {
    this.deps.writer.deleteWhere(notificationsTable, 'user_id', userId);
  }

  /** This person's notification `id` as committed, or null. */
  private async find(userId: string, id: string): Promise<StoredNotification | null> {
    await this.deps.writer.settled();
    const row = await this.deps.knex('notifications').where({ user_id: userId, id }).first();
    return row ? fromRow(row) : null;
  }

  /**
   * Runs one person's changes one after another (each reads, stages and waits for its commit before
   * the next reads), so two changes to one notification cannot interleave: a mark-read that read the
   * row before a delete committed would otherwise write the row back.
   */
  private serially<T>(userId: string, change: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const result = previous.then(change);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(userId, tail);
    void tail.then(() => {
      if (this.queues.get(userId) === tail) this.queues.delete(userId);
    });
    return result;
  }

  private nowIso(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }
}

function toRow(n: StoredNotification): Record<string, unknown> {
  return {
    id: n.id,
    user_id: n.userId,
    type: n.type,
    title: n.title,
    message: n.message,
    entity_type: n.entityType,
    entity_id: n.entityId,
    created_at: n.createdAt,
    read_at: n.readAt,
  };
}

function fromRow(row: Record<string, unknown>): StoredNotification {
  return {
    id: String(row['id']),
    userId: String(row['user_id']),
    type: String(row['type']),
    title: String(row['title']),
    message: String(row['message']),
    entityType: (row['entity_type'] as string | null) ?? null,
    entityId: (row['entity_id'] as string | null) ?? null,
    createdAt: new Date(row['created_at'] as string | Date).toISOString(),
    readAt: row['read_at'] ? new Date(row['read_at'] as string | Date).toISOString() : null,
  };
}
