/**
 * What the kinds every area shows say on a badge (ui/kit/Badge.tsx): a service status and an SLA
 * period status. `<Badge {...serviceStatusBadge(status)} />`. The tables are keyed by the generated
 * enums, so a status the schema adds fails the typecheck until it has a word here.
 */
import type { ServiceStatus } from '../gql/graphql';
import type { BadgeProps, Tone } from './kit/Badge';
import { slaStatusLabel, slaStatusMeaning } from './SlaStatus';

export type { ServiceStatus };

const SERVICE_STATUS: Record<ServiceStatus, readonly [string, Tone]> = {
  OPERATIONAL: ['Operational', 'operational'],
  DEGRADED: ['Degraded', 'degraded'],
  DOWN: ['Down', 'down'],
  MAINTENANCE: ['Maintenance', 'maintenance'],
  UNKNOWN: ['Unknown', 'unknown'],
};

/** A service status as colour and word; anything the console does not know reads "Unknown". */
export function serviceStatusBadge(status: ServiceStatus | string): BadgeProps {
  const [label, tone] = SERVICE_STATUS[status as ServiceStatus] ?? SERVICE_STATUS.UNKNOWN;
  return { tone, data: { status }, children: label };
}

const SLA_STATUS_TONE: Record<string, Tone> = {
  MET: 'operational',
  AT_RISK: 'degraded',
  BREACHED: 'down',
  NO_DATA: 'unknown',
  INSUFFICIENT_DATA: 'unknown',
};

/** An SLA period's status as colour and word, with the server's rule for it as the title. */
export function slaStatusBadge(status: string): BadgeProps {
  return {
    tone: SLA_STATUS_TONE[status] ?? 'unknown',
    data: { 'sla-status': status },
    title: slaStatusMeaning(status),
    children: slaStatusLabel(status),
  };
}

/** A user's role as a word (never colour alone). */
export function roleBadge(role: string): BadgeProps {
  return { children: role.charAt(0) + role.slice(1).toLowerCase() };
}

/** Whether a user may sign in. */
export function activeBadge(active: boolean): BadgeProps {
  return { tone: active ? 'operational' : 'unknown', children: active ? 'Active' : 'Deactivated' };
}
