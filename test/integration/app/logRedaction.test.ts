/**
 * No secret reaches the log. A server starts with every secret setting configured (operator key,
 * JWT secret, the key of secrets at rest and the one before it, the licence, the first admin's
 * password, the metrics token, the database URL's password on PostgreSQL; the cluster's NATS
 * credentials need a cluster and are covered by test/unit/platform/config/configSecrets.test.ts),
 * runs at `debug`, and is driven through the paths that log: sign-ins (good, wrong, throttled),
 * pushes with the operator key and an agent key, a webhook with a signing secret and a secret
 * header (delivered and tested), an LDAP provider with a bind password and an OpenID Connect
 * provider with a client secret, both unreachable (their failures log), a licence activation,
 * scrapes of /metrics with the token and a wrong one; then it stops. The whole log, line by line as written, is
 * searched for every secret value.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../src/platform/scheduler/index.js';
import { auditLicense, KEYS } from '../../support/audit.js';
import { testBackends } from '../../support/backends.js';
import { ADMIN_PASSWORD, BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../support/graphql.js';
import { CREATE_PROVIDER, TEST_PROVIDER, LOGIN_WITH_PROVIDER } from '../../support/signInProviders.js';
import { call, startTestServer, TEST_API_KEY, TEST_AUTH_SECRET_KEY, TEST_JWT_SECRET, type TestServer } from '../../support/testServer.js';
import { createWebhook, startReceiver, TEST_WEBHOOK, WEBHOOK_ENV, type Receiver } from '../../support/webhooks.js';

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const PREVIOUS_AUTH_KEY = 'previous-auth-secret-key-0123456789-abcdefgh';
const WEBHOOK_SECRET = 'webhook-signing-secret-0123456789';
const WEBHOOK_HEADER = 'Bearer receiver-token-0123456789';
const LDAP_BIND_PASSWORD = 'ldap-bind-password-0123456789';
const OIDC_CLIENT_SECRET = 'oidc-client-secret-0123456789';
const WRONG_PASSWORD = 'a-wrong-password-0123456789';
const DB_PASSWORD = 'database-password-0123456789';
const METRICS_TOKEN = 'metrics-token-0123456789abc';
/** A port nothing listens on (the providers' failures are what this test wants logged). */
const NOWHERE = '127.0.0.1:9';

/** The database URL with a password: the one CI gives (when it has one), else ours (local trust authentication ignores it). */
function withPassword(url: string): { url: string; password: string } {
  const parsed = new URL(url);
  if (parsed.password !== '') return { url, password: decodeURIComponent(parsed.password) };
  parsed.password = DB_PASSWORD;
  return { url: parsed.toString(), password: DB_PASSWORD };
}

