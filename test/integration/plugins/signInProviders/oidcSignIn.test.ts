/**
 * OpenID Connect sign-in against a real provider (the `oidc-provider` package in this process on a
 * free port; test/support/oidcProvider.ts), the browser played with plain HTTP requests: the
 * authorization code flow with PKCE ending in the product's tokens through a one-time code, state
 * and nonce checked (a forged, replayed, expired state or a tampered nonce is refused), claims and
 * the groups claim mapped at every sign-in, testAuthProvider's DISCOVERY step, and no secret in any
 * answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BOOTSTRAP_ENV, gql, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import {
  browserSignIn,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
  type OidcTestProvider,
} from '../../../support/oidcProvider.js';
import {
  assertNoSecret,
  COMPLETE_SIGN_IN,
  createProvider,
  LIST_PROVIDERS,
  ME,
  newGroup,
  ok,
  TEST_PROVIDER,
} from '../../../support/signInProviders.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const CALLBACK = '/api/v1/auth/oidc/callback';

for (const backend of testBackends()) {
  describe(`OpenID Connect sign-in against oidc-provider (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let op: OidcTestProvider;
    let admin: SignedIn;
    let corp: any;
    const answers: string[] = [];
    let n = 0;

    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      op = await startOidcProvider(`${t.url}${CALLBACK}`, [
        { sub: 'sub-dana', preferred_username: 'dana', email: 'dana@example.org', name: 'Dana Doe', groups: ['platform-admins', 'sre'] },
        { sub: 'sub-eve', preferred_username: 'eve', email: 'eve@example.org', name: 'Eve Evans', groups: [] },
        { sub: 'sub-frank', preferred_username: 'frank', email: 'frank@example.org', name: 'Frank Fox', groups: [] },
        { sub: 'sub-admin', preferred_username: ADMIN_USERNAME, email: 'other-admin@example.org', name: 'Not The Admin', groups: [] },
      ]);
      admin = await signInAdmin(t);
      corp = await provider();
    });
    after(async () => {
      await t?.close();
      await op?.close();
    });

    function oidcInput(extra: Record<string, unknown> = {}) {
      return {
        type: 'OIDC',
        name: `sso-${++n}`,
        displayName: 'Company SSO',
        enabled: true,
        oidc: {
          issuer: op.issuer,
          clientId: OIDC_CLIENT_ID,
          clientSecret: OIDC_CLIENT_SECRET,
          redirectUri: `${t.url}${CALLBACK}`,
          allowInsecureHttp: true,
          timeoutMs: 2000,
          ...extra,
        },
      };
    }
    async function provider(extra: Record<string, unknown> = {}) {
      const created = await createProvider(t, admin, oidcInput(extra));
      answers.push(JSON.stringify(created));
      return created;
    }
    const adminGql = async (query: string, variables?: Record<string, unknown>) => {
      const res = await gql(t, query, variables, admin.accessToken);
      answers.push(res.text);
      return res;
    };
    const browse = (p: any, login: string, tamper?: (u: URL) => void) =>
      browserSignIn(`${t.url}${p.startUrl}`, login, `${t.url}${CALLBACK}`, tamper ? { tamper } : {});
    const callback = async (url: string, cookie?: string) => {
      const res = await fetch(url, { redirect: 'manual', ...(cookie !== undefined ? { headers: { cookie } } : {}) });
      const text = await res.text();
      answers.push(text);
      return {
        status: res.status,
        location: res.headers.get('location'),
        json: text ? JSON.parse(text) : undefined,
        cacheControl: res.headers.get('cache-control'),
      };
    };
    const complete = async (code: string) => {
      const res = await gql(t, COMPLETE_SIGN_IN, { t: code });
      answers.push(res.text);
      return res;
    };
    async function signInAs(p: any, login: string) {
      const { callbackUrl, cookie } = await browse(p, login);
      const back = await callback(callbackUrl, cookie);
      assert.equal(back.status, 200, JSON.stringify(back.json));
      return ok(await complete(back.json.signInCode)).completeProviderSignIn;
    }

    it('the provider is listed publicly with where to start, and its client secret is never in an answer', async () => {
      assert.equal(corp.hasSecret, true);
      assert.equal(corp.startUrl, `/api/v1/auth/oidc/start?provider=${corp.id}`);
      const res = await call(t.url, 'GET', '/api/v1/auth/providers');
      answers.push(res.text);
      const listed = res.json.providers.find((p: { id: string }) => p.id === corp.id);
      assert.deepEqual(listed, {
        id: corp.id,
        type: 'oidc',
        name: 'Company SSO',
        enabled: true,
        loginMethod: 'redirect',
        startUrl: corp.startUrl,
      });
      const row = await t.server.database.knex('auth_providers').where({ id: corp.id }).first();
      assert.ok(!JSON.stringify(row).includes(OIDC_CLIENT_SECRET));
    });

    it('the full flow: start redirects with state, nonce and an S256 code challenge; the callback hands over a one-time code; the code gives the product tokens', async () => {
      const { callbackUrl, authorizationUrl, cookie } = await browse(corp, 'sub-dana');
      for (const param of ['state', 'nonce', 'code_challenge']) assert.ok(authorizationUrl.searchParams.get(param), param);
      assert.equal(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
      assert.equal(authorizationUrl.searchParams.get('redirect_uri'), `${t.url}${CALLBACK}`);
      assert.match(cookie, /^svc_oidc_binding=/);
      const back = await callback(callbackUrl, cookie);
      assert.equal(back.status, 200, JSON.stringify(back.json));
      assert.equal(back.cacheControl, 'no-store');
      assert.deepEqual(Object.keys(back.json).sort(), ['expiresAt', 'signInCode'], 'no token in the callback answer');
      const signedIn = ok(await complete(back.json.signInCode)).completeProviderSignIn;
      assert.deepEqual(
        [signedIn.user.username, signedIn.user.email, signedIn.user.displayName, signedIn.user.authSource],
        ['dana', 'dana@example.org', 'Dana Doe', 'OIDC'],
      );
      const self = ok(await gql(t, ME, undefined, signedIn.accessToken)).me;
      assert.equal(self.authProvider, null, "the provider's settings are for admins");
      const seen = ok(
        await gql(t, 'query($id: ID!) { user(id: $id) { authSource authProvider { id } } }', { id: self.id }, admin.accessToken),
      ).user;
      assert.deepEqual(seen, { authSource: 'OIDC', authProvider: { id: corp.id } });
      const again = await complete(back.json.signInCode);
      assert.deepEqual(again.codes, ['UNAUTHENTICATED'], 'a sign-in code works once');
      assert.equal((await signInAs(corp, 'sub-dana')).user.id, signedIn.user.id, 'the same person is the same user next time');
    });

    it('with a post-login page the callback redirects there with the code in the fragment, never a token', async () => {
      const p = await provider({ postLoginRedirectUri: 'https://console.example.org/signed-in' });
      // frank signs in through this provider only: a person is one user, from one provider.
      const { callbackUrl, cookie } = await browse(p, 'sub-frank');
      const back = await callback(callbackUrl, cookie);
      assert.equal(back.status, 302);
      const location = new URL(back.location!);
      assert.equal(`${location.origin}${location.pathname}`, 'https://console.example.org/signed-in');
      assert.equal(location.search, '');
      const code = new URLSearchParams(location.hash.slice(1)).get('signInCode')!;
      assert.ok(!back.location!.includes('eyJ'), 'no JWT in the URL');
      assert.equal(ok(await complete(code)).completeProviderSignIn.user.username, 'frank');
      const forged = await callback(`${t.url}${CALLBACK}?state=forged&code=x`);
      assert.equal(forged.status, 400, 'an unknown state names no provider, so there is no page to send the browser to');
    });

    it('a forged state is refused', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve');
      const forged = new URL(callbackUrl);
      forged.searchParams.set('state', 'forged-state-value');
      const res = await callback(forged.href, cookie);
      assert.equal(res.status, 400);
      assert.match(res.json.error, /unknown or expired/);
    });

    it('a state is used once: replaying the callback is refused', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve');
      assert.equal((await callback(callbackUrl, cookie)).status, 200);
      const replay = await callback(callbackUrl, cookie);
      assert.equal(replay.status, 400);
    });

    it('a state older than ten minutes (scheduler clock) is refused', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve');
      clock.advance(10 * 60_000 + 1);
      const res = await callback(callbackUrl, cookie);
      assert.equal(res.status, 400);
      assert.match(res.json.error, /older than 10 minutes/);
    });

    it('a nonce changed on the way to the provider is refused at the callback', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve', (url) => url.searchParams.set('nonce', 'attacker-chosen-nonce'));
      const res = await callback(callbackUrl, cookie);
      assert.equal(res.status, 401, JSON.stringify(res.json));
      assert.match(res.json.error, /nonce/);
    });

    it('a code taken to another sign-in (wrong PKCE verifier) is refused', async () => {
      const first = await browse(corp, 'sub-eve');
      const second = await browse(corp, 'sub-eve');
      const mixed = new URL(second.callbackUrl);
      mixed.searchParams.set('code', new URL(first.callbackUrl).searchParams.get('code')!);
      const res = await callback(mixed.href, second.cookie);
      assert.equal(res.status, 401, JSON.stringify(res.json));
    });

    it("a callback from another browser (without the sign-in's cookie) is refused: nobody can sign someone else's browser in as themselves", async () => {
      const victim = await browse(corp, 'sub-eve');
      for (const cookie of [undefined, victim.cookie]) {
        const attacker = await browse(corp, 'sub-eve');
        const res = await callback(attacker.callbackUrl, cookie);
        assert.equal(res.status, 400, JSON.stringify(res.json));
        assert.match(res.json.error, /another browser/);
      }
    });

    it("the provider's refusal is reported by its error code only", async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve');
      const refused = new URL(callbackUrl);
      refused.searchParams.delete('code');
      refused.searchParams.set('error', 'access_denied');
      refused.searchParams.set('error_description', 'Call +1-555-0100 to restore your account');
      const res = await callback(refused.href, cookie);
      assert.equal(res.status, 401);
      assert.equal(res.json.error, 'Company SSO refused the sign-in (access_denied)');
    });

    it('a sign-in code older than a minute is refused', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-eve');
      const back = await callback(callbackUrl, cookie);
      clock.advance(60_001);
      assert.deepEqual((await complete(back.json.signInCode)).codes, ['UNAUTHENTICATED']);
    });

    it('the groups claim is mapped at every sign-in: a person who leaves the group loses its role and group', async () => {
      const sre = await newGroup(t, admin, 'sre-team');
      ok(
        await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
          i: { providerId: corp.id, externalGroup: 'platform-admins', role: 'ADMIN' },
        }),
      );
      ok(
        await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
          i: { providerId: corp.id, externalGroup: 'sre', groupId: sre },
        }),
      );
      const first = await signInAs(corp, 'sub-dana');
      assert.equal(first.user.role, 'ADMIN');
      assert.deepEqual(
        ok(await gql(t, ME, undefined, first.accessToken)).me.groups.map((g: { name: string }) => g.name),
        ['sre-team'],
      );
      op.accounts.get('sub-dana')!.groups = [];
      const second = await signInAs(corp, 'sub-dana');
      assert.equal(second.user.role, 'USER');
      assert.deepEqual(ok(await gql(t, ME, undefined, second.accessToken)).me.groups, []);
    });

    it('a person whose username a local account holds is refused at the callback', async () => {
      const { callbackUrl, cookie } = await browse(corp, 'sub-admin');
      const res = await callback(callbackUrl, cookie);
      assert.equal(res.status, 409);
      assert.match(res.json.error, /already belongs to a local account/);
    });

    it('testAuthProvider reads the discovery document, and names DISCOVERY or CONNECTION when that fails', async () => {
      const good = ok(await adminGql(TEST_PROVIDER, { id: corp.id })).testAuthProvider;
      assert.equal(good.success, true, JSON.stringify(good));
      assert.deepEqual(
        good.steps.map((s: { step: string }) => s.step),
        ['CONNECTION', 'DISCOVERY'],
      );
      const notAnIssuer = await provider({ issuer: t.url });
      assert.equal(ok(await adminGql(TEST_PROVIDER, { id: notAnIssuer.id })).testAuthProvider.failedStep, 'DISCOVERY');
      const nothing = await provider({ issuer: 'http://127.0.0.1:1' });
      assert.equal(ok(await adminGql(TEST_PROVIDER, { id: nothing.id })).testAuthProvider.failedStep, 'CONNECTION');
      const start = await call(t.url, 'GET', `/api/v1/auth/oidc/start?provider=${nothing.id}`);
      answers.push(start.text);
      assert.equal(start.status, 503);
      assert.match(start.json.error, /Company SSO is not available right now .*local account/);
      assert.equal((await signIn(t, ADMIN_USERNAME, ADMIN_PASSWORD)).accessToken.length > 0, true, 'local admins still sign in');
    });

    it('an http issuer needs allowInsecureHttp, and start needs a known enabled provider', async () => {
      const res = await adminGql('mutation($i: CreateAuthProviderInput!) { createAuthProvider(input: $i) { id } }', {
        i: oidcInput({ allowInsecureHttp: false }),
      });
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      assert.match(res.errors![0].message, /oidc.issuer must start with https:/);
      assert.equal((await call(t.url, 'GET', '/api/v1/auth/oidc/start')).status, 400);
      assert.equal((await call(t.url, 'GET', '/api/v1/auth/oidc/start?provider=nope')).status, 400);
    });

    it('no answer, redirect or log line carries the client secret', async () => {
      ok(await adminGql(LIST_PROVIDERS));
      assertNoSecret([...answers, JSON.stringify(t.logs)], [OIDC_CLIENT_SECRET]);
    });
  });
}
