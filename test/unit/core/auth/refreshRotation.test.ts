import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REFRESH_GRACE_MS, rotateRefreshToken, type SessionTokens } from '../../../../src/core/auth/refreshRotation.js';

const T0 = Date.parse('2026-05-01T12:00:00Z');
const WEEK = 7 * 86_400_000;
const fresh: SessionTokens = {
  currentTokenId: 'rt-1',
  previousTokenId: null,
  rotatedAt: null,
  expiresAt: T0 + WEEK,
  endedAt: null,
  endReason: null,
};
const input = (presentedTokenId: string, now: number, nextTokenId = 'rt-next') => ({
  presentedTokenId,
  now,
  nextTokenId,
  refreshLifetimeMs: WEEK,
});

describe('refresh token rotation', () => {
  it('the current token is exchanged for a new one and the session lives another 7 days', () => {
    const outcome = rotateRefreshToken(fresh, input('rt-1', T0 + 1000, 'rt-2'));
    assert.equal(outcome.kind, 'rotated');
    assert.deepEqual(outcome.kind === 'rotated' && outcome.session, {
      ...fresh,
      currentTokenId: 'rt-2',
      previousTokenId: 'rt-1',
      rotatedAt: T0 + 1000,
      expiresAt: T0 + 1000 + WEEK,
    });
  });

  it('the previous token within the grace interval is a concurrent refresh: it gets the current token again', () => {
    const rotated = rotateRefreshToken(fresh, input('rt-1', T0, 'rt-2'));
    assert.equal(rotated.kind, 'rotated');
    const again = rotateRefreshToken(rotated.kind === 'rotated' ? rotated.session : fresh, input('rt-1', T0 + REFRESH_GRACE_MS, 'rt-3'));
    assert.equal(again.kind, 'concurrent');
    assert.equal(again.kind === 'concurrent' && again.tokenId, 'rt-2');
  });

  it('the previous token after the grace interval revokes the whole session', () => {
    const rotated = rotateRefreshToken(fresh, input('rt-1', T0, 'rt-2'));
    const session = rotated.kind === 'rotated' ? rotated.session : fresh;
    const replay = rotateRefreshToken(session, input('rt-1', T0 + REFRESH_GRACE_MS + 1));
    assert.equal(replay.kind, 'reuse-detected');
    assert.equal(replay.kind === 'reuse-detected' && replay.session.endReason, 'reuse-detected');
    assert.equal(replay.kind === 'reuse-detected' && replay.session.endedAt, T0 + REFRESH_GRACE_MS + 1);
    assert.deepEqual(
      rotateRefreshToken(replay.kind === 'reuse-detected' ? replay.session : session, input('rt-2', T0 + REFRESH_GRACE_MS + 2)),
      {
        kind: 'refused',
        reason: 'ended',
      },
      'after reuse the current token is dead too',
    );
  });

  it('an older token of the family revokes the session at once', () => {
    const one = rotateRefreshToken(fresh, input('rt-1', T0, 'rt-2'));
    const two = rotateRefreshToken(one.kind === 'rotated' ? one.session : fresh, input('rt-2', T0 + 1, 'rt-3'));
    const session = two.kind === 'rotated' ? two.session : fresh;
    assert.equal(rotateRefreshToken(session, input('rt-1', T0 + 2)).kind, 'reuse-detected');
  });

  it('an ended session refuses every token', () => {
    const ended = { ...fresh, endedAt: T0, endReason: 'logout' as const };
    assert.deepEqual(rotateRefreshToken(ended, input('rt-1', T0 + 1)), { kind: 'refused', reason: 'ended' });
  });

  it('an expired session refuses its current token', () => {
    assert.deepEqual(rotateRefreshToken(fresh, input('rt-1', T0 + WEEK)), { kind: 'refused', reason: 'expired' });
  });
});
