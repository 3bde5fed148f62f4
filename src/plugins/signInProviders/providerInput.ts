/**
 * GraphQL input of a provider, read once into typed settings: `createAuthProvider` fills defaults,
 * `updateAuthProvider` changes only the fields it sends. A secret field sent as an empty string
 * clears the secret; left out, it is kept. Every refusal names the field.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { identifierText, storableText } from '../../core/protocol/fields.js';
import { isRole, type Role } from '../../core/auth/roles.js';
import { isFilterTemplate } from './ldapFilter.js';
import type { LdapSettings, OidcSettings, ProviderSecrets, ProviderType } from './providerRecord.js';

type Input = Readonly<Record<string, unknown>>;

const NAME_MAX = 100;
const TEXT_MAX = 1000;
const PEM_MAX = 20_000;
const SECRET_MAX = 1000;

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export const LDAP_DEFAULTS: Omit<LdapSettings, 'url' | 'userBaseDn'> = {
  startTls: false,
  tlsVerify: true,
  tlsCaPem: null,
  bindDn: null,
  userFilter: '(uid={username})',
  usernameAttribute: 'uid',
  emailAttribute: 'mail',
  nameAttribute: 'cn',
  uniqueIdAttribute: 'entryUUID',
  groupMembership: 'memberOf',
  groupBaseDn: null,
  groupFilter: '(member={dn})',
  groupMemberAttribute: 'member',
  connectTimeoutMs: 5000,
  timeoutMs: 10_000,
};

export const OIDC_DEFAULTS: Omit<OidcSettings, 'issuer' | 'clientId' | 'redirectUri'> = {
  scopes: 'openid profile email',
  usernameClaim: 'preferred_username',
  emailClaim: 'email',
  nameClaim: 'name',
  groupsClaim: 'groups',
  postLoginRedirectUri: null,
  allowInsecureHttp: false,
  timeoutMs: 10_000,
};

export function providerName(value: unknown): string {
  return identifierText(String(value ?? ''), 'name', NAME_MAX);
}

export function displayName(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : identifierText(String(value), 'displayName', NAME_MAX);
}

export function roleOf(value: unknown, label: string): Role {
  if (!isRole(value)) throw bad(`${label}: unknown role ${String(value)}`);
  return value;
}

const has = (input: Input, field: string) => input[field] !== undefined && input[field] !== null;

function text(input: Input, field: string, label: string, max = TEXT_MAX): string {
  return identifierText(String(input[field]), label, max);
}

function optionalText(input: Input, field: string, label: string): string | null {
  return input[field] === '' ? null : text(input, field, label);
}

function url(value: string, label: string, schemes: readonly string[]): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw bad(`${label} "${value}" is not a URL`);
  }
  if (!schemes.includes(parsed.protocol)) throw bad(`${label} must start with ${schemes.map((s) => `${s}//`).join(' or ')}`);
  return value;
}

function millis(input: Input, field: string, label: string): number {
  const n = Number(input[field]);
  if (!Number.isInteger(n) || n < 100 || n > 120_000) throw bad(`${label} must be a whole number of milliseconds from 100 to 120000`);
  return n;
}

function attribute(input: Input, field: string, label: string): string {
  const value = text(input, field, label, 100);
  if (!/^[A-Za-z][A-Za-z0-9-]*$|^\d+(\.\d+)+$/.test(value)) throw bad(`${label} "${value}" is not an LDAP attribute name`);
  return value;
}

function secret(input: Input, field: string, label: string): string | undefined | null {
  if (input[field] === undefined || input[field] === null) return undefined;
  const value = String(input[field]);
  if (value === '') return null;
  if (value.length > SECRET_MAX) throw bad(`${label} is longer than ${SECRET_MAX} characters`);
  return value;
}

/** New LDAP settings over `base` (defaults when creating); `secrets` the current ones. */
export function ldapSettings(
  input: Input,
  base: LdapSettings | null,
  secrets: ProviderSecrets,
): { settings: LdapSettings; secrets: ProviderSecrets } {
  if (base === null) {
    for (const field of ['url', 'userBaseDn']) if (!has(input, field)) throw bad(`ldap.${field} is required for an LDAP provider`);
  }
  const s: Record<string, unknown> = { ...LDAP_DEFAULTS, ...(base ?? {}) };
  if (has(input, 'url')) s['url'] = url(text(input, 'url', 'ldap.url'), 'ldap.url', ['ldap:', 'ldaps:']);
  for (const field of ['startTls', 'tlsVerify'] as const) if (has(input, field)) s[field] = Boolean(input[field]);
  if (input['tlsCaPem'] !== undefined)
    s['tlsCaPem'] =
      input['tlsCaPem'] === null || input['tlsCaPem'] === '' ? null : storableText(String(input['tlsCaPem']), 'ldap.tlsCaPem', PEM_MAX);
  if (input['bindDn'] !== undefined) s['bindDn'] = input['bindDn'] === null ? null : optionalText(input, 'bindDn', 'ldap.bindDn');
  for (const field of ['userBaseDn'] as const) if (has(input, field)) s[field] = text(input, field, `ldap.${field}`);
  if (input['groupBaseDn'] !== undefined)
    s['groupBaseDn'] = input['groupBaseDn'] === null ? null : optionalText(input, 'groupBaseDn', 'ldap.groupBaseDn');
  for (const field of ['usernameAttribute', 'emailAttribute', 'nameAttribute', 'uniqueIdAttribute', 'groupMemberAttribute'] as const) {
    if (has(input, field)) s[field] = attribute(input, field, `ldap.${field}`);
  }
  if (has(input, 'userFilter')) {
    const filter = text(input, 'userFilter', 'ldap.userFilter');
    if (!isFilterTemplate(filter, ['username']))
      throw bad('ldap.userFilter must be one parenthesised LDAP filter using {username}, like (uid={username})');
    s['userFilter'] = filter;
  }
  if (has(input, 'groupFilter')) {
    const filter = text(input, 'groupFilter', 'ldap.groupFilter');
    if (!isFilterTemplate(filter, ['dn', 'username']))
      throw bad('ldap.groupFilter must be one parenthesised LDAP filter using {dn} or {username}, like (member={dn})');
    s['groupFilter'] = filter;
  }
  if (has(input, 'groupMembership')) {
    const m = input['groupMembership'];
    if (m !== 'memberOf' && m !== 'search') throw bad('ldap.groupMembership must be MEMBER_OF or SEARCH');
    s['groupMembership'] = m;
  }
  for (const field of ['connectTimeoutMs', 'timeoutMs'] as const) if (has(input, field)) s[field] = millis(input, field, `ldap.${field}`);
  if (s['startTls'] === true && String(s['url']).startsWith('ldaps:'))
    throw bad('ldap.startTls is for ldap:// URLs; an ldaps:// URL is encrypted from the start');
  const bindPassword = secret(input, 'bindPassword', 'ldap.bindPassword');
  const next: { bindPassword?: string } = {};
  const kept = bindPassword === undefined ? secrets.bindPassword : (bindPassword ?? undefined);
  if (kept !== undefined) next.bindPassword = kept;
  return { settings: s as unknown as LdapSettings, secrets: next };
}

