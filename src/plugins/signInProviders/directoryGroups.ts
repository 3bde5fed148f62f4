/**
 * Groups from the directory. An LDAP group ties a directory group (its DN) to a product group;
 * `sync` makes the product group's members from that provider equal to the directory group's
 * members (provisioning those who never signed in) and reports who was added and removed; run
 * twice, the second run changes nothing. Members who are not that provider's people (local users
 * an admin added) are left alone. A group mapping ties a provider group to a product group and/or
 * a role, applied at every sign-in (providerAccounts.ts).
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import type { PeopleService } from '../../core/people/peopleService.js';
import { identifierText } from '../../core/protocol/fields.js';
import type { Role } from '../../core/auth/roles.js';
import { groupMembers, type DirectoryPerson } from './ldapDirectory.js';
import { firstRdnValue } from './ldapFilter.js';
import type { ProviderAccounts } from './providerAccounts.js';
import type { GroupMappingRecord, LdapGroupRecord, LdapProvider } from './providerRecord.js';
import type { ProviderRegistry } from './providerRegistry.js';
import { messageOf, ProviderStepError } from './providerSteps.js';

export interface SyncReport {
  readonly ldapGroup: LdapGroupRecord;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly provisioned: readonly string[];
  /** Members the directory lists that could not be made users, each with why. */
  readonly unresolved: readonly string[];
}

export interface DirectoryGroupsDeps {
  readonly registry: ProviderRegistry;
  readonly accounts: ProviderAccounts;
  readonly groups: GroupDirectory;
  readonly people: PeopleService;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly newId: () => string;
}

const DN_MAX = 1000;

export class DirectoryGroups {
  constructor(private readonly deps: DirectoryGroupsDeps) {}

