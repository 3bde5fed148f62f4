// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The catalog of outgoing webhook events (SPEC.md "Outgoing webhook events"): which domain events
 * become which webhook events, as a table of sources. A source reads one domain event type and gives
 * at most one webhook event with its `data` (the object the event is about, in the shape GraphQL
 * returns it). It is a registry of the module contract: every module declares its families as
 * `ProductModule.webhookEvents` (the core's: src/core/coreWebhookEvents.ts) and the composer
 * registers them (src/platform/modules/composeModules.ts); the webhooks plugin (src/plugins/webhooks)
 * delivers what it translates, and `webhookEventTypes` lists `names()`.
 */
import type { DomainEvent, DomainEventType } from './domainEvents.js';

/** A webhook event ready to be filtered and delivered. */
export interface WebhookEvent {
  readonly name: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** Epoch ms of the change (the body's `timestamp`). */
  readonly at: number;
}

/** What sources may look up while translating (read-only views of in-memory state). */
export interface CatalogLookups {
  readonly service: (id: string) => { readonly status: string; readonly statusMessage: string | null } | undefined;
  readonly user: (id: string) =>
    | {
        readonly username: string;
        readonly email: string | null;
        readonly displayName: string | null;
        readonly role: string;
        readonly active: boolean;
      }
    | undefined;
}

export interface WebhookEventSource<E extends DomainEvent = DomainEvent> {
  readonly family: string;
  /** The domain event types this source reads. */
  readonly domainTypes: readonly E['type'][];
  /** Every webhook event name this source can give. */
  readonly names: readonly string[];
  translate(event: E, lookups: CatalogLookups): WebhookEvent | null;
}

/** The synthetic event `testWebhook` sends; not subscribable. */
export const TEST_EVENT = 'webhook.test';

export interface WebhookEventCatalog {
  register(source: WebhookEventSource<any>): void;
  /** Subscribable names, in registration order. */
  names(): readonly string[];
  isKnown(name: string): boolean;
  /** Names `event` may give; empty for a domain event no source reads (cheap pre-check). */
  namesFor(type: DomainEventType): readonly string[];
  translate(event: DomainEvent, lookups: CatalogLookups): WebhookEvent | null;
}

export function createWebhookEventCatalog(sources: readonly WebhookEventSource<any>[]): WebhookEventCatalog {
  const byType = new Map<DomainEventType, WebhookEventSource<any>[]>();
  const all: string[] = [];
  const namesByType = new Map<DomainEventType, string[]>();
  const catalog: WebhookEventCatalog = {
    register(source) {
      for (const name of source.names) {
        if (all.includes(name)) throw new Error(`webhook event ${name} is registered twice`);
        if (name === TEST_EVENT) throw new Error(`${TEST_EVENT} is reserved`);
      }
      all.push(...source.names);
      for (const type of source.domainTypes) {
        byType.set(type, [...(byType.get(type) ?? []), source]);
        namesByType.set(type, [...(namesByType.get(type) ?? []), ...source.names]);
      }
    },
    names: () => all,
    isKnown: (name) => all.includes(name),
    namesFor: (type) => namesByType.get(type) ?? EMPTY,
    translate(event, lookups) {
      const sources = byType.get(event.type);
      if (!sources) return null;
      for (const source of sources) {
        const translated = source.translate(event, lookups);
        if (translated) return translated;
      }
      return null;
    },
  };
  for (const source of sources) catalog.register(source);
  return catalog;
}

const EMPTY: readonly string[] = [];
