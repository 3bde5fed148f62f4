/**
 * Environments limit every count, list and figure of services, not only the services queries
 * (docs/access.md "Environments"): a person whose group is granted `eu/prod` and not `us/prod` does
 * not count, find or hear of what lies in `us/prod` — dashboard figures, node counts and status
 * summaries, agents, search, SLA incidents, alerts, windows, group members, period results, trend
 * data, report rows and SLA entity events; an admin sees everything; with no environment, everyone
 * sees what they saw before. Aggregates cached for one person are never served to another.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { ASSIGN, createdDefinition, okGql, startSlaServer } from '../../../support/sla.js';
import type { TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-05-12T08:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PLACES = { pay: 'eu/prod/k8s', shop: 'us/prod/k8s', lab: 'eu/lab' } as const;
type Name = keyof typeof PLACES;

const COUNTS = `{
  dashboardStats { totalServices slaStats { totalServices } }
  eu: operationsNode(id: "eu") { serviceCount statusSummary { down total } }
  us: operationsNode(id: "us") { serviceCount statusSummary { down total } agent { nodeId } }
  usProd: operationsNode(id: "us/prod/k8s") { serviceCount agent { nodeId } }
  roots: operationsRootNodes { id serviceCount }
  nodes: operationsNodes(depth: 1) { id serviceCount }
  agents { nodeId }
  globalSearch(query: "svc-") { services { name } totalCount }
  quickSearch(query: "svc-") { type title }
}`;
const SLA = `query($d: ID!) {
  slaIncidents { service { name } } slaIncidentCount
  slaAlerts(filter: { kinds: [BACKUP_OVERDUE] }) { service { name } } slaAlertCount(filter: { kinds: [BACKUP_OVERDUE] })
  slaExclusionWindows { service { name } } slaExclusionWindowCount
  slaGroup(name: "web") { services { serviceName } status }
  slaPeriodResults(slaDefinitionId: $d, limit: 1) { serviceCount services { service { name } } }
  slaDashboardStats { totalServices }
  slaEventLog(filter: { kinds: [INCIDENT_OPENED] }) { serviceId }
}`;

for (const backend of testBackends()) {
  describe(`policy: environments limit counts, lists and figures everywhere (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let member: SignedIn & { username: string; password: string };
    let outsider: SignedIn & { username: string; password: string };
    let groupId: string;
    let definitionId: string;
    const ids = {} as Record<Name, string>;

    const names = (items: { service?: { name: string } | null; name?: string; serviceName?: string }[]) =>
      items
        .map((i) => i.serviceName ?? i.name ?? i.service?.name ?? '?')
        .map((n) => n.replace('svc-', ''))
        .sort();
    const counts = async (who: SignedIn) => await okGql(t, who.accessToken, COUNTS);
    const sla = async (who: SignedIn) => await okGql(t, who.accessToken, SLA, { d: definitionId });
    /** Product time passes; people sign in again (access tokens live 15 minutes of it). */
    const refresh = async () => {
      admin = await signInAdmin(t);
      member = { ...member, ...(await signIn(t, member.username, member.password)) };
      outsider = { ...outsider, ...(await signIn(t, outsider.username, outsider.password)) };
    };

    before(async () => {
      ({ t, admin } = await startSlaServer(backend, clock));
      member = await personWithRole(t, admin, 'OPERATOR');
      outsider = await personWithRole(t, admin, 'USER');
      groupId = (await okGql(t, admin.accessToken, 'mutation { createGroup(input: { name: "team-a" }) { id } }')).createGroup.id;
      await okGql(t, admin.accessToken, 'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', {
        g: groupId,
        u: member.userId,
      });
      for (const [name, nodeId] of Object.entries(PLACES) as [Name, string][]) {
        const res = await t.call('POST', '/api/v1/operator/register', {
          name: `svc-${name}`,
          nodeId,
          slaGroup: 'web',
          operations: { backup: { expected: true, maxAgeDays: 1 } },
        });
        assert.ok(res.status === 201 || res.status === 200, res.text);
        ids[name] = res.json.service.id;
        assert.equal((await t.call('POST', '/api/v1/operator/heartbeat', { nodeId, version: '2.0.0' })).status, 200);
      }
      assert.equal(
        (await t.call('POST', '/api/v1/operator/status', { nodeId: PLACES.lab, slaGroups: [{ name: 'web', targets: { uptime: 99.9 } }] }))
          .status,
        200,
      );
      definitionId = await createdDefinition(t, admin.accessToken);
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId, slaGroup: 'web' } });
      await clock.advanceAsync(HOUR);
      // pay and shop go DOWN (an automatic incident each) and get a maintenance window; lab stays up.
      for (const name of ['pay', 'shop'] as const) {
        const res = await t.call('POST', '/api/v1/health/report', { service: `svc-${name}`, nodeId: PLACES[name], status: 'DOWN' });
        assert.equal(res.status, 200, res.text);
      }
      await clock.advanceAsync(HOUR);
      await refresh();
      for (const name of ['pay', 'shop'] as const)
        await okGql(t, admin.accessToken, 'mutation($i: CreateExclusionWindowInput!) { createExclusionWindow(input: $i) { id } }', {
          i: { serviceId: ids[name], reason: name },
        });
      // No backup for a day: every service's BACKUP_OVERDUE is raised.
      await clock.advanceAsync(DAY);
      await refresh();
    });
    after(() => t.close());

    it('without environments a group member and a user count, find and list every service, as before', async () => {
      for (const who of [member, outsider]) {
        const c = await counts(who);
        assert.equal(c.dashboardStats.totalServices, 3);
        assert.equal(c.dashboardStats.slaStats.totalServices, 3);
        assert.deepEqual(c.us, { serviceCount: 1, statusSummary: { down: 0, total: 1 }, agent: null });
        assert.equal(c.eu.serviceCount, 2);
        assert.deepEqual(
          c.agents.map((a: any) => a.nodeId),
          ['eu/lab', 'eu/prod/k8s', 'us/prod/k8s'],
        );
        assert.deepEqual(names(c.globalSearch.services), ['lab', 'pay', 'shop']);
        const s = await sla(who);
        assert.deepEqual([names(s.slaIncidents), s.slaIncidentCount], [['pay', 'shop'], 2]);
        assert.deepEqual([names(s.slaAlerts), s.slaAlertCount], [['lab', 'pay', 'shop'], 3]);
        assert.deepEqual([names(s.slaExclusionWindows), s.slaExclusionWindowCount], [['pay', 'shop'], 2]);
        assert.deepEqual(names(s.slaGroup.services), ['lab', 'pay', 'shop']);
        assert.equal(s.slaPeriodResults[0].serviceCount, 3);
        assert.equal(s.slaDashboardStats.totalServices, 3);
        assert.equal(s.slaEventLog.length, 2);
      }
    });

    it('with eu/prod granted to their group and us/prod not, a member counts, finds and lists nothing of us/prod', async () => {
      const eu = (
        await okGql(t, admin.accessToken, 'mutation { createEnvironment(input: { name: "eu-prod", paths: ["eu/prod"] }) { id } }')
      ).createEnvironment.id;
      await okGql(t, admin.accessToken, 'mutation { createEnvironment(input: { name: "us-prod", paths: ["us/prod"] }) { id } }');
      await okGql(
        t,
        admin.accessToken,
        'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: READ) { level } }',
        { g: groupId, e: eu },
      );
      // The admin asks first: their figures are cached, and must not be what the member gets.
      assert.equal((await counts(admin)).dashboardStats.totalServices, 3);
      const c = await counts(member);
      assert.equal(c.dashboardStats.totalServices, 2);
      assert.equal(c.dashboardStats.slaStats.totalServices, 2);
      assert.deepEqual(c.us, { serviceCount: 0, statusSummary: { down: 0, total: 0 }, agent: null });
      assert.deepEqual(c.usProd, { serviceCount: 0, agent: null });
      assert.deepEqual(c.eu, { serviceCount: 2, statusSummary: { down: 0, total: 2 } });
      assert.deepEqual(Object.fromEntries(c.roots.map((n: any) => [n.id, n.serviceCount])), { eu: 2, us: 0 });
      assert.deepEqual(Object.fromEntries(c.nodes.map((n: any) => [n.id, n.serviceCount])), { eu: 2, us: 0 });
      assert.deepEqual(
        c.agents.map((a: any) => a.nodeId),
        ['eu/lab', 'eu/prod/k8s'],
      );
      assert.deepEqual(names(c.globalSearch.services), ['lab', 'pay']);
      assert.ok(!c.quickSearch.some((h: any) => h.type === 'SERVICE' && h.title === 'svc-shop'), JSON.stringify(c.quickSearch));

      const s = await sla(member);
      assert.deepEqual([names(s.slaIncidents), s.slaIncidentCount], [['pay'], 1]);
      assert.deepEqual([names(s.slaAlerts), s.slaAlertCount], [['lab', 'pay'], 2]);
      assert.deepEqual([names(s.slaExclusionWindows), s.slaExclusionWindowCount], [['pay'], 1]);
      assert.deepEqual(names(s.slaGroup.services), ['lab', 'pay']);
      assert.deepEqual([s.slaPeriodResults[0].serviceCount, names(s.slaPeriodResults[0].services)], [2, ['lab', 'pay']]);
      assert.equal(s.slaDashboardStats.totalServices, 2);
      assert.deepEqual(
        s.slaEventLog.map((e: any) => e.serviceId),
        [ids.pay],
      );
      const trend = await gql(
        t,
        'query($s: ID!) { slaTrendData(filter: { periodType: DAILY, serviceId: $s }) { actualValue } }',
        { s: ids.shop },
        member.accessToken,
      );
      assert.deepEqual(trend.codes, ['NOT_FOUND'], 'a service outside their environments is as unknown as a missing one');
      const snapshot = await gql(t, 'query($s: ID!) { slaSnapshotTrend(serviceId: $s) { status } }', { s: ids.shop }, member.accessToken);
      assert.deepEqual(snapshot.codes, ['NOT_FOUND']);
    });

    it('a user in no granted group sees only what lies in no environment', async () => {
      const c = await counts(outsider);
      assert.equal(c.dashboardStats.totalServices, 1);
      assert.deepEqual(
        c.agents.map((a: any) => a.nodeId),
        ['eu/lab'],
      );
      const s = await sla(outsider);
      assert.deepEqual(
        [names(s.slaIncidents), names(s.slaAlerts), names(s.slaExclusionWindows), names(s.slaGroup.services)],
        [[], ['lab'], [], ['lab']],
      );
      assert.equal(s.slaPeriodResults[0].serviceCount, 1);
    });

    it('an admin still counts, finds and lists every service', async () => {
      const c = await counts(admin);
      assert.equal(c.dashboardStats.totalServices, 3);
      assert.equal(c.dashboardStats.slaStats.totalServices, 3);
      assert.deepEqual(c.us, { serviceCount: 1, statusSummary: { down: 0, total: 1 }, agent: null });
      assert.deepEqual(c.usProd, { serviceCount: 1, agent: { nodeId: 'us/prod/k8s' } });
      assert.equal(c.agents.length, 3);
      assert.deepEqual(names(c.globalSearch.services), ['lab', 'pay', 'shop']);
      const s = await sla(admin);
      assert.deepEqual(
        [s.slaIncidentCount, s.slaAlertCount, s.slaExclusionWindowCount, s.slaGroup.services.length, s.slaPeriodResults[0].serviceCount],
        [2, 3, 2, 3, 3],
      );
    });

    it("a service's dependencies and dependents outside the member's environments are not shown", async () => {
      const deps = 'query($id: ID!) { service(id: $id) { dependencies { targetService { name } } dependents { sourceService { name } } } }';
      await okGql(t, admin.accessToken, 'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }', {
        id: ids.lab,
        i: {
          dependencies: [
            { targetServiceId: ids.shop, dependencyType: 'data' },
            { targetServiceId: ids.pay, dependencyType: 'data' },
          ],
        },
      });
      const { service } = await okGql(t, member.accessToken, deps, { id: ids.lab });
      assert.deepEqual(
        service.dependencies.map((d: any) => d.targetService.name),
        ['svc-pay'],
      );
      assert.equal((await okGql(t, admin.accessToken, deps, { id: ids.lab })).service.dependencies.length, 2);
      assert.deepEqual((await okGql(t, outsider.accessToken, deps, { id: ids.lab })).service.dependencies, []);
      assert.deepEqual(
        (await okGql(t, member.accessToken, deps, { id: ids.pay })).service.dependents.map((d: any) => d.sourceService.name),
        ['svc-lab'],
      );
    });

    it('a member may not record an incident or open a window on a service outside their environments', async () => {
      const incident = await gql(
        t,
        'mutation($i: CreateSLAIncidentInput!) { createSLAIncident(input: $i) { id } }',
        { i: { serviceId: ids.shop, title: 'x' } },
        member.accessToken,
      );
      assert.deepEqual(incident.codes, ['FORBIDDEN'], incident.text);
      const window = await gql(
        t,
        'mutation($i: CreateExclusionWindowInput!) { createExclusionWindow(input: $i) { id } }',
        { i: { serviceId: ids.lab } },
        outsider.accessToken,
      );
      assert.deepEqual(window.codes, ['FORBIDDEN'], 'a user may not open windows anywhere (role table)');
      const refused = await gql(
        t,
        'mutation($i: CreateExclusionWindowInput!) { createExclusionWindow(input: $i) { id } }',
        { i: { serviceId: ids.shop } },
        member.accessToken,
      );
      assert.deepEqual(refused.codes, ['FORBIDDEN'], refused.text);
    });

    it('an incident, alert or window of a service outside their environments is as absent as a missing one to a member who writes by its id; in no environment they may', async () => {
      const records = await okGql(
        t,
        admin.accessToken,
        '{ slaIncidents { id service { name } } slaAlerts(filter: { kinds: [BACKUP_OVERDUE] }) { id service { name } } slaExclusionWindows { id service { name } } }',
      );
      const idOf = (list: any[], name: Name) => list.find((r) => r.service?.name === `svc-${name}`).id as string;
      const tries = [
        {
          name: 'updateSLAIncident',
          document: 'mutation($id: ID!) { updateSLAIncident(id: $id, input: { title: "renamed" }) { id } }',
          id: idOf(records.slaIncidents, 'shop'),
        },
        {
          name: 'acknowledgeSLAAlert',
          document: 'mutation($id: ID!) { acknowledgeSLAAlert(id: $id) { id } }',
          id: idOf(records.slaAlerts, 'shop'),
        },
        {
          name: 'stopExclusionWindow',
          document: 'mutation($id: ID!) { stopExclusionWindow(id: $id) { id } }',
          id: idOf(records.slaExclusionWindows, 'shop'),
        },
        {
          name: 'deleteExclusionWindow',
          document: 'mutation($id: ID!) { deleteExclusionWindow(id: $id) }',
          id: idOf(records.slaExclusionWindows, 'shop'),
        },
      ];
      for (const attempt of tries) {
        const res = await gql(t, attempt.document, { id: attempt.id }, member.accessToken);
        assert.deepEqual(res.codes, ['NOT_FOUND'], `${attempt.name}: ${res.text}`);
      }
      const unchanged = await okGql(
        t,
        admin.accessToken,
        '{ slaExclusionWindowCount slaAlerts(filter: { kinds: [BACKUP_OVERDUE] }) { service { name } acknowledgedAt } }',
      );
      assert.equal(unchanged.slaExclusionWindowCount, 2, 'no window was stopped or deleted');
      assert.ok(
        unchanged.slaAlerts.every((a: any) => a.acknowledgedAt === null),
        'no alert was acknowledged',
      );
      const lab = await gql(
        t,
        'mutation($id: ID!) { acknowledgeSLAAlert(id: $id) { id } }',
        { id: idOf(records.slaAlerts, 'lab') },
        member.accessToken,
      );
      assert.equal(lab.errors, undefined, `lab lies in no environment: ${lab.text}`);
    });

    it('SLA incidents and alerts of us/prod never reach a member subscribed to every SLA event; those of eu/prod do', async () => {
      const client = connectClient(t, { token: member.accessToken });
      try {
        const feed = subscribe(client, 'subscription { entityEvents(entityType: "sla", entityId: "all") { event data } }');
        await waitForSubscribers(t, 'entity:sla:all', 1);
        const refused = subscribe(client, 'subscription($id: ID!) { entityEvents(entityType: "sla-service", entityId: $id) { event } }', {
          id: ids.shop,
        });
        assert.equal((await refused.next()).errors[0].extensions.code, 'FORBIDDEN');
        await okGql(t, admin.accessToken, 'mutation($i: CreateSLAIncidentInput!) { createSLAIncident(input: $i) { id } }', {
          i: { serviceId: ids.shop, title: 'us outage' },
        });
        await okGql(t, admin.accessToken, 'mutation($i: CreateSLAIncidentInput!) { createSLAIncident(input: $i) { id } }', {
          i: { serviceId: ids.pay, title: 'eu outage' },
        });
        const { entityEvents } = await feed.data();
        assert.equal(JSON.parse(entityEvents.data).incident.title, 'eu outage', 'the us/prod incident never arrives');
      } finally {
        await client.dispose();
      }
    });

    it('the daily report shows a member rows pooled over the services they may see', async () => {
      await okGql(t, admin.accessToken, 'mutation { generateSLADailyReport { day } }');
      const rows = async (who: SignedIn) =>
        (await okGql(t, who.accessToken, '{ slaDailyReport { rows { serviceCount } } }')).slaDailyReport.rows.map(
          (r: any) => r.serviceCount,
        );
      assert.deepEqual(await rows(admin), [3]);
      assert.deepEqual(await rows(member), [2]);
      assert.deepEqual(await rows(outsider), [1]);
    });

    it('deleting the environments restores every count at once', async () => {
      const envs = (await okGql(t, admin.accessToken, '{ environments { id } }')).environments;
      for (const e of envs) await okGql(t, admin.accessToken, 'mutation($e: ID!) { deleteEnvironment(id: $e) }', { e: e.id });
      for (const who of [member, outsider]) {
        const c = await counts(who);
        assert.equal(c.dashboardStats.totalServices, 3);
        assert.equal(c.agents.length, 3);
        assert.equal((await sla(who)).slaIncidentCount, 4);
      }
    });
  });
}
