import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMachineAuth } from '../../../../src/platform/gateway/machineAuth.js';
import type { RequestHead } from '../../../../src/platform/gateway/http.js';

const head = (headers: Record<string, string>): RequestHead => ({
  method: 'POST',
  path: '/x',
  query: '',
  headers,
  peerAddress: '127.0.0.1',
});

describe('operator API key', () => {
  const auth = createMachineAuth('s3cret-key');
  it('accepts the key in X-API-Key', () => assert.equal(auth.check(head({ 'x-api-key': 's3cret-key' })).ok, true));
  it('accepts the key as a Bearer token', () => assert.equal(auth.check(head({ authorization: 'Bearer s3cret-key' })).ok, true));
  it('refuses a wrong key of another length without throwing', () => assert.equal(auth.check(head({ 'x-api-key': 'x' })).ok, false));
  it('refuses a missing key and says how to send one', () => {
    const result = auth.check(head({}));
    assert.equal(result.ok, false);
    assert.match(!result.ok ? result.reason : '', /X-API-Key/);
  });
  it('leaves machine endpoints open when the key is empty', () => {
    const open = createMachineAuth('');
    assert.equal(open.open, true);
    assert.equal(open.check(head({})).ok, true);
  });
});
