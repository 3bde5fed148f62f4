/**
 * Signing in over GraphQL (SPEC.md "People: JWT", issue 3), through real HTTP: login by username
 * or email, token lifetimes, one answer for every failed sign-in, HS256-only verification (no
 * algorithm confusion), refresh rotation with reuse detection, the per-account sign-in limit, the
 * public provider list, and sessions surviving a restart. Time moves on a manual clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type GqlResponse } from '../../../support/graphql.js';
import { call, startTestServer, TEST_JWT_SECRET, type TestServer } from '../../../support/testServer.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const GRACE_MS = 10_000;

const LOGIN = `mutation($u: String, $e: String, $p: String!) {
  login(username: $u, email: $e, password: $p) { accessToken token refreshToken expiresAt refreshExpiresAt sessionId user { id username email role } }
}`;
const REFRESH =
  'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken refreshToken sessionId expiresAt refreshExpiresAt } }';
const ME = '{ me { id username } }';

const seconds = (ms: number) => Math.floor(ms / 1000);
const codeOf = (res: GqlResponse) => res.codes[0];

/** Asserts the HTTP-level refusal of a bearer token: 401, UNAUTHENTICATED, and the given reason. */
function assertRefused(res: GqlResponse, reason: 'invalid' | 'expired' | 'revoked'): void {
  assert.equal(res.status, 401, res.text);
  assert.equal(res.data, undefined, 'nothing is executed');
  assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
  assert.equal(res.errors![0].extensions.reason, reason);
}

