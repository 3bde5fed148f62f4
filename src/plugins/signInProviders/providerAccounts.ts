/**
 * The local side of a person from a provider: their user (provisioned on first sign-in, kept up to
 * date after), the link that marks the user's source, and the product groups and role the
 * provider's groups map to, applied at every sign-in so a person removed from a directory group
 * loses what it gave them the next time they sign in. Everything here stages changes synchronously
 * (the caller awaits the commit); nothing is staged before a check that can refuse.
 *
 * Rules (docs/identity.md): a username held by a local user not linked to this person is refused,
 * never taken over; an email address another user holds is left out; the role follows the role
 * mappings when the provider has any (the highest matching, else the provider's default role) and
 * is left alone when it has none; a product group named by a mapping or an LDAP group is
 * directory-owned for the provider's people: joined while they are in a matching group, left when not.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../../core/people/groupDirectory.js';
import type { UserChanges, UserDirectory, UserRecord } from '../../core/people/userDirectory.js';
import type { Role } from '../../core/auth/roles.js';
import { firstRdnValue, normalizeDn } from './ldapFilter.js';
import type { ProviderRecord } from './providerRecord.js';
import type { ProviderRegistry } from './providerRegistry.js';

/** A person as a provider describes them (LDAP entry or OIDC claims). */
export interface ExternalPerson {
  readonly externalId: string;
  readonly dn: string | null;
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** LDAP: group DNs; OIDC: values of the groups claim. */
  readonly groups: readonly string[];
}

export interface SettleOptions {
  /** A sign-in: stamp it, and apply the group mappings (a sync applies only its own group). */
  readonly signIn: boolean;
}

export interface Settled {
  readonly user: UserRecord;
  readonly created: boolean;
  readonly joined: readonly string[];
  readonly left: readonly string[];
}

export interface ProviderAccountsDeps {
  readonly registry: ProviderRegistry;
  readonly users: UserDirectory;
  readonly groups: GroupDirectory;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Pick<Clock, 'now'>;
}

const RANK: Record<Role, number> = { user: 0, operator: 1, admin: 2 };
const USERNAME_MAX = 64;

export class ProviderAccounts {
  constructor(private readonly deps: ProviderAccountsDeps) {}

  /** The user this person is, provisioned or updated, with mappings applied on sign-in. Stages; does not wait. */
  settle(provider: ProviderRecord, person: ExternalPerson, options: SettleOptions): Settled {
    const { registry, users } = this.deps;
    const now = this.deps.clock.now();
    let identity = registry.identity(provider.id, person.externalId);
    if (identity && !users.get(identity.userId)) {
      registry.dropIdentityOfMissingUser(identity);
      identity = undefined;
    }
    let user: UserRecord;
    let created = false;
    if (identity) {
      user = users.require(identity.userId);
      const changes: UserChanges = {};
      if (person.displayName !== null && person.displayName !== user.displayName)
        (changes as { displayName?: string }).displayName = person.displayName;
      if (person.email !== null && person.email.toLowerCase() !== user.email?.toLowerCase() && this.emailFree(person.email, user.id))
        (changes as { email?: string }).email = person.email;
      if (Object.keys(changes).length > 0) {
        user = users.update(user.id, changes, now);
        this.announce('user.updated', user, Object.keys(changes), now);
      }
    } else {
      const username = this.usernameFor(provider, person);
      user = users.create(
        {
          username,
          email: person.email !== null && this.emailFree(person.email, null) ? person.email : null,
          displayName: person.displayName,
          passwordHash: null,
          role: provider.defaultRole,
        },
        now,
      );
      created = true;
      this.announce('user.created', user, [], now);
    }
    registry.putIdentity({
      providerId: provider.id,
      externalId: person.externalId,
      userId: user.id,
      dn: person.dn,
      lastSignInAt: options.signIn ? now : (identity?.lastSignInAt ?? null),
      createdAt: identity?.createdAt ?? now,
      updatedAt: now,
    });
    if (!options.signIn) return { user, created, joined: [], left: [] };
    const { joined, left } = this.applyGroups(provider, user.id, person.groups, now);
    user = this.applyRole(provider, user, person.groups, now, created);
    return { user, created, joined, left };
  }

