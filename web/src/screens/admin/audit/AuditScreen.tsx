/** The audit trail (audit plugin): who changed what, when, from where, and the outcome; filtered and paged. */
import type { AdminAuditEventsQuery } from '../../../gql/graphql';
import { useState } from 'react';
import { useQuery } from 'urql';
import type { ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextField } from '../../../ui/fields';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { AUDIT_PAGE, auditFilterFromQuery, auditFilterInput, auditFilterProblem, prettyDetail } from './auditFilter';
import { Pager } from '../../../ui/kit/Pager';
import { useQueryPatch } from '../../../ui/kit/useQueryPatch';
import { Badge } from '../../../ui/kit/Badge';
import { AUDIT_EVENTS } from './documents';
import '../admin.css';

type AuditEvent = AdminAuditEventsQuery['auditEvents'][number];

export default function AuditScreen({ query }: ScreenProps) {
  const state = auditFilterFromQuery(query);
  const problem = auditFilterProblem(state);
  const patchQuery = useQueryPatch();
  const [result, refetch] = useQuery({
    query: AUDIT_EVENTS,
    variables: { filter: auditFilterInput(state), limit: AUDIT_PAGE, offset: state.offset },
    pause: problem !== null,
  });
  const change = (name: string) => (event: { target: { value: string } }) => patchQuery({ [name]: event.target.value, offset: null });
  return (
    <>
      <PageHeader
        title="Audit trail"
        subtitle="Every state-changing call: who, what, when, from where, and whether it worked. Newest first."
        actions={
          <button type="button" onClick={() => refetch({ requestPolicy: 'network-only' })}>
            Refresh
          </button>
        }
      />
      <div className="filters" role="search">
        <TextField label="Actor" type="search" value={state.actor} onChange={change('actor')} hint="Username or api-key" />
        <TextField label="Action" type="search" value={state.action} onChange={change('action')} hint="e.g. createUser or POST /api/v1/…" />
        <SelectField
          label="Outcome"
          value={state.outcome ?? ''}
          onChange={change('outcome')}
          options={[
            { value: '', label: 'Any' },
            { value: 'SUCCESS', label: 'Succeeded' },
            { value: 'FAILURE', label: 'Failed' },
          ]}
        />
        <SelectField
          label="Kind"
          value={state.kind ?? ''}
          onChange={change('kind')}
          options={[
            { value: '', label: 'Any' },
            { value: 'graphql', label: 'GraphQL' },
            { value: 'rest', label: 'REST' },
          ]}
        />
        <TextField label="From" type="datetime-local" value={state.from} onChange={change('from')} />
        <TextField label="To" type="datetime-local" value={state.to} onChange={change('to')} />
      </div>
      {problem ? <div className="notice notice-warn">{problem}</div> : null}
      <ErrorNotice error={result.error} />
      {result.data ? (
        <>
          {result.data.auditEvents.length === 0 ? (
            <p className="muted">No audit event matches these filters.</p>
          ) : (
            <AuditTable events={result.data.auditEvents} />
          )}
          <Pager
            label="Audit pages"
            offset={state.offset}
            limit={AUDIT_PAGE}
            total={result.data.auditEventCount}
            onChange={(offset) => patchQuery({ offset: offset === 0 ? null : String(offset) })}
          />
        </>
      ) : result.fetching ? (
        <Loading label="Loading the audit trail" />
      ) : null}
    </>
  );
}

function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <table className="table" aria-label="Audit events">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Actor</th>
          <th scope="col">Action</th>
          <th scope="col">Outcome</th>
          <th scope="col">From</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td>{formatDateTime(event.at)}</td>
            <td>{event.actor ?? '—'}</td>
            <td className="mono">{event.action}</td>
            <td>
              <Badge tone={event.outcome === 'SUCCESS' ? 'operational' : 'down'}>
                {event.outcome === 'SUCCESS' ? 'Succeeded' : 'Failed'}
              </Badge>
              {event.outcome === 'FAILURE' ? (
                <div className="muted">{[event.errorCode, event.errorMessage].filter(Boolean).join(': ')}</div>
              ) : null}
            </td>
            <td className="mono">{event.sourceAddress ?? '—'}</td>
            <td>
              {event.detail ? (
                <>
                  <button
                    type="button"
                    className="button-link"
                    aria-label={`${open === event.id ? 'Hide' : 'Show'} the arguments of ${event.action}`}
                    aria-expanded={open === event.id}
                    onClick={() => setOpen(open === event.id ? null : event.id)}
                  >
                    {open === event.id ? 'Hide' : 'Show'}
                  </button>
                  {open === event.id ? <pre className="detail-text">{prettyDetail(event.detail)}</pre> : null}
                </>
              ) : (
                '—'
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
