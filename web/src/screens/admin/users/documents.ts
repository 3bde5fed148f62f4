/** The users screens' GraphQL documents (and the user picker the groups screens use); the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  AdminCreateUserMutation,
  AdminCreateUserMutationVariables,
  AdminDeactivateUserMutation,
  AdminDeactivateUserMutationVariables,
  AdminDeleteUserMutation,
  AdminDeleteUserMutationVariables,
  AdminResetPasswordMutation,
  AdminResetPasswordMutationVariables,
  AdminUpdateUserMutation,
  AdminUpdateUserMutationVariables,
  AdminUserDetailQuery,
  AdminUserDetailQueryVariables,
  AdminUserPickerQuery,
  AdminUserPickerQueryVariables,
  AdminUsersListQuery,
  AdminUsersListQueryVariables,
} from '../../../gql/graphql';

/** A user as the list shows it. */
export type UserRow = AdminUsersListQuery['users'][number];
/** A user as their page shows them. */
export type UserDetail = NonNullable<AdminUserDetailQuery['user']>;

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

export const USER_PICKER = gql<AdminUserPickerQuery, AdminUserPickerQueryVariables>`
  query AdminUserPicker($filter: UserFilter) {
    users(filter: $filter, limit: 20) {
      id
      username
      displayName
    }
  }
`;
