/** Time spent on a ticket: the entries, their total, logging more, deleting (author, operators, admins). */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { TextField } from '../../ui/fields';
import { formatDateTime, formatMinutes } from '../../ui/format';
import { personName } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import { LOG, TICKETS_DELETE_WORK, WORKLOG } from './documents';

export function WorklogSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const [result, reexecute] = useQuery({ query: WORKLOG, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [logging, log] = useMutation(LOG);
  const [removal, remove] = useMutation(TICKETS_DELETE_WORK);
  const [minutes, setMinutes] = useState('');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = Number(minutes);
    if (!Number.isInteger(value) || value < 1 || value > 10_080) {
      setInvalid('Whole minutes from 1 to 10080 (a week).');
      return;
    }
    setInvalid(null);
    const answer = await log({ ticketId, minutes: value, note: note.trim() || null });
    if (!answer.error) {
      setMinutes('');
      setNote('');
      refresh();
    }
  };
  const worklog = result.data?.ticketWorklog;
  return (
    <section className="card ticket-section" aria-labelledby="ticket-worklog">
      <h2 id="ticket-worklog">Work log ({worklog ? formatMinutes(worklog.totalMinutes) : '—'})</h2>
      <ErrorNotice error={result.error} />
      {worklog && worklog.entries.length > 0 ? (
        <ul className="ticket-list-plain">
          {worklog.entries.map((entry) => (
            <li key={entry.id}>
              <span>
                <strong>{formatMinutes(entry.minutes)}</strong> {personName(entry.author)}, {formatDateTime(entry.workedAt)}
                {entry.note ? ` — ${entry.note}` : ''}
              </span>
              {entry.authorId === viewer.id || viewer.role !== 'USER' ? (
                <button
                  type="button"
                  className="button-link"
                  disabled={removal.fetching}
                  onClick={() => void remove({ id: entry.id }).then((r) => !r.error && refresh())}
                >
                  Delete
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorNotice error={removal.error} />
      <form onSubmit={(e) => void submit(e)} className="row">
        <TextField
          label="Minutes"
          type="number"
          min={1}
          max={10080}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={invalid}
        />
        <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" disabled={logging.fetching}>
          Log work
        </button>
      </form>
      <ErrorNotice error={logging.error} />
    </section>
  );
}
