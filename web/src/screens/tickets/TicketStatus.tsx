/** A ticket's workflow state (its own name) with its category as colour and word, and its SLA clock. */
import type { BadgeProps } from '../../ui/kit/Badge';
import { dueDisplay, type DueTicket } from './dueDisplay';
import { CATEGORY_LABEL, type StatusCategory } from './ticketModel';

/** The state's own name on its category's colour, the category in words for screen readers when the name differs. */
export function ticketStatusBadge(status: string, category: StatusCategory): BadgeProps {
  const label = CATEGORY_LABEL[category] ?? category;
  return {
    palette: `ticket-category-${category.toLowerCase()}`,
    data: { category },
    title: label,
    children: (
      <>
        {status}
        {status.toLowerCase() !== label.toLowerCase() ? <span className="visually-hidden"> ({label})</span> : null}
      </>
    ),
  };
}

export function DueBadge({ ticket }: { ticket: DueTicket }) {
  const due = dueDisplay(ticket);
  return <span className={`ticket-due ticket-due-${due.tone}`}>{due.text}</span>;
}
