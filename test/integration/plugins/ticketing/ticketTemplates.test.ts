/**
 * Templates (issue 17, part 4; SPEC.md GET /api/v1/templates/export, POST /api/v1/templates/import,
 * 1 MiB limit; docs/templates.md): one YAML document with workflows, the catalog, calendars, the
 * priority policy, routing rules and SLA definitions. Export then import gives the same
 * definitions; malicious YAML (an alias bomb, 2 MiB, `__proto__` and merge keys) is refused
 * without harm; errors name the line; an import is all or nothing, also when the commit fails;
 * the routes answer 503 while the ticketing plugin is inactive.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { startTestServer, call, type TestServer } from '../../../support/testServer.js';
import { EXPORT, exportedDefinitions, exportedText, fullTemplate, IMPORT, imported, importTemplate } from '../../../support/templates.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const MiB = 1024 * 1024;
const ALIAS_BOMB = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
`;
const SLA_DEFINITIONS = '{ slaDefinitions { name description targetPercent period degradedCountsAsDown timeZone } }';

for (const backend of testBackends()) {
  describe(`ticketing templates (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let groupId: string;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock) } });
      admin = await signInAdmin(t);
      const res = await gql(t, 'mutation { createGroup(input: { name: "Service desk" }) { id } }', undefined, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      groupId = res.data.createGroup.id;
    });
    after(() => t.close());

    async function slaDefinitions(): Promise<any[]> {
      const res = await gql(t, SLA_DEFINITIONS, undefined, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.slaDefinitions;
    }

    /** Everything a template defines, as the product holds it: the export, and the SLA definitions as GraphQL shows them. */
    async function definitions(): Promise<{ exported: any; sla: any[] }> {
      return { exported: await exportedDefinitions(t), sla: await slaDefinitions() };
    }

    it('a fresh product exports the built-in workflows, 24/7, the default priority policy and no catalog', async () => {
      const text = await exportedText(t);
      assert.match(text, /^# Ticketing template exported 2026-05-04T08:00:00.000Z/);
      const doc = await exportedDefinitions(t);
      assert.equal(doc.version, 1);
      assert.deepEqual(
        doc.workflows.map((w: any) => w.name),
        ['Incident', 'Service request', 'Change'],
      );
      assert.deepEqual(doc.catalog, { categories: [], items: [] });
      assert.deepEqual(doc.calendars, []);
      assert.equal(doc.defaultCalendar, null);
      assert.equal(doc.priorityPolicy.matrix.CRITICAL.CRITICAL, 'P1');
      assert.deepEqual(doc.routingRules, []);
      assert.deepEqual(doc.slaDefinitions, []);
      assert.doesNotMatch(text, /[&*]\w+/, 'no anchors or aliases in an export');
    });

    it('export and import need the operator API key', async () => {
      assert.equal((await call(t.url, 'GET', EXPORT)).status, 401);
      assert.equal((await call(t.url, 'POST', IMPORT, 'version: 1\n', { 'content-type': 'application/yaml' })).status, 401);
    });

    it('imports every section in one go and answers what it changed', async () => {
      const result = await imported(t, fullTemplate('Service desk'));
      assert.deepEqual(result, {
        success: true,
        workflows: 2,
        categories: 2,
        items: 3,
        calendars: 1,
        priorityPolicy: true,
        routingRules: 1,
        slaDefinitions: { created: 2, updated: 0, unchanged: 0 },
        warnings: [],
      });
      const catalog = t.server.app.ticketingCatalog;
      assert.equal(catalog.workflowFor('SERVICE_REQUEST', 'New laptop').name, 'Hardware request');
      assert.equal(catalog.workflowFor('INCIDENT', null).name, 'Major incident');
      assert.equal(catalog.workflowFor('CHANGE', null).name, 'Change', 'a type no imported workflow serves keeps its built-in one');
      assert.equal(catalog.catalogItem('New laptop')?.groupId, groupId);
      assert.deepEqual(catalog.catalogItem('New laptop')?.targets, { responseMinutes: 60, resolutionMinutes: 2880 });
      assert.equal(catalog.calendar(null).name, 'Office');
      assert.equal(catalog.priorityPolicy().targets.P1.responseMinutes, 10);
      assert.equal(catalog.routeGroup({ type: 'INCIDENT', serviceId: null }), groupId);
      assert.deepEqual((await slaDefinitions()).map((d) => [d.name, d.targetPercent, d.period]).sort(), [
        ['Bronze', 99, 'QUARTER'],
        ['Gold', 99.9, 'MONTH'],
      ]);
    });

    it('export then import gives the same definitions (round trip), and changes nothing', async () => {
      const before = await definitions();
      const text = await exportedText(t);
      assert.match(text, /x-token: secret-1/, 'the export carries what the import needs, headers included');
      const result = await imported(t, text);
      assert.deepEqual(result.slaDefinitions, { created: 0, updated: 0, unchanged: 2 });
      assert.deepEqual(await definitions(), before);
      assert.deepEqual(await exportedDefinitions(t), await exportedDefinitions(t));
    });

    it('an SLA definition named again (any case) is updated in place; one the template does not name is kept', async () => {
      const [gold] = (await gql(t, '{ slaDefinitions { id name } }', undefined, admin.accessToken)).data.slaDefinitions.filter(
        (d: any) => d.name === 'Gold',
      );
      const result = await imported(t, 'slaDefinitions:\n  - { name: gold, targetPercent: 99.5, period: MONTH }\n');
      assert.deepEqual(result.slaDefinitions, { created: 0, updated: 1, unchanged: 0 });
      assert.equal(result.workflows, null, 'sections the template does not have are left as they are');
      const after = (await gql(t, '{ slaDefinitions { id name targetPercent } }', undefined, admin.accessToken)).data.slaDefinitions;
      assert.deepEqual(
        after.find((d: any) => d.id === gold.id),
        { id: gold.id, name: 'gold', targetPercent: 99.5 },
      );
      assert.ok(after.some((d: any) => d.name === 'Bronze'));
      assert.equal(t.server.app.ticketingCatalog.workflowFor('INCIDENT', null).name, 'Major incident');
    });

    it('refuses a 342-byte alias bomb in milliseconds, naming the line, and changes nothing', async () => {
      assert.equal(Buffer.byteLength(ALIAS_BOMB), 342);
      const before = await definitions();
      const started = performance.now();
      const res = await importTemplate(t, ALIAS_BOMB);
      const elapsed = performance.now() - started;
      assert.equal(res.status, 400, res.text);
      assert.ok(elapsed < 500, `answered in ${elapsed.toFixed(0)} ms`);
      assert.match(res.json.error, /^the template was not imported \(nothing changed\): line \d+: .*aliases/);
      assert.ok(res.json.problems[0].line >= 1);
      assert.deepEqual(await definitions(), before);
    });

    for (const [label, yaml, message] of [
      [
        '800 KB of nested flow mappings (the parser would recurse until the process aborts)',
        `a: ${'{a: '.repeat(200_000)}`,
        /nests deeper than 64 levels/,
      ],
      [
        'a 500,000-deep compact sequence on one line',
        `${'- '.repeat(500_000)}a\n`,
        /nests deeper than 64 levels|more than 50000 lines and flow entries/,
      ],
      [
        'a quoted scalar over 400,000 lines (the parser slows down quadratically)',
        `a: "${'x\n'.repeat(400_000)}"`,
        /more than 50000 lines and flow entries/,
      ],
      ['a flow sequence of 300,000 entries', `a: [${'1,'.repeat(300_000)}1]`, /more than 50000 lines and flow entries/],
    ] as const) {
      it(`refuses ${label} in milliseconds, before the parser runs`, async () => {
        const started = performance.now();
        const res = await importTemplate(t, yaml);
        const elapsed = performance.now() - started;
        assert.equal(res.status, 400, res.text);
        assert.match(res.json.problems[0].message, message);
        assert.ok(elapsed < 1000, `answered in ${elapsed.toFixed(0)} ms`);
      });
    }

    it('answers 413 {error} to a 2 MiB body, before reading it as YAML, and changes nothing', async () => {
      const before = await definitions();
      const res = await importTemplate(t, `# ${'x'.repeat(2 * MiB)}\nversion: 1\n`);
      assert.equal(res.status, 413, res.text);
      assert.deepEqual(Object.keys(res.json), ['error']);
      assert.match(res.json.error, /1 MiB/);
      assert.deepEqual(await definitions(), before);
    });

    it('accepts a body just under 1 MiB (comments count like anything else)', async () => {
      const body = `version: 1\n# ${'x'.repeat(MiB - 100)}\n`;
      assert.ok(Buffer.byteLength(body) < MiB);
      assert.equal((await importTemplate(t, body)).status, 200);
    });

    for (const [label, yaml, line, message] of [
      [
        'a __proto__ key',
        'version: 1\nworkflows:\n  - name: X\n    __proto__: { polluted: true }\n',
        4,
        /the key "__proto__" is not allowed/,
      ],
      ['a quoted "__proto__" key', 'version: 1\n"__proto__":\n  polluted: true\n', 2, /the key "__proto__" is not allowed/],
      ['a constructor key', 'catalog:\n  constructor: { prototype: { polluted: true } }\n', 2, /the key "constructor" is not allowed/],
      ['a merge key', 'base: &b { name: X }\nworkflows:\n  - <<: *b\n    initialState: A\n', 3, /merge keys \(<<\) are not allowed/],
      ['a YAML 1.1 tag', 'version: !!binary aGVsbG8=\n', 1, /tag/i],
      ['a custom tag', 'version: !js/function "return 1"\n', 1, /tag/i],
      ['a duplicate key', 'version: 1\nversion: 1\n', 2, /unique/i],
      ['two documents', 'version: 1\n---\nversion: 1\n', 2, /multiple documents/],
    ] as const) {
      it(`refuses ${label}, naming line ${line}, without polluting any prototype`, async () => {
        const before = await definitions();
        const res = await importTemplate(t, yaml);
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.problems[0].line, line, res.text);
        assert.match(res.json.problems[0].message, message);
        assert.match(res.json.error, new RegExp(`line ${line}: `));
        assert.equal(({} as any).polluted, undefined);
        assert.equal((Object.prototype as any).polluted, undefined);
        assert.deepEqual(await definitions(), before);
      });
    }

    it('validation errors name the line of the value, with its path, every one of them', async () => {
      const yaml = [
        'version: 1', //                                   1
        'workflows:', //                                   2
        '  - name: Broken', //                             3
        '    initialState: Start', //                      4
        '    states:', //                                  5
        '      - { name: Start, category: NEW }', //       6
        '      - { name: Done, category: RESOLVED }', //   7
        '      - { name: Gone, category: CLOSED }', //     8
        '    transitions:', //                             9
        '      - { name: finish, from: [Start], to: Dnoe }', // 10
        '      - name: close', //                          11
        '        from: [Done]', //                         12
        '        to: Gone', //                             13
        'catalog:', //                                     14
        '  categories: [{ name: Hardware }]', //           15
        '  items:', //                                     16
        '    - name: Laptop', //                           17
        '      category: Hardwre', //                      18
        'slaDefinitions:', //                              19
        '  - { name: Gold, targetPercent: 140, period: MONTH }', // 20
      ].join('\n');
      const res = await importTemplate(t, yaml);
      assert.equal(res.status, 400, res.text);
      const problems = res.json.problems.map((p: any) => `${p.line} ${p.path}: ${p.message}`);
      assert.ok(problems.includes('10 workflows[0].transitions[0].to: names no state of this workflow: "Dnoe"'), problems.join('\n'));
      assert.ok(problems.includes('18 catalog.items[0].category: names no category of this catalog: "Hardwre"'), problems.join('\n'));
      assert.ok(
        problems.some((p: string) => /^20 slaDefinitions\[0\]\.targetPercent: targetPercent must be a percentage/.test(p)),
        problems.join('\n'),
      );
      assert.match(res.json.error, /line 10: workflows\[0\]\.transitions\[0\]\.to: names no state/);
    });

    for (const [label, yaml, line, message] of [
      [
        'an item naming an unknown group',
        'catalog:\n  categories: [{ name: A }]\n  items:\n    - { name: X, category: A, group: Nobody }\n',
        4,
        /names no group of this installation: "Nobody"/,
      ],
      [
        'a routing rule naming an unknown service',
        'routingRules:\n  - { serviceId: 00000000-0000-0000-0000-000000000000, group: Service desk }\n',
        2,
        /names no service/,
      ],
      [
        'a calendar the calendar rules refuse',
        'calendars:\n  - { name: Bad, timeZone: Mars/Olympus, weekly: [[], [], [], [], [], [], []] }\n',
        2,
        /timeZone/,
      ],
      ['a priority policy without a cell', 'priorityPolicy:\n  matrix: { LOW: { LOW: P5 } }\n  targets: {}\n', 2, /priority policy/],
      ['an unknown section', 'version: 1\nworkflow: []\n', 2, /unknown field "workflow"/],
      ['another template version', 'version: 2\n', 1, /must be 1/],
      ['an empty document', '', 1, /empty/],
      [
        'removing a workflow a kept item follows',
        'workflows: []\n',
        1,
        /removes workflow "Hardware request", which catalog item "New laptop" follows/,
      ],
    ] as const) {
      it(`refuses ${label} (line ${line}) and changes nothing`, async () => {
        const before = await definitions();
        const res = await importTemplate(t, yaml);
        assert.equal(res.status, 400, res.text);
        assert.equal(res.json.problems[0].line, line, res.text);
        assert.match(res.json.problems[0].message, message);
        assert.deepEqual(await definitions(), before);
      });
    }

    it('is all or nothing: a problem in the last section leaves the earlier ones unchanged', async () => {
      const before = await definitions();
      const doc = {
        workflows: [],
        catalog: { categories: [], items: [] },
        slaDefinitions: [
          { name: 'Silver', targetPercent: 99.5, period: 'MONTH' },
          { name: 'Bad', targetPercent: 0, period: 'MONTH' },
        ],
      };
      const res = await importTemplate(t, stringify(doc));
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(await definitions(), before);
    });

    it('is all or nothing when the database refuses the commit: 503, and every definition is as before', async () => {
      const knex = t.server.database.knex;
      await knex.raw(`create or replace function refuse_poison() returns trigger language plpgsql as $$ begin
        if new.name like 'poison%' then raise exception 'poisoned catalog item'; end if; return new; end $$`);
      await knex.raw(
        'create trigger refuse_poison before insert or update on ticketing_catalog_items for each row execute function refuse_poison()',
      );
      try {
        const before = await definitions();
        const doc = {
          workflows: [],
          catalog: { categories: [{ name: 'C' }], items: [{ name: 'poison pill', category: 'C', ticketType: 'INCIDENT' }] },
          slaDefinitions: [
            { name: 'Platinum', targetPercent: 99.99, period: 'MONTH' },
            { name: 'Bronze', targetPercent: 95, period: 'MONTH' },
          ],
        };
        const res = await importTemplate(t, stringify(doc));
        assert.equal(res.status, 503, res.text);
        assert.deepEqual(Object.keys(res.json), ['error']);
        assert.deepEqual(await definitions(), before);
        assert.equal(t.server.app.ticketingCatalog.catalogItem('poison pill'), undefined);
        assert.equal(t.server.app.ticketingCatalog.workflowFor('INCIDENT', null).name, 'Major incident');
      } finally {
        await knex.raw('drop trigger refuse_poison on ticketing_catalog_items');
      }
      assert.equal((await importTemplate(t, 'version: 1\n')).status, 200, 'later imports commit');
    });
  });

  describe(`ticketing templates, licence gates (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let ticketingOnly: TestServer;
    let unlicensed: TestServer;
    before(async () => {
      [ticketingOnly, unlicensed] = await Promise.all([
        startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock, { plugins: ['ticketing'] }) } }),
        startTestServer(backend, { clock, env: LICENSE_ENV }),
      ]);
    });
    after(() => Promise.all([ticketingOnly.close(), unlicensed.close()]));

    it('without the sla plugin, SLA definitions are left out of the export and not imported, and the answer says so', async () => {
      const text = await exportedText(ticketingOnly);
      assert.match(text, /# slaDefinitions are left out: the sla plugin is not active/);
      assert.equal((await exportedDefinitions(ticketingOnly)).slaDefinitions, undefined);
      const result = await imported(
        ticketingOnly,
        'slaDefinitions:\n  - { name: Gold, targetPercent: 99, period: MONTH }\ncalendars: []\n',
      );
      assert.equal(result.slaDefinitions, null);
      assert.deepEqual(result.warnings, ['slaDefinitions were not imported: the sla plugin is not active']);
      assert.equal(ticketingOnly.server.app.sla.catalog.definitionNamed('Gold'), undefined);
    });

    it('without the ticketing plugin, both routes answer 503 {error} and nothing is read', async () => {
      for (const res of [await unlicensed.call('GET', EXPORT), await importTemplate(unlicensed, 'version: 1\n')]) {
        assert.equal(res.status, 503, res.text);
        assert.deepEqual(Object.keys(res.json), ['error']);
        assert.match(res.json.error, /ticketing plugin is not active/);
      }
    });
  });
}
