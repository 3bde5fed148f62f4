/** Users and groups over GraphQL. Reading the directory is open to every signed-in role; changing it is for admins. */
import type { CoreServices } from '../coreServices.js';
import { authorize, can, isRole, type Role } from '../auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { pageArgs, readPage, slicePage } from '../../platform/graphql/pagination.js';
import { identifierText, storableText } from '../protocol/fields.js';
import type { GroupRecord } from './groupDirectory.js';
import { isSelf } from './selfView.js';
import type { UserRecord } from './userDirectory.js';

const USERNAME_MAX = 64;
const EMAIL_MAX = 254;
const TEXT_MAX = 200;
const DESCRIPTION_MAX = 2000;

interface UserFilter {
  readonly search?: string | null;
  readonly role?: Role | null;
  readonly active?: boolean | null;
  readonly groupId?: string | null;
}

export const peopleSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    enum Role {
      ADMIN
      OPERATOR
      "Reads everything a viewer may see; changes nothing but their own sessions and password."
      USER
    }

    type User {
      id: ID!
      username: String!
      "Visible to admins and to the user; null for others."
      email: String
      displayName: String
      role: Role!
      active: Boolean!
      groups: [Group!]!
      lastLoginAt: DateTime
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    type Group {
      id: ID!
      name: String!
      description: String
      memberCount: Int!
      members(${pageArgs}): [User!]!
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    input UserFilter {
      "Part of the username, display name or email, any case."
      search: String
      role: Role
      active: Boolean
      groupId: ID
    }

    input CreateUserInput {
      username: String!
      email: String
      displayName: String
      "At least 10 characters. Without one the user cannot sign in until a password is set with resetPassword."
      password: String
      role: Role = USER
    }

    input UpdateUserInput {
      username: String
      email: String
      displayName: String
      role: Role
      active: Boolean
    }

    input CreateGroupInput {
      name: String!
      description: String
    }

    input UpdateGroupInput {
      name: String
      description: String
    }

    extend type Query {
      user(id: ID!): User
      userByUsername(username: String!): User
      "Users ordered by username."
      users(filter: UserFilter, ${pageArgs}): [User!]!
      userCount(filter: UserFilter): Int!
      group(id: ID!): Group
      "Groups ordered by name."
      groups(search: String, ${pageArgs}): [Group!]!
      groupMembers(groupId: ID!, ${pageArgs}): [User!]!
    }

    extend type Mutation {
      createUser(input: CreateUserInput!): User!
      "Admins change anything; a user may change their own email and display name."
      updateUser(id: ID!, input: UpdateUserInput!): User!
      deleteUser(id: ID!): Boolean!
      "The user can no longer sign in and all of their sessions end at once."
      deactivateUser(id: ID!): User!
      createGroup(input: CreateGroupInput!): Group!
      updateGroup(id: ID!, input: UpdateGroupInput!): Group!
      deleteGroup(id: ID!): Boolean!
      addUserToGroup(groupId: ID!, userId: ID!): Group!
      removeUserFromGroup(groupId: ID!, userId: ID!): Group!
    }
  `,
  resolvers: {
    Role: { ADMIN: 'admin', OPERATOR: 'operator', USER: 'user' },
    User: {
      email: (u: UserRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        isSelf(u, ctx.viewer) || can(ctx.viewer, 'user:read-private') ? u.email : null,
      groups: (u: UserRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) =>
        byName(ctx.app.groups.groupIdsOf(u.id).map((id) => ctx.app.groups.get(id)!)),
    },
    Group: {
      memberCount: (g: GroupRecord, _args: unknown, ctx: GraphQLContext<CoreServices>) => ctx.app.groups.memberIds(g.id).length,
      members: (g: GroupRecord, args: { limit?: number; offset?: number }, ctx: GraphQLContext<CoreServices>) =>
        membersPage(ctx, g.id, args),
    },
    Query: {
      user: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'directory:read'), ctx.app.users.get(args.id) ?? null),
      userByUsername: (_root, args: { username: string }, ctx) => (
        authorize(ctx.viewer, 'directory:read'), ctx.app.users.byName(args.username) ?? null
      ),
      users(_root, args: { filter?: UserFilter | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'directory:read');
        return slicePage(sortedUsers(ctx), readPage(args), userMatcher(ctx, args.filter ?? {}));
      },
      userCount(_root, args: { filter?: UserFilter | null }, ctx) {
        authorize(ctx.viewer, 'directory:read');
        const keep = userMatcher(ctx, args.filter ?? {});
        let count = 0;
        for (const user of ctx.app.users.all()) if (keep(user)) count += 1;
        return count;
      },
      group: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'directory:read'), ctx.app.groups.get(args.id) ?? null),
      groups(_root, args: { search?: string | null; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'directory:read');
        const needle = args.search?.toLowerCase() ?? null;
        return slicePage(
          byName([...ctx.app.groups.all()]),
          readPage(args),
          (g) => needle === null || g.name.toLowerCase().includes(needle),
        );
      },
      groupMembers(_root, args: { groupId: string; limit?: number; offset?: number }, ctx) {
        authorize(ctx.viewer, 'directory:read');
        ctx.app.groups.require(args.groupId);
        return membersPage(ctx, args.groupId, args);
      },
    },
    Mutation: {
      createUser(_root, args: { input: Record<string, unknown> }, ctx) {
        authorize(ctx.viewer, 'user:manage');
        const input = args.input;
        return ctx.app.people.createUser({
          username: username(input['username'] as string),
          email: optional(input['email'], email),
          displayName: optional(input['displayName'], (v) => storableText(v, 'displayName', TEXT_MAX)),
          password: (input['password'] as string | null | undefined) ?? null,
          role: roleOf(input['role'] ?? 'user'),
        });
      },
      updateUser(_root, args: { id: string; input: Record<string, unknown> }, ctx) {
        const viewer = authorize(ctx.viewer, 'directory:read');
        const input = args.input;
        const self = viewer.userId === args.id;
        const adminFields = ['username', 'role', 'active'].filter((f) => input[f] !== undefined && input[f] !== null);
        if (!can(viewer, 'user:manage') && (!self || adminFields.length > 0)) {
          throw new AppError(
            ErrorCode.Forbidden,
            self ? `only an admin may change ${adminFields.join(', ')}` : `role ${viewer.role} may not change other users`,
          );
        }
        const changes: Record<string, unknown> = {};
        if (input['username'] != null) changes['username'] = username(input['username'] as string);
        if (input['email'] !== undefined) changes['email'] = optional(input['email'], email);
        if (input['displayName'] !== undefined)
          changes['displayName'] = optional(input['displayName'], (v) => storableText(v, 'displayName', TEXT_MAX));
        if (input['role'] != null) changes['role'] = roleOf(input['role']);
        if (input['active'] != null) changes['active'] = input['active'];
        return ctx.app.people.updateUser(args.id, changes, viewer.userId);
      },
      deleteUser: (_root, args: { id: string }, ctx) => ctx.app.people.deleteUser(args.id, authorize(ctx.viewer, 'user:manage').userId),
      deactivateUser: (_root, args: { id: string }, ctx) =>
        ctx.app.people.deactivateUser(args.id, authorize(ctx.viewer, 'user:manage').userId),
      createGroup(_root, args: { input: { name: string; description?: string | null } }, ctx) {
        authorize(ctx.viewer, 'group:manage');
        return ctx.app.people.createGroup(groupName(args.input.name), optional(args.input.description, description));
      },
      updateGroup(_root, args: { id: string; input: { name?: string | null; description?: string | null } }, ctx) {
        authorize(ctx.viewer, 'group:manage');
        const changes: { name?: string; description?: string | null } = {};
        if (args.input.name != null) changes.name = groupName(args.input.name);
        if (args.input.description !== undefined) changes.description = optional(args.input.description, description);
        return ctx.app.people.updateGroup(args.id, changes);
      },
      deleteGroup: (_root, args: { id: string }, ctx) => (authorize(ctx.viewer, 'group:manage'), ctx.app.people.deleteGroup(args.id)),
      addUserToGroup: (_root, args: { groupId: string; userId: string }, ctx) => (
        authorize(ctx.viewer, 'group:manage'), ctx.app.people.addUserToGroup(args.groupId, args.userId)
      ),
      removeUserFromGroup: (_root, args: { groupId: string; userId: string }, ctx) => (
        authorize(ctx.viewer, 'group:manage'), ctx.app.people.removeUserFromGroup(args.groupId, args.userId)
      ),
    },
  },
};

function sortedUsers(ctx: GraphQLContext<CoreServices>): UserRecord[] {
  return [...ctx.app.users.all()].sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}

function byName(groups: GroupRecord[]): GroupRecord[] {
  return groups.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function membersPage(ctx: GraphQLContext<CoreServices>, groupId: string, args: { limit?: number; offset?: number }): UserRecord[] {
  const members = ctx.app.groups
    .memberIds(groupId)
    .map((id) => ctx.app.users.get(id))
    .filter((u): u is UserRecord => u !== undefined);
  members.sort((a, b) => (a.username < b.username ? -1 : 1));
  return slicePage(members, readPage(args));
}

function userMatcher(ctx: GraphQLContext<CoreServices>, filter: UserFilter): (user: UserRecord) => boolean {
  const needle = filter.search?.toLowerCase() ?? null;
  const members = filter.groupId ? new Set(ctx.app.groups.memberIds(filter.groupId)) : null;
  const showEmail = can(ctx.viewer, 'user:read-private');
  return (u) =>
    (filter.role == null || u.role === filter.role) &&
    (filter.active == null || u.active === filter.active) &&
    (members === null || members.has(u.id)) &&
    (needle === null ||
      u.username.toLowerCase().includes(needle) ||
      (u.displayName?.toLowerCase().includes(needle) ?? false) ||
      (showEmail && (u.email?.toLowerCase().includes(needle) ?? false)));
}

function optional<T>(value: unknown, read: (v: string) => T): T | null {
  return value === null || value === undefined || value === '' ? null : read(value as string);
}

function username(value: string): string {
  const name = identifierText(value, 'username', USERNAME_MAX);
  if (/[\s@/]/.test(name)) throw new AppError(ErrorCode.BadRequest, 'username must not contain spaces, "@" or "/"');
  return name;
}

function email(value: string): string {
  const address = identifierText(value, 'email', EMAIL_MAX);
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) throw new AppError(ErrorCode.BadRequest, `email "${address}" is not an e-mail address`);
  return address;
}

function groupName(value: string): string {
  return identifierText(value, 'group name', TEXT_MAX);
}

function description(value: string): string {
  return storableText(value, 'description', DESCRIPTION_MAX);
}

function roleOf(value: unknown): Role {
  if (!isRole(value)) throw new AppError(ErrorCode.BadRequest, `unknown role ${String(value)}`);
  return value;
}
