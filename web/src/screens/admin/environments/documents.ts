/** The environments screen's GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  AdminCreateEnvironmentMutation,
  AdminCreateEnvironmentMutationVariables,
  AdminDeleteEnvironmentMutation,
  AdminDeleteEnvironmentMutationVariables,
  AdminEnvironmentsQuery,
  AdminEnvironmentsQueryVariables,
  AdminSetEnvironmentAccessMutation,
  AdminSetEnvironmentAccessMutationVariables,
  AdminUpdateEnvironmentMutation,
  AdminUpdateEnvironmentMutationVariables,
} from '../../../gql/graphql';

export const ENVIRONMENTS = gql<AdminEnvironmentsQuery, AdminEnvironmentsQueryVariables>`
  query AdminEnvironments {
    environments {
      id
      name
      description
      paths
      groups {
        groupId
        level
        group {
          name
        }
      }
    }
    groups(limit: 500) {
      id
      name
    }
  }
`;

export const CREATE_ENVIRONMENT = gql<AdminCreateEnvironmentMutation, AdminCreateEnvironmentMutationVariables>`
  mutation AdminCreateEnvironment($input: EnvironmentInput!) {
    createEnvironment(input: $input) {
      id
    }
  }
`;

export const UPDATE_ENVIRONMENT = gql<AdminUpdateEnvironmentMutation, AdminUpdateEnvironmentMutationVariables>`
  mutation AdminUpdateEnvironment($id: ID!, $input: UpdateEnvironmentInput!) {
    updateEnvironment(id: $id, input: $input) {
      id
    }
  }
`;

export const DELETE_ENVIRONMENT = gql<AdminDeleteEnvironmentMutation, AdminDeleteEnvironmentMutationVariables>`
  mutation AdminDeleteEnvironment($id: ID!) {
    deleteEnvironment(id: $id)
  }
`;

export const SET_ACCESS = gql<AdminSetEnvironmentAccessMutation, AdminSetEnvironmentAccessMutationVariables>`
  mutation AdminSetEnvironmentAccess($groupId: ID!, $environmentId: ID!, $level: EnvironmentAccessLevel) {
    setGroupEnvironmentAccess(groupId: $groupId, environmentId: $environmentId, level: $level) {
      groupId
      level
    }
  }
`;
