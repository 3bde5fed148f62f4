/** RFC 4515 escaping of the values a person types into LDAP filters, and the filter templates admins write. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  escapeFilterValue,
  fillFilter,
  firstRdnValue,
  isFilterTemplate,
  normalizeDn,
} from '../../../../src/plugins/signInProviders/ldapFilter.js';

describe('escapeFilterValue (RFC 4515)', () => {
  for (const [input, escaped] of [
    ['alice', 'alice'],
    ['*', '\\2a'],
    ['a*)(uid=*', 'a\\2a\\29\\28uid=\\2a'],
    ['back\\slash', 'back\\5cslash'],
    ['nul\u0000byte', 'nul\\00byte'],
    ['Łukasz', '\\c5\\81ukasz'],
  ] as const) {
    it(`escapes ${JSON.stringify(input)} as ${escaped}`, () => assert.equal(escapeFilterValue(input), escaped));
  }
});

describe('filter templates', () => {
  it('fill every placeholder with the escaped value and leave unknown ones', () => {
    assert.equal(
      fillFilter('(&(objectClass=person)(uid={username})(x={other}))', { username: '*)(|(uid=*' }),
      '(&(objectClass=person)(uid=\\2a\\29\\28|\\28uid=\\2a)(x={other}))',
    );
  });
  for (const [template, ok] of [
    ['(uid={username})', true],
    ['(&(objectClass=inetOrgPerson)(|(uid={username})(mail={username})))', true],
    ['uid={username}', false],
    ['(uid=alice)', false],
    ['(uid={username}', false],
    ['(uid={username}))(', false],
  ] as const) {
    it(`${template} is ${ok ? '' : 'not '}a user filter template`, () => assert.equal(isFilterTemplate(template, ['username']), ok));
  }
  it('DNs compare ignoring case and spaces after separators', () => {
    assert.equal(normalizeDn('CN=Ops, OU=Groups,dc=Example'), normalizeDn('cn=ops,ou=groups,DC=example'));
    assert.equal(firstRdnValue('cn=ops,ou=groups,dc=example'), 'ops');
  });
});
