// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The core's outgoing webhook events (SPEC.md "Outgoing webhook events"), the core module's
 * `webhookEvents` (coreModule.ts); the catalog they go into is the platform's
 * (src/platform/events/webhookEventCatalog.ts).
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
import type { UserChangedEvent } from './coreEvents.js';
import type { EventOfType } from '../platform/events/eventBus.js';
import type { WebhookEventSource } from '../platform/events/webhookEventCatalog.js';

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
      event.status === 'DOWN'
        ? 'service.down'
        : event.status === 'DEGRADED'
          ? 'service.degraded'
          : event.status === 'OPERATIONAL' && (event.previousStatus === 'DOWN' || event.previousStatus === 'DEGRADED')
            ? 'service.up'
            : null;
    if (name === null) return null;
    const { id, name: serviceName, path } = event.service;
    return {
      name,
      at: event.at,
      data: {
        service: { id, name: serviceName, path },
        previousStatus: event.previousStatus,
        status: event.status,
        message: event.message,
      },
    };
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
      data: {
        service: { id, name, path },
        status: event.status,
        sizeBytes: event.sizeBytes,
        message: event.message,
        reportedAt: new Date(event.at).toISOString(),
      },
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

/** The core's families; other modules declare theirs (`ProductModule.webhookEvents`), e.g. notifications' `notification.created`. */
export const CORE_SOURCES: readonly WebhookEventSource<any>[] = [serviceSource, backupSource, userSource];
