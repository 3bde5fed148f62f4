/** SLA alert states, alert kinds and incident severities on a badge (ui/kit/Badge.tsx): word and tone. */
import type { SlaAlertStatus, SlaIncidentSeverity } from '../../gql/graphql';
import type { BadgeProps, Tone } from '../../ui/kit/Badge';
import { alertKindLabel } from './slaFigures';

const ALERT_TONE: Record<SlaAlertStatus, Tone> = { OPEN: 'down', ACKNOWLEDGED: 'degraded', RESOLVED: 'operational' };
const SEVERITY_TONE: Record<SlaIncidentSeverity, Tone> = { CRITICAL: 'down', MAJOR: 'degraded', MINOR: 'unknown' };

const word = (value: string) => value.charAt(0) + value.slice(1).toLowerCase();

export function alertStatusBadge(status: string): BadgeProps {
  return { tone: ALERT_TONE[status as SlaAlertStatus] ?? 'unknown', data: { 'alert-status': status }, children: word(status) };
}

export function alertKindBadge(kind: string): BadgeProps {
  return { children: alertKindLabel(kind) };
}

export function severityBadge(severity: string): BadgeProps {
  return { tone: SEVERITY_TONE[severity as SlaIncidentSeverity] ?? 'unknown', children: word(severity) };
}
