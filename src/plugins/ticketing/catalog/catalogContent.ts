/**
 * What the ticketing catalog holds: workflows, catalog categories and items, business calendars,
 * the priority policy and routing rules. One immutable value, replaced whole when a template is
 * imported, so a reader never sees half an import.
 */
import { ALWAYS_OPEN } from '../calendar/businessCalendar.js';
import { DEFAULT_PRIORITY_POLICY } from '../priority/priorityPolicy.js';
import type { BusinessCalendar, CatalogItemView, PriorityPolicy, TicketType, WorkflowDefinition } from '../ticketContract.js';
import { DEFAULT_WORKFLOWS } from '../workflows/defaultWorkflows.js';

export interface CatalogCategory {
  readonly name: string;
  readonly description: string | null;
}

/**
 * Sends new tickets of a type and/or about a service to a group. Null matches anything; the most
 * specific matching rule wins (type and service, then service, then type), ties by list order.
 */
export interface RoutingRule {
  readonly ticketType: TicketType | null;
  readonly serviceId: string | null;
  readonly groupId: string;
}

export interface CatalogContent {
  /** In the order `workflowFor` consults them. */
  readonly workflows: readonly WorkflowDefinition[];
  readonly categories: readonly CatalogCategory[];
  readonly items: readonly CatalogItemView[];
  readonly calendars: readonly BusinessCalendar[];
  /** The calendar of tickets whose catalog item names none; null: 24/7 (`ALWAYS_OPEN`). */
  readonly defaultCalendarName: string | null;
  readonly priorityPolicy: PriorityPolicy;
  readonly routingRules: readonly RoutingRule[];
}

/** A product nobody configured: the built-in workflows, 24/7, the default matrix and targets, no items, no rules. */
export const DEFAULT_CATALOG_CONTENT: CatalogContent = {
  workflows: DEFAULT_WORKFLOWS,
  categories: [],
  items: [],
  calendars: [],
  defaultCalendarName: null,
  priorityPolicy: DEFAULT_PRIORITY_POLICY,
  routingRules: [],
};

export { ALWAYS_OPEN };
