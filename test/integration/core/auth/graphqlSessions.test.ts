/**
 * Sessions and passwords over GraphQL (SPEC.md "People: JWT", issue 3), through real HTTP:
 * logout, revokeSession, revokeAllSessions, extendSession, mySessions, changePassword,
 * resetPassword with setPasswordWithToken, and deactivation ending a user's sessions at once.
 * A revoked session's access tokens stop working on the next request, not when they expire.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type GqlResponse, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const DAY = 24 * 60 * 60_000;
const GRACE_MS = 10_000;
const ME = '{ me { id } }';
const REFRESH = 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken refreshToken } }';
const LOGOUT = 'mutation { logout }';
const REVOKE = 'mutation($id: ID!) { revokeSession(sessionId: $id) }';
const REVOKE_ALL = 'mutation($u: ID, $c: Boolean) { revokeAllSessions(userId: $u, includeCurrent: $c) }';
const EXTEND = 'mutation { extendSession { accessToken refreshToken sessionId expiresAt refreshExpiresAt } }';
const MY_SESSIONS = '{ mySessions { id createdAt lastUsedAt expiresAt clientAddress userAgent current } }';
const CHANGE = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
const RESET = 'mutation($id: ID!) { resetPassword(userId: $id) { token expiresAt user { id username } } }';
const SET_WITH_TOKEN = 'mutation($t: String!, $p: String!) { setPasswordWithToken(token: $t, newPassword: $p) }';
const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { sessionId } }';

type Person = Awaited<ReturnType<typeof personWithRole>>;
const OTHERS_THAN_ADMIN = ['USER', 'OPERATOR'] as const;

for (const backend of testBackends()) {
  describe(`sessions and passwords over GraphQL (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const person = async (role: 'ADMIN' | 'OPERATOR' | 'USER' = 'USER') => personWithRole(t, await signInAdmin(t), role);
    const again = (p: Person) => signIn(t, p.username, p.password);
    const works = async (s: SignedIn) => (await gql(t, ME, undefined, s.accessToken)).status === 200;
    const assertEnded = async (s: SignedIn, what = 'session') => {
      const res = await gql(t, ME, undefined, s.accessToken);
      assert.equal(res.status, 401, `${what}: its access token is refused at once`);
      assert.equal(res.errors![0].extensions.reason, 'revoked');
    };
    const assertOpen = async (s: SignedIn, what = 'session') => assert.equal(await works(s), true, `${what} still works`);
    const sessionRow = (id: string) => db()('sessions').where({ id }).first();
    const code = (res: GqlResponse) => res.codes[0];

    describe('every role manages its own sessions and password', () => {
      for (const role of ['ADMIN', 'OPERATOR', 'USER'] as const) {
        it(`${role} may call mySessions, revokeSession, revokeAllSessions, extendSession, changePassword and logout for itself`, async () => {
          const p = await person(role);
          const [phone, tablet] = [await again(p), await again(p)];
          assert.equal((await gql(t, MY_SESSIONS, undefined, p.accessToken)).data.mySessions.length, 3);
          assert.equal((await gql(t, REVOKE, { id: phone.sessionId }, p.accessToken)).data.revokeSession, true);
          assert.equal((await gql(t, REVOKE_ALL, {}, p.accessToken)).data.revokeAllSessions, 1);
          await assertEnded(tablet);
          const extended = await gql(t, EXTEND, undefined, p.accessToken);
          assert.equal(extended.data.extendSession.sessionId, p.sessionId, extended.text);
          assert.equal((await gql(t, CHANGE, { c: p.password, n: `${p.password}-changed` }, p.accessToken)).data.changePassword, true);
          assert.equal((await gql(t, LOGOUT, undefined, p.accessToken)).data.logout, true);
          await assertEnded(p);
        });
      }
    });

    describe('logout', () => {
      it("ends the caller's session: its access token answers 401 and its refresh token is refused", async () => {
        const p = await person();
        const res = await gql(t, LOGOUT, undefined, p.accessToken);
        assert.equal(res.data.logout, true);
        await assertEnded(p);
        assert.equal(code(await gql(t, REFRESH, { r: p.refreshToken })), 'UNAUTHENTICATED');
        const row = await sessionRow(p.sessionId);
        assert.equal(row.end_reason, 'logout');
        assert.equal(new Date(row.ended_at).getTime(), clock.now());
      });

      it("leaves the user's other sessions open", async () => {
        const p = await person();
        const laptop = await again(p);
        await gql(t, LOGOUT, undefined, p.accessToken);
        await assertOpen(laptop);
      });

      it('without a token is UNAUTHENTICATED', async () => {
        assert.equal(code(await gql(t, LOGOUT)), 'UNAUTHENTICATED');
      });
    });

    describe('revokeSession', () => {
      it("ends one of the caller's own sessions", async () => {
        const p = await person();
        const phone = await again(p);
        const res = await gql(t, REVOKE, { id: phone.sessionId }, p.accessToken);
        assert.equal(res.data.revokeSession, true);
        await assertEnded(phone);
        await assertOpen(p, 'the current session');
        assert.equal((await sessionRow(phone.sessionId)).end_reason, 'revoked');
      });

      for (const role of OTHERS_THAN_ADMIN) {
        it(`of another person's session is FORBIDDEN for ${role} and the session stays open`, async () => {
          const caller = await person(role);
          const victim = await person();
          const res = await gql(t, REVOKE, { id: victim.sessionId }, caller.accessToken);
          assert.deepEqual(res.codes, ['FORBIDDEN']);
          await assertOpen(victim);
          assert.equal((await sessionRow(victim.sessionId)).ended_at, null);
        });
      }

      it("an admin may end another person's session", async () => {
        const victim = await person('OPERATOR');
        const res = await gql(t, REVOKE, { id: victim.sessionId }, (await signInAdmin(t)).accessToken);
        assert.equal(res.data.revokeSession, true);
        await assertEnded(victim);
      });

      it('of an unknown session is NOT_FOUND', async () => {
        const p = await person();
        assert.equal(code(await gql(t, REVOKE, { id: '00000000-0000-4000-8000-000000000000' }, p.accessToken)), 'NOT_FOUND');
      });

      it('of a session that already ended answers false', async () => {
        const p = await person();
        const phone = await again(p);
        await gql(t, REVOKE, { id: phone.sessionId }, p.accessToken);
        assert.equal((await gql(t, REVOKE, { id: phone.sessionId }, p.accessToken)).data.revokeSession, false);
      });
    });

    describe('revokeAllSessions', () => {
      it("ends the caller's other sessions, keeps the current one and answers how many ended", async () => {
        const p = await person();
        const others = [await again(p), await again(p)];
        const res = await gql(t, REVOKE_ALL, {}, p.accessToken);
        assert.equal(res.data.revokeAllSessions, 2);
        for (const s of others) await assertEnded(s);
        await assertOpen(p, 'the current session');
      });

      it('with includeCurrent: true ends the current session too', async () => {
        const p = await person();
        const other = await again(p);
        assert.equal((await gql(t, REVOKE_ALL, { c: true }, p.accessToken)).data.revokeAllSessions, 2);
        await assertEnded(p);
        await assertEnded(other);
      });

      for (const role of OTHERS_THAN_ADMIN) {
        it(`for another user is FORBIDDEN for ${role} and their sessions stay open`, async () => {
          const caller = await person(role);
          const victim = await person();
          assert.deepEqual((await gql(t, REVOKE_ALL, { u: victim.userId }, caller.accessToken)).codes, ['FORBIDDEN']);
          await assertOpen(victim);
        });
      }

      it('an admin may end every session of another user', async () => {
        const victim = await person('OPERATOR');
        const second = await again(victim);
        const res = await gql(t, REVOKE_ALL, { u: victim.userId }, (await signInAdmin(t)).accessToken);
        assert.equal(res.data.revokeAllSessions, 2);
        await assertEnded(victim);
        await assertEnded(second);
      });
    });

    describe('extendSession', () => {
      it('gives a new pair for the same session and moves its end 7 days out', async () => {
        const p = await person();
        clock.advance(10 * 60_000);
        const res = await gql(t, EXTEND, undefined, p.accessToken);
        assert.equal(res.errors, undefined, res.text);
        const payload = res.data.extendSession;
        assert.equal(payload.sessionId, p.sessionId);
        assert.notEqual(payload.refreshToken, p.refreshToken);
        assert.equal(payload.refreshExpiresAt, new Date(clock.now() + 7 * DAY).toISOString());
        assert.equal(new Date((await sessionRow(p.sessionId)).expires_at).getTime(), clock.now() + 7 * DAY);
        await assertOpen({ ...p, accessToken: payload.accessToken }, 'the new access token');
        assert.equal((await gql(t, REFRESH, { r: payload.refreshToken })).errors, undefined, 'the new refresh token rotates');
      });

      it('the refresh token from before is a replay once the grace interval is over', async () => {
        const p = await person();
        const extended = (await gql(t, EXTEND, undefined, p.accessToken)).data.extendSession;
        clock.advance(GRACE_MS + 1);
        assert.equal(code(await gql(t, REFRESH, { r: p.refreshToken })), 'UNAUTHENTICATED');
        await assertEnded({ ...p, accessToken: extended.accessToken });
      });

      it('without a token is UNAUTHENTICATED', async () => {
        assert.equal(code(await gql(t, EXTEND)), 'UNAUTHENTICATED');
      });
    });

    describe('mySessions', () => {
      it("lists the caller's open sessions newest first, the asking one marked current", async () => {
        const p = await person();
        clock.advance(1000);
        const second = await signIn(t, p.username, p.password);
        clock.advance(1000);
        const ended = await again(p);
        await gql(t, LOGOUT, undefined, ended.accessToken);
        await person(); // someone else's session is not listed
        const res = await gql(t, MY_SESSIONS, undefined, p.accessToken, {});
        assert.equal(res.errors, undefined, res.text);
        const sessions = res.data.mySessions;
        assert.deepEqual(
          sessions.map((s: { id: string }) => s.id),
          [second.sessionId, p.sessionId],
        );
        assert.deepEqual(
          sessions.map((s: { current: boolean }) => s.current),
          [false, true],
        );
        const asked = sessions[1];
        assert.equal(asked.clientAddress, '127.0.0.1');
        assert.equal(typeof asked.userAgent, 'string');
        assert.equal(Date.parse(asked.expiresAt) - Date.parse(asked.createdAt), 7 * DAY);
        const fromSecond = await gql(t, MY_SESSIONS, undefined, second.accessToken);
        assert.deepEqual(
          fromSecond.data.mySessions.map((s: { current: boolean }) => s.current),
          [true, false],
        );
      });

      it('without a token is UNAUTHENTICATED', async () => {
        assert.equal(code(await gql(t, MY_SESSIONS)), 'UNAUTHENTICATED');
      });
    });

    describe('changePassword', () => {
      it('with a wrong current password is BAD_USER_INPUT and changes nothing', async () => {
        const p = await person();
        const other = await again(p);
        const before = (await db()('users').where({ id: p.userId }).first()).password_hash;
        assert.deepEqual((await gql(t, CHANGE, { c: 'not-my-password', n: 'a-brand-new-password' }, p.accessToken)).codes, [
          'BAD_USER_INPUT',
        ]);
        assert.equal((await db()('users').where({ id: p.userId }).first()).password_hash, before);
        await assertOpen(other, 'the other session');
      });

      it('to a password shorter than 10 characters is BAD_USER_INPUT', async () => {
        const p = await person();
        assert.deepEqual((await gql(t, CHANGE, { c: p.password, n: 'short' }, p.accessToken)).codes, ['BAD_USER_INPUT']);
      });

      it("ends the user's other sessions, keeps the current one; the new password signs in and the old one no longer does", async () => {
        const p = await person();
        const other = await again(p);
        const res = await gql(t, CHANGE, { c: p.password, n: 'a-brand-new-password' }, p.accessToken);
        assert.equal(res.data.changePassword, true);
        await assertEnded(other, 'the other session');
        await assertOpen(p, 'the current session');
        assert.equal((await sessionRow(other.sessionId)).end_reason, 'password-changed');
        assert.deepEqual((await gql(t, LOGIN, { u: p.username, p: p.password })).codes, ['UNAUTHENTICATED']);
        assert.equal((await gql(t, LOGIN, { u: p.username, p: 'a-brand-new-password' })).errors, undefined);
      });

      it('without a token is UNAUTHENTICATED', async () => {
        assert.equal(code(await gql(t, CHANGE, { c: 'whatever-password', n: 'a-brand-new-password' })), 'UNAUTHENTICATED');
      });
    });

    describe('resetPassword and setPasswordWithToken', () => {
      const resetRows = (userId: string) => db()('password_reset_tokens').where({ user_id: userId }).select('*');

      for (const role of OTHERS_THAN_ADMIN) {
        it(`resetPassword is FORBIDDEN for ${role} and issues no token`, async () => {
          const caller = await person(role);
          const target = await person();
          const res = await gql(t, RESET, { id: target.userId }, caller.accessToken);
          assert.deepEqual(res.codes, ['FORBIDDEN']);
          assert.equal(res.data, null);
          assert.deepEqual(await resetRows(target.userId), []);
        });
      }

      it('resetPassword without a token is UNAUTHENTICATED', async () => {
        const target = await person();
        assert.equal(code(await gql(t, RESET, { id: target.userId })), 'UNAUTHENTICATED');
      });

      it('an admin gets a one-time token valid for 24 hours; only its SHA-256 is stored', async () => {
        const target = await person();
        const res = await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken);
        assert.equal(res.errors, undefined, res.text);
        const issued = res.data.resetPassword;
        assert.deepEqual(issued.user, { id: target.userId, username: target.username });
        assert.equal(issued.expiresAt, new Date(clock.now() + DAY).toISOString());
        const rows = await resetRows(target.userId);
        assert.equal(rows.length, 1);
        assert.equal(rows[0].token_hash, createHash('sha256').update(issued.token).digest('hex'));
        assert.equal(rows[0].used_at, null);
      });

      it('of an unknown user is NOT_FOUND', async () => {
        const res = await gql(t, RESET, { id: '00000000-0000-4000-8000-000000000000' }, (await signInAdmin(t)).accessToken);
        assert.equal(code(res), 'NOT_FOUND');
      });

      it("setPasswordWithToken needs no sign-in, sets the password and ends all of the user's sessions", async () => {
        const target = await person('OPERATOR');
        const other = await again(target);
        const token = (await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken)).data.resetPassword.token;
        const res = await gql(t, SET_WITH_TOKEN, { t: token, p: 'password-set-by-token' });
        assert.equal(res.errors, undefined, res.text);
        assert.equal(res.data.setPasswordWithToken, true);
        await assertEnded(target);
        await assertEnded(other);
        assert.deepEqual((await gql(t, LOGIN, { u: target.username, p: target.password })).codes, ['UNAUTHENTICATED']);
        assert.equal((await gql(t, LOGIN, { u: target.username, p: 'password-set-by-token' })).errors, undefined);
        assert.notEqual((await resetRows(target.userId))[0].used_at, null);
      });

      it('a reset token works once', async () => {
        const target = await person();
        const token = (await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken)).data.resetPassword.token;
        assert.equal((await gql(t, SET_WITH_TOKEN, { t: token, p: 'first-new-password' })).data.setPasswordWithToken, true);
        assert.deepEqual((await gql(t, SET_WITH_TOKEN, { t: token, p: 'second-new-password' })).codes, ['BAD_USER_INPUT']);
        assert.equal((await gql(t, LOGIN, { u: target.username, p: 'first-new-password' })).errors, undefined);
      });

      it('two redemptions of one token at the same moment: exactly one sets the password', async () => {
        const target = await person();
        const token = (await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken)).data.resetPassword.token;
        const results = await Promise.all(
          ['racing-password-one', 'racing-password-two'].map((p) => gql(t, SET_WITH_TOKEN, { t: token, p })),
        );
        const won = results.filter((r) => r.data?.setPasswordWithToken === true);
        assert.equal(won.length, 1, results.map((r) => r.text).join(' '));
        assert.deepEqual(results.find((r) => r !== won[0])!.codes, ['BAD_USER_INPUT']);
      });

      it('a newer reset token makes the older one unusable', async () => {
        const target = await person();
        const admin = await signInAdmin(t);
        const older = (await gql(t, RESET, { id: target.userId }, admin.accessToken)).data.resetPassword.token;
        const newer = (await gql(t, RESET, { id: target.userId }, admin.accessToken)).data.resetPassword.token;
        assert.deepEqual((await gql(t, SET_WITH_TOKEN, { t: older, p: 'older-token-password' })).codes, ['BAD_USER_INPUT']);
        assert.equal((await gql(t, SET_WITH_TOKEN, { t: newer, p: 'newer-token-password' })).data.setPasswordWithToken, true);
      });

      it('a reset token expires after 24 hours', async () => {
        const target = await person();
        const token = (await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken)).data.resetPassword.token;
        clock.advance(DAY);
        assert.deepEqual((await gql(t, SET_WITH_TOKEN, { t: token, p: 'too-late-password' })).codes, ['BAD_USER_INPUT']);
        assert.equal((await gql(t, LOGIN, { u: target.username, p: target.password })).errors, undefined, 'the password is unchanged');
      });

      it('a too short new password is BAD_USER_INPUT and leaves the token usable', async () => {
        const target = await person();
        const token = (await gql(t, RESET, { id: target.userId }, (await signInAdmin(t)).accessToken)).data.resetPassword.token;
        assert.deepEqual((await gql(t, SET_WITH_TOKEN, { t: token, p: 'short' })).codes, ['BAD_USER_INPUT']);
        assert.equal((await gql(t, SET_WITH_TOKEN, { t: token, p: 'long-enough-password' })).data.setPasswordWithToken, true);
      });
    });

    describe('deactivation', () => {
      const DEACTIVATE = 'mutation($id: ID!) { deactivateUser(id: $id) { id active } }';

      it("deactivateUser ends all of the user's sessions at once", async () => {
        const target = await person('OPERATOR');
        const other = await again(target);
        const res = await gql(t, DEACTIVATE, { id: target.userId }, (await signInAdmin(t)).accessToken);
        assert.deepEqual(res.data.deactivateUser, { id: target.userId, active: false });
        await assertEnded(target);
        await assertEnded(other);
        assert.equal(code(await gql(t, REFRESH, { r: other.refreshToken })), 'UNAUTHENTICATED');
        const rows = await db()('sessions').where({ user_id: target.userId }).select('*');
        assert.deepEqual(
          rows.map((r) => r.end_reason),
          ['user-deactivated', 'user-deactivated'],
        );
      });

      it('updateUser with active: false does the same', async () => {
        const target = await person();
        const res = await gql(
          t,
          'mutation($id: ID!) { updateUser(id: $id, input: { active: false }) { active } }',
          { id: target.userId },
          (await signInAdmin(t)).accessToken,
        );
        assert.equal(res.data.updateUser.active, false);
        await assertEnded(target);
      });

      it('a reactivated user signs in again, but the sessions ended by the deactivation stay ended', async () => {
        const target = await person();
        const admin = await signInAdmin(t);
        await gql(t, DEACTIVATE, { id: target.userId }, admin.accessToken);
        await gql(
          t,
          'mutation($id: ID!) { updateUser(id: $id, input: { active: true }) { active } }',
          { id: target.userId },
          admin.accessToken,
        );
        await assertEnded(target);
        assert.equal(code(await gql(t, REFRESH, { r: target.refreshToken })), 'UNAUTHENTICATED');
        await assertOpen(await again(target), 'a new sign-in');
      });
    });

    describe('pruning', () => {
      it('drops sessions that can no longer be used from memory every 10 minutes by the injected clock; their rows stay', async () => {
        const p = await person();
        const ended = await again(p);
        await gql(t, LOGOUT, undefined, ended.accessToken);
        assert.notEqual(t.server.app.sessions.get(ended.sessionId), undefined, 'an ended session is held until the next prune');
        clock.advance(10 * 60_000);
        assert.equal(t.server.app.sessions.get(ended.sessionId), undefined, 'pruned when the clock passed the interval');
        assert.notEqual(t.server.app.sessions.get(p.sessionId), undefined, 'an open session stays');
        assert.equal((await sessionRow(ended.sessionId)).end_reason, 'logout', 'the row stays as history');
      });
    });
  });
}
