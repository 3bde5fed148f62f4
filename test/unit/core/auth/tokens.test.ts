import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { createTokenService, TOKEN_ISSUER } from '../../../../src/core/auth/tokens.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const subject = { userId: 'user-1', sessionId: 'session-1' };
const key = new TextEncoder().encode(SECRET);

function setup() {
  const clock = createManualClock(Date.parse('2026-05-01T12:00:00Z'));
  return { clock, tokens: createTokenService({ secret: SECRET, clock }) };
}

describe('tokens (HS256, issuer svc-v3)', () => {
  it('an access token verifies as an access token and names its user and session', async () => {
    const { clock, tokens } = setup();
    const { token, expiresAt } = await tokens.issue('access', subject);
    assert.equal(expiresAt, clock.now() + 15 * 60_000);
    assert.deepEqual(await tokens.verify('access', token), {
      ok: true,
      userId: 'user-1',
      sessionId: 'session-1',
      tokenId: null,
      expiresAt,
    });
  });

  it('an access token expires after 15 minutes', async () => {
    const { clock, tokens } = setup();
    const { token } = await tokens.issue('access', subject);
    clock.advance(15 * 60_000 - 1000);
    assert.equal((await tokens.verify('access', token)).ok, true);
    clock.advance(1000);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'expired' });
  });

  it('a refresh token lives 7 days and carries its rotation id', async () => {
    const { clock, tokens } = setup();
    const { token } = await tokens.issue('refresh', { ...subject, tokenId: 'rt-1' });
    clock.advance(7 * 86_400_000 - 1000);
    const verified = await tokens.verify('refresh', token);
    assert.equal(verified.ok, true);
    assert.equal(verified.ok && verified.tokenId, 'rt-1');
    clock.advance(1000);
    assert.deepEqual(await tokens.verify('refresh', token), { ok: false, reason: 'expired' });
  });

  it('a refresh token is never accepted as an access token, nor the reverse', async () => {
    const { tokens } = setup();
    const refresh = await tokens.issue('refresh', { ...subject, tokenId: 'rt-1' });
    const access = await tokens.issue('access', subject);
    assert.deepEqual(await tokens.verify('access', refresh.token), { ok: false, reason: 'invalid' });
    assert.deepEqual(await tokens.verify('refresh', access.token), { ok: false, reason: 'invalid' });
  });

  it('a token signed with another key is refused', async () => {
    const { tokens, clock } = setup();
    const other = createTokenService({ secret: 'another-secret-of-at-least-32-characters', clock });
    const { token } = await other.issue('access', subject);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  it('an unsigned token (alg: none) is refused', async () => {
    const { tokens } = setup();
    const token = new UnsecuredJWT({ sid: 'session-1' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  it('an RS256 token is refused even when its claims are right', async () => {
    const { tokens } = setup();
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  it('an HS512 token signed with the right secret is refused (HS256 only)', async () => {
    const { tokens, clock } = setup();
    const now = Math.floor(clock.now() / 1000);
    const token = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  it('a token from another issuer is refused', async () => {
    const { tokens, clock } = setup();
    const now = Math.floor(clock.now() / 1000);
    const token = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer('someone-else')
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  it('a token without a session is refused', async () => {
    const { tokens, clock } = setup();
    const now = Math.floor(clock.now() / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject('user-1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    assert.deepEqual(await tokens.verify('access', token), { ok: false, reason: 'invalid' });
  });

  for (const garbage of ['', 'abc', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9..', 'x'.repeat(10_000)]) {
    it(`malformed input ${JSON.stringify(garbage.slice(0, 24))} is refused without throwing`, async () => {
      const { tokens } = setup();
      assert.deepEqual(await tokens.verify('access', garbage), { ok: false, reason: 'invalid' });
    });
  }
});
