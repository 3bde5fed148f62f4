/**
 * The SLA plugin behind its licence gate (issue 16, "PLUGIN_INACTIVE on every SLA field with the
 * plugin off"): every root field the plugin's schema declares answers PLUGIN_INACTIVE until a
 * licence with `sla` is activated, then resolves; its entity subscriptions likewise. The table is
 * checked against the schema's SDL, so a field added without a row here fails this test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kind, parse, type DocumentNode } from 'graphql';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { slaFiguresModule } from '../../../../src/plugins/sla/figures/slaFiguresModule.js';
import { slaModule } from '../../../../src/plugins/sla/slaModule.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { connectClient, subscribe } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-04-01T08:00:00Z');
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** Each field, a document using it, and what it answers once the plugin is active ('ok': no error). */
const FIELDS: Record<string, [string, Record<string, unknown>, 'ok' | string]> = {
  slaDefinitions: ['{ slaDefinitions { id } }', {}, 'ok'],
  slaDefinition: ['query($id: ID) { slaDefinition(id: $id) { id } }', { id: NOBODY }, 'ok'],
  slaGroups: ['{ slaGroups { id } }', {}, 'ok'],
  slaGroup: ['query($n: String) { slaGroup(name: $n) { id } }', { n: 'g' }, 'ok'],
  slaIncidents: ['{ slaIncidents { id } }', {}, 'ok'],
  slaIncidentCount: ['{ slaIncidentCount }', {}, 'ok'],
  slaIncident: ['query($id: ID!) { slaIncident(id: $id) { id } }', { id: NOBODY }, 'ok'],
  slaAlerts: ['{ slaAlerts { id } }', {}, 'ok'],
  slaAlertCount: ['{ slaAlertCount }', {}, 'ok'],
  slaEventLog: ['{ slaEventLog { id } }', {}, 'ok'],
  slaEventLogCount: ['{ slaEventLogCount }', {}, 'ok'],
  createSLADefinition: ['mutation { createSLADefinition(input: {name: "gate", targetPercent: 99.9, period: MONTH}) { id } }', {}, 'ok'],
  updateSLADefinition: [
    'mutation($id: ID!) { updateSLADefinition(id: $id, input: {targetPercent: 99}) { id } }',
    { id: NOBODY },
    'NOT_FOUND',
  ],
  deleteSLADefinition: ['mutation($id: ID!) { deleteSLADefinition(id: $id) }', { id: NOBODY }, 'ok'],
  createSLATarget: [
    'mutation($id: ID!) { createSLATarget(input: {definitionId: $id, scope: TIER, scopeValue: "gold", targetPercent: 99}) { id } }',
    { id: NOBODY },
    'NOT_FOUND',
  ],
  deleteSLATarget: ['mutation($id: ID!) { deleteSLATarget(id: $id) }', { id: NOBODY }, 'ok'],
  assignSLAToService: [
    'mutation($id: ID!) { assignSLAToService(input: {definitionId: $id, slaGroup: "g"}) { id } }',
    { id: NOBODY },
    'NOT_FOUND',
  ],
  unassignSLA: ['mutation($id: ID!) { unassignSLA(id: $id) }', { id: NOBODY }, 'ok'],
  setSLAGroupTargetOverride: ['mutation { setSLAGroupTargetOverride(group: "g", uptime: 99) { id } }', {}, 'NOT_FOUND'],
  createSLAIncident: ['mutation($id: ID!) { createSLAIncident(input: {serviceId: $id, title: "t"}) { id } }', { id: NOBODY }, 'NOT_FOUND'],
  updateSLAIncident: ['mutation($id: ID!) { updateSLAIncident(id: $id, input: {title: "t"}) { id } }', { id: NOBODY }, 'NOT_FOUND'],
  acknowledgeSLAAlert: ['mutation($id: ID!) { acknowledgeSLAAlert(id: $id) { id } }', { id: NOBODY }, 'NOT_FOUND'],
  // The figures and the daily report (src/plugins/sla/figures/slaFiguresModule.ts).
  slaPeriodResults: ['query($id: ID!) { slaPeriodResults(slaDefinitionId: $id) { periodKey } }', { id: NOBODY }, 'NOT_FOUND'],
  slaSnapshotTrend: ['query($id: ID!) { slaSnapshotTrend(serviceId: $id, hoursBack: 1) { periodKey } }', { id: NOBODY }, 'NOT_FOUND'],
  slaTrendData: ['{ slaTrendData(filter: {periodType: DAILY}) { periodKey } }', {}, 'ok'],
  slaDashboardStats: ['{ slaDashboardStats { totalServices averageUptime } }', {}, 'ok'],
  'DashboardStats.slaStats': ['{ dashboardStats { totalServices slaStats { servicesWithSla } } }', {}, 'ok'],
  'SLAGroup.status': ['{ slaGroups { status } }', {}, 'ok'],
  'SLAGroup.currentUptime': ['{ slaGroups { currentUptime } }', {}, 'ok'],
  slaDailyReport: ['{ slaDailyReport { day } }', {}, 'ok'],
  slaDailyReports: ['{ slaDailyReports { day } }', {}, 'ok'],
  generateSLADailyReport: ['mutation { generateSLADailyReport { day slaCount } }', {}, 'ok'],
};

