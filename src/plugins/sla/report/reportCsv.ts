/**
 * The daily report as CSV (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold a
 * comma, quote or line break). A name that starts like a spreadsheet formula (`=`, `+`, `-`, `@`,
 * tab, CR) is prefixed with `'`, so opening the file never runs a formula an SLA's author typed
 * (CSV injection). Numbers are written with at most three decimals; an absent figure is empty.
 */
import type { DailyReport, DailyReportRow } from './dailyReport.js';

const COLUMNS: readonly [header: string, value: (row: DailyReportRow) => string | number | null][] = [
  ['sla', (r) => r.slaName],
  ['target_percent', (r) => r.targetPercent],
  ['period', (r) => r.periodType],
  ['period_key', (r) => r.periodKey],
  ['services', (r) => r.serviceCount],
  ['status', (r) => r.result.status],
  ['actual_value', (r) => r.result.actualValue],
  ['coverage_percent', (r) => r.result.coveragePercent],
  ['downtime_minutes', (r) => r.result.downtimeMinutes],
  ['excluded_minutes', (r) => r.result.excludedMinutes],
  ['error_budget_minutes', (r) => r.result.errorBudgetMinutes],
  ['error_budget_used_minutes', (r) => r.result.errorBudgetUsedMinutes],
  ['error_budget_remaining_minutes', (r) => r.result.errorBudgetRemainingMinutes],
  ['burn_rate', (r) => r.result.burnRate],
  ['incident_count', (r) => r.result.incidentCount],
  ['mttr_minutes', (r) => r.result.mttrMinutes],
  ['mtbf_minutes', (r) => r.result.mtbfMinutes],
];

export const REPORT_CSV_HEADER = COLUMNS.map(([header]) => header);

export function renderReportCsv(report: DailyReport): string {
  const lines = [REPORT_CSV_HEADER.join(',')];
  for (const row of report.rows) lines.push(COLUMNS.map(([, value]) => csvField(value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(roundFigure(value)) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Three decimals, without a trailing `-0`. */
export function roundFigure(value: number): number {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? 0 : rounded;
}
