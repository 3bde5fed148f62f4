/**
 * Figures of several services (a group, a definition's services, the fleet) as one: their measures
 * added up (covered, downtime, excluded and period time alike), so the pooled actual value is
 * `100 x sum(covered - downtime) / sum(covered)`: a service counts by its covered time, and one
 * without data does not pull the figure down.
 */
import { actualValueOf, type PeriodMeasure, type PeriodStatus } from '../../../../core/domain/periodArithmetic.js';

export const EMPTY_MEASURE: PeriodMeasure = {
  periodMs: 0,
  elapsedMs: 0,
  excludedMs: 0,
  coveredMs: 0,
  downtimeMs: 0,
  incidentCount: 0,
  closedIncidentCount: 0,
  closedIncidentMs: 0,
};

export function addMeasures(a: PeriodMeasure, b: PeriodMeasure): PeriodMeasure {
  return {
    periodMs: a.periodMs + b.periodMs,
    elapsedMs: a.elapsedMs + b.elapsedMs,
    excludedMs: a.excludedMs + b.excludedMs,
    coveredMs: a.coveredMs + b.coveredMs,
    downtimeMs: a.downtimeMs + b.downtimeMs,
    incidentCount: a.incidentCount + b.incidentCount,
    closedIncidentCount: a.closedIncidentCount + b.closedIncidentCount,
    closedIncidentMs: a.closedIncidentMs + b.closedIncidentMs,
  };
}

/** The pooled actual value of several measures (`null` when none has covered time): a group's `currentUptime`. */
export function pooledActualValue(measures: Iterable<PeriodMeasure>): number | null {
  let total = EMPTY_MEASURE;
  for (const measure of measures) total = addMeasures(total, measure);
  return actualValueOf(total);
}

const SEVERITY: Readonly<Record<PeriodStatus, number>> = { NO_DATA: 0, INSUFFICIENT_DATA: 1, MET: 2, AT_RISK: 3, BREACHED: 4 };

/**
 * The worse of two statuses: BREACHED over AT_RISK over MET over INSUFFICIENT_DATA over NO_DATA. A
 * member that cannot be judged yet (a new service) does not hide its siblings' verdict.
 */
export function worseStatus(a: PeriodStatus, b: PeriodStatus): PeriodStatus {
  return SEVERITY[b] > SEVERITY[a] ? b : a;
}
