/**
 * Changing a ticket's title and description (each behind an edit lock: someone else editing one
 * makes it read-only with their name) and its impact and urgency (the server re-prioritises and
 * retargets the clocks).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { describeError } from '../../api/errors';
import { LockedTextField, lockProps } from '../../realtime/LockedTextField';
import type { EditLocks } from '../../realtime/useEditLocks';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SelectField } from '../../ui/fields';
import { optionsOf, SEVERITY_LABEL, type Severity, type TicketDetail } from './ticketModel';
import { UPDATE } from './documents';

export function TicketEditForm({ ticket, locks, onChanged }: { ticket: TicketDetail; locks: EditLocks; onChanged: () => void }) {
  const [updating, update] = useMutation(UPDATE);
  const [impact, setImpact] = useState<Severity>(ticket.impact);
  const [urgency, setUrgency] = useState<Severity>(ticket.urgency);
  useEffect(() => {
    setImpact(ticket.impact);
    setUrgency(ticket.urgency);
  }, [ticket.impact, ticket.urgency]);
  const saveTitle = async (value: string) => {
    if (value.trim() === '') return 'A ticket needs a title.';
    const answer = await update({ id: ticket.id, input: { title: value.trim() } });
    if (answer.error) return describeError(answer.error).message;
    onChanged();
    return null;
  };
  // An emptied description clears it.
  const saveDescription = async (value: string) => {
    const answer = await update({ id: ticket.id, input: { description: value.trim() } });
    if (answer.error) return describeError(answer.error).message;
    onChanged();
    return null;
  };
  const savePriority = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await update({ id: ticket.id, input: { impact, urgency } });
    if (!answer.error) onChanged();
  };
  const changed = impact !== ticket.impact || urgency !== ticket.urgency;
  return (
    <div className="stack">
      <LockedTextField
        label="Title"
        value={ticket.title}
        canEdit={ticket.deletedAt === null}
        onSave={saveTitle}
        {...lockProps(locks, 'title')}
      />
      <LockedTextField
        label="Description"
        multiline
        placeholder="What happened, where, since when"
        value={ticket.description ?? ''}
        canEdit={ticket.deletedAt === null}
        onSave={saveDescription}
        {...lockProps(locks, 'description')}
      />
      <form onSubmit={(e) => void savePriority(e)} className="stack">
        <div className="row">
          <SelectField
            label="Impact"
            value={impact}
            onChange={(e) => setImpact(e.target.value as Severity)}
            options={optionsOf(SEVERITY_LABEL)}
          />
          <SelectField
            label="Urgency"
            value={urgency}
            onChange={(e) => setUrgency(e.target.value as Severity)}
            options={optionsOf(SEVERITY_LABEL)}
          />
        </div>
        <div>
          <button type="submit" disabled={!changed || updating.fetching}>
            Save impact and urgency
          </button>
        </div>
        <ErrorNotice error={updating.error} />
      </form>
    </div>
  );
}
