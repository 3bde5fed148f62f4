/** The sign-in provider tables for the batch writer (commit orders 800-819), and the rows both ways. */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, jsonColumn, textOrNull } from '../../core/storage/tables.js';
import { isRole, type Role } from '../../core/auth/roles.js';
import type { GroupMappingRecord, LdapGroupRecord, ProviderIdentity, ProviderRecord } from './providerRecord.js';

export const authProvidersTable: TableSpec = {
  name: 'auth_providers',
  key: ['id'],
  order: 800,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    type: 'text',
    name: 'text',
    display_name: 'text',
    enabled: 'boolean',
    default_role: 'text',
    settings: 'jsonb',
    secrets: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const authIdentitiesTable: TableSpec = {
  name: 'auth_identities',
  key: ['provider_id', 'external_id'],
  order: 805,
  mode: 'upsert',
  columns: cols({
    provider_id: 'uuid',
    external_id: 'text',
    user_id: 'uuid',
    dn: 'text',
    last_sign_in_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const ldapGroupsTable: TableSpec = {
  name: 'ldap_groups',
  key: ['id'],
  order: 810,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    provider_id: 'uuid',
    dn: 'text',
    group_id: 'uuid',
    last_synced_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const groupMappingsTable: TableSpec = {
  name: 'group_mappings',
  key: ['id'],
  order: 815,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    provider_id: 'uuid',
    external_group: 'text',
    group_id: 'uuid',
    role: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const SIGN_IN_PROVIDER_TABLES = [authProvidersTable, authIdentitiesTable, ldapGroupsTable, groupMappingsTable] as const;

/** `sealedSecrets`: the provider's secrets as secretBox sealed them (null: none). */
export function providerToRow(p: ProviderRecord, sealedSecrets: string | null) {
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    display_name: p.displayName,
    enabled: p.enabled,
    default_role: p.defaultRole,
    settings: p.settings,
    secrets: sealedSecrets,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

export interface ProviderRow {
  readonly record: Omit<ProviderRecord, 'secrets' | 'secretError'> & { readonly settings: unknown };
  readonly sealedSecrets: string | null;
}

export function providerFromRow(r: Record<string, unknown>): ProviderRow {
  const role = r['default_role'];
  return {
    record: {
      id: String(r['id']),
      type: r['type'] === 'oidc' ? 'oidc' : 'ldap',
      name: String(r['name']),
      displayName: textOrNull(r['display_name']),
      enabled: Boolean(r['enabled']),
      defaultRole: isRole(role) ? role : 'user',
      settings: jsonColumn<unknown>(r['settings'], {}),
      createdAt: epoch(r['created_at'])!,
      updatedAt: epoch(r['updated_at'])!,
    } as ProviderRow['record'],
    sealedSecrets: textOrNull(r['secrets']),
  };
}

export const identityToRow = (i: ProviderIdentity) => ({
  provider_id: i.providerId,
  external_id: i.externalId,
  user_id: i.userId,
  dn: i.dn,
  last_sign_in_at: iso(i.lastSignInAt),
  created_at: iso(i.createdAt),
  updated_at: iso(i.updatedAt),
});

export const identityFromRow = (r: Record<string, unknown>): ProviderIdentity => ({
  providerId: String(r['provider_id']),
  externalId: String(r['external_id']),
  userId: String(r['user_id']),
  dn: textOrNull(r['dn']),
  lastSignInAt: epoch(r['last_sign_in_at']),
  createdAt: epoch(r['created_at'])!,
  updatedAt: epoch(r['updated_at'])!,
});

export const ldapGroupToRow = (g: LdapGroupRecord) => ({
  id: g.id,
  provider_id: g.providerId,
  dn: g.dn,
  group_id: g.groupId,
  last_synced_at: iso(g.lastSyncedAt),
  created_at: iso(g.createdAt),
  updated_at: iso(g.updatedAt),
});

export const ldapGroupFromRow = (r: Record<string, unknown>): LdapGroupRecord => ({
  id: String(r['id']),
  providerId: String(r['provider_id']),
  dn: String(r['dn']),
  groupId: String(r['group_id']),
  lastSyncedAt: epoch(r['last_synced_at']),
  createdAt: epoch(r['created_at'])!,
  updatedAt: epoch(r['updated_at'])!,
});

export const mappingToRow = (m: GroupMappingRecord) => ({
  id: m.id,
  provider_id: m.providerId,
  external_group: m.externalGroup,
  group_id: m.groupId,
  role: m.role,
  created_at: iso(m.createdAt),
  updated_at: iso(m.updatedAt),
});

export const mappingFromRow = (r: Record<string, unknown>): GroupMappingRecord => {
  const role = r['role'];
  return {
    id: String(r['id']),
    providerId: String(r['provider_id']),
    externalGroup: String(r['external_group']),
    groupId: textOrNull(r['group_id']),
    role: isRole(role) ? (role as Role) : null,
    createdAt: epoch(r['created_at'])!,
    updatedAt: epoch(r['updated_at'])!,
  };
};
