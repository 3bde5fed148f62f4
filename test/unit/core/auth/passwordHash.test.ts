import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashPassword, verifyPassword } from '../../../../src/core/auth/passwordHash.js';

describe('password hashing (scrypt)', () => {
  it('verifies the password it hashed and refuses another', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    assert.match(encoded, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    assert.equal(await verifyPassword('correct horse battery staple', encoded), true);
    assert.equal(await verifyPassword('correct horse battery stapler', encoded), false);
  });

  it('hashes at the cost it is given, and verifies by the parameters stored in the hash', async () => {
    const cheap = await hashPassword('correct horse battery staple', 10);
    assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await verifyPassword('correct horse battery staple', cheap), true);
    assert.equal(await verifyPassword('correct horse battery stapler', cheap), false);
  });

  it('salts every hash, so equal passwords give different hashes', async () => {
    assert.notEqual(await hashPassword('same password'), await hashPassword('same password'));
  });

  it('refuses a malformed or foreign encoding instead of throwing', async () => {
    assert.equal(await verifyPassword('x', 'md5$abc'), false);
    assert.equal(await verifyPassword('x', ''), false);
  });
});