for (const backend of testBackends()) {
  describe(`sign-in over GraphQL (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const login = (vars: { u?: string; e?: string; p: string }) => gql(t, LOGIN, vars);
    const refresh = (refreshToken: string) => gql(t, REFRESH, { r: refreshToken });
    const me = (token: string) => gql(t, ME, undefined, token);
    const person = async (role: 'ADMIN' | 'OPERATOR' | 'USER' = 'USER') => personWithRole(t, await signInAdmin(t), role);

    describe('login', () => {
      it('by username returns accessToken, the same value as token, a refreshToken and the user', async () => {
        const p = await person('OPERATOR');
        const res = await login({ u: p.username, p: p.password });
        assert.equal(res.status, 200);
        assert.equal(res.errors, undefined, res.text);
        const payload = res.data.login;
        assert.equal(payload.token, payload.accessToken);
        assert.notEqual(payload.refreshToken, payload.accessToken);
        assert.deepEqual(payload.user, { id: p.userId, username: p.username, email: `${p.username}@example.com`, role: 'OPERATOR' });
        assert.equal((await me(payload.accessToken)).data.me.username, p.username);
      });

      it('by email, in any case, signs in the same account', async () => {
        const p = await person();
        const res = await login({ e: `${p.username.toUpperCase()}@EXAMPLE.COM`, p: p.password });
        assert.equal(res.errors, undefined, res.text);
        assert.equal(res.data.login.user.id, p.userId);
      });

      it('the access token lives 15 minutes and the refresh token 7 days, by their exp claims', async () => {
        const p = await person();
        const payload = (await login({ u: p.username, p: p.password })).data.login;
        const access = decodeJwt(payload.accessToken);
        const refreshClaims = decodeJwt(payload.refreshToken);
        assert.equal(access.iat, seconds(clock.now()));
        assert.equal(access.exp! - access.iat!, 15 * 60);
        assert.equal(refreshClaims.exp! - refreshClaims.iat!, 7 * 24 * 60 * 60);
        assert.equal(payload.expiresAt, new Date(access.exp! * 1000).toISOString());
        assert.equal(payload.refreshExpiresAt, new Date(refreshClaims.exp! * 1000).toISOString());
      });

      it('tokens are HS256 JWTs from issuer svc-v3 whose typ tells access and refresh tokens apart', async () => {
        const p = await person();
        const payload = (await login({ u: p.username, p: p.password })).data.login;
        assert.deepEqual(decodeProtectedHeader(payload.accessToken), { alg: 'HS256', typ: 'at+jwt' });
        assert.deepEqual(decodeProtectedHeader(payload.refreshToken), { alg: 'HS256', typ: 'rt+jwt' });
        for (const token of [payload.accessToken, payload.refreshToken]) {
          const claims = decodeJwt(token);
          assert.equal(claims.iss, 'svc-v3');
          assert.equal(claims.sub, p.userId);
          assert.equal(claims['sid'], payload.sessionId);
        }
      });

      it('stores the session with the client address and records the sign-in time on the user', async () => {
        const p = await person();
        const res = await gql(t, LOGIN, { u: p.username, p: p.password }, undefined, { 'user-agent': 'auth-test/1.0' });
        const row = await db()('sessions').where({ id: res.data.login.sessionId }).first();
        assert.equal(row.user_id, p.userId);
        assert.equal(row.ended_at, null);
        assert.equal(row.client_address, '127.0.0.1');
        assert.equal(row.user_agent, 'auth-test/1.0');
        assert.equal(new Date(row.expires_at).getTime(), clock.now() + 7 * DAY);
        const user = await db()('users').where({ id: p.userId }).first();
        assert.equal(new Date(user.last_login_at).getTime(), clock.now());
      });

      it('an unknown user, a wrong password and a deactivated user get one and the same answer', async () => {
        const p = await person();
        const gone = await person();
        const deactivated = await gql(
          t,
          'mutation($id: ID!) { deactivateUser(id: $id) { active } }',
          { id: gone.userId },
          (await signInAdmin(t)).accessToken,
        );
        assert.equal(deactivated.data.deactivateUser.active, false);
        const answers = [
          await login({ u: 'nobody-by-this-name', p: p.password }),
          await login({ u: p.username, p: 'not-the-password' }),
          await login({ u: gone.username, p: gone.password }),
        ];
        for (const res of answers) {
          assert.equal(res.status, 200);
          assert.equal(res.data, null);
          assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        }
        assert.deepEqual(new Set(answers.map((r) => JSON.stringify(r.errors))).size, 1, 'message, code and path are identical');
      });

      it('without username or email is refused as BAD_USER_INPUT', async () => {
        const res = await login({ p: 'whatever-password' });
        assert.equal(codeOf(res), 'BAD_USER_INPUT');
      });
    });

    describe('access tokens', () => {
      it('stop working 15 minutes after they are issued: 401 UNAUTHENTICATED, reason expired', async () => {
        const p = await person();
        clock.advance(15 * MINUTE - 1000);
        assert.equal((await me(p.accessToken)).data.me.id, p.userId);
        clock.advance(1000);
        assertRefused(await me(p.accessToken), 'expired');
      });

      it('a refresh token is not accepted as an access token', async () => {
        const p = await person();
        assertRefused(await me(p.refreshToken), 'invalid');
      });

      it('an access token is not accepted as a refresh token', async () => {
        const p = await person();
        assert.equal(codeOf(await refresh(p.accessToken)), 'UNAUTHENTICATED');
      });

      it('a malformed Authorization header answers 401', async () => {
        const p = await person();
        for (const authorization of [`Basic ${p.accessToken}`, 'Bearer', 'Bearer not.a.jwt', `Bearer ${p.accessToken} extra`]) {
          const res = await gql(t, ME, undefined, undefined, { authorization });
          assert.equal(res.status, 401, authorization);
          assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        }
      });

      describe('only HS256 with the server secret, issuer svc-v3 and typ at+jwt is accepted', () => {
        let p: Awaited<ReturnType<typeof person>>;
        const secret = new TextEncoder().encode(TEST_JWT_SECRET);
        const claims = () => ({ sid: p.sessionId });
        const forged = (header: Record<string, unknown>, issuer = 'svc-v3') =>
          new SignJWT(claims())
            .setProtectedHeader(header as { alg: string })
            .setIssuer(issuer)
            .setSubject(p.userId)
            .setIssuedAt(seconds(clock.now()))
            .setExpirationTime(seconds(clock.now()) + 600);
        before(async () => {
          p = await person();
        });

        it('a token crafted here the way the server makes them is accepted (the forgeries below differ in one point each)', async () => {
          const token = await forged({ alg: 'HS256', typ: 'at+jwt' }).sign(secret);
          assert.equal((await me(token)).data.me.id, p.userId);
        });

        it('HS256 signed with another key is refused', async () => {
          const token = await forged({ alg: 'HS256', typ: 'at+jwt' }).sign(
            new TextEncoder().encode('another-secret-of-the-same-length-0123456789'),
          );
          assertRefused(await me(token), 'invalid');
        });

        it('alg none (unsigned) is refused', async () => {
          const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
          const body = { iss: 'svc-v3', sub: p.userId, sid: p.sessionId, iat: seconds(clock.now()), exp: seconds(clock.now()) + 600 };
          for (const token of [
            `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(body)}.`,
            `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(body)}`,
          ]) {
            assertRefused(await me(token), 'invalid');
          }
        });

        it('RS256 signed with a generated RSA key is refused', async () => {
          const { privateKey } = await generateKeyPair('RS256');
          assertRefused(await me(await forged({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey)), 'invalid');
        });

        it('HS512 signed with the right secret is refused', async () => {
          assertRefused(await me(await forged({ alg: 'HS512', typ: 'at+jwt' }).sign(secret)), 'invalid');
        });

        it('a wrong issuer is refused', async () => {
          assertRefused(await me(await forged({ alg: 'HS256', typ: 'at+jwt' }, 'svc-v2').sign(secret)), 'invalid');
        });

        it('a missing typ is refused', async () => {
          assertRefused(await me(await forged({ alg: 'HS256' }).sign(secret)), 'invalid');
        });

        it('a payload changed after signing is refused', async () => {
          const [header, , signature] = p.accessToken.split('.');
          const body = { ...decodeJwt(p.accessToken), sub: (await signInAdmin(t)).userId };
          assertRefused(await me(`${header}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${signature}`), 'invalid');
        });

        it('a well-signed token for a session that does not exist is refused', async () => {
          const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000' })
            .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
            .setIssuer('svc-v3')
            .setSubject(p.userId)
            .setIssuedAt(seconds(clock.now()))
            .setExpirationTime(seconds(clock.now()) + 600)
            .sign(secret);
          assertRefused(await me(token), 'revoked');
        });
      });
    });

    describe('refreshToken', () => {
      it('exchanges the refresh token for a new pair of the same session', async () => {
        const p = await person();
        clock.advance(MINUTE);
        const res = await refresh(p.refreshToken);
        assert.equal(res.errors, undefined, res.text);
        const next = res.data.refreshToken;
        assert.equal(next.sessionId, p.sessionId);
        assert.notEqual(next.accessToken, p.accessToken);
        assert.notEqual(next.refreshToken, p.refreshToken);
        assert.equal(
          next.refreshExpiresAt,
          new Date(clock.now() + 7 * DAY).toISOString(),
          'the session now ends 7 days after this refresh',
        );
        assert.equal((await me(next.accessToken)).data.me.id, p.userId);
        const row = await db()('sessions').where({ id: p.sessionId }).first();
        assert.equal(new Date(row.expires_at).getTime(), clock.now() + 7 * DAY);
        assert.equal(new Date(row.rotated_at).getTime(), clock.now());
      });

      it('the replaced refresh token used again within 10 s is a concurrent refresh: it gets a pair and the session stays open', async () => {
        const p = await person();
        const first = (await refresh(p.refreshToken)).data.refreshToken;
        clock.advance(GRACE_MS);
        const again = await refresh(p.refreshToken);
        assert.equal(again.errors, undefined, again.text);
        assert.equal(again.data.refreshToken.sessionId, p.sessionId);
        assert.equal((await me(first.accessToken)).data.me.id, p.userId);
        assert.equal((await me(again.data.refreshToken.accessToken)).data.me.id, p.userId);
        assert.equal((await refresh(first.refreshToken)).errors, undefined, 'the current refresh token still rotates');
      });

      it('two refreshes with one token at the same moment both succeed', async () => {
        const p = await person();
        const [a, b] = await Promise.all([refresh(p.refreshToken), refresh(p.refreshToken)]);
        assert.equal(a.errors, undefined, a.text);
        assert.equal(b.errors, undefined, b.text);
        assert.equal((await me(b.data.refreshToken.accessToken)).data.me.id, p.userId);
      });

      it('the replaced refresh token used after the grace interval revokes the session: the newer tokens stop working too', async () => {
        const p = await person();
        const next = (await refresh(p.refreshToken)).data.refreshToken;
        clock.advance(GRACE_MS + 1);
        const replay = await refresh(p.refreshToken);
        assert.equal(replay.data, null);
        assert.deepEqual(replay.codes, ['UNAUTHENTICATED']);
        assertRefused(await me(next.accessToken), 'revoked');
        assertRefused(await me(p.accessToken), 'revoked');
        assert.equal(codeOf(await refresh(next.refreshToken)), 'UNAUTHENTICATED');
        const row = await db()('sessions').where({ id: p.sessionId }).first();
        assert.equal(row.end_reason, 'reuse-detected');
        assert.equal(new Date(row.ended_at).getTime(), clock.now());
      });

      it('a refresh token two rotations old revokes the session even within the grace interval', async () => {
        const p = await person();
        const second = (await refresh(p.refreshToken)).data.refreshToken;
        const third = (await refresh(second.refreshToken)).data.refreshToken;
        assert.equal(codeOf(await refresh(p.refreshToken)), 'UNAUTHENTICATED');
        assertRefused(await me(third.accessToken), 'revoked');
      });

      it('a refresh token stops working 7 days after its last rotation', async () => {
        const p = await person();
        clock.advance(7 * DAY - 1000);
        const next = (await refresh(p.refreshToken)).data.refreshToken;
        clock.advance(7 * DAY);
        const res = await refresh(next.refreshToken);
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.match(res.errors![0].message, /expired/);
      });

      it('a refresh token of a deactivated user is refused', async () => {
        const p = await person();
        await gql(t, 'mutation($id: ID!) { deactivateUser(id: $id) { id } }', { id: p.userId }, (await signInAdmin(t)).accessToken);
        assert.equal(codeOf(await refresh(p.refreshToken)), 'UNAUTHENTICATED');
      });
    });

    describe('GET /api/v1/auth/providers', () => {
      it('needs no credentials and lists the enabled providers with their public fields only', async () => {
        const res = await call(t.url, 'GET', '/api/v1/auth/providers');
        assert.equal(res.status, 200);
        assert.deepEqual(res.json, {
          count: 1,
          providers: [{ id: 'local', type: 'local', name: 'Username and password', enabled: true, loginMethod: 'password' }],
        });
      });
    });
  });

  describe(`sign-in limit per account (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let first: Awaited<ReturnType<typeof personWithRole>>;
    let second: Awaited<ReturnType<typeof personWithRole>>;
    let bystander: Awaited<ReturnType<typeof personWithRole>>;
    let admin: Awaited<ReturnType<typeof signInAdmin>>;
    // 6 failures per minute per account and address: a burst of 2, then one every 10 s.
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...BOOTSTRAP_ENV, SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '6' } });
      admin = await signInAdmin(t);
      first = await personWithRole(t, admin, 'USER', 'limited-one');
      second = await personWithRole(t, admin, 'USER', 'limited-two');
      bystander = await personWithRole(t, admin, 'USER', 'bystander');
      clock.advance(MINUTE); // every bucket full again
    });
    after(() => t.close());

    const aliasedLogins = (username: string, passwords: string[]) =>
      gql(
        t,
        `mutation { ${passwords.map((p, i) => `a${i}: login(username: ${JSON.stringify(username)}, password: ${JSON.stringify(p)}) { sessionId }`).join(' ')} }`,
      );
    const sessionCount = async (userId: string) =>
      Number((await t.server.database.knex('sessions').where({ user_id: userId }).count({ n: '*' }).first())!['n']);

    it('aliased correct logins in one document all sign in: only failures count against the limit', async () => {
      const before = await sessionCount(first.userId);
      const res = await aliasedLogins(first.username, [first.password, first.password, first.password, first.password]);
      assert.equal(res.status, 200);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(await sessionCount(first.userId), before + 4, 'each alias signed in');
    });

    it('a wrong password counts as an attempt, and the right password is refused once the account is limited', async () => {
      clock.advance(MINUTE);
      assert.equal((await aliasedLogins(first.username, ['wrong-password-1'])).codes[0], 'UNAUTHENTICATED');
      assert.equal((await aliasedLogins(first.username, ['wrong-password-2'])).codes[0], 'UNAUTHENTICATED');
      assert.equal((await aliasedLogins(first.username, [first.password])).codes[0], 'RATE_LIMITED');
    });

    it('the limit is per account: another account still signs in, and the limited one again after the refill', async () => {
      await aliasedLogins(second.username, ['wrong-password-1', 'wrong-password-2']);
      assert.equal((await aliasedLogins(second.username, [second.password])).codes[0], 'RATE_LIMITED');
      assert.ok((await signIn(t, bystander.username, bystander.password)).accessToken);
      clock.advance(10_000);
      const res = await aliasedLogins(second.username, [second.password]);
      assert.equal(res.errors, undefined, res.text);
    });

    it('failed reset-token redemptions do not hold up another person redeeming a valid token', async () => {
      const SET = 'mutation($t: String!, $p: String!) { setPasswordWithToken(token: $t, newPassword: $p) }';
      const issued = await gql(
        t,
        'mutation($id: ID!) { resetPassword(userId: $id) { token } }',
        { id: bystander.userId },
        admin.accessToken,
      );
      assert.equal(issued.errors, undefined, issued.text);
      for (const junk of ['junk-token-1', 'junk-token-2', 'junk-token-3'])
        assert.equal((await gql(t, SET, { t: junk, p: 'a-new-password-123' })).codes[0], 'BAD_USER_INPUT');
      const res = await gql(t, SET, { t: issued.data.resetPassword.token, p: 'a-new-password-123' });
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.setPasswordWithToken, true);
    });
  });

  describe(`sessions across a restart (${backend.name})`, () => {
    it('access and refresh tokens and reset tokens keep working after a restart on the same store, and ended sessions stay ended', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      try {
        const first = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV, store: store.forRun() });
        let kept: Awaited<ReturnType<typeof personWithRole>>,
          ended: Awaited<ReturnType<typeof signIn>>,
          rotated: { accessToken: string; refreshToken: string };
        let replaced: string, resetToken: string;
        try {
          const p = await personWithRole(first, await signInAdmin(first), 'OPERATOR', 'survivor');
          kept = p;
          ended = await signIn(first, p.username, p.password);
          assert.equal((await gql(first, 'mutation { logout }', undefined, ended.accessToken)).data.logout, true);
          const other = await signIn(first, p.username, p.password);
          replaced = other.refreshToken;
          rotated = (await gql(first, REFRESH, { r: other.refreshToken })).data.refreshToken;
          resetToken = (
            await gql(
              first,
              'mutation($id: ID!) { resetPassword(userId: $id) { token } }',
              { id: p.userId },
              (
                await signInAdmin(first)
              ).accessToken,
            )
          ).data.resetPassword.token;
        } finally {
          await first.close();
        }
        clock.advance(MINUTE);
        const second = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV, store: store.forRun() });
        try {
          assert.equal((await gql(second, ME, undefined, kept.accessToken)).data.me.username, 'survivor');
          assert.equal((await gql(second, ME, undefined, rotated.accessToken)).data.me.username, 'survivor');
          assertRefused(await gql(second, ME, undefined, ended.accessToken), 'revoked');
          assert.equal((await gql(second, REFRESH, { r: ended.refreshToken })).codes[0], 'UNAUTHENTICATED');
          const next = await gql(second, REFRESH, { r: kept.refreshToken });
          assert.equal(next.errors, undefined, next.text);
          // The rotation state was stored: the token replaced before the restart is a replay now.
          assert.equal((await gql(second, REFRESH, { r: replaced })).codes[0], 'UNAUTHENTICATED');
          assertRefused(await gql(second, ME, undefined, rotated.accessToken), 'revoked');
          // An unused reset token issued before the restart still works, once.
          const set = await gql(second, 'mutation($t: String!) { setPasswordWithToken(token: $t, newPassword: "after-the-restart") }', {
            t: resetToken,
          });
          assert.equal(set.data?.setPasswordWithToken, true, set.text);
          assert.equal((await signIn(second, 'survivor', 'after-the-restart')).userId, kept.userId);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
