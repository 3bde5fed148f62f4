/**
 * The template document (docs/templates.md) read into typed sections, every problem with the path
 * of the value it is about (the importer turns paths into lines). A section that is absent leaves
 * that part of the product as it is; a present one replaces it whole, except SLA definitions,
 * which are matched by name (see templateImport.ts).
 *
 * References between sections are checked against the catalog as it will be after the import
 * (the document's sections over the current ones): items name existing categories, workflows and
 * calendars, routing rules and items name existing groups (by name, so a template moves between
 * installations) and services (by id).
 */
import { AppError } from '../../../platform/errors/catalog.js';
import { ALWAYS_OPEN, validateCalendar } from '../calendar/businessCalendar.js';
import type { CatalogCategory, CatalogContent, RoutingRule } from '../catalog/catalogContent.js';
import type { IssueList, IssuePath } from '../inputIssues.js';
import { validatePriorityPolicy } from '../priority/priorityPolicy.js';
import {
  TICKET_TYPES,
  type BusinessCalendar,
  type CatalogItemView,
  type PriorityPolicy,
  type ResolutionTargets,
  type TicketType,
  type WorkflowDefinition,
} from '../ticketContract.js';
import { DEFAULT_WORKFLOWS } from '../workflows/defaultWorkflows.js';
import { readWorkflow } from '../workflows/workflowValidation.js';
import { readSlaDefinition, type SlaDefinitionTemplate } from './slaDefinitionTemplate.js';

export const TEMPLATE_VERSION = 1;
const SECTIONS = [
  'version',
  'workflows',
  'catalog',
  'calendars',
  'defaultCalendar',
  'priorityPolicy',
  'routingRules',
  'slaDefinitions',
] as const;
const LIMITS = {
  workflows: 100,
  categories: 200,
  items: 2000,
  calendars: 50,
  routingRules: 1000,
  slaDefinitions: 500,
  description: 4000,
} as const;

/** What a template changes: only the sections it has. */
export interface TemplateSections {
  readonly workflows?: readonly WorkflowDefinition[];
  readonly catalog?: { readonly categories: readonly CatalogCategory[]; readonly items: readonly CatalogItemView[] };
  readonly calendars?: readonly BusinessCalendar[];
  readonly defaultCalendar?: string | null;
  readonly priorityPolicy?: PriorityPolicy;
  readonly routingRules?: readonly RoutingRule[];
  readonly slaDefinitions?: readonly SlaDefinitionTemplate[];
}

/** What the reader may look up: the product's groups and services. */
export interface TemplateLookups {
  readonly groupIdNamed: (name: string) => string | undefined;
  readonly serviceExists: (id: string) => boolean;
}

export function readTemplate(input: unknown, current: CatalogContent, lookups: TemplateLookups, issues: IssueList): TemplateSections {
  if (input === null || input === undefined) {
    issues.add([], 'the document is empty; export a template first to see its shape');
    return {};
  }
  const doc = issues.record(input, [], SECTIONS);
  if (!doc) return {};
  if (doc['version'] !== undefined && doc['version'] !== TEMPLATE_VERSION)
    issues.add(['version'], `must be ${TEMPLATE_VERSION} (the only template version)`);
  const sections: { -readonly [K in keyof TemplateSections]: TemplateSections[K] } = {};

  if (doc['workflows'] !== undefined) {
    const workflows = issues
      .list(doc['workflows'], ['workflows'], LIMITS.workflows)
      .map((w, i) => readWorkflow(w, ['workflows', i], issues));
    issues.unique(
      workflows.map((w) => w.name),
      (i) => ['workflows', i, 'name'],
      'workflow',
    );
    sections.workflows = workflows;
  }
  if (doc['calendars'] !== undefined) {
    const calendars = issues
      .list(doc['calendars'], ['calendars'], LIMITS.calendars)
      .map((c, i) => readCalendar(c, ['calendars', i], issues));
    issues.unique(
      calendars.map((c) => c.name),
      (i) => ['calendars', i, 'name'],
      'calendar',
    );
    sections.calendars = calendars;
  }
  if (doc['defaultCalendar'] !== undefined)
    sections.defaultCalendar = doc['defaultCalendar'] === null ? null : issues.name(doc['defaultCalendar'], ['defaultCalendar']);
  else if (sections.calendars) sections.defaultCalendar = null;
  if (doc['priorityPolicy'] !== undefined)
    sections.priorityPolicy = checked(
      issues,
      ['priorityPolicy'],
      () => validatePriorityPolicy(doc['priorityPolicy']),
      current.priorityPolicy,
    );

  const workflowNames = new Set([...(sections.workflows ?? current.workflows), ...DEFAULT_WORKFLOWS].map((w) => w.name));
  const calendarNames = new Set([...(sections.calendars ?? current.calendars).map((c) => c.name), ALWAYS_OPEN.name]);
  if (typeof sections.defaultCalendar === 'string' && sections.defaultCalendar !== '' && !calendarNames.has(sections.defaultCalendar)) {
    issues.add(['defaultCalendar'], `names no calendar: "${sections.defaultCalendar}"`);
  }
  if (doc['catalog'] !== undefined) sections.catalog = readCatalog(doc['catalog'], { workflowNames, calendarNames, lookups }, issues);
  else checkKeptItems(current.items, sections, workflowNames, calendarNames, issues);
  if (doc['routingRules'] !== undefined) {
    sections.routingRules = issues
      .list(doc['routingRules'], ['routingRules'], LIMITS.routingRules)
      .map((r, i) => readRoutingRule(r, ['routingRules', i], lookups, issues));
  }
  if (doc['slaDefinitions'] !== undefined) {
    const definitions = issues
      .list(doc['slaDefinitions'], ['slaDefinitions'], LIMITS.slaDefinitions)
      .map((d, i) => readSlaDefinition(d, ['slaDefinitions', i], issues));
    issues.unique(
      definitions.map((d) => d.name.toLowerCase()),
      (i) => ['slaDefinitions', i, 'name'],
      'SLA definition (names ignore case)',
    );
    sections.slaDefinitions = definitions;
  }
  return sections;
}

