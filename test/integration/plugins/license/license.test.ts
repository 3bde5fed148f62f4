/**
 * Licensing at runtime through real HTTP (SPEC.md "Licence activation", "Machines: operator API key" item 4,
 * "Licence token", the 503 rule): POST /api/v1/license/activate (API key or admin JWT), refused tokens with
 * their reason, licenseInfo, togglePlugin, the plugin gate, the stored activation rows and the
 * license.updated event. Expiry, restarts and SVC_LICENSE_KEY: licenseLifecycle.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { EventOfType } from '../../../../src/platform/events/eventBus.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import {
  activate,
  activated,
  activationRows,
  activeNames,
  DAY,
  gate,
  gateRoutes,
  HOUR,
  LICENSE_ENV,
  licenseInfo,
  licenseToken,
  STRANGER,
  TOGGLE,
} from '../../../support/license.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token with its payload re-encoded after `change`, keeping the original signature. */
function altered(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [payload, signature] = token.split('.') as [string, string];
  const json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(json);
  return `${Buffer.from(JSON.stringify(json), 'utf8').toString('base64url')}.${signature}`;
}

function assertError(res: { status: number; json: any; text: string }, status: number, message?: RegExp): void {
  assert.equal(res.status, status, res.text);
  assert.deepEqual(Object.keys(res.json), ['error'], res.text);
  assert.equal(typeof res.json.error, 'string');
  if (message) assert.match(res.json.error, message);
}

