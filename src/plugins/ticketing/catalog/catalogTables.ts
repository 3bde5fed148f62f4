/**
 * The catalog's tables as the batch writer sees them (commit orders 710-716, migration 0016), and
 * the mapping between rows and the catalog's content. Rows are the product's own writes of
 * validated values, so they are read back as stored.
 */
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import type { BusinessCalendar, CatalogItemView, PriorityPolicy, TicketType, WorkflowDefinition } from '../ticketContract.js';
import type { CatalogCategory, RoutingRule } from './catalogContent.js';

const named = (name: string, order: number, columns: Record<string, string>): TableSpec => ({
  name,
  key: ['name'],
  order,
  mode: 'upsert',
  columns: cols({ name: 'text', position: 'integer', ...columns }),
});

export const workflowsTable = named('ticketing_workflows', 710, { definition: 'jsonb' });
export const categoriesTable = named('ticketing_catalog_categories', 711, { description: 'text' });
export const itemsTable = named('ticketing_catalog_items', 712, { category_name: 'text', definition: 'jsonb' });
export const calendarsTable = named('ticketing_calendars', 713, { is_default: 'boolean', definition: 'jsonb' });
export const priorityPolicyTable: TableSpec = {
  name: 'ticketing_priority_policy',
  key: ['id'],
  order: 714,
  mode: 'upsert',
  columns: cols({ id: 'smallint', matrix: 'jsonb', targets: 'jsonb' }),
};
export const routingRulesTable: TableSpec = {
  name: 'ticketing_routing_rules',
  key: ['position'],
  order: 715,
  mode: 'upsert',
  columns: cols({ position: 'integer', ticket_type: 'text', service_id: 'text', group_id: 'text' }),
};

export const catalogTables: readonly TableSpec[] = [
  workflowsTable,
  categoriesTable,
  itemsTable,
  calendarsTable,
  priorityPolicyTable,
  routingRulesTable,
];

export const workflowRow = (w: WorkflowDefinition, position: number): Row => ({ name: w.name, position, definition: w });
export const categoryRow = (c: CatalogCategory, position: number): Row => ({ name: c.name, position, description: c.description });
export const itemRow = (i: CatalogItemView, position: number): Row => ({
  name: i.name,
  position,
  category_name: i.categoryName,
  definition: i,
});
export const calendarRow = (c: BusinessCalendar, position: number, isDefault: boolean): Row => ({
  name: c.name,
  position,
  is_default: isDefault,
  definition: c,
});
export const priorityPolicyRow = (p: PriorityPolicy): Row => ({ id: 1, matrix: p.matrix, targets: p.targets });
export const routingRuleRow = (r: RoutingRule, position: number): Row => ({
  position,
  ticket_type: r.ticketType,
  service_id: r.serviceId,
  group_id: r.groupId,
});

type DbRow = Record<string, unknown>;
const byPosition = (a: DbRow, b: DbRow) => Number(a['position']) - Number(b['position']);

export const rowsToWorkflows = (rows: DbRow[]): WorkflowDefinition[] =>
  rows.sort(byPosition).map((r) => jsonColumn<WorkflowDefinition>(r['definition'], undefined as never));
export const rowsToCategories = (rows: DbRow[]): CatalogCategory[] =>
  rows.sort(byPosition).map((r) => ({ name: String(r['name']), description: textOrNull(r['description']) }));
export const rowsToItems = (rows: DbRow[]): CatalogItemView[] =>
  rows.sort(byPosition).map((r) => jsonColumn<CatalogItemView>(r['definition'], undefined as never));
export const rowsToCalendars = (rows: DbRow[]): BusinessCalendar[] =>
  rows.sort(byPosition).map((r) => jsonColumn<BusinessCalendar>(r['definition'], undefined as never));
export const defaultCalendarOf = (rows: DbRow[]): string | null => {
  const row = rows.find((r) => r['is_default'] === true);
  return row ? String(row['name']) : null;
};
export const rowToPriorityPolicy = (row: DbRow): PriorityPolicy => ({
  matrix: jsonColumn(row['matrix'], undefined as never),
  targets: jsonColumn(row['targets'], undefined as never),
});
export const rowsToRoutingRules = (rows: DbRow[]): RoutingRule[] =>
  rows.sort(byPosition).map((r) => ({
    ticketType: textOrNull(r['ticket_type']) as TicketType | null,
    serviceId: textOrNull(r['service_id']),
    groupId: String(r['group_id']),
  }));