/** A validator of another part that throws BAD_REQUEST: its message becomes an issue at `path`. */
function checked<T>(issues: IssueList, path: IssuePath, validate: () => T, placeholder: T): T {
  try {
    return validate();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    issues.add(path, error.message);
    return placeholder;
  }
}

function readCalendar(input: unknown, path: IssuePath, issues: IssueList): BusinessCalendar {
  return checked(issues, path, () => validateCalendar(input), ALWAYS_OPEN);
}

interface References {
  readonly workflowNames: ReadonlySet<string>;
  readonly calendarNames: ReadonlySet<string>;
  readonly lookups: TemplateLookups;
}

function readCatalog(input: unknown, refs: References, issues: IssueList): TemplateSections['catalog'] {
  const fields = issues.record(input, ['catalog'], ['categories', 'items']);
  if (!fields) return { categories: [], items: [] };
  const categories = issues.list(fields['categories'] ?? [], ['catalog', 'categories'], LIMITS.categories).map((c, i): CatalogCategory => {
    const path = ['catalog', 'categories', i];
    const f = issues.record(c, path, ['name', 'description']);
    return f
      ? {
          name: issues.name(f['name'], [...path, 'name']),
          description: issues.optionalText(f['description'], [...path, 'description'], LIMITS.description),
        }
      : { name: '', description: null };
  });
  issues.unique(
    categories.map((c) => c.name),
    (i) => ['catalog', 'categories', i, 'name'],
    'category',
  );
  const categoryNames = new Set(categories.map((c) => c.name));
  const items = issues
    .list(fields['items'] ?? [], ['catalog', 'items'], LIMITS.items)
    .map((item, i) => readItem(item, ['catalog', 'items', i], categoryNames, refs, issues));
  issues.unique(
    items.map((i) => i.name),
    (i) => ['catalog', 'items', i, 'name'],
    'catalog item',
  );
  return { categories, items };
}

const ITEM_FIELDS = ['name', 'category', 'description', 'ticketType', 'workflow', 'group', 'calendar', 'targets'];

