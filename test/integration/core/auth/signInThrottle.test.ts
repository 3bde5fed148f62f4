/**
 * Sign-in throttling through the real `login` mutation (issue 18 item 6): failures count, not
 * successes; the tight limit is per account and address; a looser one per address; a slow account
 * backoff that an address the person signed in from before passes. Addresses come from
 * X-Forwarded-For through a trusted proxy (127.0.0.1); time moves on a manual clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type GqlResponse } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { sessionId } }';
const HOUR = 3_600_000;

for (const backend of testBackends()) {
  describe(`sign-in throttling (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: Awaited<ReturnType<typeof signInAdmin>>;
    let n = 0;
    // 10 failures a minute per account and address (a burst of 4), 30 per address (a burst of 10).
    before(async () => {
      t = await startTestServer(backend, {
        clock,
        env: {
          ...BOOTSTRAP_ENV,
          SVC_TRUSTED_PROXIES: '127.0.0.1',
          SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '10',
          SVC_AUTH_LOGIN_RATE_PER_ADDRESS: '30',
        },
      });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    /** A fresh person, and an hour later (every limit full again). */
    const person = async () => {
      admin = await signInAdmin(t);
      const p = await personWithRole(t, admin, 'USER', `throttled-${backend.name}-${++n}`);
      clock.advance(HOUR);
      return p;
    };
    const login = (username: string, password: string, from: string): Promise<GqlResponse> =>
      gql(t, LOGIN, { u: username, p: password }, undefined, { 'x-forwarded-for': from });

    it('ten correct sign-ins in a row succeed', async () => {
      const alice = await person();
      for (let i = 0; i < 10; i += 1) {
        const res = await login(alice.username, alice.password, '203.0.113.1');
        assert.equal(res.errors, undefined, `sign-in ${i + 1}: ${res.text}`);
      }
    });

    it('wrong passwords from another address do not stop the right person', async () => {
      const alice = await person();
      for (let i = 0; i < 6; i += 1) await login(alice.username, `wrong-${i}`, '198.51.100.7');
      assert.equal((await login(alice.username, 'wrong-again', '198.51.100.7')).codes[0], 'RATE_LIMITED', 'the guessing address is held');
      const res = await login(alice.username, alice.password, '203.0.113.2');
      assert.equal(res.errors, undefined, res.text);
    });

    it('guessing from one address is slowed, across accounts too, and the refusal says when to retry', async () => {
      const people = [await person(), await person(), await person()];
      const codes: string[] = [];
      for (let i = 0; i < 12; i += 1) codes.push((await login(people[i % 3]!.username, `wrong-${i}`, '192.0.2.50')).codes[0]!);
      assert.deepEqual(codes.slice(0, 10), Array(10).fill('UNAUTHENTICATED'));
      assert.deepEqual(codes.slice(10), ['RATE_LIMITED', 'RATE_LIMITED']);
      const refused = await login(people[0]!.username, people[0]!.password, '192.0.2.50');
      assert.equal(refused.codes[0], 'RATE_LIMITED');
      assert.ok(refused.errors![0].extensions.retryAfterSeconds >= 1);
      assert.equal((await login(people[0]!.username, people[0]!.password, '192.0.2.51')).errors, undefined, 'another address is not held');
    });

    it('a successful sign-in resets its pair', async () => {
      const alice = await person();
      for (let i = 0; i < 3; i += 1) assert.equal((await login(alice.username, `typo-${i}`, '203.0.113.3')).codes[0], 'UNAUTHENTICATED');
      assert.equal((await login(alice.username, alice.password, '203.0.113.3')).errors, undefined);
      for (let i = 0; i < 4; i += 1)
        assert.equal(
          (await login(alice.username, `typo-${i}`, '203.0.113.3')).codes[0],
          'UNAUTHENTICATED',
          `typo ${i + 1} after the reset`,
        );
    });

    it('guessing one account from many addresses holds new addresses, not the ones the person signed in from; the backoff expires', async () => {
      const alice = await person();
      assert.equal((await login(alice.username, alice.password, '203.0.113.4')).errors, undefined, 'her usual address');
      for (let i = 0; i < 20; i += 1) await login(alice.username, `guess-${i}`, `192.0.2.${100 + i}`);
      assert.equal(
        (await login(alice.username, alice.password, '198.51.100.99')).codes[0],
        'RATE_LIMITED',
        'a new address waits out the backoff',
      );
      assert.equal((await login(alice.username, alice.password, '203.0.113.4')).errors, undefined, 'the known address passes');
      clock.advance(1_000);
      assert.equal((await login(alice.username, alice.password, '198.51.100.99')).errors, undefined, 'after the backoff');
    });
  });
}
