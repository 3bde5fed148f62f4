/**
 * The template document as docs/templates.md writes it: the example there is a valid template
 * (read with lookups that know its groups and service), and a template with unknown groups is refused
 * at the line of each.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_CATALOG_CONTENT } from '../../../../src/plugins/ticketing/catalog/catalogContent.js';
import { IssueList, pathText } from '../../../../src/plugins/ticketing/inputIssues.js';
import { readYaml } from '../../../../src/plugins/ticketing/templates/safeYaml.js';
import { readTemplate } from '../../../../src/plugins/ticketing/templates/templateDocument.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const docs = readFileSync(join(REPO_ROOT, 'docs', 'templates.md'), 'utf8');
const example = /## The document\n\n```yaml\n([\s\S]*?)```/.exec(docs)![1]!;

describe('template document', () => {
  it('the example in docs/templates.md is a valid template with every section', () => {
    const read = readYaml(example);
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    const issues = new IssueList();
    const groups = new Map([
      ['Service desk', 'g1'],
      ['Database team', 'g2'],
      ['DBA change board', 'g3'],
    ]);
    const sections = readTemplate(
      read.value,
      DEFAULT_CATALOG_CONTENT,
      { groupIdNamed: (n) => groups.get(n), serviceExists: () => true },
      issues,
    );
    assert.deepEqual(
      issues.issues.map((i) => `${pathText(i.path)}: ${i.message}`),
      [],
    );
    assert.deepEqual(Object.keys(sections).sort(), [
      'calendars',
      'catalog',
      'defaultCalendar',
      'priorityPolicy',
      'routingRules',
      'slaDefinitions',
      'workflows',
    ]);
    assert.equal(sections.workflows![0]!.transitions[0]!.steps[0]!.type, 'HTTP_REQUEST');
    assert.deepEqual(
      sections.routingRules!.map((r) => r.groupId),
      ['g1', 'g2', 'g3'],
    );
  });

  it('groups are looked up by name: an unknown one is refused at its line', () => {
    const read = readYaml(example);
    assert.ok(read.ok);
    const issues = new IssueList();
    readTemplate(read.value, DEFAULT_CATALOG_CONTENT, { groupIdNamed: () => undefined, serviceExists: () => true }, issues);
    const lines = issues.issues.map((i) => `${read.lineOf(i.path).line} ${pathText(i.path)}`);
    const lineOf = (text: string) => example.split('\n').findIndex((l) => l.includes(text)) + 1;
    assert.ok(lines.includes(`${lineOf('group: Service desk ')} catalog.items[0].group`), lines.join('\n'));
    assert.ok(lines.includes(`${lineOf('{ ticketType: INCIDENT, group: Service desk }')} routingRules[0].group`), lines.join('\n'));
  });
});

describe('template export', () => {
  it('reads back exactly what it wrote, whatever the names look like (numbers, booleans, null, quotes, colons, unicode)', async () => {
    const { exportTemplate } = await import('../../../../src/plugins/ticketing/templates/templateExport.js');
    const { builtInWorkflowFor } = await import('../../../../src/plugins/ticketing/workflows/defaultWorkflows.js');
    const odd = ['true', 'null', '1.0', '0012', 'no', 'a: b', '"quoted"', "it's", '- dash', '# hash', 'Ünïcødé ✓', '*', '[x]', '{y}'];
    const base = builtInWorkflowFor('INCIDENT');
    const workflows = odd.map((name, i) => ({
      ...base,
      name: `${name} ${i}`,
      description: name,
      ticketTypes: i === 0 ? (['INCIDENT'] as const) : [],
    }));
    const content = {
      ...DEFAULT_CATALOG_CONTENT,
      workflows,
      categories: odd.map((name, i) => ({ name: `${name}${i}`, description: name })),
      items: odd.map((name, i) => ({
        name,
        categoryName: `${name}${i}`,
        description: `${name}\nsecond line`,
        ticketType: 'SERVICE_REQUEST' as const,
        workflowName: workflows[i]!.name,
        groupId: 'g1',
        calendarName: null,
        targets: { responseMinutes: i + 1, resolutionMinutes: i + 10 },
      })),
      routingRules: [{ ticketType: 'INCIDENT' as const, serviceId: null, groupId: 'g1' }],
    };
    const text = exportTemplate({ content, slaDefinitions: [], groupName: () => 'true', exportedAt: 'now', version: 'test' });
    const read = readYaml(text);
    assert.ok(read.ok, JSON.stringify(!read.ok && read.problems));
    const issues = new IssueList();
    const sections = readTemplate(
      read.value,
      DEFAULT_CATALOG_CONTENT,
      { groupIdNamed: (n) => (n === 'true' ? 'g1' : undefined), serviceExists: () => true },
      issues,
    );
    assert.deepEqual(issues.issues, []);
    assert.deepEqual(JSON.parse(JSON.stringify(sections.workflows)), JSON.parse(JSON.stringify(content.workflows)));
    assert.deepEqual(sections.catalog, { categories: content.categories, items: content.items });
    assert.deepEqual(sections.routingRules, content.routingRules);
    assert.deepEqual(sections.priorityPolicy, content.priorityPolicy);
  });
});
