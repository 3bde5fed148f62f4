/**
 * Who is told about a ticket's changes. Anyone who may read the ticket watches and unwatches it
 * themselves; operators and admins also add someone else (who must be able to read the ticket: the
 * server says so when not) and remove anyone's watch.
 */
import type { TicketsWatchersQuery } from '../../gql/graphql';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { UserPicker } from './pickers';
import { personName } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import { UNWATCH, WATCH, WATCHERS } from './documents';

type Watcher = TicketsWatchersQuery['ticketWatchers'][number];

export function WatchersSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const [result, reexecute] = useQuery({ query: WATCHERS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [watching, watch] = useMutation(WATCH);
  const [unwatching, unwatch] = useMutation(UNWATCH);
  const watchers = result.data?.ticketWatchers ?? [];
  const mine = watchers.some((w) => w.userId === viewer.id);
  const busy = watching.fetching || unwatching.fetching;
  // Operators and admins add and remove other people's watches (docs/ticketing-roles.md).
  const manages = viewer.role !== 'USER';
  const remove = (userId: string) => void unwatch({ ticketId, userId }).then((r) => !r.error && refresh());
  return (
    <section className="card ticket-section" aria-labelledby="ticket-watchers">
      <h2 id="ticket-watchers">Watchers ({watchers.length})</h2>
      <ErrorNotice error={result.error} />
      {watchers.length === 0 ? <p className="muted">Nobody watches this ticket.</p> : null}
      {watchers.length > 0 && !manages ? <p>{watchers.map((w) => personName(w.user)).join(', ')}</p> : null}
      {watchers.length > 0 && manages ? (
        <ul className="ticket-watchers" aria-label="Watchers">
          {watchers.map((w) => (
            <li key={w.userId}>
              {personName(w.user)}{' '}
              {w.userId !== viewer.id ? (
                <button
                  type="button"
                  className="button-link"
                  disabled={busy}
                  onClick={() => remove(w.userId)}
                  aria-label={`Remove ${personName(w.user)} from the watchers`}
                >
                  remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {result.data ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void (mine ? unwatch({ ticketId }) : watch({ ticketId })).then((r) => !r.error && refresh())}
        >
          {mine ? 'Stop watching' : 'Watch'}
        </button>
      ) : null}
      <ErrorNotice error={watching.error ?? unwatching.error} />
      {manages && result.data ? <AddWatcherForm ticketId={ticketId} watchers={watchers} onAdded={refresh} /> : null}
    </section>
  );
}

function AddWatcherForm({ ticketId, watchers, onAdded }: { ticketId: string; watchers: readonly Watcher[]; onAdded: () => void }) {
  const [userId, setUserId] = useState<string | null>(null);
  // A new picker (its search emptied) after each person added.
  const [round, setRound] = useState(0);
  const [adding, add] = useMutation(WATCH);
  const already = userId !== null && watchers.some((w) => w.userId === userId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (userId === null || already) return;
    const answer = await add({ ticketId, userId });
    if (answer.error) return;
    setUserId(null);
    setRound((r) => r + 1);
    onAdded();
  };
  return (
    <form className="stack ticket-add-watcher" aria-label="Add a watcher" onSubmit={(e) => void submit(e)}>
      <UserPicker key={round} label="Person to add" value={userId} onChange={setUserId} emptyLabel="Choose a person" />
      {already ? <p className="muted">Already watching.</p> : null}
      <div className="row">
        <button type="submit" disabled={adding.fetching || userId === null || already}>
          Add watcher
        </button>
      </div>
      <ErrorNotice error={adding.error} title="Not added" />
    </form>
  );
}
