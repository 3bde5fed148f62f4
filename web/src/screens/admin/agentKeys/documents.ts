/** The agent-key screen's GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  AdminAgentKeysQuery,
  AdminAgentKeysQueryVariables,
  AdminCreateAgentKeyMutation,
  AdminCreateAgentKeyMutationVariables,
  AdminRevokeAgentKeyMutation,
  AdminRevokeAgentKeyMutationVariables,
} from '../../../gql/graphql';

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
