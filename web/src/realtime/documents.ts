/** Presence and edit-lock GraphQL documents, for any entity page; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  RealtimeAcquireEditLockMutation,
  RealtimeAcquireEditLockMutationVariables,
  RealtimeEditLocksSubscription,
  RealtimeEditLocksSubscriptionVariables,
  RealtimeEntityViewersSubscription,
  RealtimeEntityViewersSubscriptionVariables,
  RealtimeReleaseEditLockMutation,
  RealtimeReleaseEditLockMutationVariables,
  RealtimeRenewEditLockMutation,
  RealtimeRenewEditLockMutationVariables,
} from '../gql/graphql';

export const ViewersDocument = gql<RealtimeEntityViewersSubscription, RealtimeEntityViewersSubscriptionVariables>`
  subscription RealtimeEntityViewers($entityType: String!, $entityId: ID!) {
    entityViewersChanged(entityType: $entityType, entityId: $entityId) {
      entityType
      entityId
      viewers {
        userId
        username
        since
        editing
      }
    }
  }
`;

export const LocksDocument = gql<RealtimeEditLocksSubscription, RealtimeEditLocksSubscriptionVariables>`
  subscription RealtimeEditLocks($entityType: String!, $entityId: ID!) {
    editLockChanged(entityType: $entityType, entityId: $entityId) {
      entityType
      entityId
      locks {
        field
        userId
        username
        acquiredAt
        expiresAt
      }
    }
  }
`;

export const AcquireDocument = gql<RealtimeAcquireEditLockMutation, RealtimeAcquireEditLockMutationVariables>`
  mutation RealtimeAcquireEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {
    acquireEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {
      field
      expiresAt
    }
  }
`;

export const RenewDocument = gql<RealtimeRenewEditLockMutation, RealtimeRenewEditLockMutationVariables>`
  mutation RealtimeRenewEditLock($entityType: String!, $entityId: ID!, $field: String!, $ttlSeconds: Int) {
    renewEditLock(entityType: $entityType, entityId: $entityId, field: $field, ttlSeconds: $ttlSeconds) {
      field
      expiresAt
    }
  }
`;

export const ReleaseDocument = gql<RealtimeReleaseEditLockMutation, RealtimeReleaseEditLockMutationVariables>`
  mutation RealtimeReleaseEditLock($entityType: String!, $entityId: ID!, $field: String!) {
    releaseEditLock(entityType: $entityType, entityId: $entityId, field: $field)
  }
`;