function rootFieldsOf(documents: readonly DocumentNode[]): string[] {
  const names: string[] = [];
  for (const document of documents) {
    for (const definition of document.definitions) {
      if (
        (definition.kind === Kind.OBJECT_TYPE_EXTENSION || definition.kind === Kind.OBJECT_TYPE_DEFINITION) &&
        ['Query', 'Mutation', 'Subscription'].includes(definition.name.value)
      ) {
        for (const field of definition.fields ?? []) names.push(field.name.value);
      }
      // Fields the plugin adds to other modules' types are gated too: list them here when there are any.
      if (definition.kind === Kind.OBJECT_TYPE_EXTENSION && !['Query', 'Mutation', 'Subscription'].includes(definition.name.value)) {
        for (const field of definition.fields ?? []) names.push(`${definition.name.value}.${field.name.value}`);
      }
    }
  }
  return names.sort();
}

describe('the SLA gate table covers the schema', () => {
  it("every root field (and field on another module's type) the SLA and SLA figures schemas declare has a row", () => {
    const schema = [...(slaModule.schema ?? []), ...(slaFiguresModule.schema ?? [])];
    assert.deepEqual(rootFieldsOf(schema.map((m) => parse(m.typeDefs))), Object.keys(FIELDS).sort());
  });
});

for (const backend of testBackends()) {
  describe(`the SLA plugin follows its licence (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;

    before(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    it('with the plugin off, every SLA field answers PLUGIN_INACTIVE and nothing is written', async () => {
      for (const [field, [document, variables]] of Object.entries(FIELDS)) {
        const res = await gql(t, document, variables, admin.accessToken);
        assert.deepEqual(res.codes, ['PLUGIN_INACTIVE'], `${field}: ${res.text}`);
        assert.match(res.errors![0].message, /sla plugin is not active/);
      }
      assert.equal(Number((await t.server.database.knex('sla_definitions').count({ n: '*' }))[0]!['n']), 0);
    });

    it('with the plugin off, SLA entity subscriptions answer PLUGIN_INACTIVE', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const refused = await subscribe(client, 'subscription { entityEvents(entityType: "sla", entityId: "all") { event } }').next();
      assert.equal(refused.errors[0].extensions.code, 'PLUGIN_INACTIVE', JSON.stringify(refused));
      await client.dispose();
    });

    it('once a licence with sla is activated, every SLA field resolves, with no restart', async () => {
      await activated(t, licenseToken(clock, { plugins: ['sla'] }));
      for (const [field, [document, variables, expected]] of Object.entries(FIELDS)) {
        const res = await gql(t, document, variables, admin.accessToken);
        if (expected === 'ok') assert.equal(res.errors, undefined, `${field}: ${res.text}`);
        else assert.deepEqual(res.codes, [expected], `${field}: ${res.text}`);
      }
    });
  });
}
