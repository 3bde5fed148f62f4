/**
 * The report's machine API: POST /api/v1/sla/report/generate (SPEC.md: API key, no body) generates
 * today's report now and answers once it is committed; GET /api/v1/sla/report/download returns a
 * stored report as CSV or as a printable HTML page (`day` defaults to the newest report, `format`
 * to csv). People read the same reports through GraphQL (`slaDailyReport`).
 */
import { catalogReply, jsonReply, type Reply } from '../../../platform/gateway/http.js';
import { KiB, type Route } from '../../../platform/gateway/routes.js';
import { ErrorCode } from '../../../platform/errors/catalog.js';
import { parseReportDay, summarizeReport, type DailyReport } from './dailyReport.js';
import type { DailyReports } from './dailyReports.js';
import { renderReportCsv } from './reportCsv.js';
import { REPORT_DOWNLOAD_PATH, REPORT_FORMATS, reportDownloads, type ReportFormat } from './reportDownloads.js';
import { renderReportHtml } from './reportHtml.js';

/** The generate call has no body; a client that sends one anyway (`{}`) is not refused for it. */
const GENERATE_BODY_LIMIT = 1 * KiB;

export function reportRoutes(reports: DailyReports): Route[] {
  return [
    {
      method: 'POST',
      path: '/api/v1/sla/report/generate',
      auth: 'machine',
      rateLimited: true,
      bodyLimit: GENERATE_BODY_LIMIT,
      async handle() {
        const report = await reports.generate('manual');
        return jsonReply(200, generatedAnswer(report));
      },
    },
    {
      method: 'GET',
      path: REPORT_DOWNLOAD_PATH,
      auth: 'machine',
      rateLimited: true,
      bodyLimit: 0,
      async handle({ query }) {
        const format = query.get('format') ?? 'csv';
        if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
          return catalogReply(ErrorCode.BadRequest, `format must be one of ${REPORT_FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
        }
        const dayText = query.get('day');
        const day = dayText === null ? undefined : parseReportDay(dayText);
        if (dayText !== null && day === undefined)
          return catalogReply(ErrorCode.BadRequest, `day must be a calendar day as YYYY-MM-DD, got ${JSON.stringify(dayText)}`);
        const report = day === undefined ? await reports.latest() : await reports.get(day);
        if (!report) {
          return catalogReply(
            ErrorCode.NotFound,
            day === undefined
              ? 'no SLA report has been generated yet: POST /api/v1/sla/report/generate makes one'
              : `there is no SLA report for ${day}`,
          );
        }
        return download(report, format as ReportFormat);
      },
    },
  ];
}

export function generatedAnswer(report: DailyReport): Record<string, unknown> {
  return {
    success: true,
    message: `SLA report for ${report.day} generated`,
    day: report.day,
    generatedAt: new Date(report.generatedAt).toISOString(),
    ...summarizeReport(report),
    downloads: reportDownloads(report.day),
  };
}

function download(report: DailyReport, format: ReportFormat): Reply {
  const filename = `sla-report-${report.day}.${format}`;
  return format === 'csv'
    ? {
        status: 200,
        headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"` },
        body: renderReportCsv(report),
      }
    : {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-disposition': `inline; filename="${filename}"` },
        body: renderReportHtml(report),
      };
}
