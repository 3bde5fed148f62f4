/**
 * External health push: the first push for a (node, name) creates the service and its hierarchy
 * nodes with everything the push declares; later pushes change status and message only.
 */
import type { ServiceRecord } from '../domain/service.js';
import type { HealthReport } from '../protocol/machineBodies.js';
import type { Fleet } from '../fleet/fleet.js';
import { reportedView } from '../services/serviceMaintenance.js';

export interface HealthReportOutcome {
  readonly service: ServiceRecord;
  readonly created: boolean;
  readonly previousStatus: ServiceRecord['status'] | null;
  readonly warnings: readonly string[];
}

export function ingestHealthReport(fleet: Fleet, report: HealthReport, at: number): HealthReportOutcome {
  const existing = fleet.services.find(report.nodePath, report.service);
  if (!existing) {
    const service = fleet.services.create(
      {
        nodePath: report.nodePath,
        name: report.service,
        status: report.status,
        statusMessage: report.message,
        criticality: report.criticality,
        serviceType: report.serviceType,
        slaGroup: report.slaGroup,
        tags: report.tags ?? [],
      },
      at,
      'agent',
    );
    return { service, created: true, previousStatus: null, warnings: [] };
  }
  const warnings = ignoredDeclarations(existing, report);
  // In a maintenance window (shown as MAINTENANCE) the comparison is with what the service holds.
  const reported = existing.status === 'MAINTENANCE' ? reportedView(existing, fleet.services.maintenanceOf(existing.id)) : existing;
  if (reported.status === report.status && reported.statusMessage === report.message) {
    return { service: existing, created: false, previousStatus: existing.status, warnings };
  }
  const service = fleet.services.send(existing.id, {
    type: 'STATUS_REPORTED',
    status: report.status,
    message: report.message,
    at,
    origin: 'agent',
  });
  return { service, created: false, previousStatus: existing.status, warnings };
}

/** Declarations that differ from the service's are not applied by a later push: say so. */
function ignoredDeclarations(service: ServiceRecord, report: HealthReport): string[] {
  const ignored: string[] = [];
  if (report.criticality !== null && report.criticality !== service.criticality) ignored.push('criticality');
  if (report.serviceType !== null && report.serviceType !== service.serviceType) ignored.push('serviceType');
  if (report.slaGroup !== null && report.slaGroup !== service.slaGroup) ignored.push('slaGroup');
  if (report.tags !== null && report.tags.join('\u0000') !== service.tags.join('\u0000')) ignored.push('tags');
  if (ignored.length === 0) return [];
  return [`${ignored.join(', ')} not changed: only the first push declares them; use POST /api/v1/operator/register to change them`];
}
