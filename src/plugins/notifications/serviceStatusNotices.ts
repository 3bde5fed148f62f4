/**
 * Who hears about a service going down: its owner and the members of its team, each once, while
 * the status change is being staged (the notices commit with it). Notices go out when a service
 * goes DOWN or DEGRADED, and when it recovers to OPERATIONAL from one of those; moves into and out
 * of MAINTENANCE or UNKNOWN are planned or unknown and notify nobody.
 */
import type { ServiceStatusChangedEvent } from '../../core/coreEvents.js';
import type { ServiceStatus } from '../../core/domain/service.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import type { UserDirectory } from '../../core/people/userDirectory.js';
import type { ServiceRegistry } from '../../core/fleet/serviceRegistry.js';
import type { NewNotification } from './notificationCenter.js';

/** A team larger than this is told through its first members only; a notice storm has a ceiling. */
export const MAX_RECIPIENTS_PER_CHANGE = 100;

export type NoticeKind = 'service.down' | 'service.degraded' | 'service.up';

export function noticeKind(previous: ServiceStatus, status: ServiceStatus): NoticeKind | null {
  if (status === 'DOWN') return 'service.down';
  if (status === 'DEGRADED') return 'service.degraded';
  if (status === 'OPERATIONAL' && (previous === 'DOWN' || previous === 'DEGRADED')) return 'service.up';
  return null;
}

export interface NoticeDirectory {
  readonly services: Pick<ServiceRegistry, 'get'>;
  readonly users: Pick<UserDirectory, 'get'>;
  readonly groups: Pick<GroupDirectory, 'memberIds'>;
}

/** The notices one status change causes (none for hydration or moves nobody needs to hear about). */
export function serviceStatusNotices(event: ServiceStatusChangedEvent, directory: NoticeDirectory): NewNotification[] {
  if (event.origin === 'hydrate') return [];
  const kind = noticeKind(event.previousStatus, event.status);
  if (kind === null) return [];
  const service = directory.services.get(event.service.id);
  if (!service) return [];
  const recipients = new Set<string>();
  if (service.ownerId !== null) recipients.add(service.ownerId);
  if (service.teamId !== null) for (const id of directory.groups.memberIds(service.teamId)) recipients.add(id);
  const title = {
    'service.down': `${event.service.path} is DOWN`,
    'service.degraded': `${event.service.path} is DEGRADED`,
    'service.up': `${event.service.path} is OPERATIONAL again`,
  }[kind];
  const message = event.message ?? `status ${event.previousStatus} -> ${event.status}`;
  const notices: NewNotification[] = [];
  for (const userId of recipients) {
    if (notices.length >= MAX_RECIPIENTS_PER_CHANGE) break;
    if (!directory.users.get(userId)?.active) continue;
    notices.push({ userId, type: kind, title, message, entityType: 'service', entityId: service.id });
  }
  return notices;
}
