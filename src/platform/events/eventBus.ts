/**
 * The event bus seam. The in-process default delivers synchronously to local subscribers; a
 * cross-instance bus (a broker) implements the same interface later without touching publishers.
 * A subscriber that throws is logged and does not stop delivery to the others.
 *
 * An event passes the bus twice. `stage` runs while the change that causes it is being staged in
 * the batch writer, before its commit: staged handlers may stage rows of their own into that same
 * batch (the webhook outbox), so the event's consequences commit with the change or not at all
 * (DESIGN.md durability rule). `publish` runs after the commit: live effects (subscriptions,
 * closing connections). Publishers use `emitOnCommit`, which does both.
 */
import type { Logger } from '../log/logger.js';
import type { DomainEvent, DomainEventMap, DomainEventType } from './domainEvents.js';

export type EventOfType<T extends DomainEventType> = DomainEventMap[T];
export type Unsubscribe = () => void;

export interface EventBus {
  /** Before commit: staged handlers stage their own rows into the open batch; nothing else. */
  stage(event: DomainEvent): void;
  /** Handlers run by `stage`. They must not act outside the batch (the change may still fail). */
  subscribeStaged(handler: (event: DomainEvent) => void): Unsubscribe;
  /** After commit. */
  publish(event: DomainEvent): void;
  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOfType<T>) => void): Unsubscribe;
  subscribeAll(handler: (event: DomainEvent) => void): Unsubscribe;
}

export function createInProcessEventBus(logger: Logger): EventBus {
  const byType = new Map<DomainEventType, Set<(event: DomainEvent) => void>>();
  const all = new Set<(event: DomainEvent) => void>();
  const staged = new Set<(event: DomainEvent) => void>();
  const deliver = (handler: (event: DomainEvent) => void, event: DomainEvent) => {
    try {
      handler(event);
    } catch (error) {
      logger.error('event subscriber failed', { event: event.type, error });
    }
  };
  return {
    stage(event) {
      for (const h of staged) deliver(h, event);
    },
    subscribeStaged(handler) {
      staged.add(handler);
      return () => void staged.delete(handler);
    },
    publish(event) {
      const handlers = byType.get(event.type);
      if (handlers) for (const h of handlers) deliver(h, event);
      for (const h of all) deliver(h, event);
    },
    subscribe(type, handler) {
      let handlers = byType.get(type);
      if (!handlers) {
        handlers = new Set();
        byType.set(type, handlers);
      }
      const h = handler as (event: DomainEvent) => void;
      handlers.add(h);
      return () => void handlers.delete(h);
    },
    subscribeAll(handler) {
      all.add(handler);
      return () => void all.delete(handler);
    },
  };
}
