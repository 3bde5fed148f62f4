/** One webhook's execution history (one row per attempt, newest first), paged. */
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { WEBHOOK_EXECUTIONS } from './documents';
import { Badge } from '../../../ui/kit/Badge';
import { Pager } from '../../../ui/kit/Pager';
import { executionBadge } from './webhookBadges';

export const EXECUTIONS_PAGE = 25;

export function WebhookExecutions({
  webhookId,
  offset,
  onPage,
  highlightId,
  refreshKey,
}: {
  webhookId: string;
  offset: number;
  onPage: (offset: number) => void;
  highlightId: string | null;
  /** Changes when the history has a new entry to show. */
  refreshKey: string;
}) {
  const [result, reexecute] = useQuery({
    query: WEBHOOK_EXECUTIONS,
    variables: { filter: { webhookId }, limit: EXECUTIONS_PAGE, offset },
  });
  // A new execution (a test just sent) is seen by asking again: the client keeps no normalized cache.
  useEffect(() => {
    if (refreshKey) reexecute({ requestPolicy: 'network-only' });
  }, [refreshKey, reexecute]);
  if (result.error) return <ErrorNotice error={result.error} />;
  if (!result.data) return <Loading label="Loading the execution history" />;
  const { webhookExecutions: rows, webhookExecutionCount: total } = result.data;
  return (
    <>
      {rows.length === 0 ? (
        <p className="muted">Nothing sent yet (history is kept 30 days). "Send test" sends one now.</p>
      ) : (
        <table className="table" aria-label="Execution history">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Event</th>
              <th scope="col">Attempt</th>
              <th scope="col">Outcome</th>
              <th scope="col">HTTP</th>
              <th scope="col">Time</th>
              <th scope="col">Answer or error</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                data-execution-id={row.id}
                aria-current={row.id === highlightId ? 'true' : undefined}
                className={row.id === highlightId ? 'highlight' : undefined}
              >
                <td>{formatDateTime(row.at)}</td>
                <td>
                  {row.event}
                  {row.test ? <Badge>test</Badge> : null}
                </td>
                <td>{row.attempt}</td>
                <td>
                  <Badge {...executionBadge(row.status)} />
                </td>
                <td>{row.statusCode ?? '—'}</td>
                <td>{row.durationMs} ms</td>
                <td>
                  <pre className="detail-text">{row.error ?? row.responseExcerpt ?? ''}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Execution history pages" offset={offset} limit={EXECUTIONS_PAGE} total={total} onChange={onPage} />
    </>
  );
}
