/**
 * The catalog's persistence: hydration at start, and a whole new content staged in the open batch
 * (rows that are gone deleted, the rest upserted). Memory follows the database: the reader gets the
 * new content only once its batch committed, so a ticket is never created against a catalog the
 * database does not have, and a failed commit leaves the reader as it was.
 *
 * An empty workflow list means the built-in workflows (the reader falls back to them by type and
 * by name), so a product that never imported a template and one that imported `workflows: []`
 * offer the same.
 */
import type { Knex } from 'knex';
import type { BatchWriter, Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { DEFAULT_PRIORITY_POLICY } from '../priority/priorityPolicy.js';
import { DEFAULT_WORKFLOWS } from '../workflows/defaultWorkflows.js';
import { DEFAULT_CATALOG_CONTENT, type CatalogContent } from './catalogContent.js';
import {
  calendarRow,
  calendarsTable,
  categoriesTable,
  categoryRow,
  defaultCalendarOf,
  itemRow,
  itemsTable,
  priorityPolicyRow,
  priorityPolicyTable,
  routingRuleRow,
  routingRulesTable,
  rowsToCalendars,
  rowsToCategories,
  rowsToItems,
  rowsToRoutingRules,
  rowsToWorkflows,
  rowToPriorityPolicy,
  workflowRow,
  workflowsTable,
} from './catalogTables.js';
import type { TicketingCatalog } from './ticketingCatalog.js';

export class CatalogStore {
  constructor(
    private readonly deps: { readonly writer: BatchWriter; readonly knex: Knex },
    private readonly catalog: TicketingCatalog,
  ) {}

  async hydrate(): Promise<{ workflows: number; items: number; calendars: number; routingRules: number }> {
    const { knex } = this.deps;
    const [workflows, categories, items, calendars, policies, rules] = await Promise.all([
      knex(workflowsTable.name).select('*'),
      knex(categoriesTable.name).select('*'),
      knex(itemsTable.name).select('*'),
      knex(calendarsTable.name).select('*'),
      knex(priorityPolicyTable.name).select('*'),
      knex(routingRulesTable.name).select('*'),
    ]);
    const stored = rowsToWorkflows(workflows);
    this.catalog.replace({
      workflows: stored.length > 0 ? stored : DEFAULT_WORKFLOWS,
      categories: rowsToCategories(categories),
      items: rowsToItems(items),
      calendars: rowsToCalendars(calendars),
      defaultCalendarName: defaultCalendarOf(calendars),
      priorityPolicy: policies[0] ? rowToPriorityPolicy(policies[0]) : DEFAULT_PRIORITY_POLICY,
      routingRules: rowsToRoutingRules(rules),
    });
    const content = this.catalog.content();
    return {
      workflows: content.workflows.length,
      items: content.items.length,
      calendars: content.calendars.length,
      routingRules: content.routingRules.length,
    };
  }

  /** Stages `next` in the open batch; the reader serves it once that batch committed. The caller awaits the commit. */
  stage(next: CatalogContent): void {
    const { writer } = this.deps;
    const before = this.catalog.content();
    // The built-ins are not stored: an unchanged list of them writes nothing.
    const nextWorkflows = next.workflows === DEFAULT_WORKFLOWS ? [] : next.workflows;
    const beforeWorkflows = before.workflows === DEFAULT_WORKFLOWS ? [] : before.workflows;
    replaceNamed(writer, workflowsTable, beforeWorkflows, nextWorkflows, workflowRow);
    replaceNamed(writer, categoriesTable, before.categories, next.categories, categoryRow);
    replaceNamed(writer, itemsTable, before.items, next.items, itemRow);
    replaceNamed(writer, calendarsTable, before.calendars, next.calendars, (c, i) =>
      calendarRow(c, i, c.name === next.defaultCalendarName),
    );
    writer.upsert(priorityPolicyTable, priorityPolicyRow(next.priorityPolicy));
    for (let position = next.routingRules.length; position < before.routingRules.length; position++)
      writer.delete(routingRulesTable, { position });
    next.routingRules.forEach((rule, position) => {
      writer.upsert(routingRulesTable, routingRuleRow(rule, position));
    });
    const content: CatalogContent = { ...next, workflows: nextWorkflows.length > 0 ? nextWorkflows : DEFAULT_WORKFLOWS };
    writer.track({ onCommit: () => this.catalog.replace(content) });
  }
}

function replaceNamed<T extends { readonly name: string }>(
  writer: BatchWriter,
  table: TableSpec,
  before: readonly T[],
  next: readonly T[],
  toRow: (value: T, position: number) => Row,
): void {
  const kept = new Set(next.map((v) => v.name));
  for (const old of before) if (!kept.has(old.name)) writer.delete(table, { name: old.name });
  next.forEach((value, position) => {
    writer.upsert(table, toRow(value, position));
  });
}

export { DEFAULT_CATALOG_CONTENT };
