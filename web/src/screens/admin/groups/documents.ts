/** The groups screens' GraphQL documents; the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  AdminAddGroupMemberMutation,
  AdminAddGroupMemberMutationVariables,
  AdminCreateGroupMutation,
  AdminCreateGroupMutationVariables,
  AdminDeleteGroupMutation,
  AdminDeleteGroupMutationVariables,
  AdminGroupDetailQuery,
  AdminGroupDetailQueryVariables,
  AdminGroupsListQuery,
  AdminGroupsListQueryVariables,
  AdminRemoveGroupMemberMutation,
  AdminRemoveGroupMemberMutationVariables,
  AdminUpdateGroupMutation,
  AdminUpdateGroupMutationVariables,
} from '../../../gql/graphql';

/** A group as its page shows it. */
export type GroupRow = NonNullable<AdminGroupDetailQuery['group']>;

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
