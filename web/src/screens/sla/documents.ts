/** The SLA screens' GraphQL documents; the shapes of their answers are generated (web/src/gql, `npm run web:codegen`). */
import { gql } from 'urql';
import type {
  SlaAcknowledgeAlertMutation,
  SlaAcknowledgeAlertMutationVariables,
  SlaAlertsListQuery,
  SlaAlertsListQueryVariables,
  SlaAssignMutation,
  SlaAssignMutationVariables,
  SlaCreateDefinitionMutation,
  SlaCreateDefinitionMutationVariables,
  SlaDailyReportPageQuery,
  SlaDailyReportPageQueryVariables,
  SlaDefinitionPageQuery,
  SlaDefinitionPageQueryVariables,
  SlaDefinitionPeriodsQuery,
  SlaDefinitionPeriodsQueryVariables,
  SlaDefinitionToEditQuery,
  SlaDefinitionToEditQueryVariables,
  SlaDefinitionsListQuery,
  SlaDefinitionsListQueryVariables,
  SlaDeleteDefinitionMutation,
  SlaDeleteDefinitionMutationVariables,
  SlaDeleteTargetMutation,
  SlaDeleteTargetMutationVariables,
  SlaEventLogListQuery,
  SlaEventLogListQueryVariables,
  SlaGenerateDailyReportMutation,
  SlaGenerateDailyReportMutationVariables,
  SlaGroupNamesQuery,
  SlaGroupNamesQueryVariables,
  SlaGroupOverrideMutation,
  SlaGroupOverrideMutationVariables,
  SlaGroupPageQuery,
  SlaGroupPageQueryVariables,
  SlaGroupsListQuery,
  SlaGroupsListQueryVariables,
  SlaIncidentPageQuery,
  SlaIncidentPageQueryVariables,
  SlaIncidentTicketQuery,
  SlaIncidentTicketQueryVariables,
  SlaIncidentsListQuery,
  SlaIncidentsListQueryVariables,
  SlaLiveEventsSubscription,
  SlaLiveEventsSubscriptionVariables,
  SlaOverviewQuery,
  SlaOverviewQueryVariables,
  SlaServiceSearchQuery,
  SlaServiceSearchQueryVariables,
  SlaSetTargetMutation,
  SlaSetTargetMutationVariables,
  SlaTrendQuery,
  SlaTrendQueryVariables,
  SlaUnassignMutation,
  SlaUnassignMutationVariables,
  SlaUpdateDefinitionMutation,
  SlaUpdateDefinitionMutationVariables,
} from '../../gql/graphql';

export const SLA_EVENTS = gql<SlaLiveEventsSubscription, SlaLiveEventsSubscriptionVariables>`
  subscription SlaLiveEvents {
    entityEvents(entityType: "sla", entityId: "all") {
      event entityId at data
    }
  }
`;

export const TREND = gql<SlaTrendQuery, SlaTrendQueryVariables>`
  query SlaTrend($filter: SLATrendFilter!) {
    slaTrendData(filter: $filter) {
      periodKey periodStart actualValue status
    }
  }
`;

export const SEARCH = gql<SlaServiceSearchQuery, SlaServiceSearchQueryVariables>`
  query SlaServiceSearch($search: String!) {
    services(filter: { search: $search }, limit: 8) {
      id name path
    }
  }
`;

export const OVERVIEW = gql<SlaOverviewQuery, SlaOverviewQueryVariables>`
  query SlaOverview {
    slaDashboardStats {
      totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime
    }
    slaAlerts(filter: { statuses: [OPEN, ACKNOWLEDGED] }, limit: 8) {
      id kind status message raisedAt
      service {
        id name
      }
    }
    openAlertCount: slaAlertCount(filter: { statuses: [OPEN] })
    slaIncidents(filter: { open: true }, limit: 8) {
      id title severity startedAt
      service {
        id name
      }
    }
    openIncidentCount: slaIncidentCount(filter: { open: true })
  }
`;

export const INCIDENTS = gql<SlaIncidentsListQuery, SlaIncidentsListQueryVariables>`
  query SlaIncidentsList($filter: SLAIncidentFilter, $limit: Int) {
    slaIncidents(filter: $filter, limit: $limit) {
      id title severity source open startedAt endedAt serviceId
      service {
        id name
      }
    }
    slaIncidentCount(filter: $filter)
  }
`;

