/**
 * The sign-in provider form, driven by one list of settings per type (every field of
 * LdapSettingsInput / OidcSettingsInput), so the form, its checks and the input it sends cannot
 * drift apart. Secrets (bind password, client secret, CA certificate) are write-only: they start
 * empty and are sent only when typed; an edit sends only the settings that changed.
 */
import type {
  AdminProvidersListQuery,
  AuthProviderType,
  CreateAuthProviderInput,
  LdapSettingsInput,
  OidcSettingsInput,
  UpdateAuthProviderInput,
} from '../../../gql/graphql';
import type { Role } from '../users/userForm';

export type ProviderType = AuthProviderType;
export type SettingKind = 'text' | 'secret' | 'flag' | 'millis' | 'pem' | 'membership';

export interface SettingSpec<K extends string = string> {
  readonly key: K;
  readonly label: string;
  readonly kind: SettingKind;
  /** Needed to create a provider of this type. */
  readonly required?: boolean;
  readonly hint?: string;
  /** Shown under "More settings" (the defaults fit most directories). */
  readonly advanced?: boolean;
}

export const LDAP_SETTINGS: readonly SettingSpec<keyof LdapSettingsInput>[] = [
  { key: 'url', label: 'Server URL', kind: 'text', required: true, hint: 'ldap://host:389 or ldaps://host:636' },
  { key: 'bindDn', label: 'Bind DN', kind: 'text', hint: 'The account that searches the directory; empty: anonymous.' },
  { key: 'bindPassword', label: 'Bind password', kind: 'secret' },
  { key: 'userBaseDn', label: 'User base DN', kind: 'text', required: true, hint: 'e.g. ou=people,dc=example,dc=org' },
  { key: 'userFilter', label: 'User filter', kind: 'text', hint: 'One filter with {username}, e.g. (uid={username}).' },
  { key: 'startTls', label: 'Use StartTLS (ldap:// only)', kind: 'flag' },
  { key: 'tlsVerify', label: "Verify the server's certificate", kind: 'flag' },
  {
    key: 'tlsCaPem',
    label: 'CA certificate (PEM)',
    kind: 'pem',
    advanced: true,
    hint: 'Write-only. For a directory whose certificate a private CA signed.',
  },
  { key: 'usernameAttribute', label: 'Username attribute', kind: 'text', advanced: true },
  { key: 'emailAttribute', label: 'E-mail attribute', kind: 'text', advanced: true },
  { key: 'nameAttribute', label: 'Name attribute', kind: 'text', advanced: true },
  { key: 'uniqueIdAttribute', label: 'Unique id attribute', kind: 'text', advanced: true },
  { key: 'groupMembership', label: 'Group membership', kind: 'membership', advanced: true },
  { key: 'groupBaseDn', label: 'Group base DN', kind: 'text', advanced: true },
  { key: 'groupFilter', label: 'Group filter', kind: 'text', advanced: true, hint: 'With {dn} or {username}, e.g. (member={dn}).' },
  { key: 'groupMemberAttribute', label: 'Group member attribute', kind: 'text', advanced: true },
  { key: 'connectTimeoutMs', label: 'Connect timeout (ms)', kind: 'millis', advanced: true },
  { key: 'timeoutMs', label: 'Timeout (ms)', kind: 'millis', advanced: true },
];

