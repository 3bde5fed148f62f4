/** The shapes the SLA screens read: generated from the schema and the area's documents (web/src/gql). */
import type {
  SlaAlertKind,
  SlaAlertsListQuery,
  SlaAlertStatus,
  SlaDefinitionPageQuery,
  SlaDefinitionPeriodsQuery,
  SlaDefinitionToEditQuery,
  SlaGroupPageQuery,
  SlaIncidentSeverity,
  SlaOverviewQuery,
  SlaPeriod,
  SlaTargetScope,
  SlaTrendQuery,
} from '../../gql/graphql';

export type { SlaAlertKind, SlaAlertStatus, SlaIncidentSeverity, SlaPeriod, SlaTargetScope };

/** A definition as its edit form reads it. */
export type SlaDefinition = NonNullable<SlaDefinitionToEditQuery['slaDefinition']>;
/** A definition with its scoped targets and assignments, as its page shows it. */
export type SlaDefinitionDetail = NonNullable<SlaDefinitionPageQuery['slaDefinition']>;
/** One closed or current period of a definition, with its services' figures. */
export type SlaPeriodResult = SlaDefinitionPeriodsQuery['slaPeriodResults'][number];
export type TrendPoint = SlaTrendQuery['slaTrendData'][number];
/** A group as its page shows it, with its members. */
export type SlaGroupSummary = NonNullable<SlaGroupPageQuery['slaGroup']>;
export type SlaGroupMember = SlaGroupSummary['services'][number];
export type BackupStatus = SlaGroupMember['backupStatus'];
export type SlaAlert = SlaAlertsListQuery['slaAlerts'][number];
export type DashboardStats = SlaOverviewQuery['slaDashboardStats'];