function readItem(
  input: unknown,
  path: IssuePath,
  categoryNames: ReadonlySet<string>,
  refs: References,
  issues: IssueList,
): CatalogItemView {
  const f = issues.record(input, path, ITEM_FIELDS);
  if (!f)
    return {
      name: '',
      categoryName: '',
      description: null,
      ticketType: 'SERVICE_REQUEST',
      workflowName: null,
      groupId: null,
      calendarName: null,
      targets: null,
    };
  const categoryName = issues.name(f['category'], [...path, 'category']);
  if (categoryName !== '' && !categoryNames.has(categoryName))
    issues.add([...path, 'category'], `names no category of this catalog: "${categoryName}"`);
  const workflowName = optionalName(f['workflow'], [...path, 'workflow'], issues);
  if (workflowName !== null && !refs.workflowNames.has(workflowName))
    issues.add([...path, 'workflow'], `names no workflow: "${workflowName}"`);
  const calendarName = optionalName(f['calendar'], [...path, 'calendar'], issues);
  if (calendarName !== null && !refs.calendarNames.has(calendarName))
    issues.add([...path, 'calendar'], `names no calendar: "${calendarName}"`);
  const groupName = optionalName(f['group'], [...path, 'group'], issues);
  const groupId = groupName === null ? null : (refs.lookups.groupIdNamed(groupName) ?? null);
  if (groupName !== null && groupId === null)
    issues.add([...path, 'group'], `names no group of this installation: "${groupName}" (create it first)`);
  return {
    name: issues.name(f['name'], [...path, 'name']),
    categoryName,
    description: issues.optionalText(f['description'], [...path, 'description'], LIMITS.description),
    ticketType: issues.oneOf(f['ticketType'] ?? 'SERVICE_REQUEST', [...path, 'ticketType'], TICKET_TYPES),
    workflowName,
    groupId,
    calendarName,
    targets: f['targets'] === undefined || f['targets'] === null ? null : readTargets(f['targets'], [...path, 'targets'], issues),
  };
}

/** A year of minutes: longer targets are typos. */
const MAX_TARGET_MINUTES = 366 * 24 * 60;

function readTargets(input: unknown, path: IssuePath, issues: IssueList): ResolutionTargets {
  const f = issues.record(input, path, ['responseMinutes', 'resolutionMinutes']);
  if (!f) return { responseMinutes: 1, resolutionMinutes: 1 };
  const responseMinutes = issues.integer(f['responseMinutes'], [...path, 'responseMinutes'], 1, MAX_TARGET_MINUTES);
  const resolutionMinutes = issues.integer(f['resolutionMinutes'], [...path, 'resolutionMinutes'], 1, MAX_TARGET_MINUTES);
  if (resolutionMinutes < responseMinutes)
    issues.add([...path, 'resolutionMinutes'], `must not be shorter than responseMinutes (${responseMinutes})`);
  return { responseMinutes, resolutionMinutes };
}

function readRoutingRule(input: unknown, path: IssuePath, lookups: TemplateLookups, issues: IssueList): RoutingRule {
  const f = issues.record(input, path, ['ticketType', 'serviceId', 'group']);
  if (!f) return { ticketType: null, serviceId: null, groupId: '' };
  const ticketType =
    f['ticketType'] === undefined || f['ticketType'] === null
      ? null
      : issues.oneOf<TicketType>(f['ticketType'], [...path, 'ticketType'], TICKET_TYPES);
  const serviceId = optionalName(f['serviceId'], [...path, 'serviceId'], issues);
  if (serviceId !== null && !lookups.serviceExists(serviceId))
    issues.add([...path, 'serviceId'], `names no service of this installation: "${serviceId}"`);
  if (ticketType === null && serviceId === null && issues.empty)
    issues.add(path, 'must name a ticketType, a serviceId or both (a rule for everything is a default group; name the type)');
  const groupName = issues.name(f['group'], [...path, 'group']);
  const groupId = groupName === '' ? '' : (lookups.groupIdNamed(groupName) ?? '');
  if (groupName !== '' && groupId === '')
    issues.add([...path, 'group'], `names no group of this installation: "${groupName}" (create it first)`);
  return { ticketType, serviceId, groupId };
}

function optionalName(value: unknown, path: IssuePath, issues: IssueList): string | null {
  return value === undefined || value === null ? null : issues.name(value, path);
}

/** Items the template keeps (no catalog section) must still find the workflows and calendars it replaces. */
function checkKeptItems(
  items: readonly CatalogItemView[],
  sections: TemplateSections,
  workflowNames: ReadonlySet<string>,
  calendarNames: ReadonlySet<string>,
  issues: IssueList,
): void {
  for (const item of items) {
    if (sections.workflows && item.workflowName !== null && !workflowNames.has(item.workflowName)) {
      issues.add(
        ['workflows'],
        `removes workflow "${item.workflowName}", which catalog item "${item.name}" follows; add a catalog section that changes the item too`,
      );
    }
    if (sections.calendars && item.calendarName !== null && !calendarNames.has(item.calendarName)) {
      issues.add(
        ['calendars'],
        `removes calendar "${item.calendarName}", which catalog item "${item.name}" uses; add a catalog section that changes the item too`,
      );
    }
  }
}
