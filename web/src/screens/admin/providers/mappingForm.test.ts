import { describe, expect, it } from 'vitest';
import { linkInput, mappingInput, validateLink, validateMapping } from './mappingForm';

describe('group mapping form', () => {
  it('needs the external group and a group or a role', () => {
    expect(Object.keys(validateMapping({ externalGroup: ' ', groupId: '', role: '' })).sort()).toEqual(['externalGroup', 'groupId']);
    expect(validateMapping({ externalGroup: 'ops', groupId: '', role: 'OPERATOR' })).toEqual({});
  });

  it('sends null for what is not chosen', () => {
    expect(mappingInput('p1', { externalGroup: ' ops ', groupId: 'g1', role: '' })).toEqual({
      providerId: 'p1',
      externalGroup: 'ops',
      groupId: 'g1',
      role: null,
    });
  });
});

describe('LDAP group link form', () => {
  it('needs something shaped like a DN', () => {
    expect(validateLink({ groupDn: '', groupId: '', name: '' }).groupDn).toBeDefined();
    expect(validateLink({ groupDn: 'ops', groupId: '', name: '' }).groupDn).toMatch(/looks like/);
    expect(validateLink({ groupDn: 'cn=ops,dc=x', groupId: '', name: '' })).toEqual({});
  });

  it('links to an existing group, or names the new one', () => {
    expect(linkInput('p1', { groupDn: 'cn=ops,dc=x', groupId: 'g1', name: 'ignored' })).toEqual({
      providerId: 'p1',
      groupDn: 'cn=ops,dc=x',
      groupId: 'g1',
    });
    expect(linkInput('p1', { groupDn: 'cn=ops,dc=x', groupId: '', name: 'Ops' })).toEqual({
      providerId: 'p1',
      groupDn: 'cn=ops,dc=x',
      name: 'Ops',
    });
    expect(linkInput('p1', { groupDn: 'cn=ops,dc=x', groupId: '', name: '' })).toEqual({ providerId: 'p1', groupDn: 'cn=ops,dc=x' });
  });
});
