/**
 * Which domain events become which outgoing webhook events (SPEC.md "Outgoing webhook events"),
 * as a table of sources. A source reads one domain event type and gives at most one webhook event
 * with its `data` (the object the event is about, in the shape GraphQL returns it). Plugins add
 * their families with `register` on the same catalog (the module composer registers each module's
 * `webhookEvents`); `webhookEventTypes` lists `names()`.
 *
 * Mapping of the core families:
 * - `service.status_changed`: to DOWN => `service.down`; to DEGRADED => `service.degraded`; to
 *   OPERATIONAL from DOWN or DEGRADED => `service.up`. Moves into or out of MAINTENANCE and UNKNOWN,
 *   and UNKNOWN/MAINTENANCE => OPERATIONAL, are not outages or recoveries and send nothing.
 *   `data`: `{service{id,name,path}, previousStatus, status, message}`. A service whose first
 *   report (`service.created`) is DOWN or DEGRADED sends `service.down`/`service.degraded` with
 *   `previousStatus: null`.
 * - `backup.recorded`: `success` => `backup.success`; `failed` and `partial` => `backup.failed`
 *   (a partial backup is not a full restore point, someone should look); `data.status` tells
 *   partial from failed. `data`: `{service{id,name,path}, status, sizeBytes, message, reportedAt}`.
 * - `user.created`, `user.updated` => the same names; `data`: `{user{id,username,email,displayName,role,active}, fields}`.
 */
import type { DomainEvent, DomainEventType } from '../../platform/events/domainEvents.js';
import type { EventOfType } from '../../platform/events/eventBus.js';
import type { UserChangedEvent } from '../../platform/events/domainEvents.js';

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
  readonly user: (id: string) => { readonly username: string; readonly email: string | null; readonly displayName: string | null; readonly role: string; readonly active: boolean } | undefined;
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

export function createWebhookEventCatalog(sources: readonly WebhookEventSource<any>[] = CORE_SOURCES): WebhookEventCatalog {
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

export const serviceSource: WebhookEventSource<EventOfType<'service.status_changed'> | EventOfType<'service.created'>> = {
  family: 'service',
  domainTypes: ['service.status_changed', 'service.created'],
  names: ['service.down', 'service.up', 'service.degraded'],
  translate(event, lookups) {
    if (event.type === 'service.created') {
      const created = lookups.service(event.service.id);
      if (created === undefined || (created.status !== 'DOWN' && created.status !== 'DEGRADED')) return null;
      const { id, name, path } = event.service;
      return {
        name: created.status === 'DOWN' ? 'service.down' : 'service.degraded',
        at: event.at,
        data: { service: { id, name, path }, previousStatus: null, status: created.status, message: created.statusMessage },
      };
    }
    const name =
      event.status === 'DOWN' ? 'service.down'
      : event.status === 'DEGRADED' ? 'service.degraded'
      : event.status === 'OPERATIONAL' && (event.previousStatus === 'DOWN' || event.previousStatus === 'DEGRADED') ? 'service.up'
      : null;
    if (name === null) return null;
    const { id, name: serviceName, path } = event.service;
    return { name, at: event.at, data: { service: { id, name: serviceName, path }, previousStatus: event.previousStatus, status: event.status, message: event.message } };
  },
};

export const backupSource: WebhookEventSource<EventOfType<'backup.recorded'>> = {
  family: 'backup',
  domainTypes: ['backup.recorded'],
  names: ['backup.success', 'backup.failed'],
  translate(event) {
    const { id, name, path } = event.service;
    return {
      name: event.status === 'success' ? 'backup.success' : 'backup.failed',
      at: event.at,
      data: { service: { id, name, path }, status: event.status, sizeBytes: event.sizeBytes, message: event.message, reportedAt: new Date(event.at).toISOString() },
    };
  },
};

export const userSource: WebhookEventSource<UserChangedEvent> = {
  family: 'user',
  domainTypes: ['user.created', 'user.updated'],
  names: ['user.created', 'user.updated'],
  translate(event, lookups) {
    if (event.type === 'user.deleted') return null;
    const name = event.type;
    const user = lookups.user(event.user.id);
    return {
      name,
      at: event.at,
      data: {
        user: {
          id: event.user.id,
          username: user?.username ?? event.user.username,
          email: user?.email ?? null,
          displayName: user?.displayName ?? null,
          role: (user?.role ?? 'user').toUpperCase(),
          active: user?.active ?? true,
        },
        fields: [...event.fields],
      },
    };
  },
};

/** Core's families; modules declare theirs (`ProductModule.webhookEvents`), e.g. notifications' `notification.created`. */
export const CORE_SOURCES: readonly WebhookEventSource<any>[] = [serviceSource, backupSource, userSource];
