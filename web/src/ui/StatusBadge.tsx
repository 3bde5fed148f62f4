/** A service status as colour and word (never colour alone: readable without colour vision). */
export type ServiceStatus = 'OPERATIONAL' | 'DEGRADED' | 'DOWN' | 'MAINTENANCE' | 'UNKNOWN';

const LABEL: Record<ServiceStatus, string> = {
  OPERATIONAL: 'Operational',
  DEGRADED: 'Degraded',
  DOWN: 'Down',
  MAINTENANCE: 'Maintenance',
  UNKNOWN: 'Unknown',
};

export function StatusBadge({ status }: { status: ServiceStatus | string }) {
  const known = status in LABEL ? (status as ServiceStatus) : 'UNKNOWN';
  return <span className={`badge status-${known.toLowerCase()}`} data-status={status}>{LABEL[known] ?? status}</span>;
}
