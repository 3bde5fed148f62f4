/** Secrets at rest: AES-256-GCM, bound to their owner and purpose, refused under another key or when altered; the previous key after a rotation. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretBox } from '../../../../src/platform/config/secretBox.js';

const KEY = 'a-key-of-at-least-thirty-two-characters-0123';
const NEXT = 'the-next-key-of-at-least-thirty-two-chars-45';
const box = (current = KEY, previous?: string) => createSecretBox({ current, previous }, 'signInProviders');

describe('secretBox', () => {
  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const sealed = box().seal('{"bindPassword":"hunter2-hunter2"}', 'provider-1');
    assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes('hunter2'));
    assert.deepEqual(box().open(sealed, 'provider-1'), { plain: '{"bindPassword":"hunter2-hunter2"}', underPrevious: false });
  });
  it('seals the same secret differently each time (a fresh IV)', () => {
    assert.notEqual(box().seal('same', 'p'), box().seal('same', 'p'));
  });
  it('after a rotation, opens what the previous key sealed and says so; seals under the new key', () => {
    const old = box(KEY).seal('secret', 'provider-1');
    const rotated = box(NEXT, KEY);
    assert.deepEqual(rotated.open(old, 'provider-1'), { plain: 'secret', underPrevious: true });
    const resealed = rotated.seal('secret', 'provider-1');
    assert.deepEqual(box(NEXT).open(resealed, 'provider-1'), { plain: 'secret', underPrevious: false }, 'the new key alone opens it');
    assert.throws(() => box(KEY).open(resealed, 'provider-1'), 'the old key does not');
  });
  for (const [what, open] of [
    ['under another key', (sealed: string) => box(`${KEY}-other`).open(sealed, 'provider-1')],
    ['under neither the current nor the previous key', (sealed: string) => box(NEXT, `${KEY}-other`).open(sealed, 'provider-1')],
    ['for another provider', (sealed: string) => box().open(sealed, 'provider-2')],
    [
      'for another purpose (a webhook secret box)',
      (sealed: string) => createSecretBox({ current: KEY }, 'webhooks').open(sealed, 'provider-1'),
    ],
    [
      'when altered',
      (sealed: string) =>
        box().open(
          sealed.replace(/\.([\w-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`),
          'provider-1',
        ),
    ],
    ['in an unknown format', () => box().open('v9.x.y.z', 'provider-1')],
  ] as const) {
    it(`refuses to open ${what}`, () => {
      const sealed = box().seal('secret', 'provider-1');
      assert.throws(() => open(sealed));
    });
  }
});
