/**
 * The catalog as the ticket core reads it (`TicketingCatalogReader`): answers from the content in
 * memory, synchronously, on the createTicket hot path. The content is replaced whole (hydration,
 * a template import after its commit), never edited in place.
 *
 * Fallbacks keep old tickets working after an import removed what they name: `workflow(name)`
 * still finds a built-in workflow by its name, and `calendar(name)` answers the default calendar
 * for a name it does not know.
 */
import { ALWAYS_OPEN } from '../calendar/businessCalendar.js';
import type {
  BusinessCalendar,
  CatalogItemView,
  PriorityPolicy,
  TicketingCatalogReader,
  TicketType,
  WorkflowDefinition,
} from '../ticketContract.js';
import { builtInWorkflowFor, DEFAULT_WORKFLOWS } from '../workflows/defaultWorkflows.js';
import { DEFAULT_CATALOG_CONTENT, type CatalogCategory, type CatalogContent, type RoutingRule } from './catalogContent.js';

export class TicketingCatalog implements TicketingCatalogReader {
  private current: CatalogContent = DEFAULT_CATALOG_CONTENT;
  private workflows = new Map<string, WorkflowDefinition>();
  private items = new Map<string, CatalogItemView>();
  private calendars = new Map<string, BusinessCalendar>();

  constructor(content: CatalogContent = DEFAULT_CATALOG_CONTENT) {
    this.replace(content);
  }

  /** Everything, as last loaded or imported (exports and the GraphQL lists read it). */
  content(): CatalogContent {
    return this.current;
  }

  replace(content: CatalogContent): void {
    this.current = content;
    this.workflows = new Map(content.workflows.map((w) => [w.name, w]));
    this.items = new Map(content.items.map((i) => [i.name, i]));
    this.calendars = new Map(content.calendars.map((c) => [c.name, c]));
  }

  workflowFor(type: TicketType, catalogItemName: string | null): WorkflowDefinition {
    const item = catalogItemName === null ? undefined : this.items.get(catalogItemName);
    const named = item?.workflowName ? this.workflow(item.workflowName) : undefined;
    if (named) return named;
    return this.current.workflows.find((w) => w.ticketTypes.includes(type)) ?? builtInWorkflowFor(type);
  }

  workflow(name: string): WorkflowDefinition | undefined {
    return this.workflows.get(name) ?? DEFAULT_WORKFLOWS.find((w) => w.name === name);
  }

  catalogItem(name: string): CatalogItemView | undefined {
    return this.items.get(name);
  }

  categories(): readonly CatalogCategory[] {
    return this.current.categories;
  }

  /** The items of a category (all items for undefined), in their defined order. */
  itemsOf(categoryName?: string): readonly CatalogItemView[] {
    return categoryName === undefined ? this.current.items : this.current.items.filter((i) => i.categoryName === categoryName);
  }

  priorityPolicy(): PriorityPolicy {
    return this.current.priorityPolicy;
  }

  calendar(name: string | null): BusinessCalendar {
    const named = name === null ? undefined : (this.calendars.get(name) ?? (name === ALWAYS_OPEN.name ? ALWAYS_OPEN : undefined));
    if (named) return named;
    const fallback = this.current.defaultCalendarName;
    return (fallback === null ? undefined : this.calendars.get(fallback)) ?? ALWAYS_OPEN;
  }

  routeGroup(input: { readonly type: TicketType; readonly serviceId: string | null }): string | null {
    let best: RoutingRule | undefined;
    let bestScore = -1;
    for (const rule of this.current.routingRules) {
      if (rule.ticketType !== null && rule.ticketType !== input.type) continue;
      if (rule.serviceId !== null && rule.serviceId !== input.serviceId) continue;
      const score = (rule.serviceId !== null ? 2 : 0) + (rule.ticketType !== null ? 1 : 0);
      if (score > bestScore) {
        best = rule;
        bestScore = score;
      }
    }
    return best?.groupId ?? null;
  }
}