export const INCIDENT = gql<SlaIncidentPageQuery, SlaIncidentPageQueryVariables>`
  query SlaIncidentPage($id: ID!) {
    slaIncident(id: $id) {
      id title description severity source open startedAt endedAt resolution serviceId
      service {
        id name
      }
      definitions {
        id name
      }
    }
  }
`;

export const TICKET = gql<SlaIncidentTicketQuery, SlaIncidentTicketQueryVariables>`
  query SlaIncidentTicket($id: ID!) {
    slaIncident(id: $id) {
      id
      ticket {
        id number status
      }
    }
  }
`;

export const GROUPS = gql<SlaGroupsListQuery, SlaGroupsListQueryVariables>`
  query SlaGroupsList {
    slaGroups {
      id name displayName tier status currentUptime
      targets {
        uptime
      }
      targetOverrides {
        uptime
      }
      services {
        serviceName status
        backupStatus {
          backupOverdue
        }
      }
    }
  }
`;

export const GROUP = gql<SlaGroupPageQuery, SlaGroupPageQueryVariables>`
  query SlaGroupPage($name: String!) {
    slaGroup(name: $name) {
      id name displayName tier status currentUptime updatedAt
      targets {
        uptime
      }
      targetOverrides {
        uptime
      }
      definitions {
        id name targetPercent period
      }
      services {
        serviceId serviceName status replicas readyReplicas
        backupStatus {
          backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue
        }
      }
    }
  }
`;

export const OVERRIDE = gql<SlaGroupOverrideMutation, SlaGroupOverrideMutationVariables>`
  mutation SlaGroupOverride($group: String!, $uptime: Float) {
    setSLAGroupTargetOverride(group: $group, uptime: $uptime) {
      id
      targets {
        uptime
      }
      targetOverrides {
        uptime
      }
    }
  }
`;

export const EVENT_LOG = gql<SlaEventLogListQuery, SlaEventLogListQueryVariables>`
  query SlaEventLogList($filter: SLAEventLogFilter, $limit: Int) {
    slaEventLog(filter: $filter, limit: $limit) {
      id at kind origin
      actor {
        username
      }
      definitionId serviceId slaGroup incidentId alertId data
    }
    slaEventLogCount(filter: $filter)
  }
`;

export const DEFINITIONS = gql<SlaDefinitionsListQuery, SlaDefinitionsListQueryVariables>`
  query SlaDefinitionsList {
    slaDefinitions {
      id name description targetPercent period degradedCountsAsDown timeZone updatedAt
      targets {
        id
      }
      assignments {
        id slaGroup
        service {
          id name
        }
      }
    }
  }
`;

export const DEFINITION = gql<SlaDefinitionPageQuery, SlaDefinitionPageQueryVariables>`
  query SlaDefinitionPage($id: ID!) {
    slaDefinition(id: $id) {
      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem
      updatedAt
      burnRates {
        fast {
          threshold longWindowMinutes shortWindowMinutes
        }
        slow {
          threshold longWindowMinutes shortWindowMinutes
        }
      }
      targets {
        id scope scopeValue targetPercent
      }
      assignments {
        id slaGroup
        service {
          id name
        }
      }
    }
  }
`;

export const DELETE = gql<SlaDeleteDefinitionMutation, SlaDeleteDefinitionMutationVariables>`
  mutation SlaDeleteDefinition($id: ID!) {
    deleteSLADefinition(id: $id)
  }
`;

export const PERIODS = gql<SlaDefinitionPeriodsQuery, SlaDefinitionPeriodsQueryVariables>`
  query SlaDefinitionPeriods($id: ID!) {
    slaPeriodResults(slaDefinitionId: $id, limit: 6) {
      periodKey final serviceCount targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes
      errorBudgetUsedMinutes errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status
      services {
        serviceId
        service {
          name
        }
        targetValue actualValue coveragePercent downtimeMinutes errorBudgetMinutes errorBudgetUsedMinutes
        errorBudgetRemainingMinutes burnRate incidentCount mttrMinutes status
      }
    }
  }
`;

