/**
 * One ticket: what it is and where its SLA clock stands, the actions the viewer's role allows, and
 * its conversation (comments, work log, watchers, relations, files, history). The page listens to
 * the ticket's own events and to the viewer's notifications about it, and re-asks for what changed.
 */
import { useCallback, useState } from 'react';
import { useQuery } from 'urql';
import { Link, type ScreenProps } from '../../app/router';
import { AlsoViewing } from '../../realtime/AlsoViewing';
import { useEditLocks } from '../../realtime/useEditLocks';
import { usePresence } from '../../realtime/usePresence';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { formatDateTime } from '../../ui/format';
import { AssignForm } from './AssignForm';
import { AttachmentsSection } from './AttachmentsSection';
import { CommentsSection } from './CommentsSection';
import { HistorySection } from './HistorySection';
import { RelationsSection } from './RelationsSection';
import { RestoreTicket, TicketActionsBar } from './TicketActionsBar';
import { TicketEditForm } from './TicketEditForm';
import { personName, SEVERITY_LABEL, TYPE_LABEL } from './ticketModel';
import { useTicketEvents } from './useTicketEvents';
import { WatchersSection } from './WatchersSection';
import { WorklogSection } from './WorklogSection';
import { DueBadge } from './TicketStatus';
import { Badge } from '../../ui/kit/Badge';
import { ticketStatusBadge } from './TicketStatus';
import { TICKET } from './documents';
import './tickets.css';

