/** The ticket's state changes and SLA/removal actions as buttons, each showing its own refusal. */
import { useState } from 'react';
import { useMutation } from 'urql';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { otherActions, stateActions, type TicketAction, type WorkflowShape } from './ticketActions';
import type { Role, TicketDetail } from './ticketModel';
import { CLOSE, PAUSE, REOPEN, RESOLVE, RESTORE, RESUME, TICKETS_DELETE, TRANSITION } from './documents';

export function TicketActionsBar({
  ticket,
  workflow,
  onChanged,
}: {
  ticket: TicketDetail;
  workflow: WorkflowShape | null;
  onChanged: (kind: TicketAction['kind']) => void;
}) {
  const viewer = useViewer();
  const [transition, runTransition] = useMutation(TRANSITION);
  const [resolve, runResolve] = useMutation(RESOLVE);
  const [close, runClose] = useMutation(CLOSE);
  const [reopen, runReopen] = useMutation(REOPEN);
  const [pause, runPause] = useMutation(PAUSE);
  const [resume, runResume] = useMutation(RESUME);
  const [removal, runDelete] = useMutation(TICKETS_DELETE);
  const [restore, runRestore] = useMutation(RESTORE);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [lastKind, setLastKind] = useState<TicketAction['kind'] | null>(null);
  const states = [transition, resolve, close, reopen, pause, resume, removal, restore];
  const busy = states.some((s) => s.fetching);
  const error = { transition, resolve, close, reopen, pause, resume, delete: removal, restore }[lastKind ?? 'transition'].error;

  const run = async (action: TicketAction) => {
    if (action.kind === 'delete' && !confirmDelete) {
      setConfirmDelete(true);
      return;
    }
    setConfirmDelete(false);
    setLastKind(action.kind);
    const id = { id: ticket.id };
    const answer =
      action.kind === 'transition'
        ? await runTransition({ ...id, transition: action.transition })
        : action.kind === 'resolve'
          ? await runResolve(id)
          : action.kind === 'close'
            ? await runClose(id)
            : action.kind === 'reopen'
              ? await runReopen(id)
              : action.kind === 'pause'
                ? await runPause(id)
                : action.kind === 'resume'
                  ? await runResume(id)
                  : action.kind === 'delete'
                    ? await runDelete(id)
                    : await runRestore(id);
    if (!answer.error) onChanged(action.kind);
  };

  const actions = ticket.deletedAt ? [] : stateActions(ticket, workflow);
  const extra = otherActions(ticket, viewer.role as Role);
  return (
    <div className="stack" aria-label="Ticket actions" role="group">
      <div className="row">
        {actions.map((action) => (
          <button
            key={`${action.kind}:${action.label}`}
            type="button"
            className={action.kind === 'transition' ? undefined : 'button-primary'}
            disabled={busy}
            onClick={() => void run(action)}
            title={action.kind === 'transition' && action.to ? `Moves the ticket to ${action.to}` : undefined}
          >
            {action.kind === 'transition' && action.to ? `${action.label} → ${action.to}` : action.label}
          </button>
        ))}
        {extra.map((action) => (
          <button
            key={action.kind}
            type="button"
            className={action.kind === 'delete' ? 'button-danger' : undefined}
            disabled={busy}
            onClick={() => void run(action)}
          >
            {action.kind === 'delete' && confirmDelete ? 'Confirm delete' : action.label}
          </button>
        ))}
        {confirmDelete ? (
          <button type="button" onClick={() => setConfirmDelete(false)}>
            Keep it
          </button>
        ) : null}
      </div>
      <ErrorNotice error={error} />
    </div>
  );
}

/** Bringing back a ticket just deleted on this page (admins): a deleted ticket is found nowhere else. */
export function RestoreTicket({ id, onRestored }: { id: string; onRestored: () => void }) {
  const [restore, run] = useMutation(RESTORE);
  return (
    <div className="stack">
      <div>
        <button
          type="button"
          className="button-primary"
          disabled={restore.fetching}
          onClick={() => void run({ id }).then((answer) => !answer.error && onRestored())}
        >
          Restore the ticket
        </button>
      </div>
      <ErrorNotice error={restore.error} />
    </div>
  );
}