export function oidcSettings(
  input: Input,
  base: OidcSettings | null,
  secrets: ProviderSecrets,
): { settings: OidcSettings; secrets: ProviderSecrets } {
  if (base === null) {
    for (const field of ['issuer', 'clientId', 'redirectUri'])
      if (!has(input, field)) throw bad(`oidc.${field} is required for an OpenID Connect provider`);
  }
  const s: Record<string, unknown> = { ...OIDC_DEFAULTS, ...(base ?? {}) };
  if (has(input, 'allowInsecureHttp')) s['allowInsecureHttp'] = Boolean(input['allowInsecureHttp']);
  const schemes = s['allowInsecureHttp'] === true ? ['https:', 'http:'] : ['https:'];
  if (has(input, 'issuer')) s['issuer'] = url(text(input, 'issuer', 'oidc.issuer'), 'oidc.issuer', schemes);
  else if (base !== null) url(String(s['issuer']), 'oidc.issuer', schemes);
  if (has(input, 'clientId')) s['clientId'] = text(input, 'clientId', 'oidc.clientId');
  if (has(input, 'redirectUri'))
    s['redirectUri'] = url(text(input, 'redirectUri', 'oidc.redirectUri'), 'oidc.redirectUri', ['https:', 'http:']);
  if (input['postLoginRedirectUri'] !== undefined) {
    s['postLoginRedirectUri'] =
      input['postLoginRedirectUri'] === null || input['postLoginRedirectUri'] === ''
        ? null
        : url(text(input, 'postLoginRedirectUri', 'oidc.postLoginRedirectUri'), 'oidc.postLoginRedirectUri', ['https:', 'http:']);
  }
  if (has(input, 'scopes')) {
    const scopes = text(input, 'scopes', 'oidc.scopes').split(/\s+/);
    if (!scopes.includes('openid')) throw bad('oidc.scopes must include openid');
    s['scopes'] = scopes.join(' ');
  }
  for (const field of ['usernameClaim', 'emailClaim', 'nameClaim', 'groupsClaim'] as const)
    if (has(input, field)) s[field] = text(input, field, `oidc.${field}`, 100);
  if (has(input, 'timeoutMs')) s['timeoutMs'] = millis(input, 'timeoutMs', 'oidc.timeoutMs');
  const clientSecret = secret(input, 'clientSecret', 'oidc.clientSecret');
  const next: { clientSecret?: string } = {};
  const kept = clientSecret === undefined ? secrets.clientSecret : (clientSecret ?? undefined);
  if (kept !== undefined) next.clientSecret = kept;
  return { settings: s as unknown as OidcSettings, secrets: next };
}

export function providerType(value: unknown): ProviderType {
  if (value !== 'ldap' && value !== 'oidc') throw bad(`type must be LDAP or OIDC, got ${String(value)}`);
  return value;
}
