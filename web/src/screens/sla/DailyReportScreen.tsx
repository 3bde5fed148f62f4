/**
 * The daily SLA report (`/sla/reports?day=YYYY-MM-DD`): one per UTC day, each SLA's figures of its
 * current period so far. Pick a stored day or the newest; operators and admins generate today's.
 */
import type { SlaDailyReportPageQuery } from '../../gql/graphql';
import { useMutation, useQuery } from 'urql';
import { useQueryParams, type ScreenProps } from '../../app/router';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { formatDateTime, formatMinutes } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { canEditSla } from './slaAccess';
import { ReportDownload } from './ReportDownload';
import { formatAttainment, formatBurnRate, formatTarget } from './slaFigures';
import { Badge } from '../../ui/kit/Badge';
import { slaStatusBadge } from '../../ui/badges';
import { GENERATE, REPORT } from './documents';
import './sla.css';

type Report = NonNullable<SlaDailyReportPageQuery['slaDailyReport']>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function DailyReportScreen(_props: ScreenProps) {
  const viewer = useViewer();
  const [params, setParam] = useQueryParams();
  const dayParam = params.get('day') ?? '';
  const day = DAY.test(dayParam) ? dayParam : null;
  const [result, reexecute] = useQuery({ query: REPORT, variables: { day } });
  const [generated, generate] = useMutation(GENERATE);
  const report = result.data?.slaDailyReport;
  const history = result.data?.slaDailyReports ?? [];
  const runGenerate = async () => {
    const answer = await generate({});
    if (!answer.data) return;
    if (day === answer.data.generateSLADailyReport.day || day === null) reexecute({ requestPolicy: 'network-only' });
    else setParam('day', answer.data.generateSLADailyReport.day);
  };
  return (
    <>
      <PageHeader
        title="Daily SLA report"
        subtitle="One report per UTC day: every SLA's current period so far."
        actions={
          canEditSla(viewer.role) ? (
            <button type="button" className="button-primary" disabled={generated.fetching} onClick={() => void runGenerate()}>
              {generated.fetching ? 'Generating…' : 'Generate today’s report'}
            </button>
          ) : null
        }
      />
      <ErrorNotice error={generated.error} title="Not generated" />
      <form className="row sla-filters" aria-label="Choose a day" onSubmit={(e) => e.preventDefault()}>
        <TextField label="Day (UTC)" type="date" value={day ?? report?.day ?? ''} onChange={(e) => setParam('day', e.target.value)} />
        {day ? (
          <button type="button" onClick={() => setParam('day', null)}>
            Newest
          </button>
        ) : null}
      </form>
      <ErrorNotice error={result.error} />
      {!result.data && result.fetching ? <Loading label="Loading the report" /> : null}
      {result.data && !report ? (
        <p className="muted">
          {day ? `There is no report for ${day}.` : 'No report has been generated yet.'}{' '}
          {canEditSla(viewer.role) ? 'Generate today’s to see one now.' : 'The scheduler makes one each day.'}
        </p>
      ) : null}
      {report ? <ReportView report={report} /> : null}
      {history.length > 0 ? (
        <section className="card sla-history" aria-labelledby="sla-report-history">
          <h2 id="sla-report-history">Stored reports</h2>
          <ul className="sla-list">
            {history.map((summary) => (
              <li key={summary.day}>
                <button
                  type="button"
                  className="button-link"
                  aria-current={report?.day === summary.day ? 'true' : undefined}
                  onClick={() => setParam('day', summary.day)}
                >
                  {summary.day}
                </button>{' '}
                <span className="muted">
                  {summary.slaCount} SLAs, {summary.breachedCount} breached · {summary.trigger} at {formatDateTime(summary.generatedAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function ReportView({ report }: { report: Report }) {
  return (
    <section className="card" aria-labelledby="sla-report-title" data-testid="sla-report">
      <div className="row sla-section-head">
        <h2 id="sla-report-title">Report of {report.day}</h2>
        <ReportDownload day={report.day} csv={report.csv} />
      </div>
      <p className="muted">
        Generated {formatDateTime(report.generatedAt)} ({report.trigger === 'manual' ? 'on demand' : 'by the schedule'}).
      </p>
      <dl className="sla-stats">
        {(
          [
            ['SLAs', report.slaCount],
            ['Met', report.metCount],
            ['At risk', report.atRiskCount],
            ['Breached', report.breachedCount],
            ['No data', report.noDataCount],
          ] as const
        ).map(([label, value]) => (
          <div className="card sla-stat" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.rows.length === 0 ? (
        <p className="muted">No SLA definitions existed when it was generated.</p>
      ) : (
        <table className="table" aria-label={`SLAs on ${report.day}`}>
          <thead>
            <tr>
              <th scope="col">SLA</th>
              <th scope="col">Period</th>
              <th scope="col">Status</th>
              <th scope="col">Attainment</th>
              <th scope="col">Target</th>
              <th scope="col">Downtime</th>
              <th scope="col">Budget left</th>
              <th scope="col">Burn rate</th>
              <th scope="col">Incidents</th>
              <th scope="col">Services</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.slaId}>
                <td>{row.slaName}</td>
                <td>{row.periodKey}</td>
                <td>
                  <Badge {...slaStatusBadge(row.status)} />
                </td>
                <td>{formatAttainment(row.actualValue)}</td>
                <td>{formatTarget(row.targetPercent)}</td>
                <td>{formatMinutes(row.downtimeMinutes)}</td>
                <td>{formatMinutes(row.errorBudgetRemainingMinutes)}</td>
                <td>{formatBurnRate(row.burnRate)}</td>
                <td>{row.incidentCount}</td>
                <td>{row.serviceCount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