for (const backend of testBackends()) {
  describe(`secrets never reach the log (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-02T09:00:00Z'));
    const licence = auditLicense(clock);
    const secrets: Record<string, string> = {
      'operator API key': TEST_API_KEY,
      'JWT secret': TEST_JWT_SECRET,
      'key of secrets at rest': TEST_AUTH_SECRET_KEY,
      'previous key of secrets at rest': PREVIOUS_AUTH_KEY,
      licence: licence,
      "first admin's password": ADMIN_PASSWORD,
      'webhook signing secret': WEBHOOK_SECRET,
      'webhook header value': WEBHOOK_HEADER,
      'LDAP bind password': LDAP_BIND_PASSWORD,
      'OIDC client secret': OIDC_CLIENT_SECRET,
      'a wrong password': WRONG_PASSWORD,
      'metrics token': METRICS_TOKEN,
    };
    let t: TestServer;
    let admin: SignedIn;
    let receiver: Receiver;
    before(async () => {
      receiver = await startReceiver();
      const store = await backend.createStore();
      let database: Record<string, string> = {};
      if (store.url) {
        const { url, password } = withPassword(store.url);
        database = { SVC_DATABASE_URL: url };
        secrets['database password'] = password;
      }
      t = await startTestServer(backend, {
        clock,
        store,
        env: {
          ...BOOTSTRAP_ENV,
          ...WEBHOOK_ENV,
          ...database,
          SVC_AUTH_SECRET_KEY_PREVIOUS: PREVIOUS_AUTH_KEY,
          SVC_LICENSE_PUBLIC_KEY: KEYS.publicKey,
          SVC_LICENSE_KEY: licence,
          SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '3',
          SVC_METRICS_TOKEN: METRICS_TOKEN,
        },
      });
      t.server.app.logLevel.set('debug', 'test');
      admin = await signInAdmin(t);
      await drive();
      await t.close();
      await store.dispose();
    });
    after(async () => {
      await t.close();
      await receiver.close();
    });

    const drive = async () => {
      const as = admin.accessToken;
      // Sign-ins: wrong passwords until the throttle refuses, and a good one.
      for (let i = 0; i < 4; i += 1) await gql(t, LOGIN, { u: 'admin', p: WRONG_PASSWORD }, undefined, { 'x-forwarded-for': '10.1.1.1' });
      // Pushes with the operator key and with an agent key.
      await t.call('POST', '/api/v1/health/report', { service: 'billing', nodeId: 'eu/prod', status: 'OPERATIONAL' });
      const created = await gql(
        t,
        'mutation($i: CreateAgentKeyInput!) { createAgentKey(input: $i) { key } }',
        { i: { name: 'edge', nodeId: 'eu', endpoints: ['health/report'] } },
        as,
      );
      assert.equal(created.errors, undefined, created.text);
      const agentKey = created.data.createAgentKey.key as string;
      secrets['agent key'] = agentKey;
      await call(
        t.url,
        'POST',
        '/api/v1/health/report',
        { service: 'billing', nodeId: 'eu/prod', status: 'DEGRADED' },
        { 'x-api-key': agentKey },
      );
      // A webhook with a secret and a secret header, delivered and tested.
      const w = await createWebhook(t, as, {
        url: receiver.url,
        events: ['service.down'],
        secret: WEBHOOK_SECRET,
        headers: [{ name: 'Authorization', value: WEBHOOK_HEADER }],
      });
      await t.call('POST', '/api/v1/health/report', { service: 'billing', nodeId: 'eu/prod', status: 'DOWN' });
      await receiver.received(1);
      await gql(t, TEST_WEBHOOK, { id: w.id }, as);
      // Sign-in providers whose server cannot be reached: their failures are logged.
      const ldap = await gql(
        t,
        CREATE_PROVIDER,
        {
          i: {
            type: 'LDAP',
            name: 'corp',
            enabled: true,
            ldap: {
              url: `ldap://${NOWHERE}`,
              bindDn: 'cn=reader,dc=corp',
              bindPassword: LDAP_BIND_PASSWORD,
              userBaseDn: 'dc=corp',
              connectTimeoutMs: 500,
              timeoutMs: 500,
            },
          },
        },
        as,
      );
      assert.equal(ldap.errors, undefined, ldap.text);
      await gql(t, LOGIN_WITH_PROVIDER, { p: 'corp', u: 'alice', pw: WRONG_PASSWORD });
      await gql(t, TEST_PROVIDER, { id: ldap.data.createAuthProvider.id, u: 'alice' }, as);
      const oidc = await gql(
        t,
        CREATE_PROVIDER,
        {
          i: {
            type: 'OIDC',
            name: 'sso',
            enabled: true,
            oidc: {
              issuer: `http://${NOWHERE}`,
              clientId: 'svc',
              clientSecret: OIDC_CLIENT_SECRET,
              redirectUri: `${t.url}/api/v1/auth/oidc/callback`,
              allowInsecureHttp: true,
              timeoutMs: 500,
            },
          },
        },
        as,
      );
      assert.equal(oidc.errors, undefined, oidc.text);
      await call(t.url, 'GET', oidc.data.createAuthProvider.startUrl);
      await gql(t, TEST_PROVIDER, { id: oidc.data.createAuthProvider.id }, as);
      // The licence, activated again over the API.
      await t.call('POST', '/api/v1/license/activate', { licenseKey: licence });
      // A scrape with the metrics token, and one with a wrong one.
      assert.equal((await call(t.url, 'GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}` })).status, 200);
      await call(t.url, 'GET', '/metrics', undefined, { authorization: `Bearer ${METRICS_TOKEN}-wrong` });
    };

    it('wrote a log of what was driven (the search below is not over an empty log)', () => {
      const messages = new Set(t.logs.map((l) => String(l['msg'])));
      for (const expected of [
        'listening',
        'sign-in failed',
        'sign-in refused by the sign-in throttle',
        'group commit',
        'request',
        'stopped',
      ])
        assert.ok(messages.has(expected), `the log has "${expected}"`);
      assert.ok(
        t.logs.some((l) => l['level'] === 'warn' && String(l['msg']).includes('provider')),
        'a provider failure was logged',
      );
    });

    it('holds none of the configured or entered secret values, on any line', () => {
      const leaks = Object.entries(secrets).flatMap(([name, value]) =>
        t.logLines.filter((line) => line.includes(value)).map((line) => `${name}: ${line.slice(0, 300)}`),
      );
      assert.deepEqual(leaks, []);
    });
  });
}
