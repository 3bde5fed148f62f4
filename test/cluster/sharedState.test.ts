/**
 * State every instance must see the same (issue 29 item 7, docs/adr/0068): two instances in cluster mode on one
 * PostgreSQL and a NATS server. People, sessions, the licence, plugin switches and webhooks changed through one
 * instance take effect on the other within 2 s (a poke on NATS, then one read of the shared tables' log), a token
 * signed in through one works on the other at once (it reads what it does not know), and a lost poke is repaired
 * by the next periodic pass.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  BOOTSTRAP_ENV,
  gql,
  personWithRole,
  signIn,
  signInAdmin,
  type SignedIn,
} from '../support/graphql.js';
import { activated, activeNames, LICENSE_ENV, licenseInfo, licenseToken, TOGGLE } from '../support/license.js';
import { eventually } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';
import { CREATE_WEBHOOK, startReceiver, WEBHOOK, WEBHOOK_ENV } from '../support/webhooks.js';
import type { Clock } from '../../src/platform/scheduler/index.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

/** The bound: a change committed through one instance takes effect on every other within it. */
const BOUND_MS = 2000;
const ME = '{ me { id role } }';

/** Polls `accepted` until it is false; fails past the bound. Returns how long it took (ms). */
async function refusedWithin(what: string, accepted: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  await eventually(async () => ((await accepted()) ? undefined : true), what, BOUND_MS);
  return performance.now() - started;
}

const signedInOn = async (server: TestServer, person: SignedIn): Promise<boolean> => {
  const res = await gql(server, ME, undefined, person.accessToken);
  return res.errors === undefined && res.data.me?.id === person.userId;
};

describe('cluster mode: shared state across instances (postgres)', { skip }, () => {
  let cluster: TestCluster;
  let a: TestServer;
  let b: TestServer;
  let admin: SignedIn;

  before(async () => {
    cluster = await startTestCluster(databaseUrl!, { size: 2, env: { ...BOOTSTRAP_ENV, ...LICENSE_ENV, ...WEBHOOK_ENV } });
    [a, b] = cluster.instances as [TestServer, TestServer];
    await cluster.settled();
    admin = await signInAdmin(a);
  });
  after(async () => {
    await cluster?.close();
  });

  it('accepts on B, at once, a token signed in through A', async () => {
    const person = await signIn(a, ADMIN_USERNAME, ADMIN_PASSWORD);
    assert.ok(await signedInOn(b, person));
  });

  it('refuses on B within 2 s a session logged out through A', async () => {
    const person = await personWithRole(a, admin, 'USER');
    assert.ok(await signedInOn(b, person));
    const out = await gql(a, 'mutation { logout }', undefined, person.accessToken);
    assert.equal(out.errors, undefined, out.text);
    await refusedWithin('B refuses the logged-out session', () => signedInOn(b, person));
  });

  it('refuses on B within 2 s a session revoked through A, and its refresh token', async () => {
    const person = await personWithRole(a, admin, 'USER');
    assert.ok(await signedInOn(b, person));
    const revoked = await gql(a, 'mutation($s: ID!) { revokeSession(sessionId: $s) }', { s: person.sessionId }, admin.accessToken);
    assert.equal(revoked.errors, undefined, revoked.text);
    await refusedWithin('B refuses the revoked session', () => signedInOn(b, person));
    const refreshed = await gql(b, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken } }', { r: person.refreshToken });
    assert.equal(refreshed.codes[0], 'UNAUTHENTICATED', refreshed.text);
  });

  it('rotates on B a refresh token that A rotated, without taking it for a reuse', async () => {
    const person = await personWithRole(a, admin, 'USER');
    const first = await gql(a, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken refreshToken } }', {
      r: person.refreshToken,
    });
    assert.equal(first.errors, undefined, first.text);
    const second = await gql(b, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken refreshToken } }', {
      r: first.data.refreshToken.refreshToken,
    });
    assert.equal(second.errors, undefined, second.text);
    assert.ok(await signedInOn(a, { ...person, accessToken: second.data.refreshToken.accessToken }));
  });

  it('refuses on B within 2 s the token of a user deactivated through A', async () => {
    const person = await personWithRole(a, admin, 'USER');
    assert.ok(await signedInOn(b, person));
    const off = await gql(a, 'mutation($id: ID!) { deactivateUser(id: $id) { id } }', { id: person.userId }, admin.accessToken);
    assert.equal(off.errors, undefined, off.text);
    await refusedWithin('B refuses the deactivated user', () => signedInOn(b, person));
  });

  it('shows on B within 2 s a role changed through A', async () => {
    const person = await personWithRole(a, admin, 'USER');
    const changed = await gql(
      a,
      'mutation($id: ID!) { updateUser(id: $id, input: { role: OPERATOR }) { id } }',
      { id: person.userId },
      admin.accessToken,
    );
    assert.equal(changed.errors, undefined, changed.text);
    await eventually(
      async () => ((await gql(b, ME, undefined, person.accessToken)).data?.me?.role === 'OPERATOR' ? true : undefined),
      'B shows the new role',
      BOUND_MS,
    );
  });

  it('shows on B within 2 s the plugins of a licence activated through A', async () => {
    assert.deepEqual(activeNames(await licenseInfo(b)), []);
    await activated(a, licenseToken({ now: Date.now } as Clock));
    await eventually(
      async () =>
        activeNames(await licenseInfo(b))
          .sort()
          .join() === 'sla,ticketing'
          ? true
          : undefined,
      'B shows the licensed plugins active',
      BOUND_MS,
    );
  });

  it('turns a plugin off on B within 2 s when it is toggled off through A', async () => {
    await eventually(async () => (activeNames(await licenseInfo(b)).includes('sla') ? true : undefined), 'sla active on B', BOUND_MS);
    const off = await gql(a, TOGGLE, { n: 'sla', e: false }, admin.accessToken);
    assert.equal(off.errors, undefined, off.text);
    await eventually(async () => (activeNames(await licenseInfo(b)).includes('sla') ? undefined : true), 'sla inactive on B', BOUND_MS);
  });

  it('delivers from B, for a change committed on B, a webhook created through A', async () => {
    const receiver = await startReceiver();
    try {
      const created = await gql(a, CREATE_WEBHOOK, { i: { url: receiver.url, events: ['user.created'] } }, admin.accessToken);
      assert.equal(created.errors, undefined, created.text);
      const id = created.data.createWebhook.id;
      await eventually(
        async () => ((await gql(b, WEBHOOK, { id }, admin.accessToken)).data?.webhook?.id === id ? true : undefined),
        'B knows the webhook',
        BOUND_MS,
      );
      const person = await personWithRole(b, admin, 'USER');
      const [delivery] = await receiver.received(1);
      assert.equal(delivery!.json.data.user.id, person.userId);
    } finally {
      await receiver.close();
    }
  });

  it('repairs a lost poke: B, deaf to them, still refuses a logged-out session within 2 s', async () => {
    const sync = b.server.cluster!.sharedState;
    const person = await personWithRole(a, admin, 'USER');
    assert.ok(await signedInOn(b, person));
    sync.subscription!.unsubscribe();
    const pokesBefore = sync.stats.pokesReceived;
    const out = await gql(a, 'mutation { logout }', undefined, person.accessToken);
    assert.equal(out.errors, undefined, out.text);
    await refusedWithin('B refuses the logged-out session without the poke', () => signedInOn(b, person));
    assert.equal(sync.stats.pokesReceived, pokesBefore, 'B heard no poke');
  });
});