  /** Ties `dn` to the product group `groupId`, or to a new product group named `name` (default: the DN's cn). */
  async createLdapGroup(input: {
    providerId: string;
    dn: string;
    groupId?: string | null;
    name?: string | null;
    description?: string | null;
  }): Promise<LdapGroupRecord> {
    const provider = this.ldapProvider(input.providerId);
    const dn = identifierText(input.dn, 'groupDn', DN_MAX);
    this.deps.registry.assertLdapGroupFree(provider.id, dn, null);
    let groupId = input.groupId ?? null;
    if (groupId !== null) this.deps.groups.require(groupId);
    else
      groupId = (
        await this.deps.people.createGroup(
          identifierText(input.name ?? firstRdnValue(dn), 'name', 200),
          input.description ?? `synced from ${dn}`,
        )
      ).id;
    return commitChange(this.deps, (at) => {
      const record: LdapGroupRecord = {
        id: this.deps.newId(),
        providerId: provider.id,
        dn,
        groupId: groupId!,
        lastSyncedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      this.deps.registry.putLdapGroup(record);
      return record;
    });
  }

  updateLdapGroup(id: string, input: { dn?: string | null; groupId?: string | null }): Promise<LdapGroupRecord> {
    const before = this.deps.registry.requireLdapGroup(id);
    const dn = input.dn == null ? before.dn : identifierText(input.dn, 'groupDn', DN_MAX);
    this.deps.registry.assertLdapGroupFree(before.providerId, dn, id);
    const groupId = input.groupId ?? before.groupId;
    this.deps.groups.require(groupId);
    return commitChange(this.deps, (at) => {
      const after: LdapGroupRecord = { ...before, dn, groupId, updatedAt: at };
      this.deps.registry.putLdapGroup(after);
      return after;
    });
  }

  /** The product group stays (with its members) unless `deleteGroup`. */
  async deleteLdapGroup(id: string, deleteGroup: boolean): Promise<boolean> {
    const record = this.deps.registry.requireLdapGroup(id);
    await commitChange(this.deps, () => this.deps.registry.deleteLdapGroup(id));
    if (deleteGroup) await this.deps.people.deleteGroup(record.groupId);
    return true;
  }

  /** Every LDAP group of the provider (all providers when null), or the one named. */
  async sync(providerId: string | null, ldapGroupId: string | null): Promise<SyncReport[]> {
    const targets = ldapGroupId !== null ? [this.deps.registry.requireLdapGroup(ldapGroupId)] : this.deps.registry.ldapGroupsOf(providerId);
    if (providerId !== null) this.ldapProvider(providerId);
    const reports: SyncReport[] = [];
    for (const target of targets) reports.push(await this.syncOne(target));
    return reports;
  }

  private async syncOne(target: LdapGroupRecord): Promise<SyncReport> {
    const provider = this.ldapProvider(target.providerId);
    let members: { people: DirectoryPerson[]; unresolved: string[] };
    try {
      members = await groupMembers(provider, target.dn);
    } catch (error) {
      const step = error instanceof ProviderStepError ? ` (${error.step} step)` : '';
      throw new AppError(ErrorCode.Unavailable, `syncing ${target.dn} from ${provider.name} failed${step}: ${messageOf(error)}`);
    }
    return commitChange(this.deps, (at) => {
      const { registry, accounts, groups } = this.deps;
      const current = registry.ldapGroup(target.id);
      if (!current) throw new AppError(ErrorCode.NotFound, `the LDAP group ${target.dn} was deleted during its sync`);
      const unresolved = [...members.unresolved.map((m) => `${m}: not found in the directory`)];
      const desired = new Set<string>();
      const provisioned: string[] = [];
      for (const person of members.people) {
        try {
          const settled = accounts.settle(provider, person, { signIn: false });
          desired.add(settled.user.id);
          if (settled.created) provisioned.push(settled.user.id);
        } catch (error) {
          unresolved.push(`${person.dn}: ${messageOf(error)}`);
        }
      }
      const fromProvider = groups.memberIds(current.groupId).filter((userId) => registry.identityOf(userId)?.providerId === provider.id);
      const removed = fromProvider.filter((userId) => !desired.has(userId));
      for (const userId of removed) groups.removeMember(current.groupId, userId);
      const added = [...desired].filter((userId) => groups.addMember(current.groupId, userId, at));
      const synced: LdapGroupRecord = { ...current, lastSyncedAt: at, updatedAt: at };
      registry.putLdapGroup(synced);
      return { ldapGroup: synced, added, removed, provisioned, unresolved };
    });
  }

  /** One mapping per (provider, provider group), any case: setting it again changes it. */
  setMapping(input: {
    providerId: string;
    externalGroup: string;
    groupId?: string | null;
    role?: Role | null;
  }): Promise<GroupMappingRecord> {
    const provider = this.deps.registry.require(input.providerId);
    const externalGroup = identifierText(input.externalGroup, 'externalGroup', DN_MAX);
    const groupId = input.groupId ?? null;
    const role = input.role ?? null;
    if (groupId === null && role === null)
      throw new AppError(ErrorCode.BadRequest, 'a group mapping gives a product group (groupId), a role, or both; send at least one');
    if (groupId !== null) this.deps.groups.require(groupId);
    const before = this.deps.registry.mappingFor(provider.id, externalGroup);
    return commitChange(this.deps, (at) => {
      const mapping: GroupMappingRecord = {
        id: before?.id ?? this.deps.newId(),
        providerId: provider.id,
        externalGroup,
        groupId,
        role,
        createdAt: before?.createdAt ?? at,
        updatedAt: at,
      };
      this.deps.registry.putMapping(mapping);
      return mapping;
    });
  }

  async deleteMapping(id: string): Promise<boolean> {
    if (!this.deps.registry.mapping(id)) throw new AppError(ErrorCode.NotFound, `no group mapping with id ${id}`);
    await commitChange(this.deps, () => this.deps.registry.deleteMapping(id));
    return true;
  }

  private ldapProvider(id: string): LdapProvider {
    const provider = this.deps.registry.require(id);
    if (provider.type !== 'ldap')
      throw new AppError(ErrorCode.BadRequest, `provider ${provider.name} is OpenID Connect; LDAP groups need an LDAP provider`);
    return provider;
  }
}
