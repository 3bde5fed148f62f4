/** The ticket as the console reads it (fields of schema.graphql's Ticket), and the enums' wording. */
export type TicketType = 'INCIDENT' | 'SERVICE_REQUEST' | 'PROBLEM' | 'CHANGE';
export type StatusCategory = 'NEW' | 'IN_PROGRESS' | 'WAITING' | 'RESOLVED' | 'CLOSED';
export type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
export type Priority = 'P1' | 'P2' | 'P3' | 'P4' | 'P5';
export type SortField = 'CREATED_AT' | 'UPDATED_AT' | 'PRIORITY' | 'NUMBER' | 'RESOLUTION_DUE_AT' | 'STATUS';
export type SortDirection = 'ASC' | 'DESC';
export type Role = 'ADMIN' | 'OPERATOR' | 'USER';

export interface PersonRef {
  readonly id: string;
  readonly username: string;
  readonly displayName: string | null;
}

export interface TicketRow {
  readonly id: string;
  readonly number: string;
  readonly title: string;
  readonly type: TicketType;
  readonly status: string;
  readonly statusCategory: StatusCategory;
  readonly priority: Priority;
  readonly assignee: PersonRef | null;
  readonly group: { readonly id: string; readonly name: string } | null;
  readonly minutesUntilDue: number | null;
  readonly slaPaused: boolean;
  readonly responseBreached: boolean;
  readonly resolutionBreached: boolean;
  readonly updatedAt: string;
}

export interface TicketDetail extends TicketRow {
  readonly description: string | null;
  readonly workflowName: string;
  readonly availableTransitions: readonly string[];
  readonly impact: Severity;
  readonly urgency: Severity;
  readonly service: { readonly id: string; readonly name: string; readonly displayName: string | null } | null;
  readonly catalogItemName: string | null;
  readonly requester: PersonRef | null;
  readonly requesterId: string;
  readonly assigneeId: string | null;
  readonly responseDueAt: string | null;
  readonly resolutionDueAt: string | null;
  readonly respondedAt: string | null;
  readonly resolvedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

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

export const PRIORITIES: readonly Priority[] = ['P1', 'P2', 'P3', 'P4', 'P5'];

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
