import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { describe, it } from 'node:test';
import { createPinnedLookup } from '../../../../src/platform/outbound/pinnedLookup.js';
import { planRedirect, type HopRequest } from '../../../../src/platform/outbound/redirectPlan.js';

const signedPost: HopRequest = {
  url: 'https://hooks.example.com/in',
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-svc-signature': 'sha256=abc',
    authorization: 'Bearer secret',
    'x-custom': 'kept same-origin',
    'user-agent': 'svc-ops-monitor',
    accept: '*/*',
  },
  body: Buffer.from('{"id":"1"}'),
};

describe('redirect plan', () => {
  for (const status of [301, 302, 303]) {
    it(`${status} same-origin: GET without body or body headers, other headers kept`, () => {
      const plan = planRedirect(signedPost, status, '/moved');
      assert.deepEqual(plan, {
        kind: 'follow',
        next: {
          url: 'https://hooks.example.com/moved',
          method: 'GET',
          headers: { authorization: 'Bearer secret', 'x-custom': 'kept same-origin', 'user-agent': 'svc-ops-monitor', accept: '*/*' },
          body: undefined,
        },
      });
    });
  }

  it('303 cross-origin: GET, and only User-Agent/Accept survive', () => {
    const plan = planRedirect(signedPost, 303, 'https://elsewhere.example.net/x');
    assert.deepEqual(plan, {
      kind: 'follow',
      next: {
        url: 'https://elsewhere.example.net/x',
        method: 'GET',
        headers: { 'user-agent': 'svc-ops-monitor', accept: '*/*' },
        body: undefined,
      },
    });
  });

  for (const status of [307, 308]) {
    it(`${status} same-origin keeps method, body and every header`, () => {
      const plan = planRedirect(signedPost, status, 'https://hooks.example.com:443/v2?q=1');
      assert.deepEqual(plan, { kind: 'follow', next: { ...signedPost, url: 'https://hooks.example.com/v2?q=1' } });
    });

    it(`${status} to another origin with a body is not followed`, () => {
      const plan = planRedirect(signedPost, status, 'https://elsewhere.example.net/x');
      assert.equal(plan.kind, 'unfollowed');
      assert.equal(plan.kind === 'unfollowed' ? plan.location : '', 'https://elsewhere.example.net/x');
    });
  }

  it('treats another scheme or port as another origin', () => {
    assert.equal(planRedirect(signedPost, 307, 'http://hooks.example.com/in').kind, 'unfollowed');
    assert.equal(planRedirect(signedPost, 308, 'https://hooks.example.com:8443/in').kind, 'unfollowed');
  });

  it('follows a cross-origin 307 of a bodyless request, method kept, headers stripped', () => {
    const get: HopRequest = { ...signedPost, method: 'GET', body: undefined };
    assert.deepEqual(planRedirect(get, 307, 'https://elsewhere.example.net/x'), {
      kind: 'follow',
      next: {
        url: 'https://elsewhere.example.net/x',
        method: 'GET',
        headers: { 'user-agent': 'svc-ops-monitor', accept: '*/*' },
        body: undefined,
      },
    });
  });

  const notFollowed: readonly (readonly [number, string | undefined])[] = [
    [200, '/x'],
    [300, '/x'],
    [304, '/x'],
    [305, '/x'],
    [302, undefined],
    [302, ''],
    [302, 'http://[bad'],
  ];
  for (const [status, location] of notFollowed) {
    it(`${status} with Location ${JSON.stringify(location)} is the final answer`, () => {
      assert.deepEqual(planRedirect(signedPost, status, location), { kind: 'final' });
    });
  }
});

describe("redirect plan in 'same-request' mode (webhook deliveries)", () => {
  for (const status of [301, 302, 303]) {
    it(`${status} is not followed, whatever the origin: it would drop the body and the signature`, () => {
      for (const location of ['/moved', 'https://elsewhere.example.net/x']) {
        const plan = planRedirect(signedPost, status, location, 'same-request');
        assert.equal(plan.kind, 'unfollowed');
        assert.equal(plan.kind === 'unfollowed' && plan.location, new URL(location, signedPost.url).href);
      }
    });
  }

  for (const status of [307, 308]) {
    it(`${status} same-origin is followed with the same method, body and every header`, () => {
      const plan = planRedirect(signedPost, status, '/v2', 'same-request');
      assert.deepEqual(plan, { kind: 'follow', next: { ...signedPost, url: 'https://hooks.example.com/v2' } });
    });

    it(`${status} to another origin is not followed, even without a body`, () => {
      const get: HopRequest = { ...signedPost, method: 'GET', body: undefined };
      assert.equal(planRedirect(get, status, 'https://elsewhere.example.net/x', 'same-request').kind, 'unfollowed');
    });
  }

  it('a 3xx without a usable Location is still the final answer', () => {
    assert.deepEqual(planRedirect(signedPost, 302, undefined, 'same-request'), { kind: 'final' });
  });
});

describe('pinned lookup', () => {
  const pinned = createPinnedLookup([
    { address: '93.184.216.34', family: 4 },
    { address: '2606:4700::1111', family: 6 },
  ]);
  const ask = (hostname: string, options: Parameters<typeof pinned>[1]) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family: number | undefined }>((settle) =>
      pinned(hostname, options, (error, address, family) => settle({ error, address, family })),
    );

  it('answers the validated addresses whatever name it is asked about', async () => {
    assert.deepEqual(await ask('rebound.example.com', { all: true }), {
      error: null,
      address: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
      family: undefined,
    });
    assert.deepEqual(await ask('anything', {}), { error: null, address: '93.184.216.34', family: 4 });
  });

  it('honours a family restriction, and fails rather than look elsewhere', async () => {
    assert.deepEqual(await ask('x', { family: 6 }), { error: null, address: '2606:4700::1111', family: 6 });
    const only4 = createPinnedLookup([{ address: '93.184.216.34', family: 4 }]);
    const answer = await new Promise<NodeJS.ErrnoException | null>((settle) => only4('x', { family: 6 }, (error) => settle(error)));
    assert.equal(answer?.code, 'ENOTFOUND');
  });
});
