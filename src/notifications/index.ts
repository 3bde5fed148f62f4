/** Notifications as composed at start: the center, and the notices service status changes cause. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../clock.js';
import type { EventBus } from '../events/eventBus.js';
import type { Fleet } from '../actors/fleet.js';
import type { Logger } from '../log/logger.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import type { GroupDirectory } from '../people/groupDirectory.js';
import type { UserDirectory } from '../people/userDirectory.js';
import { NotificationCenter } from './notificationCenter.js';
import { serviceStatusNotices } from './serviceStatusNotices.js';

export interface NotificationsDeps {
  readonly knex: Knex;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  readonly fleet: Fleet;
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly logger: Logger;
}

export function createNotifications(deps: NotificationsDeps): NotificationCenter {
  const center = new NotificationCenter({ knex: deps.knex, writer: deps.writer, bus: deps.bus, clock: deps.clock, newId: randomUUID });
  const directory = { services: deps.fleet.services, users: deps.users, groups: deps.groups };
  deps.bus.subscribeStaged((event) => {
    if (event.type !== 'service.status_changed') return;
    for (const notice of serviceStatusNotices(event, directory)) center.notify(notice, event.origin);
  });
  // Notifications have no foreign key to users (see the migration): tidy up after a deletion.
  deps.bus.subscribeAll((event) => {
    if (event.type !== 'user.deleted') return;
    deps.knex('notifications').where({ user_id: event.user.id }).delete().catch((error: unknown) => deps.logger.warn('could not remove a deleted user\'s notifications', { error }));
  });
  return center;
}
