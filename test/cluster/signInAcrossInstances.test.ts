/**
 * Sign-in state shared by instances (issue 29 item 7, docs/adr/0066): two instances on one PostgreSQL schema.
 * The sign-in throttle counts failures across both (guesses through A hold the account and address on B, and a
 * success through B resets the pair for A), and an OpenID Connect sign-in started through A finishes through B
 * (the callback and the one-time code each work once, whichever instance they reach).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BOOTSTRAP_ENV, gql, signInAdmin, type GqlResponse } from '../support/graphql.js';
import { browserSignIn, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type OidcTestProvider } from '../support/oidcProvider.js';
import { COMPLETE_SIGN_IN, createProvider, ok } from '../support/signInProviders.js';
import type { TestServer } from '../support/testServer.js';
import { sharedStore, twoInstanceSuite, type SharedStore } from '../support/twoInstances.js';

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { sessionId } }';
const CALLBACK = '/api/v1/auth/oidc/callback';
const HOUR = 3_600_000;

describe('sign-in state across two instances (postgres)', twoInstanceSuite, () => {
  const clock = createManualClock(Date.now());
  let shared: SharedStore;
  let a: TestServer;
  let b: TestServer;
  let op: OidcTestProvider;
  let provider: any;

  // 10 failures a minute per account and address (a burst of 4); addresses from X-Forwarded-For.
  const env = {
    ...BOOTSTRAP_ENV,
    SVC_TRUSTED_PROXIES: '127.0.0.1',
    SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '10',
    SVC_AUTH_LOGIN_RATE_PER_ADDRESS: '30',
  };

  before(async () => {
    shared = await sharedStore();
    a = await shared.start({ clock, env });
    // The provider exists before b starts: b loads it (replication between live instances is not this test's).
    op = await startOidcProvider(`${a.url}${CALLBACK}`, [
      { sub: 'sub-dana', preferred_username: 'dana', email: 'dana@example.org', name: 'Dana Doe', groups: [] },
    ]);
    provider = await createProvider(a, await signInAdmin(a), {
      type: 'OIDC',
      name: 'sso',
      displayName: 'Company SSO',
      enabled: true,
      oidc: {
        issuer: op.issuer,
        clientId: OIDC_CLIENT_ID,
        clientSecret: OIDC_CLIENT_SECRET,
        redirectUri: `${a.url}${CALLBACK}`,
        allowInsecureHttp: true,
        timeoutMs: 2000,
      },
    });
    b = await shared.start({ clock, env });
    clock.advance(HOUR);
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await op?.close();
    await shared?.dispose();
  });

  const login = (t: TestServer, password: string, from: string): Promise<GqlResponse> =>
    gql(t, LOGIN, { u: ADMIN_USERNAME, p: password }, undefined, { 'x-forwarded-for': from });

  it('counts failures through either instance: guesses through A hold the pair on B', async () => {
    for (let i = 0; i < 4; i += 1)
      assert.equal((await login(i % 2 === 0 ? a : b, `wrong-${i}`, '198.51.100.7')).codes[0], 'UNAUTHENTICATED');
    const held = await login(b, ADMIN_PASSWORD, '198.51.100.7');
    assert.equal(held.codes[0], 'RATE_LIMITED', held.text);
    assert.ok(held.errors![0].extensions.retryAfterSeconds >= 1);
    assert.equal((await login(a, ADMIN_PASSWORD, '198.51.100.7')).codes[0], 'RATE_LIMITED');
    // Another address is not held, on either.
    assert.equal((await login(b, ADMIN_PASSWORD, '203.0.113.9')).errors, undefined);
  });

  it('a success through B resets the pair for A', async () => {
    clock.advance(HOUR);
    for (let i = 0; i < 3; i += 1) assert.equal((await login(a, `typo-${i}`, '203.0.113.3')).codes[0], 'UNAUTHENTICATED');
    assert.equal((await login(b, ADMIN_PASSWORD, '203.0.113.3')).errors, undefined);
    for (let i = 0; i < 4; i += 1) assert.equal((await login(a, `typo-again-${i}`, '203.0.113.3')).codes[0], 'UNAUTHENTICATED');
    assert.equal((await login(b, 'typo-last', '203.0.113.3')).codes[0], 'RATE_LIMITED');
  });

  it('finishes an OpenID Connect sign-in started through A through B, and its callback and code work once', async () => {
    const { callbackUrl, cookie } = await browserSignIn(`${a.url}${provider.startUrl}`, 'sub-dana', `${a.url}${CALLBACK}`);
    // The load balancer sends the callback to b.
    const onB = callbackUrl.replace(a.url, b.url);
    const back = await fetch(onB, { redirect: 'manual', headers: { cookie } });
    const body = JSON.parse(await back.text());
    assert.equal(back.status, 200, JSON.stringify(body));
    // The same callback again, through a: its state was used.
    const replay = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie } });
    assert.equal(replay.status, 400, await replay.text());
    // The one-time code gives the product's tokens once. Exchanged through b: the user dana was created by b's
    // callback, and a live a learns of new users only by replication (not this test's).
    const done = ok(await gql(b, COMPLETE_SIGN_IN, { t: body.signInCode })).completeProviderSignIn;
    assert.ok(done.accessToken);
    assert.equal((await gql(b, COMPLETE_SIGN_IN, { t: body.signInCode })).codes[0], 'UNAUTHENTICATED');
    assert.equal((await gql(a, COMPLETE_SIGN_IN, { t: body.signInCode })).codes[0], 'UNAUTHENTICATED');
  });
});