for (const backend of testBackends()) {
  describe(`licensing (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn;
    let user: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV, extraRoutes: gateRoutes });
      admin = await signInAdmin(t);
      operator = await personWithRole(t, admin, 'OPERATOR');
      user = await personWithRole(t, admin, 'USER');
    });
    after(() => t.close());

    const token = (overrides = {}) => licenseToken(clock, overrides);
    const toggle = (name: string, enabled: boolean, as: SignedIn = admin) => gql(t, TOGGLE, { n: name, e: enabled }, as.accessToken);

    describe('before any activation', () => {
      it('licenseInfo is NONE with no customer and every plugin unlicensed and inactive', async () => {
        const info = await licenseInfo(t, user.accessToken);
        assert.equal(info.status, 'NONE');
        assert.equal(info.customer, null);
        assert.equal(info.expiresAt, null);
        assert.deepEqual(
          info.plugins,
          ['ticketing', 'sla', 'audit'].map((name) => ({ name, licensed: false, enabled: true, active: false })),
        );
      });

      it('a plugin endpoint answers 503 {error} naming the plugin and how to activate a licence', async () => {
        assertError(await gate(t, 'sla'), 503, /sla plugin is not active.*\/api\/v1\/license\/activate/);
      });

      it("the refusal is a whole sentence ending in a full stop, so a client's own sentence can follow it", async () => {
        assertError(await gate(t, 'sla'), 503, /\(or SVC_LICENSE_KEY\)\.$/);
      });
    });

    describe('POST /api/v1/license/activate: who may call it', () => {
      it('with the operator API key (X-API-Key) answers 200 {success, message, customer, plugins}', async () => {
        const res = await activate(t, token(), { 'x-api-key': TEST_API_KEY });
        assert.equal(res.status, 200, res.text);
        assert.deepEqual(Object.keys(res.json).sort(), ['customer', 'message', 'plugins', 'success']);
        assert.equal(res.json.success, true);
        assert.equal(res.json.customer, 'ACME Ltd');
        assert.deepEqual(res.json.plugins, ['ticketing', 'sla']);
        assert.match(res.json.message, /lic-1.*ACME Ltd.*active until 2026-01-31T00:00:00\.000Z/);
      });

      it('with the operator API key as Authorization: Bearer answers 200', async () => {
        assert.equal((await activate(t, token(), bearer(TEST_API_KEY))).status, 200);
      });

      it("with an admin's access token answers 200", async () => {
        const res = await activate(t, token(), bearer(admin.accessToken));
        assert.equal(res.status, 200, res.text);
        assert.equal(res.json.success, true);
      });

      for (const role of ['OPERATOR', 'USER'] as const) {
        it(`with an ${role} access token answers 403 {error} and activates nothing`, async () => {
          const before = (await activationRows(t)).length;
          const person = role === 'OPERATOR' ? operator : user;
          assertError(
            await activate(t, token({ licenseId: `lic-by-${role}` }), bearer(person.accessToken)),
            403,
            new RegExp(`role ${role.toLowerCase()} may not activate`),
          );
          assert.equal((await activationRows(t)).length, before);
        });
      }

      it('without credentials answers 401 {error} with WWW-Authenticate', async () => {
        const res = await activate(t, token(), {});
        assertError(res, 401, /X-API-Key/);
        assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      });

      it('with a wrong API key answers 401 {error}', async () => {
        assertError(await activate(t, token(), { 'x-api-key': 'not-the-key' }), 401);
      });

      it('with the licence token itself as the bearer token answers 401', async () => {
        const licence = token();
        assertError(await activate(t, licence, bearer(licence)), 401);
      });
    });

    describe('POST /api/v1/license/activate: refused tokens and bodies', () => {
      it('a token signed by another key pair answers 400 {error} naming the bad signature', async () => {
        assertError(
          await activate(t, licenseToken(clock, {}, STRANGER.secretKey)),
          400,
          /licence not accepted \(bad-signature\): .*not signed by the licence key this server trusts/,
        );
      });

      it('a token whose payload was altered after signing answers 400 {error} naming the bad signature', async () => {
        const forged = altered(token(), (payload) => (payload['plugins'] = ['ticketing', 'sla', 'audit']));
        assertError(await activate(t, forged), 400, /\(bad-signature\)/);
      });

      it('an expired token answers 400 {error} saying when it expired', async () => {
        const expired = token({ issuedAt: clock.now() - 10 * DAY, expiresAt: clock.now() - DAY });
        assertError(await activate(t, expired), 400, /\(expired\): licence "lic-1" for "ACME Ltd" expired on 2025-12-31T00:00:00\.000Z/);
      });

      it('a malformed token answers 400 {error} naming what is wrong with it', async () => {
        assertError(await activate(t, 'not-a-licence-token'), 400, /\(malformed\): a licence token is two base64url parts/);
      });

      it('a body without licenseKey answers 400 {error} naming the field', async () => {
        assertError(
          await call(t.url, 'POST', '/api/v1/license/activate', {}, { 'x-api-key': TEST_API_KEY }),
          400,
          /"licenseKey" is required/,
        );
      });

      it('a licenseKey that is not a string answers 400 {error}', async () => {
        assertError(await activate(t, 42), 400, /"licenseKey"/);
      });

      it('a refused token stores no activation and leaves the licence in force unchanged', async () => {
        await activated(t, token());
        const rows = (await activationRows(t)).length;
        await activate(t, licenseToken(clock, { customer: 'Mallory', plugins: ['audit'] }, STRANGER.secretKey));
        assert.equal((await activationRows(t)).length, rows);
        const info = await licenseInfo(t);
        assert.equal(info.customer, 'ACME Ltd');
        assert.deepEqual(activeNames(info), ['ticketing', 'sla']);
      });

      it('a licence issued before the active one is refused with 400, so the one in force is the one a restart keeps', async () => {
        await activated(t, token({ licenseId: 'lic-current' }));
        const older = token({ licenseId: 'lic-older', customer: 'Older Ltd', issuedAt: clock.now() - 2 * DAY });
        assertError(await activate(t, older), 400, /\(superseded\)/);
        assert.equal((await licenseInfo(t)).licenseId, 'lic-current');
      });
    });

    describe('the licence token is not a credential', () => {
      it('as a bearer token on /graphql it answers 401', async () => {
        const res = await gql(t, '{ licenseInfo { status } }', undefined, token());
        assert.equal(res.status, 401, res.text);
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
      });
    });

    describe('after activation', () => {
      before(async () => {
        await activated(t, token());
        for (const name of ['ticketing', 'sla']) await toggle(name, true);
      });

      for (const role of ['ADMIN', 'OPERATOR', 'USER'] as const) {
        it(`licenseInfo for ${role} is ACTIVE with customer, licence id, dates and plugin states`, async () => {
          const as = { ADMIN: admin, OPERATOR: operator, USER: user }[role];
          const info = await licenseInfo(t, as.accessToken);
          assert.equal(info.status, 'ACTIVE');
          assert.equal(info.customer, 'ACME Ltd');
          assert.equal(info.licenseId, 'lic-1');
          assert.equal(info.issuedAt, new Date(clock.now() - HOUR).toISOString());
          assert.equal(info.expiresAt, new Date(clock.now() + 30 * DAY).toISOString());
          assert.equal(info.activatedAt, new Date(clock.now()).toISOString());
          assert.deepEqual(info.plugins, [
            { name: 'ticketing', licensed: true, enabled: true, active: true },
            { name: 'sla', licensed: true, enabled: true, active: true },
            { name: 'audit', licensed: false, enabled: true, active: false },
          ]);
        });
      }

      it('licenseInfo without signing in is UNAUTHENTICATED', async () => {
        assert.deepEqual((await gql(t, '{ licenseInfo { status } }')).codes, ['UNAUTHENTICATED']);
      });

      it('a licensed plugin endpoint answers 200 and an unlicensed one 503', async () => {
        assert.equal((await gate(t, 'sla')).status, 200);
        assertError(await gate(t, 'audit'), 503, /audit plugin is not active/);
      });

      it('each activation is stored in license_activations with licence, source and who activated it', async () => {
        await activated(t, token({ licenseId: 'lic-stored' }));
        await activate(t, token({ licenseId: 'lic-stored' }), bearer(admin.accessToken));
        const rows = (await activationRows(t)).filter((r) => r.license_id === 'lic-stored');
        assert.deepEqual(
          rows.map((r) => [r.customer, r.plugins, r.source, r.activated_by]),
          [
            ['ACME Ltd', ['ticketing', 'sla'], 'api', 'api-key'],
            ['ACME Ltd', ['ticketing', 'sla'], 'api', 'user:admin'],
          ],
        );
        assert.equal(rows[0].token, token({ licenseId: 'lic-stored' }));
        assert.equal(new Date(rows[0].issued_at).getTime(), clock.now() - HOUR);
        assert.equal(new Date(rows[0].expires_at).getTime(), clock.now() + 30 * DAY);
        assert.equal(new Date(rows[0].activated_at).getTime(), clock.now());
      });
    });

    describe('togglePlugin', () => {
      before(() => activated(t, token()));

      it('by an admin turns a licensed plugin off: inactive in licenseInfo, its endpoint 503, a plugin_settings row', async () => {
        const res = await toggle('sla', false);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.togglePlugin, { name: 'sla', licensed: true, enabled: false, active: false });
        assert.deepEqual(
          (await licenseInfo(t)).plugins.find((p: any) => p.name === 'sla'),
          { name: 'sla', licensed: true, enabled: false, active: false },
        );
        assertError(await gate(t, 'sla'), 503, /an admin turned it off.*togglePlugin/);
        const row = await t.server.database.knex('plugin_settings').where({ name: 'sla' }).first();
        assert.deepEqual([row.enabled, row.updated_by], [false, 'user:admin']);
      });

      it('the refusal of a plugin switched off is a whole sentence ending in a full stop', async () => {
        await toggle('sla', false);
        assertError(await gate(t, 'sla'), 503, /togglePlugin mutation\.$/);
        await toggle('sla', true);
      });

      it('by an admin turns it back on: active again, the plugin_settings row says enabled', async () => {
        await toggle('sla', false);
        const res = await toggle('sla', true);
        assert.deepEqual(res.data.togglePlugin, { name: 'sla', licensed: true, enabled: true, active: true });
        assert.deepEqual(activeNames(await licenseInfo(t)), ['ticketing', 'sla']);
        assert.equal((await gate(t, 'sla')).status, 200);
        assert.equal((await t.server.database.knex('plugin_settings').where({ name: 'sla' }).first()).enabled, true);
      });

      for (const role of ['OPERATOR', 'USER'] as const) {
        it(`by ${role} is FORBIDDEN and changes nothing`, async () => {
          const res = await toggle('ticketing', false, role === 'OPERATOR' ? operator : user);
          assert.deepEqual(res.codes, ['FORBIDDEN']);
          assert.ok(activeNames(await licenseInfo(t)).includes('ticketing'));
        });
      }

      it('turning on a plugin the licence does not include is BAD_USER_INPUT and it stays inactive', async () => {
        const res = await toggle('audit', true);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /audit plugin is not in the licence in force/);
        assert.equal((await licenseInfo(t)).plugins.find((p: any) => p.name === 'audit').active, false);
      });

      it('an unknown plugin name is BAD_USER_INPUT', async () => {
        const res = await toggle('billing', false);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /unknown plugin billing/);
      });
    });

    describe('license.updated event', () => {
      const events: EventOfType<'license.updated'>[] = [];
      let unsubscribe: () => void;
      before(() => (unsubscribe = t.server.bus.subscribe('license.updated', (e) => void events.push(e))));
      after(() => unsubscribe());

      it('is published after an activation, with the customer and the active plugins', async () => {
        events.length = 0;
        await toggle('ticketing', true);
        await toggle('sla', true);
        events.length = 0;
        await activated(t, token({ licenseId: 'lic-event', customer: 'Event Ltd' }));
        assert.deepEqual(events, [
          {
            type: 'license.updated',
            reason: 'activated',
            customer: 'Event Ltd',
            activePlugins: ['ticketing', 'sla'],
            at: clock.now(),
            origin: 'api',
          },
        ]);
      });

      it('is published after a plugin toggle, with the active plugins after it', async () => {
        await activated(t, token());
        events.length = 0;
        await toggle('ticketing', false);
        assert.deepEqual(
          events.map((e) => [e.reason, e.customer, e.activePlugins]),
          [['plugin-toggled', 'ACME Ltd', ['sla']]],
        );
        await toggle('ticketing', true);
      });

      it('is not published for a refused activation or a refused toggle', async () => {
        events.length = 0;
        await activate(t, 'not-a-licence-token');
        await toggle('audit', true);
        await toggle('sla', false, user);
        assert.deepEqual(events, []);
      });
    });
  });

  describe(`licence activation with an empty operator API key (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_SECURITY_OPERATOR_API_KEY: '' } });
    });
    after(() => t.close());

    it('without credentials answers 401: an empty key does not open the endpoint', async () => {
      assertError(await activate(t, licenseToken(clock), {}), 401);
    });

    it('with any X-API-Key answers 401', async () => {
      assertError(await activate(t, licenseToken(clock), { 'x-api-key': TEST_API_KEY }), 401);
    });

    it("with an admin's access token answers 200", async () => {
      const res = await activate(t, licenseToken(clock), bearer((await signInAdmin(t)).accessToken));
      assert.equal(res.status, 200, res.text);
      assert.equal((await licenseInfo(t)).status, 'ACTIVE');
    });
  });
}