export const OIDC_SETTINGS: readonly SettingSpec<keyof OidcSettingsInput>[] = [
  { key: 'issuer', label: 'Issuer URL', kind: 'text', required: true, hint: 'e.g. https://login.example.com/realms/ops' },
  { key: 'clientId', label: 'Client id', kind: 'text', required: true },
  { key: 'clientSecret', label: 'Client secret', kind: 'secret' },
  {
    key: 'redirectUri',
    label: 'Redirect URI',
    kind: 'text',
    required: true,
    hint: 'https://<this server>/api/v1/auth/oidc/callback, registered with the provider.',
  },
  { key: 'scopes', label: 'Scopes', kind: 'text', hint: 'Space-separated; must include openid.' },
  {
    key: 'postLoginRedirectUri',
    label: 'After sign-in, go to',
    kind: 'text',
    advanced: true,
    hint: "This console's /app/signin/callback to sign in here.",
  },
  { key: 'usernameClaim', label: 'Username claim', kind: 'text', advanced: true },
  { key: 'emailClaim', label: 'E-mail claim', kind: 'text', advanced: true },
  { key: 'nameClaim', label: 'Name claim', kind: 'text', advanced: true },
  { key: 'groupsClaim', label: 'Groups claim', kind: 'text', advanced: true },
  { key: 'allowInsecureHttp', label: 'Allow http:// (testing only)', kind: 'flag', advanced: true },
  { key: 'timeoutMs', label: 'Timeout (ms)', kind: 'millis', advanced: true },
];

export function settingsOf(type: ProviderType): readonly SettingSpec[] {
  return type === 'LDAP' ? LDAP_SETTINGS : OIDC_SETTINGS;
}

export interface ProviderValues {
  type: ProviderType;
  name: string;
  displayName: string;
  defaultRole: Role;
  enabled: boolean;
  /** By setting key: text as typed, or a boolean for flags. */
  settings: Record<string, string | boolean>;
}

/**
 * The provider as the server returns it, as far as the form shows it; the settings are read by key
 * (LDAP_SETTINGS, OIDC_SETTINGS), so they are records here.
 */
export type ProviderFields = Pick<
  AdminProvidersListQuery['authProviders'][number],
  'type' | 'name' | 'displayName' | 'defaultRole' | 'enabled'
> & {
  readonly ldap: Readonly<Record<string, unknown>> | null;
  readonly oidc: Readonly<Record<string, unknown>> | null;
};

export type ProviderErrors = Record<string, string>;

const LDAP_FLAG_DEFAULTS: Record<string, boolean> = { startTls: false, tlsVerify: true };

export function emptyProvider(type: ProviderType): ProviderValues {
  const settings: Record<string, string | boolean> = {};
  for (const spec of settingsOf(type)) settings[spec.key] = spec.kind === 'flag' ? (LDAP_FLAG_DEFAULTS[spec.key] ?? false) : '';
  return { type, name: '', displayName: '', defaultRole: 'USER', enabled: false, settings };
}

/** Read back: membership MEMBER_OF/SEARCH as the enum; secrets empty (never returned). */
export function providerValues(provider: ProviderFields): ProviderValues {
  const stored = (provider.type === 'LDAP' ? provider.ldap : provider.oidc) ?? {};
  const values = emptyProvider(provider.type);
  for (const spec of settingsOf(provider.type)) {
    if (spec.kind === 'secret' || spec.kind === 'pem') continue;
    const value = stored[spec.key];
    values.settings[spec.key] = spec.kind === 'flag' ? Boolean(value) : value === null || value === undefined ? '' : String(value);
  }
  return {
    ...values,
    name: provider.name,
    displayName: provider.displayName ?? '',
    defaultRole: provider.defaultRole,
    enabled: provider.enabled,
  };
}

