/** SLA statuses, alert states and severities as colour and word (never colour alone). */
import { alertKindLabel } from './slaFigures';

// The period status and attainment are shared with the service page (ui/SlaStatus.tsx).
export { Attainment, SlaStatusBadge } from '../../ui/SlaStatus';

const ALERT_CLASS: Record<string, string> = { OPEN: 'status-down', ACKNOWLEDGED: 'status-degraded', RESOLVED: 'status-operational' };
const SEVERITY_CLASS: Record<string, string> = { CRITICAL: 'status-down', MAJOR: 'status-degraded', MINOR: 'status-unknown' };

const word = (value: string) => value.charAt(0) + value.slice(1).toLowerCase();

export function AlertStatusBadge({ status }: { status: string }) {
  return <span className={`badge ${ALERT_CLASS[status] ?? 'status-unknown'}`} data-alert-status={status}>{word(status)}</span>;
}

export function AlertKindBadge({ kind }: { kind: string }) {
  return <span className="badge">{alertKindLabel(kind)}</span>;
}

export function SeverityBadge({ severity }: { severity: string }) {
  return <span className={`badge ${SEVERITY_CLASS[severity] ?? 'status-unknown'}`}>{word(severity)}</span>;
}
