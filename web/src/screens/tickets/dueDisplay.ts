/**
 * What the SLA clock of a ticket reads, in words: which target is next, how long is left (or how
 * long it is overdue), and whether the clocks are stopped. `minutesUntilDue` counts business
 * minutes to the nearer due time (negative once past); null when no clock runs.
 */
import { formatMinutes } from '../../ui/format';
import type { TicketDetail, TicketRow } from './ticketModel';

export type DueTone = 'ok' | 'soon' | 'overdue' | 'paused' | 'none';

export interface DueDisplay {
  readonly text: string;
  readonly tone: DueTone;
}

export type DueTicket = Pick<TicketRow, 'statusCategory' | 'minutesUntilDue' | 'slaPaused' | 'responseBreached' | 'resolutionBreached'> & {
  readonly respondedAt?: TicketDetail['respondedAt'];
};

/** Within this many business minutes a target is "soon". */
export const SOON_MINUTES = 60;

export function dueDisplay(ticket: DueTicket): DueDisplay {
  const breached = ticket.responseBreached || ticket.resolutionBreached;
  if (ticket.statusCategory === 'RESOLVED' || ticket.statusCategory === 'CLOSED') {
    return { text: breached ? 'Done, SLA breached' : 'Done', tone: breached ? 'overdue' : 'none' };
  }
  if (ticket.slaPaused) return { text: 'SLA paused', tone: 'paused' };
  const minutes = ticket.minutesUntilDue;
  if (minutes === null) return { text: breached ? 'SLA breached' : 'No clock running', tone: breached ? 'overdue' : 'none' };
  const which = ticket.respondedAt === undefined ? '' : ticket.respondedAt === null ? 'Response ' : 'Resolution ';
  if (minutes < 0) return { text: `${which}overdue by ${formatMinutes(-minutes)}`.replace(/^o/, 'O'), tone: 'overdue' };
  const text = `${which}due in ${formatMinutes(minutes)}`;
  return { text: text.charAt(0).toUpperCase() + text.slice(1), tone: minutes <= SOON_MINUTES ? 'soon' : 'ok' };
}
