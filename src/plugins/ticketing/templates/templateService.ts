/**
 * Template export and import (SPEC.md "templates"; docs/templates.md has the document).
 *
 * Import is all or nothing: the YAML is read safely (safeYaml.ts), the whole document is checked
 * (every problem with its line), and only then is every change staged, synchronously, in one
 * batch, and answered after that batch's commit. A problem anywhere changes nothing; a failed
 * commit reverts the SLA definitions (their CommittedMap) and the catalog never sees the new
 * content (it is swapped in on commit). Imports run one after another, so each is checked against
 * what the one before it committed.
 *
 * SLA definitions are matched by name, ignoring case: a named one is updated in place (its id,
 * targets, assignments and history stay), a new one is created, and one the template does not
 * name is left alone (deleting an SLA definition deletes its history; do that on purpose, with
 * `deleteSLADefinition`). While the sla plugin is not active they are neither exported nor
 * imported, and the answer says so.
 */
import { commitChange } from '../../../core/commands/commitBoundary.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { definitionData } from '../../sla/definitions/definitionCommands.js';
import type { SlaDefinition } from '../../sla/definitions/slaDefinition.js';
import type { SlaModel } from '../../sla/slaContext.js';
import type { CatalogContent } from '../catalog/catalogContent.js';
import type { CatalogStore } from '../catalog/catalogStore.js';
import type { TicketingCatalog } from '../catalog/ticketingCatalog.js';
import { IssueList, pathText } from '../inputIssues.js';
import type { ProductWorkerPool } from '../../../platform/workers/productTasks.js';
import type { YamlProblem } from './safeYaml.js';
import { slaDefinitionTemplate, type SlaDefinitionTemplate } from './slaDefinitionTemplate.js';
import { readTemplate, type TemplateLookups, type TemplateSections } from './templateDocument.js';
import { exportTemplate } from './templateExport.js';

export interface TemplateProblem extends YamlProblem {
  /** Where in the document (`workflows[0].transitions[2].to`); absent for syntax errors. */
  readonly path?: string;
}

/** The template was refused: nothing changed. `problems` name the lines. */
export class TemplateRefused extends AppError {
  constructor(readonly problems: readonly TemplateProblem[]) {
    super(
      ErrorCode.BadRequest,
      `the template was not imported (nothing changed): ${problems
        .map((p) => `line ${p.line}: ${p.path ? `${p.path}: ` : ''}${p.message}`)
        .slice(0, 5)
        .join('; ')}${problems.length > 5 ? `; and ${problems.length - 5} more` : ''}`,
    );
  }
}

export interface ImportResult {
  readonly workflows: number | null;
  readonly categories: number | null;
  readonly items: number | null;
  readonly calendars: number | null;
  readonly priorityPolicy: boolean;
  readonly routingRules: number | null;
  readonly slaDefinitions: { readonly created: number; readonly updated: number; readonly unchanged: number } | null;
  readonly warnings: readonly string[];
}

export interface TemplateServiceDeps {
  readonly catalog: TicketingCatalog;
  readonly store: CatalogStore;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly version: string;
  readonly lookups: TemplateLookups & { readonly groupName: (id: string) => string | undefined };
  /** The SLA plugin's definitions, while the plugin is active (undefined otherwise). */
  readonly sla: () => SlaModel | undefined;
  /** The YAML is read off the event loop (templateYamlTask.ts). */
  readonly workers: Pick<ProductWorkerPool, 'run'>;
}