export function validateProvider(values: ProviderValues, creating: boolean): ProviderErrors {
  const errors: ProviderErrors = {};
  if (values.name.trim() === '') errors['name'] = 'Enter a short name: people choose the provider by it (e.g. "corp-ldap").';
  for (const spec of settingsOf(values.type)) {
    const value = values.settings[spec.key];
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (spec.required && text === '' && (creating || spec.kind !== 'secret')) errors[spec.key] = `${spec.label} is required.`;
    else if (spec.kind === 'millis' && text !== '' && (!/^\d+$/.test(text) || Number(text) < 100 || Number(text) > 120_000))
      errors[spec.key] = 'Enter milliseconds from 100 to 120000.';
  }
  const s = values.settings;
  if (values.type === 'LDAP') {
    const url = String(s['url'] ?? '').trim();
    if (url !== '' && !/^ldaps?:\/\/\S+$/.test(url)) errors['url'] = 'Start the address with ldap:// or ldaps://.';
    else if (s['startTls'] === true && url.startsWith('ldaps:'))
      errors['startTls'] = 'StartTLS is for ldap:// addresses; ldaps:// is encrypted from the start.';
    const filter = String(s['userFilter'] ?? '').trim();
    if (filter !== '' && !(filter.startsWith('(') && filter.endsWith(')') && filter.includes('{username}')))
      errors['userFilter'] = 'Write one parenthesised filter using {username}, like (uid={username}).';
  } else {
    for (const key of ['issuer', 'redirectUri']) {
      const text = String(s[key] ?? '').trim();
      if (text !== '' && !/^https?:\/\/\S+$/.test(text)) errors[key] = 'Enter an absolute http(s) address.';
    }
    const scopes = String(s['scopes'] ?? '').trim();
    if (scopes !== '' && !scopes.split(/\s+/).includes('openid')) errors['scopes'] = 'The scopes must include openid.';
  }
  return errors;
}

function settingValue(spec: SettingSpec, value: string | boolean): unknown {
  if (spec.kind === 'flag') return Boolean(value);
  const text = String(value).trim();
  if (spec.kind === 'millis') return Number(text);
  return text;
}

/** The LdapSettingsInput / OidcSettingsInput: for a new provider everything filled in; for an edit what changed. */
function settingsInput(before: ProviderValues | null, after: ProviderValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of settingsOf(after.type)) {
    const value = after.settings[spec.key] ?? '';
    const secret = spec.kind === 'secret' || spec.kind === 'pem';
    if (secret) {
      // Write-only: typed means set; left empty means keep (or none when creating).
      if (String(value) !== '') out[spec.key] = spec.kind === 'pem' ? String(value) : value;
      continue;
    }
    if (before === null) {
      if (spec.kind === 'flag' || String(value).trim() !== '') out[spec.key] = settingValue(spec, value);
      continue;
    }
    const old = before.settings[spec.key] ?? '';
    if (spec.kind === 'flag' ? Boolean(old) !== Boolean(value) : String(old).trim() !== String(value).trim()) {
      // An optional text emptied by the person is cleared (null); a required one is never sent empty (validation stops it).
      out[spec.key] = spec.kind !== 'flag' && String(value).trim() === '' ? null : settingValue(spec, value);
    }
  }
  return out;
}

// The settings' keys are the inputs' own (LDAP_SETTINGS, OIDC_SETTINGS); their values are read from the form by kind.
const typeSettings = (type: ProviderType, settings: Record<string, unknown>): Pick<CreateAuthProviderInput, 'ldap' | 'oidc'> =>
  type === 'LDAP' ? { ldap: settings as LdapSettingsInput } : { oidc: settings as OidcSettingsInput };

export function createProviderInput(values: ProviderValues): CreateAuthProviderInput {
  return {
    type: values.type,
    name: values.name.trim(),
    ...(values.displayName.trim() ? { displayName: values.displayName.trim() } : {}),
    enabled: values.enabled,
    defaultRole: values.defaultRole,
    ...typeSettings(values.type, settingsInput(null, values)),
  };
}

export function updateProviderInput(before: ProviderValues, after: ProviderValues): UpdateAuthProviderInput {
  const input: UpdateAuthProviderInput = {};
  if (after.name.trim() !== before.name.trim()) input.name = after.name.trim();
  if (after.displayName.trim() !== before.displayName.trim())
    input.displayName = after.displayName.trim() === '' ? null : after.displayName.trim();
  if (after.defaultRole !== before.defaultRole) input.defaultRole = after.defaultRole;
  const settings = settingsInput(before, after);
  if (Object.keys(settings).length > 0) Object.assign(input, typeSettings(after.type, settings));
  return input;
}
