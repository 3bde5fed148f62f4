/** Assigning the ticket to a person and a group (either may be none), or taking it oneself. */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { UserPicker } from './pickers';
import { personName, type TicketDetail } from './ticketModel';
import { ASSIGN, TICKETS_ASSIGN_GROUPS } from './documents';

export function AssignForm({ ticket, onChanged }: { ticket: TicketDetail; onChanged: () => void }) {
  const viewer = useViewer();
  const [groups] = useQuery({ query: TICKETS_ASSIGN_GROUPS });
  const [assigning, assign] = useMutation(ASSIGN);
  const [assigneeId, setAssigneeId] = useState<string | null>(ticket.assigneeId);
  const [groupId, setGroupId] = useState<string | null>(ticket.group?.id ?? null);
  useEffect(() => {
    setAssigneeId(ticket.assigneeId);
    setGroupId(ticket.group?.id ?? null);
  }, [ticket.assigneeId, ticket.group?.id]);
  const send = async (who: string | null) => {
    const answer = await assign({ id: ticket.id, assigneeId: who, groupId });
    if (!answer.error) onChanged();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(assigneeId);
  };
  return (
    <form onSubmit={submit} className="stack" aria-label="Assign">
      <UserPicker
        label="Assignee"
        value={assigneeId}
        onChange={setAssigneeId}
        emptyLabel="Nobody"
        currentLabel={ticket.assigneeId === assigneeId ? personName(ticket.assignee) : null}
      />
      <SelectField
        label="Group"
        value={groupId ?? ''}
        onChange={(e) => setGroupId(e.target.value || null)}
        options={[{ value: '', label: 'No group' }, ...(groups.data?.availableGroups ?? []).map((g) => ({ value: g.id, label: g.name }))]}
      />
      <div className="row">
        <button type="submit" disabled={assigning.fetching}>
          Assign
        </button>
        {ticket.assigneeId !== viewer.id ? (
          <button type="button" disabled={assigning.fetching} onClick={() => void send(viewer.id)}>
            Assign to me
          </button>
        ) : null}
      </div>
      <ErrorNotice error={assigning.error} />
    </form>
  );
}
