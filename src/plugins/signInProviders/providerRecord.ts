/**
 * What a sign-in provider is: its kind (LDAP or OpenID Connect), its public fields (what a login
 * page may show), its settings and its secrets. Secrets live only in `secrets` of the in-memory
 * record (decrypted at load) and encrypted in the database (secretBox.ts); no view, answer or log
 * line is built from them (`hasSecret` says whether one is set).
 */
import type { Role } from '../../core/auth/roles.js';

export const PROVIDER_TYPES = ['ldap', 'oidc'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

export type LdapGroupMembership = 'memberOf' | 'search';

export interface LdapSettings {
  /** `ldap://host:389` or `ldaps://host:636`. */
  readonly url: string;
  /** Upgrade an `ldap://` connection with StartTLS before anything is sent. @default false */
  readonly startTls: boolean;
  /** Verify the server's certificate (LDAPS and StartTLS). Off only for a test directory. @default true */
  readonly tlsVerify: boolean;
  /** PEM of the CA that signed the directory's certificate, when it is not a public one. */
  readonly tlsCaPem: string | null;
  /** Service account that searches; null: anonymous search. */
  readonly bindDn: string | null;
  readonly userBaseDn: string;
  /** `{username}` is replaced by the escaped name (RFC 4515). @default (uid={username}) */
  readonly userFilter: string;
  /** The attribute that becomes the local username. @default uid */
  readonly usernameAttribute: string;
  /** @default mail */
  readonly emailAttribute: string;
  /** @default cn */
  readonly nameAttribute: string;
  /** Stable id of an entry across renames; the DN when the entry has none. @default entryUUID */
  readonly uniqueIdAttribute: string;
  /** `memberOf`: read the user's memberOf attribute; `search`: search groups holding the user's DN. @default memberOf */
  readonly groupMembership: LdapGroupMembership;
  /** For `search`, and for searching groups by name. Defaults to the user base's parent when null. */
  readonly groupBaseDn: string | null;
  /** `{dn}` and `{username}` are replaced (escaped). @default (member={dn}) */
  readonly groupFilter: string;
  /** Where a group entry lists its members (syncLDAPGroups). @default member */
  readonly groupMemberAttribute: string;
  /** @default 5000 */
  readonly connectTimeoutMs: number;
  /** Each LDAP operation. @default 10000 */
  readonly timeoutMs: number;
}

export interface OidcSettings {
  /** Issuer identifier; its /.well-known/openid-configuration is read. */
  readonly issuer: string;
  readonly clientId: string;
  /** The callback address registered at the provider: this server's /api/v1/auth/oidc/callback. */
  readonly redirectUri: string;
  /** @default openid profile email */
  readonly scopes: string;
  /** @default preferred_username */
  readonly usernameClaim: string;
  /** @default email */
  readonly emailClaim: string;
  /** @default name */
  readonly nameClaim: string;
  /** @default groups */
  readonly groupsClaim: string;
  /** The console page the callback sends the browser to, with `#signInCode=...`; null: the callback answers JSON. */
  readonly postLoginRedirectUri: string | null;
  /** Accept an `http://` issuer (a development provider). @default false */
  readonly allowInsecureHttp: boolean;
  /** Discovery and token requests. @default 10000 */
  readonly timeoutMs: number;
}

export interface ProviderSecrets {
  /** LDAP service account password. */
  readonly bindPassword?: string;
  /** OpenID Connect client secret (none: a public client, PKCE only). */
  readonly clientSecret?: string;
}

interface ProviderBase {
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  /** Shown on the login page's button. */
  readonly displayName: string | null;
  /** Role of a person provisioned by this provider when no role mapping matches. */
  readonly defaultRole: Role;
  /** Decrypted. Never shown, never logged. */
  readonly secrets: ProviderSecrets;
  /** Set when the stored secret cannot be decrypted with the current key (the key changed). */
  readonly secretError: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface LdapProvider extends ProviderBase {
  readonly type: 'ldap';
  readonly settings: LdapSettings;
}

export interface OidcProvider extends ProviderBase {
  readonly type: 'oidc';
  readonly settings: OidcSettings;
}

export type ProviderRecord = LdapProvider | OidcProvider;

/** The link between a local user and the person at a provider: the user's source. */
export interface ProviderIdentity {
  readonly providerId: string;
  /** LDAP: entryUUID (or DN); OIDC: `sub`. */
  readonly externalId: string;
  readonly userId: string;
  /** LDAP: the entry's DN at the last sign-in or sync. */
  readonly dn: string | null;
  readonly lastSignInAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A directory group whose members are synced into a product group. */
export interface LdapGroupRecord {
  readonly id: string;
  readonly providerId: string;
  readonly dn: string;
  readonly groupId: string;
  readonly lastSyncedAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A provider group (a DN or a cn for LDAP, a groups-claim value for OIDC) -> a product group and/or a role. */
export interface GroupMappingRecord {
  readonly id: string;
  readonly providerId: string;
  readonly externalGroup: string;
  readonly groupId: string | null;
  readonly role: Role | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function hasSecret(provider: ProviderRecord): boolean {
  return provider.type === 'ldap' ? provider.secrets.bindPassword !== undefined : provider.secrets.clientSecret !== undefined;
}

/** A user's source as a person reads it. */
export function providerLabel(provider: ProviderRecord): string {
  return provider.displayName ?? provider.name;
}
