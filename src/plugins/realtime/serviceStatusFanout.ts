/**
 * A service's status change as the `serviceStatusChanged` subscriptions hear it: on the channels of every service,
 * of this service and of each node above it, one payload for all, and nothing for payload groups whose viewers may
 * not read services at its place (environment access).
 */
import type { ServiceStatusChangedEvent } from '../../core/coreEvents.js';
import { can, type Viewer } from '../../core/auth/roles.js';
import { channels, nodeAncestry, parentPath } from './channels.js';
import type { FanoutHub } from './fanoutHub.js';

export function publishServiceStatus(hub: FanoutHub, event: ServiceStatusChangedEvent): void {
  const service = event.service;
  const targets = [
    channels.allServiceStatus,
    channels.serviceStatus(service.id),
    ...nodeAncestry(parentPath(service.path)).map(channels.serviceStatusUnder),
  ];
  const payload = {
    event: 'service:status_changed',
    serviceId: service.id,
    previousStatus: event.previousStatus,
    status: event.status,
    message: event.message,
    changedAt: event.at,
    origin: event.origin,
  };
  const place = parentPath(service.path);
  const admit = (context: unknown) => can((context as { viewer: Viewer | null }).viewer, 'service:read', place);
  for (const channel of targets) if (hub.hasSubscribers(channel)) hub.publish(channel, { serviceStatusChanged: payload }, admit);
}
