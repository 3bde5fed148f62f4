/** The hierarchy's GraphQL documents; the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  FleetCreateSavedFilterMutation,
  FleetCreateSavedFilterMutationVariables,
  FleetDeleteSavedFilterMutation,
  FleetDeleteSavedFilterMutationVariables,
  FleetNodeChildrenQuery,
  FleetNodeChildrenQueryVariables,
  FleetNodeSearchQuery,
  FleetNodeSearchQueryVariables,
  FleetRootNodesQuery,
  FleetRootNodesQueryVariables,
  FleetSavedFiltersQuery,
  FleetSavedFiltersQueryVariables,
  FleetServiceCountQuery,
  FleetServiceCountQueryVariables,
  FleetServicePageQuery,
  FleetServicePageQueryVariables,
  FleetSetDefaultFilterMutation,
  FleetSetDefaultFilterMutationVariables,
  FleetStatusChangesSubscription,
  FleetStatusChangesSubscriptionVariables,
} from '../../gql/graphql';

export const ROOT_NODES = gql<FleetRootNodesQuery, FleetRootNodesQueryVariables>`
  query FleetRootNodes {
    operationsRootNodes {
      id
      name
      depth
      childCount
      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }
    }
  }
`;

/** The most children one expansion shows (the server's page limit); more are reached by node search. */
export const CHILDREN_LIMIT = 1000;

export const NODE_CHILDREN = gql<FleetNodeChildrenQuery, FleetNodeChildrenQueryVariables>`
  query FleetNodeChildren($id: ID!, $limit: Int) {
    operationsNodeChildren(id: $id, limit: $limit) {
      id
      name
      depth
      childCount
      statusSummary { operational degraded down maintenance unknown total storageWarning storageCritical }
    }
  }
`;

export const NODE_SEARCH = gql<FleetNodeSearchQuery, FleetNodeSearchQueryVariables>`
  query FleetNodeSearch($search: String!, $limit: Int) {
    operationsNodes(search: $search, limit: $limit) {
      id
      serviceCount
    }
  }
`;

export const SERVICE_PAGE = gql<FleetServicePageQuery, FleetServicePageQueryVariables>`
  query FleetServicePage($filter: ServiceFilter, $sort: ServiceSort, $limit: Int, $offset: Int) {
    services(filter: $filter, sort: $sort, limit: $limit, offset: $offset) {
      id
      name
      displayName
      status
      statusMessage
      nodeId
      statusSince
      updatedAt
      storage { status freePercent }
    }
  }
`;

export const SERVICE_COUNT = gql<FleetServiceCountQuery, FleetServiceCountQueryVariables>`
  query FleetServiceCount($filter: ServiceFilter) {
    serviceCount(filter: $filter)
  }
`;

export const STATUS_CHANGES = gql<FleetStatusChangesSubscription, FleetStatusChangesSubscriptionVariables>`
  subscription FleetStatusChanges {
    serviceStatusChanged {
      serviceId
      previousStatus
      status
      message
      changedAt
      service { id nodeId }
    }
  }
`;

/** A live status change, with the service's node. */
export type StatusChangeData = FleetStatusChangesSubscription;

export const SAVED_FILTERS = gql<FleetSavedFiltersQuery, FleetSavedFiltersQueryVariables>`
  query FleetSavedFilters {
    savedFilters(resource: SERVICES) {
      id
      name
      filter
      isOwn
      isDefault
      ownerUsername
    }
  }
`;

/** A saved view of the hierarchy. */
export type SavedFilter = FleetSavedFiltersQuery['savedFilters'][number];
export type SavedFiltersData = FleetSavedFiltersQuery;

export const CREATE_SAVED_FILTER = gql<FleetCreateSavedFilterMutation, FleetCreateSavedFilterMutationVariables>`
  mutation FleetCreateSavedFilter($input: CreateSavedFilterInput!) {
    createSavedFilter(input: $input) {
      id
      name
      filter
      isOwn
      isDefault
      ownerUsername
    }
  }
`;

export const DELETE_SAVED_FILTER = gql<FleetDeleteSavedFilterMutation, FleetDeleteSavedFilterMutationVariables>`
  mutation FleetDeleteSavedFilter($id: ID!) {
    deleteSavedFilter(id: $id)
  }
`;

export const SET_DEFAULT_FILTER = gql<FleetSetDefaultFilterMutation, FleetSetDefaultFilterMutationVariables>`
  mutation FleetSetDefaultFilter($id: ID) {
    setDefaultFilter(resource: SERVICES, id: $id) {
      id
      isDefault
    }
  }
`;