  /** Whether a mapping's provider group is one of the person's (LDAP: a DN, or a bare cn; OIDC: a claim value). */
  matches(provider: ProviderRecord, externalGroup: string, personGroups: readonly string[]): boolean {
    if (provider.type === 'oidc') return personGroups.some((g) => g.toLowerCase() === externalGroup.toLowerCase());
    const wanted = externalGroup.includes('=') ? normalizeDn(externalGroup) : null;
    return personGroups.some((dn) =>
      wanted !== null ? normalizeDn(dn) === wanted : firstRdnValue(dn).toLowerCase() === externalGroup.toLowerCase(),
    );
  }

  private applyGroups(
    provider: ProviderRecord,
    userId: string,
    personGroups: readonly string[],
    now: number,
  ): { joined: string[]; left: string[] } {
    const { registry, groups } = this.deps;
    const owned = new Set<string>();
    const wanted = new Set<string>();
    for (const m of registry.mappingsOf(provider.id)) {
      if (m.groupId === null) continue;
      owned.add(m.groupId);
      if (this.matches(provider, m.externalGroup, personGroups)) wanted.add(m.groupId);
    }
    if (provider.type === 'ldap') {
      for (const g of registry.ldapGroupsOf(provider.id)) {
        owned.add(g.groupId);
        if (this.matches(provider, g.dn, personGroups)) wanted.add(g.groupId);
      }
    }
    const joined: string[] = [];
    const left: string[] = [];
    for (const groupId of owned) {
      if (!groups.get(groupId)) continue;
      if (wanted.has(groupId)) {
        if (groups.addMember(groupId, userId, now)) joined.push(groupId);
      } else if (groups.removeMember(groupId, userId)) {
        left.push(groupId);
      }
    }
    return { joined, left };
  }

  private applyRole(
    provider: ProviderRecord,
    user: UserRecord,
    personGroups: readonly string[],
    now: number,
    created: boolean,
  ): UserRecord {
    const roleMappings = this.deps.registry.mappingsOf(provider.id).filter((m) => m.role !== null);
    if (roleMappings.length === 0) return user;
    let role: Role = provider.defaultRole;
    for (const m of roleMappings) if (this.matches(provider, m.externalGroup, personGroups) && RANK[m.role!] > RANK[role]) role = m.role!;
    if (role === user.role) return user;
    if (user.role === 'admin' && user.active && !this.anotherActiveAdmin(user.id)) return user; // never demote the last admin
    const after = this.deps.users.update(user.id, { role }, now);
    if (!created) this.announce('user.updated', after, ['role'], now);
    return after;
  }

  private anotherActiveAdmin(userId: string): boolean {
    for (const u of this.deps.users.all()) if (u.id !== userId && u.role === 'admin' && u.active) return true;
    return false;
  }

  private usernameFor(provider: ProviderRecord, person: ExternalPerson): string {
    const username = person.username.trim();
    if (username === '' || username.length > USERNAME_MAX || /[\s@/]/.test(username) || /[\u0000-\u001f]/.test(username)) {
      throw new AppError(
        ErrorCode.BadRequest,
        `the provider ${provider.name} names this person "${username.slice(0, USERNAME_MAX)}", which is not a usable username (1-${USERNAME_MAX} characters, no spaces, "@" or "/"); set its username attribute or claim`,
      );
    }
    const holder = this.deps.users.byLogin(username);
    if (holder) {
      const link = this.deps.registry.identityOf(holder.id);
      const owner = link ? (this.deps.registry.get(link.providerId)?.name ?? 'another provider') : 'a local account';
      throw new AppError(
        ErrorCode.Conflict,
        `the username ${username} already belongs to ${owner}; an admin renames or removes that user before ${username} can sign in through ${provider.name}`,
      );
    }
    return username;
  }

  private emailFree(email: string, self: string | null): boolean {
    const holder = this.deps.users.byLogin(email);
    return holder === undefined || holder.id === self;
  }

  private announce(type: 'user.created' | 'user.updated', user: UserRecord, fields: readonly string[], at: number): void {
    emitOnCommit(this.deps.writer, this.deps.bus, { type, user: { id: user.id, username: user.username }, fields, at, origin: 'api' });
  }
}