export class TemplateService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: TemplateServiceDeps) {}

  export(): string {
    const sla = this.deps.sla();
    return exportTemplate({
      content: this.deps.catalog.content(),
      slaDefinitions: sla?.catalog.allDefinitions().map(slaDefinitionTemplate),
      groupName: this.deps.lookups.groupName,
      exportedAt: new Date(this.deps.clock.now()).toISOString(),
      version: this.deps.version,
    });
  }

  import(text: string, actorId: string | null): Promise<ImportResult> {
    const run = this.queue.then(() => this.importNow(text, actorId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async importNow(text: string, actorId: string | null): Promise<ImportResult> {
    const read = await this.deps.workers.run({ type: 'templateYaml', text, paths: null });
    if (!read.ok) throw new TemplateRefused(read.problems);
    const issues = new IssueList();
    const sections = readTemplate(read.value, this.deps.catalog.content(), this.deps.lookups, issues);
    if (!issues.empty) {
      const shown = issues.issues.slice(0, 50);
      const { lines } = await this.deps.workers.run({ type: 'templateYaml', text, paths: shown.map((i) => i.path) });
      throw new TemplateRefused(
        shown.map((i, n) => ({ ...(lines[n] ?? { line: 1, column: 1 }), path: pathText(i.path), message: i.message })),
      );
    }
    const sla = this.deps.sla();
    const warnings: string[] = [];
    if (sections.slaDefinitions && !sla) warnings.push('slaDefinitions were not imported: the sla plugin is not active');
    return commitChange(this.deps, (at) => {
      const next = nextContent(this.deps.catalog.content(), sections);
      this.deps.store.stage(next);
      const slaCounts = sla && sections.slaDefinitions ? this.stageSlaDefinitions(sla, sections.slaDefinitions, at, actorId) : null;
      return {
        workflows: sections.workflows ? next.workflows.length : null,
        categories: sections.catalog ? next.categories.length : null,
        items: sections.catalog ? next.items.length : null,
        calendars: sections.calendars ? next.calendars.length : null,
        priorityPolicy: sections.priorityPolicy !== undefined,
        routingRules: sections.routingRules ? next.routingRules.length : null,
        slaDefinitions: slaCounts,
        warnings,
      };
    });
  }

  private stageSlaDefinitions(
    sla: SlaModel,
    definitions: readonly SlaDefinitionTemplate[],
    at: number,
    actorId: string | null,
  ): { created: number; updated: number; unchanged: number } {
    const counts = { created: 0, updated: 0, unchanged: 0 };
    for (const template of definitions) {
      const before = sla.catalog.definitionNamed(template.name);
      if (!before) {
        const definition: SlaDefinition = { id: this.deps.newId(), ...template, createdAt: at, updatedAt: at };
        sla.catalog.putDefinition(definition);
        sla.eventLog.record({
          kind: 'DEFINITION_CREATED',
          at,
          origin: 'api',
          actorId,
          subjects: { definitionId: definition.id },
          data: { ...definitionData(definition), via: 'template' },
        });
        counts.created += 1;
        continue;
      }
      const after: SlaDefinition = { ...before, ...template, updatedAt: at };
      const fields = (['name', 'description', 'targetPercent', 'period', 'degradedCountsAsDown', 'timeZone', 'burnRates'] as const).filter(
        (f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]),
      );
      if (fields.length === 0) {
        counts.unchanged += 1;
        continue;
      }
      sla.catalog.putDefinition(after);
      sla.eventLog.record({
        kind: 'DEFINITION_UPDATED',
        at,
        origin: 'api',
        actorId,
        subjects: { definitionId: after.id },
        data: { fields, before: definitionData(before), after: definitionData(after), via: 'template' },
      });
      counts.updated += 1;
    }
    return counts;
  }
}

function nextContent(current: CatalogContent, s: TemplateSections): CatalogContent {
  return {
    workflows: s.workflows ?? current.workflows,
    categories: s.catalog?.categories ?? current.categories,
    items: s.catalog?.items ?? current.items,
    calendars: s.calendars ?? current.calendars,
    defaultCalendarName:
      s.defaultCalendar !== undefined ? (s.defaultCalendar === '' ? null : s.defaultCalendar) : current.defaultCalendarName,
    priorityPolicy: s.priorityPolicy ?? current.priorityPolicy,
    routingRules: s.routingRules ?? current.routingRules,
  };
}
