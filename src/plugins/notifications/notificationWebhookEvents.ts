/**
 * The webhook event the notifications module produces: `notification.created` => the same name;
 * `data`: `{notification{…}}` with its own `type`.
 */
import type { EventOfType } from '../../platform/events/eventBus.js';
import type { WebhookEventSource } from '../../platform/events/webhookEventCatalog.js';

export const notificationSource: WebhookEventSource<EventOfType<'notification.created'>> = {
  family: 'notification',
  domainTypes: ['notification.created'],
  names: ['notification.created'],
  translate(event) {
    return { name: 'notification.created', at: event.at, data: { notification: { ...event.notification } } };
  },
};
