/** The GraphQL documents of this area, typed by the generated operation types (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type { AdminAgentKeysQuery, AdminAgentKeysQueryVariables, AdminCreateAgentKeyMutation, AdminCreateAgentKeyMutationVariables, AdminRevokeAgentKeyMutation, AdminRevokeAgentKeyMutationVariables } from '../../../gql/graphql';

export const AGENT_KEYS = gql<AdminAgentKeysQuery, AdminAgentKeysQueryVariables>`
  query AdminAgentKeys($includeRevoked: Boolean) {
    agentKeys(includeRevoked: $includeRevoked) {
      id
      name
      prefix
      nodeId
      endpoints
      requestBudget {
        requestsPerSecond
        burst
      }
      createdAt
      lastUsedAt
      revokedAt
    }
    agentKeyEndpoints
  }
`;

export const CREATE_AGENT_KEY = gql<AdminCreateAgentKeyMutation, AdminCreateAgentKeyMutationVariables>`
  mutation AdminCreateAgentKey($input: CreateAgentKeyInput!) {
    createAgentKey(input: $input) {
      key
      agentKey {
        id
        name
      }
    }
  }
`;

export const REVOKE_AGENT_KEY = gql<AdminRevokeAgentKeyMutation, AdminRevokeAgentKeyMutationVariables>`
  mutation AdminRevokeAgentKey($id: ID!) {
    revokeAgentKey(id: $id) {
      id
      revokedAt
    }
  }
`;
