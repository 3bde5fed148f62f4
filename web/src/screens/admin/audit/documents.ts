/** The audit trail's GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type { AdminAuditEventsQuery, AdminAuditEventsQueryVariables } from '../../../gql/graphql';

export const AUDIT_EVENTS = gql<AdminAuditEventsQuery, AdminAuditEventsQueryVariables>`
  query AdminAuditEvents($filter: AuditFilter, $limit: Int, $offset: Int) {
    auditEvents(filter: $filter, limit: $limit, offset: $offset) {
      id
      at
      kind
      action
      actor
      sourceAddress
      outcome
      errorCode
      errorMessage
      detail
    }
    auditEventCount(filter: $filter)
  }
`;
