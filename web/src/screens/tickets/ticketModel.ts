/** The ticket as the console reads it (types generated from the schema, web/src/gql) and the enums' wording. */
import type {
  Role,
  TicketPriority as Priority,
  TicketSeverity as Severity,
  TicketSortDirection as SortDirection,
  TicketSortField as SortField,
  TicketStatusCategory as StatusCategory,
  TicketsListQuery,
  TicketsTicketPageQuery,
  TicketType,
} from '../../gql/graphql';
import { enumValues } from '../../ui/kit/enumValues';

export type { Priority, Role, Severity, SortDirection, SortField, StatusCategory, TicketType };

/** A ticket as the list shows it. */
export type TicketRow = TicketsListQuery['tickets'][number];
/** A ticket as its page shows it. */
export type TicketDetail = NonNullable<TicketsTicketPageQuery['ticket']>;
/** Someone a ticket names (requester, assignee, watcher, author). */
export type PersonRef = NonNullable<TicketDetail['requester']>;

export const TYPE_LABEL: Record<TicketType, string> = {
  INCIDENT: 'Incident',
  SERVICE_REQUEST: 'Service request',
  PROBLEM: 'Problem',
  CHANGE: 'Change',
};

export const CATEGORY_LABEL: Record<StatusCategory, string> = {
  NEW: 'New',
  IN_PROGRESS: 'In progress',
  WAITING: 'Waiting',
  RESOLVED: 'Resolved',
  CLOSED: 'Closed',
};

export const SEVERITY_LABEL: Record<Severity, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', CRITICAL: 'Critical' };

export const PRIORITIES = enumValues<Priority>({ P1: true, P2: true, P3: true, P4: true, P5: true });

export const SORT_LABEL: Record<SortField, string> = {
  CREATED_AT: 'Created',
  UPDATED_AT: 'Updated',
  PRIORITY: 'Priority',
  NUMBER: 'Number',
  RESOLUTION_DUE_AT: 'Resolution due',
  STATUS: 'Status',
};

export function personName(person: PersonRef | null | undefined): string {
  if (!person) return '—';
  return person.displayName ?? person.username;
}

/** Options for a SelectField from a label table, with an empty "any" choice first when given. */
export function optionsOf<K extends string>(labels: Record<K, string>, any?: string): { value: string; label: string }[] {
  const options = (Object.keys(labels) as K[]).map((key) => ({ value: key, label: labels[key] }));
  return any === undefined ? options : [{ value: '', label: any }, ...options];
}
