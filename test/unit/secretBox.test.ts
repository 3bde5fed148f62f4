/** Secrets at rest: AES-256-GCM, bound to their owner and purpose, refused under another key or when altered. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretBox } from '../../src/config/secretBox.js';

const KEY = 'a-key-of-at-least-thirty-two-characters-0123';

describe('secretBox', () => {
  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const box = createSecretBox(KEY, 'signInProviders');
    const sealed = box.seal('{"bindPassword":"hunter2-hunter2"}', 'provider-1');
    assert.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes('hunter2'));
    assert.equal(box.open(sealed, 'provider-1'), '{"bindPassword":"hunter2-hunter2"}');
  });
  it('seals the same secret differently each time (a fresh IV)', () => {
    const box = createSecretBox(KEY, 'signInProviders');
    assert.notEqual(box.seal('same', 'p'), box.seal('same', 'p'));
  });
  for (const [what, open] of [
    ['under another key', (sealed: string) => createSecretBox(`${KEY}-other`, 'signInProviders').open(sealed, 'provider-1')],
    ['for another provider', (sealed: string) => createSecretBox(KEY, 'signInProviders').open(sealed, 'provider-2')],
    ['when altered', (sealed: string) => createSecretBox(KEY, 'signInProviders').open(sealed.replace(/\.([\w-])/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`), 'provider-1')],
    ['for another purpose (a webhook secret box)', (sealed: string) => createSecretBox(KEY, 'webhooks').open(sealed, 'provider-1')],
    ['in an unknown format', () => createSecretBox(KEY, 'signInProviders').open('v9.x.y.z', 'provider-1')],
  ] as const) {
    it(`refuses to open ${what}`, () => {
      const sealed = createSecretBox(KEY, 'signInProviders').seal('secret', 'provider-1');
      assert.throws(() => open(sealed));
    });
  }
});
