/**
 * The sign-in providers, the links of local users to them, the synced LDAP groups and the group
 * mappings, in memory (a handful of providers, one link per provisioned person) and written through
 * the batch writer. Provider secrets are sealed (secretBox.ts) when a provider row is staged and
 * opened when it is loaded; a secret that does not open (the key changed) leaves the provider
 * without it and says so in `secretError`. Product groups deleted elsewhere are dropped from the
 * LDAP groups and mappings here as they are next read (the database cascades the rows).
 */
import { CommittedMap } from '../../core/fleet/committedMap.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import { normalizeDn } from './ldapFilter.js';
import type { GroupMappingRecord, LdapGroupRecord, ProviderIdentity, ProviderRecord, ProviderSecrets } from './providerRecord.js';
import {
  authIdentitiesTable,
  authProvidersTable,
  groupMappingsTable,
  identityFromRow,
  identityToRow,
  ldapGroupFromRow,
  mappingFromRow,
  providerFromRow,
  ldapGroupToRow,
  ldapGroupsTable,
  mappingToRow,
  providerToRow,
  type ProviderRow,
} from './providerTables.js';
import type { SecretBox } from '../../platform/config/secretBox.js';
import type { SharedRows } from '../../platform/modules/sharedState.js';
import type { Row } from '../../platform/persistence/tableSpec.js';

const identityKey = (providerId: string, externalId: string) => `${providerId}\u0000${externalId}`;
const fold = (s: string) => s.toLowerCase();

export class ProviderRegistry {
  private readonly providers: CommittedMap<ProviderRecord>;
  private readonly identities: CommittedMap<ProviderIdentity>;
  private readonly ldapGroups: CommittedMap<LdapGroupRecord>;
  private readonly mappings: CommittedMap<GroupMappingRecord>;
  /** user id -> identity key. */
  private readonly identityOfUser = new Map<string, string>();
  /** Sealed secrets that did not open: kept as they are until an admin sets new ones (a key fixed later opens them). */
  private readonly unreadable = new Map<string, string>();

  constructor(
    writer: BatchWriter,
    private readonly box: SecretBox,
    private readonly groups: GroupDirectory,
  ) {
    this.providers = new CommittedMap(writer, authProvidersTable, (p) => providerToRow(p, this.seal(p)));
    this.identities = new CommittedMap(writer, authIdentitiesTable, identityToRow, (_key, restored, discarded) => {
      if (discarded) this.identityOfUser.delete(discarded.userId);
      if (restored) this.identityOfUser.set(restored.userId, identityKey(restored.providerId, restored.externalId));
    });
    this.ldapGroups = new CommittedMap(writer, ldapGroupsTable, ldapGroupToRow);
    this.mappings = new CommittedMap(writer, groupMappingsTable, mappingToRow);
  }

  // ---- loading (hydrate) ----

  /** The record of a stored row, its secrets opened (a secret that does not open is kept sealed, and named). */
  private opened(row: ProviderRow): { record: ProviderRecord; underPrevious: boolean } {
    let secrets: ProviderSecrets = {};
    let secretError: string | null = null;
    let underPrevious = false;
    if (row.sealedSecrets !== null) {
      try {
        const opened = this.box.open(row.sealedSecrets, row.record.id);
        secrets = JSON.parse(opened.plain) as ProviderSecrets;
        underPrevious = opened.underPrevious;
      } catch {
        this.unreadable.set(row.record.id, row.sealedSecrets);
        secretError =
          'the stored secret cannot be decrypted with the current SVC_AUTH_SECRET_KEY (was the key changed?); set the secret again';
      }
    }
    return { record: { ...row.record, secrets, secretError } as ProviderRecord, underPrevious };
  }

