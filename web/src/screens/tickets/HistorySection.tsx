/** Every state the ticket was in, oldest first, with who moved it and by which transition. */
import { useQuery } from 'urql';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { personName } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import { HISTORY } from './documents';

export function HistorySection({ ticketId, version }: { ticketId: string; version: number }) {
  const [result, reexecute] = useQuery({ query: HISTORY, variables: { ticketId } });
  useRefetchOnChangeCount(version, () => reexecute({ requestPolicy: 'network-only' }));
  return (
    <section className="card ticket-section" aria-labelledby="ticket-history">
      <h2 id="ticket-history">Status history</h2>
      <ErrorNotice error={result.error} />
      {result.data ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Change</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {result.data.ticketStatusHistory.map((change) => (
              <tr key={change.id}>
                <td>{formatDateTime(change.at)}</td>
                <td>
                  {change.fromStatus === null
                    ? `Created as ${change.toStatus}`
                    : `${change.fromStatus} → ${change.toStatus} (${change.transition ?? 'change'})`}
                </td>
                <td>{change.actor ? personName(change.actor) : 'System'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
