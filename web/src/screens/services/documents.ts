/** The service page's GraphQL documents; the shapes of their answers are generated (web/src/gql). */
import { gql } from 'urql';
import type {
  ServicesMaintenanceWindowsQuery,
  ServicesMaintenanceWindowsQueryVariables,
  ServicesOpenIncidentsQuery,
  ServicesOpenIncidentsQueryVariables,
  ServicesServicePageQuery,
  ServicesServicePageQueryVariables,
  ServicesSlaCurrentPeriodQuery,
  ServicesSlaCurrentPeriodQueryVariables,
  ServicesSlaDefinitionsQuery,
  ServicesSlaDefinitionsQueryVariables,
  ServicesSlaTrendsQuery,
  ServicesSlaTrendsQueryVariables,
  ServicesStartMaintenanceMutation,
  ServicesStartMaintenanceMutationVariables,
  ServicesStatusChangedSubscription,
  ServicesStatusChangedSubscriptionVariables,
  ServicesStopMaintenanceMutation,
  ServicesStopMaintenanceMutationVariables,
  ServicesUpdateServiceMutation,
  ServicesUpdateServiceMutationVariables,
} from '../../gql/graphql';

export const ServicePageDocument = gql<ServicesServicePageQuery, ServicesServicePageQueryVariables>`
  query ServicesServicePage($id: ID!) {
    service(id: $id) {
      id
      name
      displayName
      nodeId
      path
      status
      statusMessage
      statusSince
      criticality
      serviceType
      tags
      owner {
        id
        username
      }
      team {
        id
        name
      }
      namespace
      slaGroup
      replicas
      readyReplicas
      availableReplicas
      images
      workloadType
      workloadName
      lastOperatorSync
      dependencies {
        dependencyType
        targetService {
          id
          name
          path
          status
        }
      }
      dependents {
        dependencyType
        sourceService {
          id
          name
          path
          status
        }
      }
      backupExpected
      backupMaxAgeDays
      lastBackupAt
      lastBackupStatus
      backupOverdue
      storage {
        allocatedBytes
        usedBytes
        freePercent
        status
        storageType
        mountPath
        reportedAt
      }
      updatedAt
    }
  }
`;

export const ServiceStatusDocument = gql<ServicesStatusChangedSubscription, ServicesStatusChangedSubscriptionVariables>`
  subscription ServicesStatusChanged($serviceId: ID!) {
    serviceStatusChanged(serviceId: $serviceId) {
      serviceId
      previousStatus
      status
      message
      changedAt
      origin
    }
  }
`;

export const UpdateServiceDocument = gql<ServicesUpdateServiceMutation, ServicesUpdateServiceMutationVariables>`
  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {
    updateService(id: $id, input: $input) {
      id
      displayName
      criticality
      serviceType
      updatedAt
    }
  }
`;

/** The service as its page shows it (generated from the page's query). */
export type ServiceDetails = NonNullable<ServicesServicePageQuery['service']>;
/** A service this one depends on or that depends on it. */
export type ServiceLink = ServiceDetails['dependencies'][number]['targetService'];
/** A live status change of the service. */
export type StatusChange = ServicesStatusChangedSubscription['serviceStatusChanged'];

export const TrendsDocument = gql<ServicesSlaTrendsQuery, ServicesSlaTrendsQueryVariables>`
  query ServicesSlaTrends($serviceId: ID!) {
    slaSnapshotTrend(serviceId: $serviceId, hoursBack: 24) {
      periodKey
      periodStart
      actualValue
      targetValue
      incidentCount
      downtimeMinutes
      status
    }
    slaTrendData(filter: { periodType: DAILY, serviceId: $serviceId, monthsBack: 1 }) {
      periodKey
      periodStart
      actualValue
      status
    }
  }
`;

export const DefinitionsDocument = gql<ServicesSlaDefinitionsQuery, ServicesSlaDefinitionsQueryVariables>`
  query ServicesSlaDefinitions {
    slaDefinitions {
      id
      name
      targetPercent
      period
      assignments {
        id
        slaGroup
        service {
          id
        }
      }
    }
  }
`;

export const CurrentPeriodDocument = gql<ServicesSlaCurrentPeriodQuery, ServicesSlaCurrentPeriodQueryVariables>`
  query ServicesSlaCurrentPeriod($slaDefinitionId: ID!) {
    slaPeriodResults(slaDefinitionId: $slaDefinitionId, limit: 1) {
      periodKey
      services {
        serviceId
        targetValue
        actualValue
        coveragePercent
        errorBudgetRemainingMinutes
        downtimeMinutes
        status
      }
    }
  }
`;

export const OpenIncidentsDocument = gql<ServicesOpenIncidentsQuery, ServicesOpenIncidentsQueryVariables>`
  query ServicesOpenIncidents($serviceId: ID!) {
    slaIncidents(filter: { serviceId: $serviceId, open: true }, limit: 20) {
      id
      title
      severity
      source
      startedAt
    }
  }
`;

export const WindowsDocument = gql<ServicesMaintenanceWindowsQuery, ServicesMaintenanceWindowsQueryVariables>`
  query ServicesMaintenanceWindows($serviceId: ID!) {
    slaExclusionWindows(filter: { serviceId: $serviceId }, limit: 10) {
      id
      reason
      startedAt
      expectedEndAt
      endedAt
      endedBy
      active
      createdVia
      createdBy {
        id
        username
      }
      endedByUser {
        id
        username
      }
    }
  }
`;

export const StartDocument = gql<ServicesStartMaintenanceMutation, ServicesStartMaintenanceMutationVariables>`
  mutation ServicesStartMaintenance($input: CreateExclusionWindowInput!) {
    createExclusionWindow(input: $input) {
      id
      active
    }
  }
`;

export const StopDocument = gql<ServicesStopMaintenanceMutation, ServicesStopMaintenanceMutationVariables>`
  mutation ServicesStopMaintenance($id: ID!) {
    stopExclusionWindow(id: $id) {
      id
      active
      endedAt
    }
  }
`;
