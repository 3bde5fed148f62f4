/** A definition's figures: the current and recent periods (pooled and per service) and its trend chart. */
import { useQuery } from 'urql';
import { Link } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatMinutes } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { budgetLeftPercent, formatAttainment, formatBurnRate, formatTarget } from './slaFigures';
import type { SlaDefinitionDetail, SlaPeriodResult } from './slaTypes';
import { SlaTrend } from './SlaTrend';
import { Attainment } from '../../ui/SlaStatus';
import { Badge } from '../../ui/kit/Badge';
import { slaStatusBadge } from '../../ui/badges';
import { PERIODS } from './documents';

export function DefinitionFigures({ definition }: { definition: SlaDefinitionDetail }) {
  const [periods] = useQuery({ query: PERIODS, variables: { id: definition.id } });
  const results = periods.data?.slaPeriodResults;
  const current = results?.[0];
  return (
    <>
      <section className="card" aria-labelledby="sla-def-periods">
        <h2 id="sla-def-periods">Periods</h2>
        <ErrorNotice error={periods.error} />
        {!results && periods.fetching ? <Loading label="Computing the period figures" /> : null}
        {results && results.length > 0 ? (
          <table className="table" aria-label="Period results">
            <thead>
              <tr>
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
              {results.map((period) => (
                <tr key={period.periodKey}>
                  <td>
                    {period.periodKey} {period.final ? null : <span className="muted">(so far)</span>}
                  </td>
                  <td>
                    <Badge {...slaStatusBadge(period.status)} />
                  </td>
                  <td>
                    <Attainment text={formatAttainment(period.actualValue)} coveragePercent={period.coveragePercent} />
                  </td>
                  <td>{formatTarget(period.targetValue)}</td>
                  <td>{formatMinutes(period.downtimeMinutes)}</td>
                  <td>
                    <BudgetLeft budget={period.errorBudgetMinutes} remaining={period.errorBudgetRemainingMinutes} />
                  </td>
                  <td>{formatBurnRate(period.burnRate)}</td>
                  <td>{period.incidentCount}</td>
                  <td>{period.serviceCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
      {current && current.services.length > 0 ? <CurrentServices period={current} /> : null}
      <SlaTrend subject={{ slaDefinitionId: definition.id }} name={definition.name} targetPercent={definition.targetPercent} />
    </>
  );
}

function BudgetLeft({ budget, remaining }: { budget: number; remaining: number }) {
  const left = budgetLeftPercent(budget, remaining);
  return (
    <span title={`${formatMinutes(remaining)} of ${formatMinutes(budget)}`}>
      {formatMinutes(remaining)}
      {left === null ? null : <span className="muted"> ({Math.round(left)} %)</span>}
    </span>
  );
}

function CurrentServices({ period }: { period: SlaPeriodResult }) {
  return (
    <section className="card" aria-labelledby="sla-def-services">
      <h2 id="sla-def-services">Services in {period.periodKey}</h2>
      <table className="table" aria-label="Services this period">
        <thead>
          <tr>
            <th scope="col">Service</th>
            <th scope="col">Status</th>
            <th scope="col">Attainment</th>
            <th scope="col">Target</th>
            <th scope="col">Downtime</th>
            <th scope="col">Budget left</th>
            <th scope="col">Incidents</th>
          </tr>
        </thead>
        <tbody>
          {period.services.map((row) => (
            <tr key={row.serviceId}>
              <td>
                {row.service ? <Link to={`/services/${row.serviceId}`}>{row.service.name}</Link> : <span className="muted">deleted</span>}
              </td>
              <td>
                <Badge {...slaStatusBadge(row.status)} />
              </td>
              <td>
                <Attainment text={formatAttainment(row.actualValue)} coveragePercent={row.coveragePercent} />
              </td>
              <td>{formatTarget(row.targetValue)}</td>
              <td>{formatMinutes(row.downtimeMinutes)}</td>
              <td>
                <BudgetLeft budget={row.errorBudgetMinutes} remaining={row.errorBudgetRemainingMinutes} />
              </td>
              <td>{row.incidentCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