  /**
   * Cluster mode (docs/adr/0068): providers, links, LDAP groups and mappings another instance committed, applied with
   * hydration's row-to-record code. Nothing is written (a secret under the previous key is sealed again by its writer).
   */
  shared(): SharedRows[] {
    const id = (row: Row) => String(row['id']);
    return [
      {
        table: authProvidersTable.name,
        apply: (row) => void this.providers.adopt(id(row), this.opened(providerFromRow(row)).record),
        remove: (key) => void this.providers.adopt(id(key), undefined),
      },
      {
        table: authIdentitiesTable.name,
        apply: (row) => {
          const identity = identityFromRow(row);
          const key = identityKey(identity.providerId, identity.externalId);
          if (this.identities.adopt(key, identity)) this.identityOfUser.set(identity.userId, key);
        },
        remove: (row) => {
          const key = identityKey(String(row['provider_id']), String(row['external_id']));
          const before = this.identities.get(key);
          if (this.identities.adopt(key, undefined) && before) this.identityOfUser.delete(before.userId);
        },
      },
      {
        table: ldapGroupsTable.name,
        apply: (row) => void this.ldapGroups.adopt(id(row), ldapGroupFromRow(row)),
        remove: (key) => void this.ldapGroups.adopt(id(key), undefined),
      },
      {
        table: groupMappingsTable.name,
        apply: (row) => void this.mappings.adopt(id(row), mappingFromRow(row)),
        remove: (key) => void this.mappings.adopt(id(key), undefined),
      },
    ];
  }

  loadProvider(row: ProviderRow): void {
    const { record, underPrevious } = this.opened(row);
    this.providers.load(record.id, record);
    // Sealed under the key before the rotation: sealed again under the current one (the first commit writes it).
    if (underPrevious) this.providers.set(record.id, record);
  }

  loadIdentity(identity: ProviderIdentity): void {
    const key = identityKey(identity.providerId, identity.externalId);
    this.identities.load(key, identity);
    this.identityOfUser.set(identity.userId, key);
  }

  loadLdapGroup(group: LdapGroupRecord): void {
    this.ldapGroups.load(group.id, group);
  }

  loadMapping(mapping: GroupMappingRecord): void {
    this.mappings.load(mapping.id, mapping);
  }

  // ---- providers ----

  get(id: string): ProviderRecord | undefined {
    return this.providers.get(id);
  }

  require(id: string): ProviderRecord {
    const provider = this.providers.get(id);
    if (!provider) throw new AppError(ErrorCode.NotFound, `no sign-in provider with id ${id}`);
    return provider;
  }

  /** By id or, as a login page may send it, by name (any case). */
  find(idOrName: string): ProviderRecord | undefined {
    const byId = this.providers.get(idOrName);
    if (byId) return byId;
    for (const p of this.providers.values()) if (fold(p.name) === fold(idOrName)) return p;
    return undefined;
  }

