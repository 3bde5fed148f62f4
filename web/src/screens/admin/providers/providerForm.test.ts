import { describe, expect, it } from 'vitest';
import {
  createProviderInput,
  emptyProvider,
  providerValues,
  updateProviderInput,
  validateProvider,
  type ProviderFields,
} from './providerForm';

function ldap(settings: Record<string, string | boolean>) {
  const values = emptyProvider('LDAP');
  return { ...values, name: 'corp', settings: { ...values.settings, ...settings } };
}

const stored: ProviderFields = {
  type: 'LDAP',
  name: 'corp',
  displayName: 'Corporate directory',
  defaultRole: 'USER',
  enabled: true,
  oidc: null,
  ldap: {
    url: 'ldap://dir:389',
    startTls: false,
    tlsVerify: true,
    hasTlsCa: false,
    bindDn: 'cn=reader,dc=x',
    userBaseDn: 'ou=people,dc=x',
    userFilter: '(uid={username})',
    usernameAttribute: 'uid',
    emailAttribute: 'mail',
    nameAttribute: 'cn',
    uniqueIdAttribute: 'entryUUID',
    groupMembership: 'MEMBER_OF',
    groupBaseDn: null,
    groupFilter: '(member={dn})',
    groupMemberAttribute: 'member',
    connectTimeoutMs: 5000,
    timeoutMs: 10000,
  },
};

describe('provider form checks', () => {
  it('requires a name and, for LDAP, the URL and the user base DN', () => {
    const errors = validateProvider(emptyProvider('LDAP'), true);
    expect(Object.keys(errors).sort()).toEqual(['name', 'url', 'userBaseDn']);
  });

  it('requires issuer, client id and redirect URI for OpenID Connect', () => {
    const errors = validateProvider({ ...emptyProvider('OIDC'), name: 'sso' }, true);
    expect(Object.keys(errors).sort()).toEqual(['clientId', 'issuer', 'redirectUri']);
  });

  it('refuses an LDAP address that is not ldap:// or ldaps://, and StartTLS over ldaps', () => {
    expect(validateProvider(ldap({ url: 'http://dir', userBaseDn: 'dc=x' }), true)['url']).toMatch(/ldap:\/\//);
    expect(validateProvider(ldap({ url: 'ldaps://dir', userBaseDn: 'dc=x', startTls: true }), true)['startTls']).toBeDefined();
  });

  it('refuses a user filter without {username}', () => {
    expect(validateProvider(ldap({ url: 'ldap://dir', userBaseDn: 'dc=x', userFilter: '(uid=alice)' }), true)['userFilter']).toBeDefined();
  });

  it('requires openid among the scopes', () => {
    const values = emptyProvider('OIDC');
    const errors = validateProvider(
      {
        ...values,
        name: 'sso',
        settings: {
          ...values.settings,
          issuer: 'https://id.example',
          clientId: 'c',
          redirectUri: 'https://svc/cb',
          scopes: 'email profile',
        },
      },
      true,
    );
    expect(errors['scopes']).toMatch(/openid/);
  });
});

describe('provider inputs', () => {
  it('creates with the filled-in settings, the typed secret and the flags', () => {
    const input = createProviderInput(ldap({ url: 'ldap://dir:389', userBaseDn: 'ou=people,dc=x', bindPassword: 'pw', timeoutMs: '3000' }));
    expect(input).toEqual({
      type: 'LDAP',
      name: 'corp',
      enabled: false,
      defaultRole: 'USER',
      ldap: { url: 'ldap://dir:389', userBaseDn: 'ou=people,dc=x', bindPassword: 'pw', startTls: false, tlsVerify: true, timeoutMs: 3000 },
    });
  });

  it('reads a stored provider back without any secret', () => {
    const values = providerValues(stored);
    expect(values.settings['bindPassword']).toBe('');
    expect(values.settings['groupMembership']).toBe('MEMBER_OF');
    expect(values.settings['groupBaseDn']).toBe('');
  });

  it('edits send only what changed, and the secret only when typed', () => {
    const before = providerValues(stored);
    expect(updateProviderInput(before, before)).toEqual({});
    const after = { ...before, displayName: 'Directory', settings: { ...before.settings, url: 'ldaps://dir:636', bindPassword: 'new' } };
    expect(updateProviderInput(before, after)).toEqual({ displayName: 'Directory', ldap: { url: 'ldaps://dir:636', bindPassword: 'new' } });
  });

  it('clears an optional setting the person emptied', () => {
    const before = providerValues(stored);
    expect(updateProviderInput(before, { ...before, settings: { ...before.settings, bindDn: '' } })).toEqual({ ldap: { bindDn: null } });
  });
});
