/**
 * The template document written from what the product holds, in the shape `readTemplate` reads
 * (docs/templates.md), so export then import gives the same definitions. Groups are written by
 * name (a template moves between installations); a rule or item whose group was deleted since
 * is written without it, with a comment saying so.
 */
import { Document, isScalar, visit } from 'yaml';
import type { CatalogContent } from '../catalog/catalogContent.js';
import type { CatalogItemView, WorkflowDefinition, WorkflowStep } from '../ticketContract.js';
import { TEMPLATE_VERSION } from './templateDocument.js';
import type { SlaDefinitionTemplate } from './slaDefinitionTemplate.js';

export interface ExportInput {
  readonly content: CatalogContent;
  /** Undefined: the sla plugin is not active, its definitions are left out. */
  readonly slaDefinitions: readonly SlaDefinitionTemplate[] | undefined;
  readonly groupName: (id: string) => string | undefined;
  readonly exportedAt: string;
  readonly version: string;
}

export function exportTemplate(input: ExportInput): string {
  const { content, groupName } = input;
  const notes: string[] = [];
  const group = (id: string | null, owner: string): string | null => {
    if (id === null) return null;
    const name = groupName(id);
    if (name === undefined) notes.push(`${owner}: its group (id ${id}) no longer exists and is left out`);
    return name ?? null;
  };
  const document: Record<string, unknown> = {
    version: TEMPLATE_VERSION,
    workflows: content.workflows.map(workflowData),
    catalog: {
      categories: content.categories.map((c) => ({ name: c.name, description: c.description })),
      items: content.items.map((i) => itemData(i, group(i.groupId, `catalog item "${i.name}"`))),
    },
    calendars: content.calendars.map((c) => ({
      name: c.name,
      timeZone: c.timeZone,
      weekly: c.weekly.map((day) => day.map((h) => ({ start: h.start, end: h.end }))),
      holidays: [...c.holidays],
    })),
    defaultCalendar: content.defaultCalendarName,
    priorityPolicy: { matrix: content.priorityPolicy.matrix, targets: content.priorityPolicy.targets },
    routingRules: content.routingRules.flatMap((r, i) => {
      const name = group(r.groupId, `routing rule ${i + 1}`);
      return name === null ? [] : [{ ticketType: r.ticketType, serviceId: r.serviceId, group: name }];
    }),
  };
  if (input.slaDefinitions !== undefined) document['slaDefinitions'] = input.slaDefinitions.map((d) => ({ ...d }));
  const header = [
    `Ticketing template exported ${input.exportedAt} by version ${input.version} (docs/templates.md).`,
    ...(input.slaDefinitions === undefined ? ['slaDefinitions are left out: the sla plugin is not active.'] : []),
    ...notes,
  ];
  // No anchors: objects shared in memory (the built-in workflows' states) are written out each time.
  const yaml = new Document(JSON.parse(JSON.stringify(document)), { aliasDuplicateObjects: false });
  // Short lists and records of plain values on one line (`from: [NEW]`, `{ name: NEW, category: NEW }`), as people write them.
  visit(yaml, {
    Seq(_key, node) {
      if (node.items.length > 0 && node.items.length <= 8 && node.items.every((item) => isScalar(item) && String(item.value).length <= 40))
        node.flow = true;
    },
    Map(_key, node) {
      if (node.items.length <= 5 && node.items.every((pair) => isScalar(pair.value) && String(pair.value.value).length <= 40))
        node.flow = true;
    },
  });
  const body = yaml.toString({ lineWidth: 0, flowCollectionPadding: true });
  return `${header.map((line) => `# ${line}`).join('\n')}\n${body}`;
}

function workflowData(w: WorkflowDefinition): Record<string, unknown> {
  return {
    name: w.name,
    description: w.description,
    ticketTypes: [...w.ticketTypes],
    initialState: w.initialState,
    states: w.states.map((s) => ({ name: s.name, category: s.category })),
    transitions: w.transitions.map((t) => ({ name: t.name, from: [...t.from], to: t.to, steps: t.steps.map(stepData) })),
  };
}

function stepData(step: WorkflowStep): Record<string, unknown> {
  switch (step.type) {
    case 'HTTP_REQUEST':
      return {
        type: step.type,
        name: step.name,
        url: step.url,
        method: step.method,
        ...(step.headers ? { headers: { ...step.headers } } : {}),
        ...(step.body !== undefined ? { body: step.body } : {}),
      };
    default:
      return { ...step };
  }
}

function itemData(i: CatalogItemView, group: string | null): Record<string, unknown> {
  return {
    name: i.name,
    category: i.categoryName,
    description: i.description,
    ticketType: i.ticketType,
    workflow: i.workflowName,
    group,
    calendar: i.calendarName,
    targets: i.targets === null ? null : { responseMinutes: i.targets.responseMinutes, resolutionMinutes: i.targets.resolutionMinutes },
  };
}
