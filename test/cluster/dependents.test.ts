/**
 * A service and its dependents across shards (docs/cluster.md "Commands that touch several entities"): the
 * dependency and the dependent are in shards of two different instances. A status change of the dependency,
 * pushed through the instance that owns neither, is committed by the dependency's owner, and every instance
 * (the dependent's owner included) then shows it through the dependent (`dependencies { targetService { status } }`)
 * and the dependent through the dependency (`dependents`). Deleting the dependency names its dependents too: owned
 * by several instances, it is refused whole with 503 and `Retry-After`, and nothing changes. Runs only with
 * SVC_TEST_DATABASE_URL (cluster mode needs PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/dependents';
const push = (instance: TestServer, service: string, status: string) =>
  instance.call('POST', '/api/v1/health/report', { service, nodeId: NODE, status, message: `now ${status}` });

const SEEN = `query($id: ID!) { service(id: $id) { status dependencies { targetService { id status } } dependents { sourceService { id } } } }`;

describe('cluster mode: a service and its dependents on different owners', { skip }, () => {
  let cluster: TestCluster;
  let admin: SignedIn;
  /** The dependency, the dependent, and the instance that owns neither. */
  let dependency: { name: string; id: string; owner: TestServer };
  let dependent: { name: string; id: string; owner: TestServer };
  let neither: TestServer;

  before(async () => {
    cluster = await startTestCluster(databaseUrl!, {
      env: BOOTSTRAP_ENV,
      afterFirst: async (first) => void (admin = await signInAdmin(first)),
    });
    await cluster.settled();
    const ownerOf = (name: string) => cluster.ownerOfKey(serviceShardKey(NODE, name))!;
    // Names whose shards three different instances own: placement is fixed, so a few tries find them.
    const names = Array.from({ length: 64 }, (_, i) => `dep-${i}`);
    const dependencyName = names[0]!;
    const dependentName = names.find((name) => ownerOf(name) !== ownerOf(dependencyName))!;
    assert.ok(dependentName, 'two names on two owners');
    neither = cluster.instances.find((i) => i !== ownerOf(dependencyName) && i !== ownerOf(dependentName))!;
    for (const name of [dependencyName, dependentName]) assert.equal((await push(neither, name, 'OPERATIONAL')).status, 200);
    const idOf = async (name: string) => (await ownerOf(name).serviceRow(NODE, name)).id as string;
    dependency = { name: dependencyName, id: await idOf(dependencyName), owner: ownerOf(dependencyName) };
    dependent = { name: dependentName, id: await idOf(dependentName), owner: ownerOf(dependentName) };
    // The dependent declares the dependency: a change of the dependent only, through the instance that owns neither.
    const declared = await gql(
      neither,
      'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }',
      { id: dependent.id, i: { dependencies: [{ targetServiceId: dependency.id, dependencyType: 'data' }] } },
      admin.accessToken,
    );
    assert.equal(declared.errors, undefined, declared.text);
  });
  after(async () => {
    await cluster?.close();
  });

  const seenOn = async (instance: TestServer, id: string) => {
    const answer = await gql(instance, SEEN, { id }, admin.accessToken);
    assert.equal(answer.errors, undefined, answer.text);
    return answer.data.service;
  };

  it("shows a status change of the dependency through the dependent on every instance, the dependent's owner included", async () => {
    assert.notEqual(dependency.owner, dependent.owner);
    const pushed = await push(neither, dependency.name, 'DOWN');
    assert.equal(pushed.status, 200, pushed.text);
    for (const instance of cluster.instances) {
      const who = instance.server.cluster!.instanceId;
      await eventually(async () => {
        const seen = await seenOn(instance, dependent.id);
        return seen.dependencies[0]?.targetService.status === 'DOWN' ? seen : undefined;
      }, `${who} shows the dependency DOWN through the dependent`);
      const seen = await seenOn(instance, dependency.id);
      assert.deepEqual(seen.dependents, [{ sourceService: { id: dependent.id } }], `${who}: the dependency names its dependent`);
      assert.deepEqual(
        (await seenOn(instance, dependent.id)).dependencies,
        [{ targetService: { id: dependency.id, status: 'DOWN' } }],
        `${who}: the dependent's own record is unchanged`,
      );
    }
  });

  it('refuses the deletion of a dependency whose dependent another instance owns, whole, with 503 and Retry-After', async () => {
    for (const through of cluster.instances) {
      const refused = await gql(through, 'mutation($id: ID!) { deleteService(id: $id) }', { id: dependency.id }, admin.accessToken);
      assert.equal(refused.status, 503, `through ${through.server.cluster!.instanceId}: ${refused.text}`);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.match(String(refused.errors?.[0]?.message), /owned by 2 different instances/);
    }
    for (const instance of cluster.instances) {
      assert.equal((await seenOn(instance, dependency.id))?.status, 'DOWN', 'the dependency is still there');
      assert.equal((await seenOn(instance, dependent.id)).dependencies.length, 1, 'the dependent still names it');
    }
  });
});
