/**
 * Domain events: what happened, published on the event bus after the change that caused it is
 * committed. Later capabilities (subscriptions, webhooks, notifications, SLA) subscribe to these.
 * The platform knows none of them: the core declares its own in src/core/coreEvents.ts, each module
 * its own beside it (see `DomainEventMap`).
 */

/** Who caused a change; hydration is never written back and a sender is not echoed. */
export type Origin = 'api' | 'agent' | 'hydrate' | 'worker' | 'timer';

/**
 * Every domain event by its `type`. Each module (the core too) declares its events in its own folder
 * by augmenting this interface, so adding a plugin's events edits no central list:
 *
 * ```ts
 * declare module '../events/domainEvents.js' {
 *   interface DomainEventMap { 'ticket.created': TicketCreatedEvent }
 * }
 * ```
 * Each entry's event must carry that key as its `type` (checked below).
 */
/** Empty here: every entry is a module's augmentation (the core's: src/core/coreEvents.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type, so that modules can augment it by declaration merging
export interface DomainEventMap {}

export type DomainEventType = keyof DomainEventMap;
export type DomainEvent = DomainEventMap[DomainEventType];

/** Keys of the map whose event does not carry that key as its `type` (none, or the check below fails). */
type MisfiledEventTypes = { [K in DomainEventType]: K extends DomainEventMap[K]['type'] ? never : K }[DomainEventType];
true satisfies [MisfiledEventTypes] extends [never]
  ? true
  : `domain event filed under a key it does not carry as its type: ${MisfiledEventTypes}`;
