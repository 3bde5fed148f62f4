/**
 * `slaDashboardStats` and `dashboardStats.slaStats` (SPEC.md "Dashboard stats") from per-service
 * figures of the current period: the same rules as the core dashboard (dashboard/dashboardTask.ts):
 * `averageUptime` is the mean actual value of the services with data (with or without an SLA),
 * rounded to 3 decimals (0 when none has data); the status counts are over services with an SLA and
 * data (NO_DATA counts in `servicesWithSla` only).
 */
import type { PeriodStatus } from '../../../../core/domain/periodArithmetic.js';

export interface ServiceSlaFigure {
  /** The service's actual value this period; `null`: no data. */
  readonly actualValue: number | null;
  /** Its SLA status this period (the worst over its SLAs); `null`: no SLA assigned. */
  readonly slaStatus: PeriodStatus | null;
}

export interface SlaDashboardStats {
  readonly totalServices: number;
  readonly servicesWithSla: number;
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  readonly averageUptime: number;
}

export function slaDashboardStats(services: Iterable<ServiceSlaFigure>): SlaDashboardStats {
  let totalServices = 0,
    servicesWithSla = 0,
    metCount = 0,
    atRiskCount = 0,
    breachedCount = 0,
    uptimeSum = 0,
    withData = 0;
  for (const { actualValue, slaStatus } of services) {
    totalServices += 1;
    if (actualValue !== null) {
      uptimeSum += actualValue;
      withData += 1;
    }
    if (slaStatus === null) continue;
    servicesWithSla += 1;
    if (slaStatus === 'MET') metCount += 1;
    else if (slaStatus === 'AT_RISK') atRiskCount += 1;
    else if (slaStatus === 'BREACHED') breachedCount += 1;
  }
  return {
    totalServices,
    servicesWithSla,
    metCount,
    atRiskCount,
    breachedCount,
    averageUptime: withData === 0 ? 0 : Math.round((uptimeSum / withData) * 1000) / 1000,
  };
}
