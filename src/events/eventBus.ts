/**
 * The event bus seam. The in-process default delivers synchronously to local subscribers; a
 * cross-instance bus (a broker) implements the same interface later without touching publishers.
 * A subscriber that throws is logged and does not stop delivery to the others.
 */
import type { Logger } from '../log/logger.js';
import type { DomainEvent, DomainEventType } from './domainEvents.js';

export type EventOfType<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export type Unsubscribe = () => void;

export interface EventBus {
  publish(event: DomainEvent): void;
  subscribe<T extends DomainEventType>(type: T, handler: (event: EventOfType<T>) => void): Unsubscribe;
  subscribeAll(handler: (event: DomainEvent) => void): Unsubscribe;
}

export function createInProcessEventBus(logger: Logger): EventBus {
  const byType = new Map<DomainEventType, Set<(event: DomainEvent) => void>>();
  const all = new Set<(event: DomainEvent) => void>();
  const deliver = (handler: (event: DomainEvent) => void, event: DomainEvent) => {
    try {
      handler(event);
    } catch (error) {
      logger.error('event subscriber failed', { event: event.type, error });
    }
  };
  return {
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
