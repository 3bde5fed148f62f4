/** A ticket's workflow state (its own name) with its category as colour and word, and its SLA clock. */
import { dueDisplay, type DueTicket } from './dueDisplay';
import { CATEGORY_LABEL, type StatusCategory } from './ticketModel';

export function TicketStatusBadge({ status, category }: { status: string; category: StatusCategory }) {
  const label = CATEGORY_LABEL[category] ?? category;
  return (
    <span className={`badge ticket-category-${category.toLowerCase()}`} data-category={category} title={label}>
      {status}
      {status.toLowerCase() !== label.toLowerCase() ? <span className="visually-hidden"> ({label})</span> : null}
    </span>
  );
}

export function DueBadge({ ticket }: { ticket: DueTicket }) {
  const due = dueDisplay(ticket);
  return <span className={`ticket-due ticket-due-${due.tone}`}>{due.text}</span>;
}
