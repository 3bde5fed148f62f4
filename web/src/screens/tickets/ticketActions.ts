/**
 * Which state changes the ticket page offers. The server names the transitions that leave the
 * current state (`availableTransitions`); the workflow (`availableWorkflows`) says where each goes.
 * The one into a RESOLVED state is offered as "Resolve", into CLOSED as "Close" and back from a done
 * state as "Reopen" (resolveTicket, closeTicket and reopenTicket take exactly those); the rest by
 * their workflow names. The server still decides: a FORBIDDEN or CONFLICT is shown where it comes.
 */
import type { TicketsTicketPageQuery } from '../../gql/graphql';
import type { Role, StatusCategory, TicketDetail } from './ticketModel';

export type WorkflowShape = TicketsTicketPageQuery['availableWorkflows'][number];

export type TicketAction =
  | { readonly kind: 'resolve' | 'close' | 'reopen' | 'pause' | 'resume' | 'delete' | 'restore'; readonly label: string }
  | { readonly kind: 'transition'; readonly label: string; readonly transition: string; readonly to: string | null };

export type ActionTicket = Pick<TicketDetail, 'statusCategory' | 'availableTransitions' | 'slaPaused' | 'deletedAt'>;

const OPEN: readonly StatusCategory[] = ['NEW', 'IN_PROGRESS', 'WAITING'];
const isOpen = (category: StatusCategory) => OPEN.includes(category);

/** Resolve / close / reopen and the workflow's other transitions, in the workflow's order. */
export function stateActions(ticket: ActionTicket, workflow: WorkflowShape | null): TicketAction[] {
  const from = ticket.statusCategory;
  if (workflow === null) {
    const shortcuts: TicketAction[] = isOpen(from)
      ? [{ kind: 'resolve', label: 'Resolve' }]
      : [...(from === 'RESOLVED' ? [{ kind: 'close', label: 'Close' } as const] : []), { kind: 'reopen', label: 'Reopen' }];
    return [
      ...shortcuts,
      ...ticket.availableTransitions.map((name): TicketAction => ({ kind: 'transition', label: name, transition: name, to: null })),
    ];
  }
  const categoryOf = new Map(workflow.states.map((s) => [s.name, s.category]));
  const targetOf = new Map(workflow.transitions.map((t) => [t.name, t.to]));
  const shortcuts: TicketAction[] = [];
  const others: TicketAction[] = [];
  const taken = new Set<string>();
  for (const name of ticket.availableTransitions) {
    const to = targetOf.get(name) ?? null;
    const into = to === null ? undefined : categoryOf.get(to);
    const shortcut =
      into === 'RESOLVED' && isOpen(from)
        ? 'resolve'
        : into === 'CLOSED'
          ? 'close'
          : into !== undefined && isOpen(into) && !isOpen(from)
            ? 'reopen'
            : null;
    if (shortcut !== null && !taken.has(shortcut)) {
      taken.add(shortcut);
      shortcuts.push({ kind: shortcut, label: shortcut === 'resolve' ? 'Resolve' : shortcut === 'close' ? 'Close' : 'Reopen' });
    } else {
      others.push({ kind: 'transition', label: name, transition: name, to });
    }
  }
  return [...shortcuts, ...others];
}

/** Pausing and resuming the SLA clocks, deleting and restoring: by state and by role. */
export function otherActions(ticket: ActionTicket, role: Role): TicketAction[] {
  if (ticket.deletedAt !== null) return role === 'ADMIN' ? [{ kind: 'restore', label: 'Restore' }] : [];
  const actions: TicketAction[] = [];
  if (ticket.slaPaused) actions.push({ kind: 'resume', label: 'Resume SLA' });
  else if (isOpen(ticket.statusCategory)) actions.push({ kind: 'pause', label: 'Pause SLA' });
  // Only operators and admins may ever delete (docs/ticketing-roles.md).
  if (role !== 'USER') actions.push({ kind: 'delete', label: 'Delete' });
  return actions;
}
