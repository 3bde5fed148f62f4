/** The attainment trend of a definition or a group (slaTrendData), daily or monthly, as a chart. */
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { TrendChart } from '../../ui/kit/TrendChart';
import { Loading } from '../../ui/Loading';
import { formatTarget } from './slaFigures';
import { trendSeries } from './trendSeries';
import { TREND } from './documents';

const RANGES = {
  days: { label: 'Daily, this and last month', filter: { periodType: 'DAILY', monthsBack: 1 } },
  quarter: { label: 'Daily, three months', filter: { periodType: 'DAILY', monthsBack: 2 } },
  year: { label: 'Monthly, twelve months', filter: { periodType: 'MONTHLY', monthsBack: 11 } },
} as const;
type RangeKey = keyof typeof RANGES;

export interface SlaTrendProps {
  readonly subject: { readonly slaDefinitionId: string } | { readonly group: string };
  readonly name: string;
  readonly targetPercent: number | null;
}

export function SlaTrend({ subject, name, targetPercent }: SlaTrendProps) {
  const [range, setRange] = useState<RangeKey>('days');
  const [trend] = useQuery({ query: TREND, variables: { filter: { ...RANGES[range].filter, ...subject } } });
  const points = trend.data?.slaTrendData;
  const series = useMemo(() => (points ? trendSeries(points, targetPercent) : null), [points, targetPercent]);
  const withData = points?.filter((p) => p.actualValue !== null).length ?? 0;
  const per = RANGES[range].filter.periodType === 'DAILY' ? 'day' : 'month';
  const against = targetPercent === null ? 'without a target' : `against a target of ${formatTarget(targetPercent)}`;
  return (
    <section className="card" aria-labelledby="sla-trend">
      <div className="row sla-section-head">
        <h2 id="sla-trend">Trend</h2>
        <SelectField
          label="Range"
          value={range}
          options={Object.entries(RANGES).map(([value, r]) => ({ value, label: r.label }))}
          onChange={(e) => setRange(e.target.value as RangeKey)}
        />
      </div>
      <ErrorNotice error={trend.error} />
      {!points && trend.fetching ? <Loading label="Loading the trend" /> : null}
      {series && points ? (
        <>
          <TrendChart
            lines={{ x: series.data[0], actual: series.data[1], target: targetPercent === null ? null : series.data[2] }}
            lineLabel="Attainment"
            words={{ label: `Attainment of ${name} per ${per} ${against}; ${withData} of ${points.length} periods with data.` }}
            range={series.range}
            decimals={3}
            height={220}
            className="sla-chart"
          />
          {withData === 0 ? (
            <p className="muted">No covered time in this range yet: the line appears once covered services report.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
