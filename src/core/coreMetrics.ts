/**
 * The core's metrics (`coreModule.metrics`, src/platform/metrics): what agents and push clients send
 * and what it does to the fleet. Read when scraped from counts the core keeps anyway (the commands'
 * `stats`, the status order's bucket sizes), except status changes, counted after their commit.
 */
import type { ServiceCommands } from './commands/serviceCommands.js';
import { SERVICE_STATUSES, type ServiceStatus } from './domain/service.js';
import type { ServiceRegistry } from './fleet/serviceRegistry.js';
import type { DomainEvent } from '../platform/events/domainEvents.js';
import type { MetricDeclaration } from '../platform/metrics/metricDeclaration.js';
import type { Metrics } from '../platform/metrics/metricsRegistry.js';

const STATUS = { status: SERVICE_STATUSES };

export const CORE_METRICS: readonly MetricDeclaration[] = [
  { name: 'svc_health_pushes_total', kind: 'counter', help: 'Health reports received (each entry of a batch counts)' },
  { name: 'svc_status_syncs_total', kind: 'counter', help: "Agents' status syncs received (POST /api/v1/operator/status)" },
  {
    name: 'svc_status_changes_total',
    kind: 'counter',
    help: 'Committed service status changes, by the status entered',
    labels: STATUS,
  },
  { name: 'svc_services', kind: 'gauge', help: 'Services by status now', labels: STATUS },
];

/**
 * Feeds the core's metrics; returns the bus handler that counts committed status changes (one comparison
 * per committed event).
 */
export function instrumentCore(metrics: Metrics, commands: ServiceCommands, services: ServiceRegistry): (event: DomainEvent) => void {
  metrics.collect('svc_health_pushes_total', () => commands.stats.healthPushes);
  metrics.collect('svc_status_syncs_total', () => commands.stats.statusSyncs);
  metrics.collect('svc_services', () => {
    const counts = services.countsByStatus();
    return SERVICE_STATUSES.map((status) => ({ labels: { status }, value: counts[status] }));
  });
  const changes = new Map<ServiceStatus, { inc(): void }>(
    SERVICE_STATUSES.map((s) => [s, metrics.counter('svc_status_changes_total', { status: s })]),
  );
  return (event) => {
    if (event.type === 'service.status_changed') changes.get(event.status)?.inc();
  };
}
