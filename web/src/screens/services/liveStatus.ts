/** The status to show: the newest of what the page loaded and what arrived live since. Pure. */
import type { ServiceStatus } from '../../gql/graphql';

export interface ShownStatus {
  readonly status: ServiceStatus;
  readonly message: string | null;
  readonly since: string;
}

export function newestStatus(
  loaded: ShownStatus,
  live: { status: ServiceStatus; message: string | null; changedAt: string } | null,
): ShownStatus {
  if (!live || Date.parse(live.changedAt) < Date.parse(loaded.since)) return loaded;
  return { status: live.status, message: live.message, since: live.changedAt };
}
