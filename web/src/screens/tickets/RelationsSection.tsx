/** How this ticket relates to others: the list, linking by the other ticket's number, unlinking. */
import { useState, type FormEvent } from 'react';
import { useClient, useMutation, useQuery } from 'urql';
import { describeError } from '../../api/errors';
import { Link } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField, TextField } from '../../ui/fields';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import type { TicketRelationType } from '../../gql/graphql';
import { LINK, RELATIONS, TICKETS_RELATION_TARGET, UNLINK } from './documents';

const RELATION_LABEL: Record<TicketRelationType, string> = {
  RELATES_TO: 'Relates to',
  DUPLICATES: 'Duplicates',
  DUPLICATED_BY: 'Duplicated by',
  BLOCKS: 'Blocks',
  BLOCKED_BY: 'Blocked by',
  PARENT_OF: 'Parent of',
  CHILD_OF: 'Child of',
};

export function RelationsSection({ ticketId, version }: { ticketId: string; version: number }) {
  const client = useClient();
  const [result, reexecute] = useQuery({ query: RELATIONS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [linking, link] = useMutation(LINK);
  const [unlinking, unlink] = useMutation(UNLINK);
  const [number, setNumber] = useState('');
  const [type, setType] = useState<TicketRelationType>('RELATES_TO');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const wanted = number.trim().toUpperCase();
    if (!wanted) {
      setProblem('Enter the other ticket’s number, e.g. INC-000042.');
      return;
    }
    const found = await client.query(TICKETS_RELATION_TARGET, { number: wanted }, { requestPolicy: 'network-only' }).toPromise();
    if (found.error) return setProblem(describeError(found.error).message);
    const target = found.data?.ticketByNumber;
    if (!target) return setProblem(`No ticket ${wanted} that you may read. Check the number.`);
    const answer = await link({ sourceId: ticketId, targetId: target.id, type });
    if (answer.error) return setProblem(describeError(answer.error).message);
    setNumber('');
    refresh();
  };
  const relations = result.data?.ticketRelations ?? [];
  return (
    <section className="card ticket-section" aria-labelledby="ticket-relations">
      <h2 id="ticket-relations">Related tickets ({relations.length})</h2>
      <ErrorNotice error={result.error} />
      {relations.length > 0 ? (
        <ul className="ticket-list-plain">
          {relations.map((r) => (
            <li key={r.id}>
              <span>
                {RELATION_LABEL[r.type as TicketRelationType] ?? r.type}{' '}
                {r.relatedTicket ? <Link to={`/tickets/${r.relatedTicket.id}`}>{r.relatedTicket.number}</Link> : r.relatedTicketId}{' '}
                {r.relatedTicket?.title ?? ''}
              </span>
              <button
                type="button"
                className="button-link"
                disabled={unlinking.fetching}
                onClick={() => void unlink({ sourceId: ticketId, targetId: r.relatedTicketId }).then((a) => !a.error && refresh())}
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorNotice error={unlinking.error} />
      <form onSubmit={(e) => void submit(e)} className="stack">
        <SelectField
          label="Relation"
          value={type}
          onChange={(e) => setType(e.target.value as TicketRelationType)}
          options={Object.entries(RELATION_LABEL).map(([value, label]) => ({ value, label }))}
        />
        <TextField
          label="Other ticket number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          placeholder="INC-000042"
          error={problem}
        />
        <div>
          <button type="submit" disabled={linking.fetching}>
            Link
          </button>
        </div>
      </form>
    </section>
  );
}
