/**
 * How the SLA screens write attainment and status. Attainment is cut, never rounded up: 99.9996 %
 * shown as "100.000 %" would tell an operator a target of 100 % is met when it is not.
 */
export { slaStatusLabel } from '../../ui/SlaStatus';

/** "99.953 %" (cut to `digits` decimals), "100 %" for exactly full, "No data" for null. */
export function formatAttainment(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'No data';
  if (value >= 100) return '100 %';
  const scale = 10 ** digits;
  // The epsilon keeps 99.95 (stored as 99.9499999…) at 99.950, not 99.949.
  const cut = Math.floor(value * scale + 1e-6) / scale;
  return `${cut.toFixed(digits)} %`;
}

/** A target percent as declared: "99.9 %", "99.95 %", "100 %" (no trailing zeros). */
export function formatTarget(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${Number(value.toFixed(4))} %`;
}

/**
 * Covered services the server gave no verdict this period: NO_DATA or INSUFFICIENT_DATA (too little of
 * the period seen). The dashboard stats count the verdicts only; the rest of the covered services are these.
 */
export function notJudgedCount(stats: { servicesWithSla: number; metCount: number; atRiskCount: number; breachedCount: number }): number {
  return Math.max(0, stats.servicesWithSla - stats.metCount - stats.atRiskCount - stats.breachedCount);
}

/** The share of the error budget still left, 0 to 100 (null when there is no budget to speak of). */
export function budgetLeftPercent(budgetMinutes: number, remainingMinutes: number): number | null {
  if (!(budgetMinutes > 0)) return null;
  return Math.max(0, Math.min(100, (remainingMinutes / budgetMinutes) * 100));
}

/** A burn rate as "1.8×"; null (unbounded at a 100 % target) as "∞". */
export function formatBurnRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined) return '∞';
  return `${rate.toFixed(rate >= 10 ? 0 : 1)}×`;
}

const KIND_LABEL: Record<string, string> = {
  BREACHED: 'Breached',
  AT_RISK: 'At risk',
  FAST_BURN: 'Fast burn',
  SLOW_BURN: 'Slow burn',
  BACKUP_OVERDUE: 'Backup overdue',
};

export function alertKindLabel(kind: string): string {
  return KIND_LABEL[kind] ?? kind;
}

/** What a definition covers, in words: "2 groups, 1 service", "Nothing yet". */
export function coverageText(assignments: readonly { slaGroup: string | null; service: unknown }[]): string {
  const groups = assignments.filter((a) => a.slaGroup).length;
  const services = assignments.filter((a) => a.service).length;
  const parts = [
    groups ? `${groups} group${groups === 1 ? '' : 's'}` : '',
    services ? `${services} service${services === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing yet';
}

/** An incident's minutes from start to end (or to `now` while open). */
export function incidentMinutes(incident: { startedAt: string; endedAt: string | null }, now = Date.now()): number {
  const end = incident.endedAt ? Date.parse(incident.endedAt) : now;
  return Math.max(0, (end - Date.parse(incident.startedAt)) / 60_000);
}