  all(): ProviderRecord[] {
    return [...this.providers.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  assertNameFree(name: string, self: string | null): void {
    for (const p of this.providers.values()) {
      if (p.id !== self && fold(p.name) === fold(name)) throw new AppError(ErrorCode.BadRequest, `a sign-in provider named ${name} exists`);
    }
  }

  put(provider: ProviderRecord): void {
    if (provider.secretError === null) this.unreadable.delete(provider.id);
    this.providers.set(provider.id, provider);
  }

  /** Its links, LDAP groups and mappings go with it (the rows cascade). */
  delete(id: string): void {
    for (const identity of [...this.identities.values()]) if (identity.providerId === id) this.forgetIdentity(identity);
    for (const g of [...this.ldapGroups.values()]) if (g.providerId === id) this.ldapGroups.evict(g.id) || this.ldapGroups.delete(g.id);
    for (const m of [...this.mappings.values()]) if (m.providerId === id) this.mappings.evict(m.id) || this.mappings.delete(m.id);
    this.providers.delete(id, [
      { table: authIdentitiesTable, column: 'provider_id' },
      { table: ldapGroupsTable, column: 'provider_id' },
      { table: groupMappingsTable, column: 'provider_id' },
    ]);
  }

  // ---- identities ----

  identity(providerId: string, externalId: string): ProviderIdentity | undefined {
    return this.identities.get(identityKey(providerId, externalId));
  }

  identityOf(userId: string): ProviderIdentity | undefined {
    const key = this.identityOfUser.get(userId);
    return key === undefined ? undefined : this.identities.get(key);
  }

  identitiesOf(providerId: string): ProviderIdentity[] {
    return [...this.identities.values()].filter((i) => i.providerId === providerId);
  }

  putIdentity(identity: ProviderIdentity): void {
    const key = identityKey(identity.providerId, identity.externalId);
    const before = this.identities.get(key);
    if (before && before.userId !== identity.userId) this.identityOfUser.delete(before.userId);
    this.identities.set(key, identity);
    this.identityOfUser.set(identity.userId, key);
  }

  /** The user was deleted: forget the link in memory (its row went with the user). */
  private forgetIdentity(identity: ProviderIdentity): void {
    const key = identityKey(identity.providerId, identity.externalId);
    this.identityOfUser.delete(identity.userId);
    if (!this.identities.evict(key)) this.identities.delete(key);
  }

  /** The user was deleted (its link row went with it): forget the link, so the person is provisioned afresh. */
  forgetUser(userId: string): void {
    const identity = this.identityOf(userId);
    if (identity) this.forgetIdentity(identity);
  }

  /** A link whose user is gone (deleted by an admin) is forgotten; the person is provisioned afresh. */
  dropIdentityOfMissingUser(identity: ProviderIdentity): void {
    this.forgetIdentity(identity);
  }

  // ---- LDAP groups ----

  ldapGroup(id: string): LdapGroupRecord | undefined {
    const g = this.ldapGroups.get(id);
    if (g && !this.groups.get(g.groupId)) {
      this.ldapGroups.evict(id);
      return undefined;
    }
    return g;
  }

  requireLdapGroup(id: string): LdapGroupRecord {
    const g = this.ldapGroup(id);
    if (!g) throw new AppError(ErrorCode.NotFound, `no LDAP group with id ${id}`);
    return g;
  }

  ldapGroupsOf(providerId: string | null): LdapGroupRecord[] {
    return [...this.ldapGroups.values()]
      .filter((g) => providerId === null || g.providerId === providerId)
      .map((g) => this.ldapGroup(g.id))
      .filter((g): g is LdapGroupRecord => g !== undefined)
      .sort((a, b) => (a.dn < b.dn ? -1 : 1));
  }

  assertLdapGroupFree(providerId: string, dn: string, self: string | null): void {
    for (const g of this.ldapGroups.values()) {
      if (g.id !== self && g.providerId === providerId && normalizeDn(g.dn) === normalizeDn(dn)) {
        throw new AppError(ErrorCode.BadRequest, `the directory group ${dn} is already synced (LDAP group ${g.id})`);
      }
    }
  }

  putLdapGroup(group: LdapGroupRecord): void {
    this.ldapGroups.set(group.id, group);
  }

  deleteLdapGroup(id: string): void {
    this.ldapGroups.delete(id);
  }

  // ---- mappings ----

  mapping(id: string): GroupMappingRecord | undefined {
    const m = this.mappings.get(id);
    if (m && m.groupId !== null && !this.groups.get(m.groupId)) {
      this.mappings.evict(id);
      return undefined;
    }
    return m;
  }

  mappingsOf(providerId: string | null): GroupMappingRecord[] {
    return [...this.mappings.values()]
      .filter((m) => providerId === null || m.providerId === providerId)
      .map((m) => this.mapping(m.id))
      .filter((m): m is GroupMappingRecord => m !== undefined)
      .sort((a, b) => (a.externalGroup < b.externalGroup ? -1 : 1));
  }

  mappingFor(providerId: string, externalGroup: string): GroupMappingRecord | undefined {
    return this.mappingsOf(providerId).find((m) => fold(m.externalGroup) === fold(externalGroup));
  }

  putMapping(mapping: GroupMappingRecord): void {
    this.mappings.set(mapping.id, mapping);
  }

  deleteMapping(id: string): boolean {
    return this.mappings.delete(id);
  }

  private seal(p: ProviderRecord): string | null {
    const secrets = Object.fromEntries(Object.entries(p.secrets).filter(([, v]) => v !== undefined));
    if (Object.keys(secrets).length === 0) return this.unreadable.get(p.id) ?? null;
    return this.box.seal(JSON.stringify(secrets), p.id);
  }
}