export default function TicketScreen({ params }: ScreenProps) {
  const id = params['id']!;
  const viewer = useViewer();
  const [result, reexecute] = useQuery({ query: TICKET, variables: { id } });
  const [version, setVersion] = useState(0);
  const refreshAll = useCallback(() => {
    reexecute({ requestPolicy: 'network-only' });
    setVersion((v) => v + 1);
  }, [reexecute]);
  const heard = useTicketEvents(id, refreshAll, { entityEvents: true, notifications: true });
  const [deleted, setDeleted] = useState(false);
  // Presence and locks name the ticket by id (the `ticket` entity type of src/plugins/ticketing/core/ticketEvents.ts).
  const presence = usePresence('ticket', id);
  const locks = useEditLocks('ticket', id);

  if (result.error) return <ErrorNotice error={result.error} />;
  if (!result.data) return <Loading label="Loading the ticket" />;
  const ticket = result.data.ticket;
  if (!ticket) {
    return (
      <>
        <PageHeader title="Ticket not found" />
        <div className="notice notice-warn" role="status">
          {deleted
            ? 'The ticket was deleted: it is hidden from every list and refuses every change until an admin restores it. '
            : 'There is no such ticket, or you may not read it. '}
          <Link to="/tickets">Back to the tickets</Link>
        </div>
        {deleted && viewer.role === 'ADMIN' ? (
          <RestoreTicket
            id={id}
            onRestored={() => {
              setDeleted(false);
              refreshAll();
            }}
          />
        ) : null}
      </>
    );
  }
  const workflow = result.data.availableWorkflows.find((w) => w.name === ticket.workflowName) ?? null;
  const onChanged = (kind: string) => {
    // A deleted ticket reads as none; the page stays so that an admin can undo it here.
    if (kind === 'delete') setDeleted(true);
    refreshAll();
  };
  return (
    <>
      <PageHeader
        title={
          <>
            <span className="muted">{ticket.number}</span> {ticket.title}
          </>
        }
        subtitle={
          <>
            <Badge {...ticketStatusBadge(ticket.status, ticket.statusCategory)} /> {TYPE_LABEL[ticket.type]} · {ticket.priority} ·{' '}
            <DueBadge ticket={ticket} />
          </>
        }
      >
        <AlsoViewing others={presence.others} />
      </PageHeader>
      {/* A closed ticket leaves the server's memory: nobody can watch or lock it, which is not worth a warning. */}
      {ticket.statusCategory !== 'CLOSED' ? (
        <ErrorNotice error={presence.error ?? locks.error} title="Live presence is unavailable" />
      ) : null}
      <p className="ticket-live" aria-live="polite">
        {heard > 0 ? `Updated live (${heard} change${heard === 1 ? '' : 's'} heard).` : ''}
      </p>
      <div className="ticket-layout">
        <div className="stack">
          <section className="card ticket-section" aria-labelledby="ticket-actions">
            <h2 id="ticket-actions">Actions</h2>
            <TicketActionsBar ticket={ticket} workflow={workflow} onChanged={onChanged} />
          </section>
          <section className="card ticket-section" aria-labelledby="ticket-description">
            <h2 id="ticket-description">Description</h2>
            <p className="ticket-description">{ticket.description || <span className="muted">No description.</span>}</p>
          </section>
          <CommentsSection ticketId={ticket.id} version={version} />
          <AttachmentsSection ticketId={ticket.id} version={version} />
          <WorklogSection ticketId={ticket.id} version={version} />
          <HistorySection ticketId={ticket.id} version={version} />
        </div>
        <div className="stack">
          <section className="card ticket-section" aria-labelledby="ticket-facts">
            <h2 id="ticket-facts">Details</h2>
            <dl className="facts">
              <dt>Status</dt>
              <dd data-testid="ticket-status">{ticket.status}</dd>
              <dt>Priority</dt>
              <dd>{ticket.priority}</dd>
              <dt>Impact</dt>
              <dd>{SEVERITY_LABEL[ticket.impact]}</dd>
              <dt>Urgency</dt>
              <dd>{SEVERITY_LABEL[ticket.urgency]}</dd>
              <dt>Workflow</dt>
              <dd>{ticket.workflowName}</dd>
              <dt>Catalog item</dt>
              <dd>{ticket.catalogItemName ?? '—'}</dd>
              <dt>Service</dt>
              <dd>
                {ticket.service ? (
                  <Link to={`/services/${ticket.service.id}`}>{ticket.service.displayName ?? ticket.service.name}</Link>
                ) : (
                  '—'
                )}
              </dd>
              <dt>Requester</dt>
              <dd>{personName(ticket.requester)}</dd>
              <dt>Assignee</dt>
              <dd>{personName(ticket.assignee)}</dd>
              <dt>Group</dt>
              <dd>{ticket.group?.name ?? '—'}</dd>
              <dt>SLA clock</dt>
              <dd>{ticket.slaPaused ? 'Paused' : ticket.minutesUntilDue === null ? 'Not running' : 'Running'}</dd>
              <dt>Response due</dt>
              <dd>
                {ticket.respondedAt ? `Responded ${formatDateTime(ticket.respondedAt)}` : formatDateTime(ticket.responseDueAt)}
                {ticket.responseBreached ? ' (breached)' : ''}
              </dd>
              <dt>Resolution due</dt>
              <dd>
                {ticket.resolvedAt ? `Resolved ${formatDateTime(ticket.resolvedAt)}` : formatDateTime(ticket.resolutionDueAt)}
                {ticket.resolutionBreached ? ' (breached)' : ''}
              </dd>
              <dt>Created</dt>
              <dd>{formatDateTime(ticket.createdAt)}</dd>
              <dt>Updated</dt>
              <dd>{formatDateTime(ticket.updatedAt)}</dd>
            </dl>
          </section>
          <section className="card ticket-section" aria-labelledby="ticket-edit">
            <h2 id="ticket-edit">Edit</h2>
            <TicketEditForm ticket={ticket} locks={locks} onChanged={refreshAll} />
          </section>
          {viewer.role !== 'USER' || ticket.assigneeId === viewer.id || ticket.requesterId !== viewer.id ? (
            <section className="card ticket-section" aria-labelledby="ticket-assign">
              <h2 id="ticket-assign">Assignment</h2>
              <AssignForm ticket={ticket} onChanged={refreshAll} />
            </section>
          ) : null}
          <WatchersSection ticketId={ticket.id} version={version} />
          <RelationsSection ticketId={ticket.id} version={version} />
        </div>
      </div>
    </>
  );
}
