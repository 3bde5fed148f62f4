/** Who is told about a ticket's changes; watching and unwatching it oneself. */
import { gql, useMutation, useQuery } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { personName, type PersonRef } from './ticketModel';
import { useRefetchOn } from './useRefetchOn';

const WATCHERS = gql`
  query TicketsWatchers($ticketId: ID!) {
    ticketWatchers(ticketId: $ticketId) {
      userId since
      user { id username displayName }
    }
  }
`;
const WATCH = gql`
  mutation TicketsWatch($ticketId: ID!) {
    watchTicket(ticketId: $ticketId) { userId }
  }
`;
const UNWATCH = gql`
  mutation TicketsUnwatch($ticketId: ID!) {
    unwatchTicket(ticketId: $ticketId)
  }
`;

export function WatchersSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const [result, reexecute] = useQuery<{ ticketWatchers: { userId: string; since: string; user: PersonRef | null }[] }>({ query: WATCHERS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOn(version, refresh);
  const [watching, watch] = useMutation(WATCH);
  const [unwatching, unwatch] = useMutation(UNWATCH);
  const watchers = result.data?.ticketWatchers ?? [];
  const mine = watchers.some((w) => w.userId === viewer.id);
  const busy = watching.fetching || unwatching.fetching;
  return (
    <section className="card ticket-section" aria-labelledby="ticket-watchers">
      <h2 id="ticket-watchers">Watchers ({watchers.length})</h2>
      <ErrorNotice error={result.error} />
      <p>{watchers.length > 0 ? watchers.map((w) => personName(w.user)).join(', ') : <span className="muted">Nobody watches this ticket.</span>}</p>
      {result.data ? (
        <button type="button" disabled={busy} onClick={() => void (mine ? unwatch({ ticketId }) : watch({ ticketId })).then((r) => !r.error && refresh())}>
          {mine ? 'Stop watching' : 'Watch'}
        </button>
      ) : null}
      <ErrorNotice error={watching.error ?? unwatching.error} />
    </section>
  );
}
