/**
 * The daily SLA report as data: one row per SLA definition with the figures of its current period,
 * and the last days' values for the chart. Rendering (CSV, HTML) and storage take this shape; what
 * fills it (definitions, assignments, computed results) is the SLA module's business.
 */
import type { PeriodResult } from '../../../core/domain/periodArithmetic.js';

/** `YYYY-MM-DD`, the UTC day a report is for. */
export type ReportDay = string;

export const REPORT_TRIGGERS = ['schedule', 'manual'] as const;
export type ReportTrigger = (typeof REPORT_TRIGGERS)[number];

/** How many days of daily values a row carries for its chart. */
export const REPORT_CHART_DAYS = 30;

export interface DailyValue {
  readonly day: ReportDay;
  /** `null`: nothing covered that day (no data, or all of it excluded). */
  readonly actualValue: number | null;
}

export interface DailyReportRow {
  readonly slaId: string;
  readonly slaName: string;
  readonly targetPercent: number;
  /** DAY, WEEK, MONTH, QUARTER or YEAR: the period the figures are for. */
  readonly periodType: string;
  /** The current period's key (for example `2026-11` for a month). */
  readonly periodKey: string;
  /** How many services the SLA covers (directly or through its groups). */
  readonly serviceCount: number;
  /** The current period so far, all covered services together. */
  readonly result: PeriodResult;
  /** Oldest first, at most {@link REPORT_CHART_DAYS}. */
  readonly daily: readonly DailyValue[];
}

export interface DailyReport {
  readonly day: ReportDay;
  /** Epoch ms. */
  readonly generatedAt: number;
  readonly trigger: ReportTrigger;
  readonly rows: readonly DailyReportRow[];
}

export interface ReportSummary {
  readonly slaCount: number;
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  /** Rows not judged: NO_DATA, or INSUFFICIENT_DATA (too little of the period seen so far). */
  readonly noDataCount: number;
}

export function summarizeReport(report: Pick<DailyReport, 'rows'>): ReportSummary {
  let metCount = 0;
  let atRiskCount = 0;
  let breachedCount = 0;
  let noDataCount = 0;
  for (const row of report.rows) {
    switch (row.result.status) {
      case 'MET':
        metCount += 1;
        break;
      case 'AT_RISK':
        atRiskCount += 1;
        break;
      case 'BREACHED':
        breachedCount += 1;
        break;
      case 'NO_DATA':
      case 'INSUFFICIENT_DATA':
        noDataCount += 1;
        break;
    }
  }
  return { slaCount: report.rows.length, metCount, atRiskCount, breachedCount, noDataCount };
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC day of an instant. */
export function reportDayOf(at: number): ReportDay {
  return new Date(at).toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` that names a real calendar day, or `undefined`. */
export function parseReportDay(text: string): ReportDay | undefined {
  const match = DAY_PATTERN.exec(text);
  if (!match) return undefined;
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(at) || reportDayOf(at) !== text ? undefined : text;
}

/** Epoch ms of 00:00 UTC of a day. */
export function startOfReportDay(day: ReportDay): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}
