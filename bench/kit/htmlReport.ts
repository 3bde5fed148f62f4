/**
 * The HTML report of a run: one self-contained file (inline CSS and SVG, no script, nothing fetched),
 * so it opens from a CI artifact or a mail without a network. It holds the run's facts, the
 * thresholds, the summary table, and plots over time: latency percentiles, throughput, errors, event
 * delivery latency and, when the target exposed /metrics, the server's CPU, event-loop delay and
 * group-commit time.
 */
import type { OperationStats } from './recorder.js';
import type { RunResult } from './result.js';
import { lineChart } from './svgChart.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (value: number | null, digits = 2) =>
  value === null || Number.isNaN(value) ? '-' : value.toLocaleString('en-US', { maximumFractionDigits: digits });

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px auto; max-width: 1000px; color: #1d232a; }
h1 { font-size: 20px; margin-bottom: 4px; } h2 { font-size: 16px; margin-top: 28px; }
.facts { color: #4a5561; } table { border-collapse: collapse; margin: 8px 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #dde2e7; text-align: right; } th:first-child, td:first-child { text-align: left; }
.pass { color: #17722f; font-weight: 600; } .fail { color: #b3261e; font-weight: 600; } .warning { background: #fff4d6; padding: 8px; border-left: 4px solid #c98a00; }
figure { margin: 12px 0; } svg text { font: 11px system-ui, sans-serif; fill: #4a5561; } svg .title { font-size: 13px; font-weight: 600; fill: #1d232a; }
svg .grid { stroke: #eef1f4; } svg .frame { fill: none; stroke: #c5ccd3; } svg .line { fill: none; stroke-width: 1.6; }
`;

function operationRow(name: string, s: OperationStats): string {
  const cells = [s.count, s.errors, s.ratePerSecond, s.p50Ms, s.p90Ms, s.p99Ms, s.p999Ms, s.maxMs]
    .map((v) => `<td>${num(v)}</td>`)
    .join('');
  return `<tr><td>${escapeHtml(name)}</td>${cells}</tr>`;
}

function figure(name: string, svg: string): string {
  return `<figure data-plot="${name}">${svg}</figure>`;
}

export function renderHtmlReport(result: RunResult): string {
  const timeline = result.timeline;
  const at = <T>(read: (row: (typeof timeline)[number]) => T) => timeline.map((row) => [row.t + 0.5, read(row)] as const);
  const plots: string[] = [];
  plots.push(
    figure(
      'latency',
      lineChart({
        title: 'Latency from the intended send time, per second',
        xLabel: 'seconds',
        yLabel: 'ms',
        series: [
          { name: 'p50', color: '#2f6fb3', points: at((r) => r.p50Ms) },
          { name: 'p90', color: '#4aa564', points: at((r) => r.p90Ms) },
          { name: 'p99', color: '#d9822b', points: at((r) => r.p99Ms) },
          { name: 'max', color: '#b3261e', points: at((r) => r.maxMs) },
        ],
      }),
    ),
  );
  plots.push(
    figure(
      'throughput',
      lineChart({
        title: 'Throughput',
        xLabel: 'seconds',
        yLabel: 'per second',
        series: [
          { name: 'sent', color: '#8a96a3', points: at((r) => r.sent) },
          { name: 'answered', color: '#2f6fb3', points: at((r) => r.ok) },
        ],
      }),
    ),
  );
  plots.push(
    figure(
      'errors',
      lineChart({
        title: 'Errors',
        xLabel: 'seconds',
        yLabel: 'per second',
        series: [{ name: 'errors', color: '#b3261e', points: at((r) => r.errors) }],
      }),
    ),
  );
  if (result.events.count > 0)
    plots.push(
      figure(
        'events',
        lineChart({
          title: `Event delivery to ${result.subscribers} subscribers (from the push's acknowledgement to the frame)`,
          xLabel: 'seconds',
          yLabel: 'ms (p99 of the second)',
          series: [{ name: 'p99', color: '#7b4fb3', points: at((r) => r.eventP99Ms) }],
        }),
      ),
    );
  if (result.server.available && result.server.samples.length > 0) {
    const samples = result.server.samples;
    plots.push(
      figure(
        'server-cpu',
        lineChart({
          title: 'Server CPU (from /metrics)',
          xLabel: 'seconds',
          yLabel: '% of a core',
          series: [{ name: 'CPU', color: '#2f6fb3', points: samples.map((s) => [s.t, s.cpuPercent] as const) }],
        }),
      ),
    );
    plots.push(
      figure(
        'server-latency',
        lineChart({
          title: 'Server event-loop delay and group-commit time (from /metrics)',
          xLabel: 'seconds',
          yLabel: 'ms',
          series: [
            { name: 'event loop p99', color: '#d9822b', points: samples.map((s) => [s.t, s.eventLoopP99Ms] as const) },
            { name: 'commit mean', color: '#4aa564', points: samples.map((s) => [s.t, s.commitMeanMs] as const) },
          ],
        }),
      ),
    );
  }
  const model =
    result.model === 'open' ? `open model, ${num(result.offeredRate)} arrivals/s offered` : `closed model, ${result.vus} virtual users`;
  const thresholds =
    result.thresholds.length === 0
      ? '<p>No thresholds were set.</p>'
      : `<table><tr><th>threshold</th><th>measured</th><th>outcome</th></tr>${result.thresholds
          .map(
            (t) =>
              `<tr><td>${escapeHtml(t.threshold)}</td><td>${num(t.value, 3)}</td><td class="${t.passed ? 'pass' : 'fail'}">${t.passed ? 'PASS' : 'FAIL'}</td></tr>`,
          )
          .join('')}</table>`;
  const rows = Object.entries(result.operations).map(([name, stats]) => operationRow(name, stats));
  rows.push(operationRow('all', result.all));
  if (result.events.count > 0) rows.push(operationRow(`events (${result.subscribers} subscribers)`, result.events));
  const errorKinds = Object.entries(result.errorKinds);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>svc-bench ${escapeHtml(result.scenario)}: ${escapeHtml(result.target)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body>
<h1>svc-bench ${escapeHtml(result.scenario)} <span class="${result.passed ? 'pass' : 'fail'}">${result.passed ? 'passed' : 'FAILED'}</span></h1>
<p class="facts">${escapeHtml(result.target)} (version ${escapeHtml(result.targetVersion)}), ${escapeHtml(result.startedAt)}, ${result.durationSeconds} s, ${escapeHtml(model)}, seed ${result.seed}</p>
${result.generator.warning ? `<p class="warning">${escapeHtml(result.generator.warning)}</p>` : ''}
<h2>Thresholds</h2>
${thresholds}
<h2>Operations</h2>
<p class="facts">Latency in ms from the time each request was due (open model: a stall shows in every request that came due during it).</p>
<table><tr><th>operation</th><th>count</th><th>errors</th><th>per s</th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th></tr>${rows.join('')}</table>
<p>${errorKinds.length === 0 ? 'No errors.' : `Errors: ${errorKinds.map(([kind, n]) => `${escapeHtml(kind)} ${n}`).join(', ')}`}</p>
<h2>Over time</h2>
${plots.join('\n')}
<h2>Generator</h2>
<p class="facts">${num(result.generator.cpuPercent, 1)} % of a core; pump late by ${num(result.generator.lagP99Ms)} ms at p99 (max ${num(result.generator.lagMaxMs)}); ${result.generator.lateSends} late sends; ${result.generator.unsent} never sent.${result.server.available ? '' : ` Server panel: ${escapeHtml(result.server.problem ?? 'no /metrics')}.`}</p>
</body></html>
`;
}
