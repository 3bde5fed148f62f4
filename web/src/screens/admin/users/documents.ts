/** The users and groups screens' GraphQL documents and the shapes they return. */
import { gql } from 'urql';
import type { AdminAddGroupMemberMutation, AdminAddGroupMemberMutationVariables, AdminCreateGroupMutation, AdminCreateGroupMutationVariables, AdminCreateUserMutation, AdminCreateUserMutationVariables, AdminDeactivateUserMutation, AdminDeactivateUserMutationVariables, AdminDeleteGroupMutation, AdminDeleteGroupMutationVariables, AdminDeleteUserMutation, AdminDeleteUserMutationVariables, AdminGroupDetailQuery, AdminGroupDetailQueryVariables, AdminGroupsListQuery, AdminGroupsListQueryVariables, AdminRemoveGroupMemberMutation, AdminRemoveGroupMemberMutationVariables, AdminResetPasswordMutation, AdminResetPasswordMutationVariables, AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables, AdminUpdateUserMutation, AdminUpdateUserMutationVariables, AdminUserDetailQuery, AdminUserDetailQueryVariables, AdminUserPickerQuery, AdminUserPickerQueryVariables, AdminUsersListQuery, AdminUsersListQueryVariables } from '../../../gql/graphql';
import type { Role } from './userForm';

export interface UserRow {
  readonly id: string;
  readonly username: string;
  readonly displayName: string | null;
  readonly email: string | null;
  readonly role: Role;
  readonly active: boolean;
  readonly authSource: string;
  readonly lastLoginAt: string | null;
}

export interface UserDetail extends UserRow {
  readonly createdAt: string;
  readonly groups: readonly { id: string; name: string }[];
}

export const USERS_LIST = gql<AdminUsersListQuery, AdminUsersListQueryVariables>`
  query AdminUsersList($filter: UserFilter, $limit: Int, $offset: Int) {
    users(filter: $filter, limit: $limit, offset: $offset) {
      id
      username
      displayName
      email
      role
      active
      authSource
      lastLoginAt
    }
    userCount(filter: $filter)
  }
`;

export const CREATE_USER = gql<AdminCreateUserMutation, AdminCreateUserMutationVariables>`
  mutation AdminCreateUser($input: CreateUserInput!) {
    createUser(input: $input) {
      id
      username
    }
  }
`;

export const USER_DETAIL = gql<AdminUserDetailQuery, AdminUserDetailQueryVariables>`
  query AdminUserDetail($id: ID!) {
    user(id: $id) {
      id
      username
      displayName
      email
      role
      active
      authSource
      lastLoginAt
      createdAt
      groups {
        id
        name
      }
    }
  }
`;

export const UPDATE_USER = gql<AdminUpdateUserMutation, AdminUpdateUserMutationVariables>`
  mutation AdminUpdateUser($id: ID!, $input: UpdateUserInput!) {
    updateUser(id: $id, input: $input) {
      id
      displayName
      email
      role
      active
    }
  }
`;

export const DEACTIVATE_USER = gql<AdminDeactivateUserMutation, AdminDeactivateUserMutationVariables>`
  mutation AdminDeactivateUser($id: ID!) {
    deactivateUser(id: $id) {
      id
      active
    }
  }
`;

export const DELETE_USER = gql<AdminDeleteUserMutation, AdminDeleteUserMutationVariables>`
  mutation AdminDeleteUser($id: ID!) {
    deleteUser(id: $id)
  }
`;

export const RESET_PASSWORD = gql<AdminResetPasswordMutation, AdminResetPasswordMutationVariables>`
  mutation AdminResetPassword($userId: ID!) {
    resetPassword(userId: $userId) {
      token
      expiresAt
    }
  }
`;

export interface GroupRow {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly memberCount: number;
}

export const GROUPS_LIST = gql<AdminGroupsListQuery, AdminGroupsListQueryVariables>`
  query AdminGroupsList($search: String) {
    groups(search: $search, limit: 500) {
      id
      name
      description
      memberCount
    }
  }
`;

export const GROUP_DETAIL = gql<AdminGroupDetailQuery, AdminGroupDetailQueryVariables>`
  query AdminGroupDetail($id: ID!) {
    group(id: $id) {
      id
      name
      description
      memberCount
      members(limit: 500) {
        id
        username
        displayName
        role
        active
      }
    }
  }
`;

export const CREATE_GROUP = gql<AdminCreateGroupMutation, AdminCreateGroupMutationVariables>`
  mutation AdminCreateGroup($input: CreateGroupInput!) {
    createGroup(input: $input) {
      id
      name
    }
  }
`;

export const UPDATE_GROUP = gql<AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables>`
  mutation AdminUpdateGroup($id: ID!, $input: UpdateGroupInput!) {
    updateGroup(id: $id, input: $input) {
      id
      name
      description
    }
  }
`;

export const DELETE_GROUP = gql<AdminDeleteGroupMutation, AdminDeleteGroupMutationVariables>`
  mutation AdminDeleteGroup($id: ID!) {
    deleteGroup(id: $id)
  }
`;

export const ADD_MEMBER = gql<AdminAddGroupMemberMutation, AdminAddGroupMemberMutationVariables>`
  mutation AdminAddGroupMember($groupId: ID!, $userId: ID!) {
    addUserToGroup(groupId: $groupId, userId: $userId) {
      id
      memberCount
    }
  }
`;

export const REMOVE_MEMBER = gql<AdminRemoveGroupMemberMutation, AdminRemoveGroupMemberMutationVariables>`
  mutation AdminRemoveGroupMember($groupId: ID!, $userId: ID!) {
    removeUserFromGroup(groupId: $groupId, userId: $userId) {
      id
      memberCount
    }
  }
`;

export const USER_PICKER = gql<AdminUserPickerQuery, AdminUserPickerQueryVariables>`
  query AdminUserPicker($filter: UserFilter) {
    users(filter: $filter, limit: 20) {
      id
      username
      displayName
    }
  }
`;

