/** LDAP groups (synced directory groups) and group mappings over GraphQL: admins only. */
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { authorize, type Role } from '../../core/auth/roles.js';
import type { SyncReport } from './directoryGroups.js';
import type { GroupMappingRecord, LdapGroupRecord } from './providerRecord.js';
import type { SignInProvidersContext } from './signInProvidersContext.js';

type Ctx = GraphQLContext<SignInProvidersContext>;

const users = (ids: readonly string[], ctx: Ctx) => ids.map((id) => ctx.app.users.get(id)).filter((u) => u !== undefined);

export const directoryGroupSchema: SchemaModule<SignInProvidersContext> = {
  typeDefs: /* GraphQL */ `
    "A directory group whose members are synced into a product group."
    type LDAPGroup {
      id: ID!
      provider: AuthProvider!
      dn: String!
      group: Group!
      lastSyncedAt: DateTime
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    type LDAPGroupSyncResult {
      ldapGroup: LDAPGroup!
      "Users who joined the product group in this sync."
      added: [User!]!
      "The provider's users who left it (no longer in the directory group)."
      removed: [User!]!
      "Users created by this sync (they had never signed in)."
      provisioned: [User!]!
      "Members the directory lists that could not be made users, each with why."
      unresolved: [String!]!
    }

    "A provider group (LDAP: a group DN or cn; OIDC: a groups-claim value) mapped to a product group and/or a role at every sign-in."
    type GroupMapping {
      id: ID!
      provider: AuthProvider!
      externalGroup: String!
      group: Group
      role: Role
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input CreateLDAPGroupInput {
      providerId: ID!
      "The directory group's DN."
      groupDn: String!
      "An existing product group; without it a product group is created."
      groupId: ID
      "Name of the product group to create (default: the DN's cn)."
      name: String
      description: String
    }

    input UpdateLDAPGroupInput {
      groupDn: String
      groupId: ID
    }

    input SetGroupMappingInput {
      providerId: ID!
      externalGroup: String!
      groupId: ID
      role: Role
    }

    extend type Query {
      ldapGroups(providerId: ID): [LDAPGroup!]!
      groupMappings(providerId: ID): [GroupMapping!]!
    }

    extend type Mutation {
      createLDAPGroup(input: CreateLDAPGroupInput!): LDAPGroup!
      updateLDAPGroup(id: ID!, input: UpdateLDAPGroupInput!): LDAPGroup!
      "The product group stays unless deleteGroup is true."
      deleteLDAPGroup(id: ID!, deleteGroup: Boolean = false): Boolean!
      "Syncs one LDAP group, a provider's, or all; idempotent. Reports who was added and removed."
      syncLDAPGroups(providerId: ID, ldapGroupId: ID): [LDAPGroupSyncResult!]!
      "Creates or changes the mapping of (provider, externalGroup)."
      setGroupMapping(input: SetGroupMappingInput!): GroupMapping!
      deleteGroupMapping(id: ID!): Boolean!
    }
  `,
  resolvers: {
    LDAPGroup: {
      provider: (g: LdapGroupRecord, _a: unknown, ctx: Ctx) => ctx.app.authProviderRegistry.get(g.providerId),
      group: (g: LdapGroupRecord, _a: unknown, ctx: Ctx) => ctx.app.groups.get(g.groupId),
    },
    LDAPGroupSyncResult: {
      added: (r: SyncReport, _a: unknown, ctx: Ctx) => users(r.added, ctx),
      removed: (r: SyncReport, _a: unknown, ctx: Ctx) => users(r.removed, ctx),
      provisioned: (r: SyncReport, _a: unknown, ctx: Ctx) => users(r.provisioned, ctx),
    },
    GroupMapping: {
      provider: (m: GroupMappingRecord, _a: unknown, ctx: Ctx) => ctx.app.authProviderRegistry.get(m.providerId),
      group: (m: GroupMappingRecord, _a: unknown, ctx: Ctx) => (m.groupId === null ? null : (ctx.app.groups.get(m.groupId) ?? null)),
    },
    Query: {
      ldapGroups: (_r, args: { providerId?: string | null }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviderRegistry.ldapGroupsOf(args.providerId ?? null)
      ),
      groupMappings: (_r, args: { providerId?: string | null }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviderRegistry.mappingsOf(args.providerId ?? null)
      ),
    },
    Mutation: {
      createLDAPGroup(
        _r,
        args: {
          input: { providerId: string; groupDn: string; groupId?: string | null; name?: string | null; description?: string | null };
        },
        ctx,
      ) {
        authorize(ctx.viewer, 'auth-provider:manage');
        const { groupDn, ...rest } = args.input;
        return ctx.app.directoryGroups.createLdapGroup({ ...rest, dn: groupDn });
      },
      updateLDAPGroup: (_r, args: { id: string; input: { groupDn?: string | null; groupId?: string | null } }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'),
        ctx.app.directoryGroups.updateLdapGroup(args.id, { dn: args.input.groupDn ?? null, groupId: args.input.groupId ?? null })
      ),
      deleteLDAPGroup: (_r, args: { id: string; deleteGroup?: boolean | null }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.directoryGroups.deleteLdapGroup(args.id, args.deleteGroup === true)
      ),
      syncLDAPGroups: (_r, args: { providerId?: string | null; ldapGroupId?: string | null }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.directoryGroups.sync(args.providerId ?? null, args.ldapGroupId ?? null)
      ),
      setGroupMapping: (
        _r,
        args: { input: { providerId: string; externalGroup: string; groupId?: string | null; role?: Role | null } },
        ctx,
      ) => (authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.directoryGroups.setMapping(args.input)),
      deleteGroupMapping: (_r, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.directoryGroups.deleteMapping(args.id)
      ),
    },
  },
};
