/**
 * SLA breaches in the log: a `sla.status_changed` into BREACHED (committed: one event per definition
 * per closed bucket, naming the services that moved) becomes a `warn` line, at most one a minute per
 * definition with the count since (src/platform/log/rateLimitedLog.ts). The line names the definition
 * and how many services breached; the services themselves are in the event, its webhook and the API.
 */
import type { DomainEvent } from '../../../platform/events/domainEvents.js';
import type { Logger } from '../../../platform/log/logger.js';
import { createRateLimitedLog } from '../../../platform/log/rateLimitedLog.js';
import type { Clock } from '../../../platform/scheduler/index.js';

export const SLA_BREACHED_MESSAGE = 'SLA breached';

export function createSlaBreachLog(logger: Logger, clock: Clock): (event: DomainEvent) => void {
  const breaches = createRateLimitedLog({ logger, clock, level: 'warn', message: SLA_BREACHED_MESSAGE, countField: 'breaches' });
  return (event) => {
    if (event.type !== 'sla.status_changed' || event.status !== 'BREACHED') return;
    breaches.note(event.definition.id, {
      definitionId: event.definition.id,
      definition: event.definition.name,
      targetPercent: event.definition.targetPercent,
      period: event.period.key,
      services: event.services.length,
      definitionBreached: event.definitionStatus.changed,
    });
  };
}
