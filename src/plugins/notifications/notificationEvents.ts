/** The notifications module's domain event, declared beside it (see `DomainEventMap`). */
import type { Origin } from '../../platform/events/domainEvents.js';

/** An in-app notification for one person (SPEC.md `notification:new`, webhook `notification.created`). */
export interface NotificationRef {
  readonly id: string;
  readonly userId: string;
  /** What the notification is about, e.g. `service.down`; plugins add their own kinds. */
  readonly type: string;
  readonly title: string;
  readonly message: string;
  readonly entityType: string | null;
  readonly entityId: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
}

export interface NotificationCreatedEvent {
  readonly type: 'notification.created';
  readonly notification: NotificationRef;
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'notification.created': NotificationCreatedEvent;
  }
}
