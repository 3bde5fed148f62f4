/**
 * In-app notifications: one row per person per notice, staged in the batch of the change that
 * caused it (so a notice is never lost and never sent for a change that did not commit), then
 * announced as `notification.created` (live `notificationReceived`, webhook `notification.created`).
 * Read state changes are a person's own low-rate actions and are written directly.
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { Origin } from '../events/domainEvents.js';
import type { NotificationRef } from './notificationEvents.js';
import type { EventBus } from '../events/eventBus.js';
import { emitOnCommit } from '../events/emitOnCommit.js';
import type { BatchWriter, TableSpec } from '../persistence/batchWriter.js';
import { cols } from '../persistence/tables.js';

export const notificationsTable: TableSpec = {
  name: 'notifications',
  key: ['id'],
  order: 310,
  mode: 'insert',
  columns: cols({
    id: 'uuid', user_id: 'uuid', type: 'text', title: 'text', message: 'text', entity_type: 'text', entity_id: 'text',
    created_at: 'timestamptz', read_at: 'timestamptz',
  }),
};

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
}

/** Text columns are bounded so a long status message cannot bloat every recipient's row. */
const MAX_TITLE = 200;
const MAX_MESSAGE = 2000;

export class NotificationCenter {
  constructor(private readonly deps: NotificationCenterDeps) {}

  /** Stage a notification in the open batch; it is announced once that batch commits. */
  notify(input: NewNotification, origin: Origin): NotificationRef {
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
    this.deps.writer.insert(notificationsTable, {
      id: notification.id,
      user_id: notification.userId,
      type: notification.type,
      title: notification.title,
      message: notification.message,
      entity_type: notification.entityType,
      entity_id: notification.entityId,
      created_at: notification.createdAt,
      read_at: null,
    });
    emitOnCommit(this.deps.writer, this.deps.bus, { type: 'notification.created', notification, at: now, origin });
    return notification;
  }

  async list(userId: string, options: { unreadOnly: boolean; limit: number; offset: number }): Promise<StoredNotification[]> {
    await this.deps.writer.settled();
    const query = this.deps.knex('notifications').where({ user_id: userId });
    if (options.unreadOnly) query.whereNull('read_at');
    const rows = await query.orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(options.limit).offset(options.offset);
    return rows.map(fromRow);
  }

  async unreadCount(userId: string): Promise<number> {
    await this.deps.writer.settled();
    const row = await this.deps.knex('notifications').where({ user_id: userId }).whereNull('read_at').count<{ count: string | number }[]>({ count: '*' }).first();
    return Number(row?.count ?? 0);
  }

  /** Marks one of this person's notifications read; null when they have no such notification. */
  async markRead(userId: string, id: string): Promise<StoredNotification | null> {
    await this.deps.writer.settled();
    const rows = await this.deps.knex('notifications')
      .where({ user_id: userId, id })
      .update({ read_at: this.deps.knex.raw('coalesce(read_at, ?)', [new Date(this.deps.clock.now()).toISOString()]) })
      .returning('*');
    return rows[0] ? fromRow(rows[0]) : null;
  }

  async markAllRead(userId: string): Promise<number> {
    await this.deps.writer.settled();
    return this.deps.knex('notifications').where({ user_id: userId }).whereNull('read_at').update({ read_at: new Date(this.deps.clock.now()).toISOString() });
  }

  async delete(userId: string, id: string): Promise<boolean> {
    await this.deps.writer.settled();
    return (await this.deps.knex('notifications').where({ user_id: userId, id }).delete()) > 0;
  }

  async clear(userId: string): Promise<number> {
    await this.deps.writer.settled();
    return this.deps.knex('notifications').where({ user_id: userId }).delete();
  }
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
