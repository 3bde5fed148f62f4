/**
 * The daily report as a printable HTML page: a summary, then one table row per SLA with its figures
 * and a small inline SVG chart of its last days. Every text that came from a person (SLA names) is
 * escaped; there is no script and no external resource, so the page passes the product's CSP
 * (`default-src 'self'; style-src 'self' 'unsafe-inline'`) and prints as it shows.
 */
import { roundFigure } from './reportCsv.js';
import { renderChartSvg } from './reportChart.js';
import { summarizeReport, type DailyReport, type DailyReportRow } from './dailyReport.js';

const STYLE = `
body{font:13px/1.4 system-ui,sans-serif;color:#1f2328;margin:24px}
h1{font-size:20px;margin:0 0 4px}
p.meta{color:#59636e;margin:0 0 16px}
ul.summary{list-style:none;padding:0;display:flex;gap:16px;margin:0 0 16px}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #d1d9e0;padding:4px 8px;text-align:right;vertical-align:middle}
th:first-child,td:first-child{text-align:left}
.MET{color:#1a7f37}.AT_RISK{color:#9a6700}.BREACHED{color:#cf222e}.NO_DATA,.INSUFFICIENT_DATA{color:#59636e}
@media print{body{margin:0}tr{break-inside:avoid}}
`;

export function renderReportHtml(report: DailyReport): string {
  const summary = summarizeReport(report);
  const rows = report.rows.map(renderRow).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>SLA daily report ${escapeHtml(report.day)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>SLA daily report ${escapeHtml(report.day)}</h1>
<p class="meta">Generated ${escapeHtml(new Date(report.generatedAt).toISOString())} (${escapeHtml(report.trigger)}). Figures are for each SLA's current period so far.</p>
<ul class="summary">
<li>${summary.slaCount} SLAs</li><li class="MET">${summary.metCount} met</li><li class="AT_RISK">${summary.atRiskCount} at risk</li><li class="BREACHED">${summary.breachedCount} breached</li><li class="NO_DATA">${summary.noDataCount} without data</li>
</ul>
<table>
<thead><tr><th>SLA</th><th>Target</th><th>Period</th><th>Services</th><th>Actual</th><th>Status</th><th>Downtime (min)</th><th>Excluded (min)</th><th>Budget left (min)</th><th>Burn rate</th><th>Incidents</th><th>MTTR (min)</th><th>Last days</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${report.rows.length === 0 ? '<p>No SLA is defined yet.</p>' : ''}
</body>
</html>
`;
}

function renderRow(row: DailyReportRow): string {
  const { result } = row;
  const cells = [
    escapeHtml(row.slaName),
    `${figure(row.targetPercent)} %`,
    `${escapeHtml(row.periodType)} ${escapeHtml(row.periodKey)}`,
    String(row.serviceCount),
    result.actualValue === null ? '-' : `${figure(result.actualValue)} %`,
    `<span class="${result.status}">${result.status.replace('_', ' ')}</span>`,
    figure(result.downtimeMinutes),
    figure(result.excludedMinutes),
    figure(result.errorBudgetRemainingMinutes),
    result.burnRate === null ? '∞' : figure(result.burnRate),
    String(result.incidentCount),
    result.mttrMinutes === null ? '-' : figure(result.mttrMinutes),
    renderChartSvg(
      row.daily,
      row.targetPercent,
      `${escapeHtml(row.slaName)}: daily values against the ${figure(row.targetPercent)} % target`,
    ),
  ];
  return `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

function figure(value: number): string {
  return String(roundFigure(value));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