export const CREATE = gql<SlaCreateDefinitionMutation, SlaCreateDefinitionMutationVariables>`
  mutation SlaCreateDefinition($input: CreateSLADefinitionInput!) {
    createSLADefinition(input: $input) {
      id name
    }
  }
`;

export const EDITED = gql<SlaDefinitionToEditQuery, SlaDefinitionToEditQueryVariables>`
  query SlaDefinitionToEdit($id: ID!) {
    slaDefinition(id: $id) {
      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem
      updatedAt
      burnRates {
        fast {
          threshold longWindowMinutes shortWindowMinutes
        }
        slow {
          threshold longWindowMinutes shortWindowMinutes
        }
      }
    }
  }
`;

export const UPDATE = gql<SlaUpdateDefinitionMutation, SlaUpdateDefinitionMutationVariables>`
  mutation SlaUpdateDefinition($id: ID!, $input: UpdateSLADefinitionInput!) {
    updateSLADefinition(id: $id, input: $input) {
      id name description targetPercent period degradedCountsAsDown timeZone raiseTicket ticketCatalogItem
      updatedAt
      burnRates {
        fast {
          threshold longWindowMinutes shortWindowMinutes
        }
        slow {
          threshold longWindowMinutes shortWindowMinutes
        }
      }
    }
  }
`;

export const GROUP_NAMES = gql<SlaGroupNamesQuery, SlaGroupNamesQueryVariables>`
  query SlaGroupNames {
    slaGroups {
      id name displayName tier
    }
  }
`;

export const SET_TARGET = gql<SlaSetTargetMutation, SlaSetTargetMutationVariables>`
  mutation SlaSetTarget($input: CreateSLATargetInput!) {
    createSLATarget(input: $input) {
      id scope scopeValue targetPercent
    }
  }
`;

export const DELETE_TARGET = gql<SlaDeleteTargetMutation, SlaDeleteTargetMutationVariables>`
  mutation SlaDeleteTarget($id: ID!) {
    deleteSLATarget(id: $id)
  }
`;

export const ASSIGN = gql<SlaAssignMutation, SlaAssignMutationVariables>`
  mutation SlaAssign($input: AssignSLAInput!) {
    assignSLAToService(input: $input) {
      id
    }
  }
`;

export const UNASSIGN = gql<SlaUnassignMutation, SlaUnassignMutationVariables>`
  mutation SlaUnassign($id: ID!) {
    unassignSLA(id: $id)
  }
`;

export const REPORT = gql<SlaDailyReportPageQuery, SlaDailyReportPageQueryVariables>`
  query SlaDailyReportPage($day: String) {
    slaDailyReport(day: $day) {
      day generatedAt trigger slaCount metCount atRiskCount breachedCount noDataCount csv
      rows {
        slaId slaName targetPercent periodType periodKey serviceCount status actualValue downtimeMinutes
        errorBudgetRemainingMinutes burnRate incidentCount
      }
    }
    slaDailyReports(limit: 30) {
      day generatedAt trigger slaCount breachedCount
    }
  }
`;

export const GENERATE = gql<SlaGenerateDailyReportMutation, SlaGenerateDailyReportMutationVariables>`
  mutation SlaGenerateDailyReport {
    generateSLADailyReport {
      day generatedAt
    }
  }
`;

export const ALERTS = gql<SlaAlertsListQuery, SlaAlertsListQueryVariables>`
  query SlaAlertsList($filter: SLAAlertFilter, $limit: Int) {
    slaAlerts(filter: $filter, limit: $limit) {
      id kind status message serviceId
      service {
        id name
      }
      definitionId
      definition {
        id name
      }
      slaGroup raisedAt acknowledgedAt
      acknowledgedBy {
        username
      }
      resolvedAt
    }
    slaAlertCount(filter: $filter)
  }
`;

export const ACKNOWLEDGE = gql<SlaAcknowledgeAlertMutation, SlaAcknowledgeAlertMutationVariables>`
  mutation SlaAcknowledgeAlert($id: ID!) {
    acknowledgeSLAAlert(id: $id) {
      id status acknowledgedAt
      acknowledgedBy {
        username
      }
    }
  }
`;
