import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DailyReport, DailyReportRow } from '../../../../src/plugins/sla/report/dailyReport.js';
import { parseReportDay, summarizeReport } from '../../../../src/plugins/sla/report/dailyReport.js';
import { chartFloor, renderChartSvg } from '../../../../src/plugins/sla/report/reportChart.js';
import { csvField, renderReportCsv, REPORT_CSV_HEADER } from '../../../../src/plugins/sla/report/reportCsv.js';
import { renderReportHtml } from '../../../../src/plugins/sla/report/reportHtml.js';
import type { PeriodResult } from '../../../../src/core/domain/periodArithmetic.js';

const met: PeriodResult = {
  actualValue: 99.95,
  coveragePercent: 100,
  coveredMinutes: 34_560,
  downtimeMinutes: 17.28,
  excludedMinutes: 60,
  errorBudgetMinutes: 43.14,
  errorBudgetUsedMinutes: 17.28,
  errorBudgetRemainingMinutes: 25.86,
  burnRate: 0.5,
  incidentCount: 2,
  mttrMinutes: 8.64,
  mtbfMinutes: 17_271.36,
  status: 'MET',
};
const noData: PeriodResult = {
  ...met,
  actualValue: null,
  coveragePercent: null,
  coveredMinutes: 0,
  downtimeMinutes: 0,
  errorBudgetUsedMinutes: 0,
  errorBudgetRemainingMinutes: 43.14,
  burnRate: 0,
  incidentCount: 0,
  mttrMinutes: null,
  mtbfMinutes: null,
  status: 'NO_DATA',
};

function row(overrides: Partial<DailyReportRow> = {}): DailyReportRow {
  return {
    slaId: 'a1',
    slaName: 'Checkout',
    targetPercent: 99.9,
    periodType: 'MONTH',
    periodKey: '2026-11',
    serviceCount: 3,
    result: met,
    daily: [
      { day: '2026-11-23', actualValue: 100 },
      { day: '2026-11-24', actualValue: 99.5 },
      { day: '2026-11-25', actualValue: null },
    ],
    ...overrides,
  };
}

function report(rows: DailyReportRow[]): DailyReport {
  return { day: '2026-11-25', generatedAt: Date.parse('2026-11-25T06:00:00Z'), trigger: 'schedule', rows };
}

describe('daily report CSV', () => {
  it('starts with a header line naming every figure', () => {
    const [header] = renderReportCsv(report([])).split('\r\n');
    assert.equal(header, REPORT_CSV_HEADER.join(','));
    assert.ok(REPORT_CSV_HEADER.includes('error_budget_remaining_minutes'));
  });

  it('writes one CRLF-terminated line per SLA with its figures, absent ones empty', () => {
    const lines = renderReportCsv(report([row(), row({ slaName: 'Batch', result: noData })])).split('\r\n');
    assert.equal(lines.length, 4);
    assert.equal(lines[3], '');
    assert.equal(lines[1], 'Checkout,99.9,MONTH,2026-11,3,MET,99.95,100,17.28,60,43.14,17.28,25.86,0.5,2,8.64,17271.36');
    assert.equal(lines[2], 'Batch,99.9,MONTH,2026-11,3,NO_DATA,,,0,60,43.14,0,43.14,0,0,,');
  });

  const fields: [string | number | null, string][] = [
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [1 / 3, '0.333'],
    [-0.0001, '0'],
    [null, ''],
    [Number.NaN, ''],
  ];
  for (const [value, written] of fields) {
    it(`writes ${JSON.stringify(value)} as ${JSON.stringify(written)}`, () => {
      assert.equal(csvField(value), written);
    });
  }
});

describe('daily report HTML', () => {
  it('escapes SLA names, so a name cannot inject markup', () => {
    const html = renderReportHtml(report([row({ slaName: '<script>alert(1)</script>' })]));
    assert.ok(!html.includes('<script>'));
    assert.ok(html.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
  });

  it('has no script, no event handler and no external resource (CSP-safe)', () => {
    const html = renderReportHtml(report([row(), row({ slaName: 'Batch', result: noData })]));
    assert.doesNotMatch(html, /<script|\son[a-z]+=|src=|href=|@import|url\(/i);
  });

  it('shows the summary counts and one table row with a chart per SLA', () => {
    const html = renderReportHtml(report([row(), row({ slaName: 'Batch', result: noData })]));
    assert.match(html, /<li>2 SLAs<\/li>/);
    assert.match(html, /1 met/);
    assert.match(html, /1 without data/);
    assert.equal(html.match(/<tbody>[\s\S]*<\/tbody>/)![0].match(/<tr>/g)!.length, 2);
    assert.equal(html.match(/<svg /g)!.length, 2);
  });

  it('says so when no SLA is defined', () => {
    assert.match(renderReportHtml(report([])), /No SLA is defined yet/);
  });
});

describe('daily report chart', () => {
  it('breaks the line at a day without data instead of drawing it at zero', () => {
    const svg = renderChartSvg(
      [
        { day: 'a', actualValue: 100 },
        { day: 'b', actualValue: 99 },
        { day: 'c', actualValue: null },
        { day: 'd', actualValue: 99.5 },
        { day: 'e', actualValue: 100 },
      ],
      99.9,
      'x',
    );
    assert.equal(svg.match(/<polyline /g)!.length, 2);
  });

  it('draws a lone day as a dot', () => {
    const svg = renderChartSvg(
      [
        { day: 'a', actualValue: null },
        { day: 'b', actualValue: 99 },
        { day: 'c', actualValue: null },
      ],
      99.9,
      'x',
    );
    assert.equal(svg.match(/<circle /g)!.length, 1);
    assert.ok(!svg.includes('<polyline'));
  });

  it('keeps both the target and the worst day above the floor of the axis', () => {
    assert.ok(chartFloor([{ day: 'a', actualValue: 97 }], 99.9) < 97);
    assert.ok(chartFloor([{ day: 'a', actualValue: 100 }], 99.9) < 99.9);
    assert.equal(chartFloor([{ day: 'a', actualValue: 0 }], 99.9), 0);
  });
});

describe('report days and summary', () => {
  for (const [text, day] of [
    ['2026-11-25', '2026-11-25'],
    ['2028-02-29', '2028-02-29'],
    ['2026-02-29', undefined],
    ['2026-13-01', undefined],
    ['26-11-25', undefined],
    ['2026-11-25T00:00', undefined],
  ] as const) {
    it(`reads ${text} as ${day ?? 'no day'}`, () => {
      assert.equal(parseReportDay(text), day);
    });
  }

  it('counts SLAs by status', () => {
    assert.deepEqual(summarizeReport(report([row(), row({ result: { ...met, status: 'BREACHED' } }), row({ result: noData })])), {
      slaCount: 3,
      metCount: 1,
      atRiskCount: 0,
      breachedCount: 1,
      noDataCount: 1,
    });
  });
});
