import type { DomainEvent } from './domainEvents.js';
import type { EventBus } from './eventBus.js';

/** The part of the batch writer an event publisher needs. */
export interface CommitEffects {
  afterCommit(effect: () => void): void;
}

/**
 * Announce an event caused by a change staged in the writer's open batch: staged handlers add
 * their rows (outbox deliveries) to that batch now, and live subscribers hear it once it committed.
 * Call it right after staging the change's own rows.
 */
export function emitOnCommit(writer: CommitEffects, bus: EventBus, event: DomainEvent): void {
  bus.stage(event);
  writer.afterCommit(() => bus.publish(event));
}
