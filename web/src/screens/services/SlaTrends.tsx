/**
 * The service's SLA trends (sla plugin): 5-minute points over the last 24 hours against the
 * strictest definition covering it, and daily points since the start of last month.
 */
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDate, formatDateTime } from '../../ui/format';
import { TrendChart } from '../../ui/kit/TrendChart';
import { Loading } from '../../ui/Loading';
import { NOT_COVERED, useCoveringDefinitions } from './SlaFigures';
import { trendColumns, trendSummary } from './trendData';
import { TrendsDocument } from './documents';

export function SlaTrends({ serviceId, slaGroup }: { serviceId: string; slaGroup: string | null }) {
  const coverage = useCoveringDefinitions(serviceId, slaGroup);
  if (coverage.error) return <ErrorNotice error={coverage.error} />;
  if (!coverage.covering) return <Loading label="Loading trends" />;
  // The server measures trends against a covering definition: without one there is nothing to ask.
  if (coverage.covering.length === 0) return <p className="muted">{NOT_COVERED}</p>;
  return <Trends serviceId={serviceId} />;
}

function Trends({ serviceId }: { serviceId: string }) {
  const [result] = useQuery({ query: TrendsDocument, variables: { serviceId } });
  const snapshot = result.data?.slaSnapshotTrend;
  const daily = result.data?.slaTrendData;
  const recent = useMemo(
    () =>
      snapshot
        ? {
            columns: trendColumns(snapshot),
            summary: trendSummary(snapshot, { what: '5-minute points in the last 24 hours', formatTime: formatDateTime }),
          }
        : null,
    [snapshot],
  );
  const days = useMemo(
    () =>
      daily
        ? {
            columns: trendColumns(daily),
            summary: trendSummary(daily, { what: 'days since the start of last month', formatTime: formatDate }),
          }
        : null,
    [daily],
  );
  if (result.fetching && !result.data) return <Loading label="Loading trends" />;
  if (result.error) return <ErrorNotice error={result.error} />;
  return (
    <div className="trend-grid">
      <section aria-labelledby="trend-recent">
        <h3 id="trend-recent">Last 24 hours (5-minute)</h3>
        {recent ? (
          <TrendChart
            lines={recent.columns}
            lineLabel="Availability"
            words={{ caption: recent.summary }}
            range="auto"
            decimals={2}
            height={200}
            className="trend-canvas"
          />
        ) : null}
      </section>
      <section aria-labelledby="trend-daily">
        <h3 id="trend-daily">Daily</h3>
        {days ? (
          <TrendChart
            lines={days.columns}
            lineLabel="Daily availability"
            words={{ caption: days.summary }}
            range="auto"
            decimals={2}
            height={200}
            className="trend-canvas"
          />
        ) : null}
      </section>
    </div>
  );
}
