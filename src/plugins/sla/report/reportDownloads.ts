/** Where a stored report is downloaded (GET /api/v1/sla/report/download), per format. */
import type { ReportDay } from './dailyReport.js';

export const REPORT_DOWNLOAD_PATH = '/api/v1/sla/report/download';
export const REPORT_FORMATS = ['csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export function reportDownloadPath(day: ReportDay, format: ReportFormat): string {
  return `${REPORT_DOWNLOAD_PATH}?day=${day}&format=${format}`;
}

export function reportDownloads(day: ReportDay): Record<ReportFormat, string> {
  return { csv: reportDownloadPath(day, 'csv'), html: reportDownloadPath(day, 'html') };
}
