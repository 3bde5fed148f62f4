/** The shapes the SLA screens read (hand-written beside their documents; the schema is the truth). */
export type SlaStatus = 'MET' | 'AT_RISK' | 'BREACHED' | 'NO_DATA' | 'INSUFFICIENT_DATA';
export type SlaPeriod = 'DAY' | 'WEEK' | 'MONTH' | 'QUARTER' | 'YEAR';
export type SlaTargetScope = 'SERVICE' | 'GROUP' | 'TIER';
export type SlaAlertKind = 'BREACHED' | 'AT_RISK' | 'FAST_BURN' | 'SLOW_BURN' | 'BACKUP_OVERDUE';
export type SlaAlertStatus = 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED';
export type SlaIncidentSeverity = 'CRITICAL' | 'MAJOR' | 'MINOR';

export interface BurnRateRule {
  readonly threshold: number;
  readonly longWindowMinutes: number;
  readonly shortWindowMinutes: number;
}

export interface SlaTarget {
  readonly id: string;
  readonly scope: SlaTargetScope;
  readonly scopeValue: string;
  readonly targetPercent: number;
}

export interface SlaAssignment {
  readonly id: string;
  readonly slaGroup: string | null;
  readonly service: { readonly id: string; readonly name: string } | null;
}

export interface SlaDefinition {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly targetPercent: number;
  readonly period: SlaPeriod;
  readonly degradedCountsAsDown: boolean;
  readonly timeZone: string | null;
  readonly burnRates: { readonly fast: BurnRateRule; readonly slow: BurnRateRule };
  readonly raiseTicket: boolean;
  readonly ticketCatalogItem: string | null;
  readonly updatedAt: string;
}

export interface SlaDefinitionDetail extends SlaDefinition {
  readonly targets: readonly SlaTarget[];
  readonly assignments: readonly SlaAssignment[];
}

export interface PeriodFigures {
  readonly targetValue: number;
  readonly actualValue: number | null;
  readonly coveragePercent: number | null;
  readonly downtimeMinutes: number;
  readonly errorBudgetMinutes: number;
  readonly errorBudgetUsedMinutes: number;
  readonly errorBudgetRemainingMinutes: number;
  readonly burnRate: number | null;
  readonly incidentCount: number;
  readonly mttrMinutes: number | null;
  readonly status: string;
}

export interface SlaPeriodResult extends PeriodFigures {
  readonly periodKey: string;
  readonly final: boolean;
  readonly serviceCount: number;
  readonly services: readonly (PeriodFigures & { readonly serviceId: string; readonly service: { readonly name: string } | null })[];
}

export interface TrendPoint {
  readonly periodKey: string;
  readonly periodStart: string;
  readonly actualValue: number | null;
  readonly status: string;
}

export interface BackupStatus {
  readonly backupExpected: boolean;
  readonly lastBackupAt: string | null;
  readonly lastBackupStatus: string | null;
  readonly backupMaxAgeDays: number | null;
  readonly backupOverdue: boolean;
}

export interface SlaGroupMember {
  readonly serviceId: string;
  readonly serviceName: string;
  readonly status: string;
  readonly replicas: number | null;
  readonly readyReplicas: number | null;
  readonly backupStatus: BackupStatus;
}

export interface SlaGroupSummary {
  readonly id: string;
  readonly name: string;
  readonly displayName: string | null;
  readonly tier: string | null;
  readonly status: string;
  readonly currentUptime: number | null;
  readonly targets: { readonly uptime: number | null } | null;
  readonly targetOverrides: { readonly uptime: number | null } | null;
  readonly services: readonly SlaGroupMember[];
}

export interface SlaAlert {
  readonly id: string;
  readonly kind: SlaAlertKind;
  readonly status: SlaAlertStatus;
  readonly message: string;
  readonly serviceId: string | null;
  readonly service: { readonly id: string; readonly name: string } | null;
  readonly definitionId: string | null;
  readonly definition: { readonly id: string; readonly name: string } | null;
  readonly slaGroup: string | null;
  readonly raisedAt: string;
  readonly acknowledgedAt: string | null;
  readonly acknowledgedBy: { readonly username: string } | null;
  readonly resolvedAt: string | null;
}

export interface SlaIncident {
  readonly id: string;
  readonly title: string;
  readonly severity: SlaIncidentSeverity;
  readonly source: 'AUTOMATIC' | 'MANUAL';
  readonly open: boolean;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly serviceId: string;
  readonly service: { readonly id: string; readonly name: string } | null;
}

export interface DashboardStats {
  readonly totalServices: number;
  readonly servicesWithSla: number;
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  readonly averageUptime: number;
}
