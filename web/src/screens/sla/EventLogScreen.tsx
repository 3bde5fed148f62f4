/**
 * The SLA event log: every change of definitions, targets, assignments, group overrides, incidents
 * and alerts, newest first, with who made it and what changed: the audit trail an operator reads
 * when a figure moved. Filtered by kind, and by a definition, service or group (kept in the URL, so
 * other screens link here narrowed).
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { Link, useQueryParams, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { formatDateTime, formatRelative } from '../../ui/format';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { EVENT_KINDS, eventAuthor, eventKindLabel, eventLogFilterFromParams, readableData, type SlaEventLogEntry } from './eventLog';
import { ShowMore } from '../../ui/kit/ShowMore';
import { useQueryPatch } from '../../ui/kit/useQueryPatch';
import { EVENT_LOG } from './documents';
import './sla.css';

const PAGE = 100;

export default function EventLogScreen(_props: ScreenProps) {
  const [params, setParam] = useQueryParams();
  const filter = eventLogFilterFromParams(params);
  const [limit, setLimit] = useState(PAGE);
  const [result, reexecute] = useQuery({
    query: EVENT_LOG,
    variables: { filter, limit },
    requestPolicy: 'cache-and-network',
  });
  const patchQuery = useQueryPatch();
  const showEveryEntry = () => patchQuery({ definition: null, service: null, group: null });
  const entries = result.data?.slaEventLog;
  const count = result.data?.slaEventLogCount;
  const narrowed = filter.definitionId ?? filter.serviceId ?? filter.slaGroup;
  return (
    <>
      <PageHeader title="SLA event log" subtitle="Every change of definitions, targets, assignments, incidents and alerts, newest first." />
      <form className="row sla-filters" aria-label="Filter the event log" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Kind"
          value={params.get('kind') ?? ''}
          options={[{ value: '', label: 'Any kind' }, ...EVENT_KINDS.map((k) => ({ value: k, label: eventKindLabel(k) }))]}
          onChange={(e) => setParam('kind', e.target.value)}
        />
        {narrowed ? (
          <span>
            Only {filter.slaGroup ? `group ${filter.slaGroup}` : filter.definitionId ? 'one definition' : 'one service'}{' '}
            <button type="button" className="button-link" onClick={showEveryEntry}>
              show every entry
            </button>
          </span>
        ) : null}
        {count !== undefined ? (
          <span className="muted" data-testid="sla-event-count">
            {count} entr{count === 1 ? 'y' : 'ies'}
          </span>
        ) : null}
        <button type="button" onClick={() => reexecute({ requestPolicy: 'network-only' })} disabled={result.fetching}>
          Refresh
        </button>
      </form>
      <ErrorNotice error={result.error} />
      {!entries && result.fetching ? <Loading label="Loading the event log" /> : null}
      {entries && entries.length === 0 ? <p className="muted">No entry matches these filters.</p> : null}
      {entries && entries.length > 0 ? <EventTable entries={entries} /> : null}
      <ShowMore shown={entries?.length} total={count} page={PAGE} busy={result.fetching} onMore={() => setLimit((l) => l + PAGE)} />
    </>
  );
}

function EventTable({ entries }: { entries: readonly SlaEventLogEntry[] }) {
  return (
    <table className="table" aria-label="SLA events">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Change</th>
          <th scope="col">By</th>
          <th scope="col">About</th>
          <th scope="col">What changed</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} data-event-id={entry.id}>
            <td title={formatDateTime(entry.at)}>{formatRelative(entry.at)}</td>
            <td>{eventKindLabel(entry.kind)}</td>
            <td>{eventAuthor(entry)}</td>
            <td>
              {entry.definitionId ? (
                <div>
                  <Link to={`/sla/definitions/${entry.definitionId}`}>Definition</Link>
                </div>
              ) : null}
              {entry.serviceId ? (
                <div>
                  <Link to={`/services/${entry.serviceId}`}>Service</Link>
                </div>
              ) : null}
              {entry.slaGroup ? (
                <div>
                  Group <Link to={`/sla/groups/${encodeURIComponent(entry.slaGroup)}`}>{entry.slaGroup}</Link>
                </div>
              ) : null}
              {entry.incidentId ? (
                <div>
                  <Link to={`/sla/incidents/${entry.incidentId}`}>Incident</Link>
                </div>
              ) : null}
              {entry.alertId ? (
                <div>
                  <Link to="/sla/alerts?status=all">Alert</Link>
                </div>
              ) : null}
            </td>
            <td>
              <details>
                <summary>Details</summary>
                <pre className="sla-event-data">{readableData(entry.data)}</pre>
              </details>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
