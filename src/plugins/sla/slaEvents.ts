/**
 * The plugin's domain events (announced after the commit of the change) and where they go live:
 * `sla:incident` and `sla:alert` on the generic `entityEvents` subscription, for the entity types
 * the plugin registers (gated by the plugin like the rest of it):
 *
 * | entityType | entityId | receives |
 * |---|---|---|
 * | `sla` | `all` | every sla:incident and sla:alert |
 * | `sla-service` | a service id | those about the service |
 * | `sla-definition` | a definition id | incidents counted against it, alerts of it |
 * | `sla-incident` | an incident id | that incident's changes |
 * | `sla-alert` | an alert id | that alert's changes |
 *
 * `data` (JSON text) is `{change, incident}` or `{change, alert}` in the shape GraphQL shows them.
 *
 * Environments (src/plugins/policy): an event about a service is published with the service's place, so
 * people who may not see services there hear nothing of it on any of these channels; `sla-service`
 * of such a service is refused when subscribing, like the service itself.
 */
import type { Origin } from '../../platform/events/domainEvents.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { EntityType } from '../../platform/modules/entityTypes.js';
import type { RealtimeService } from '../realtime/realtimeService.js';
import type { SlaAlert } from './alerts/alertRules.js';
import type { SlaIncident } from './incidents/incidentRules.js';
import { isUuid } from './slaIds.js';

export interface SlaIncidentEvent {
  readonly type: 'sla.incident';
  readonly change: 'opened' | 'updated' | 'closed';
  readonly incident: SlaIncident;
  readonly at: number;
  readonly origin: Origin;
}

export interface SlaAlertEvent {
  readonly type: 'sla.alert';
  readonly change: 'raised' | 'acknowledged' | 'resolved';
  readonly alert: SlaAlert;
  readonly at: number;
  readonly origin: Origin;
}

declare module '../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'sla.incident': SlaIncidentEvent;
    'sla.alert': SlaAlertEvent;
  }
}

export const SLA_ENTITY_ALL = 'all';

export interface SlaEntityLookups {
  readonly serviceExists: (id: string) => boolean;
  /** The node path of a service (environment access); undefined when it does not exist. */
  readonly placeOf?: (serviceId: string) => string | undefined;
  readonly definitionExists: (id: string) => boolean;
}

/**
 * The entity types people subscribe to. Incidents and alerts are history that stays in the
 * database, so any well-formed id may be watched (an alert raised later has no id yet to check).
 */
export function slaEntityTypes(lookups: SlaEntityLookups): EntityType[] {
  return [
    { name: 'sla', read: 'sla:read', write: 'sla:write', exists: (id) => id === SLA_ENTITY_ALL, collection: true },
    {
      name: 'sla-service',
      read: 'sla:read',
      write: 'sla:write',
      exists: (id) => lookups.serviceExists(id),
      ...(lookups.placeOf ? { placeOf: lookups.placeOf } : {}),
    },
    { name: 'sla-definition', read: 'sla:read', write: 'sla:write', exists: (id) => lookups.definitionExists(id) },
    { name: 'sla-incident', read: 'sla:read', write: 'sla:write', exists: isUuid },
    { name: 'sla-alert', read: 'sla:read', write: 'sla:write', exists: isUuid },
  ];
}

/** The committed-event handler: every incident and alert change to the entity channels it concerns. */
export function slaEventPublisher(
  realtime: Pick<RealtimeService, 'publishEntityEvent'>,
  placeOf: (serviceId: string) => string | undefined = () => undefined,
): (event: DomainEvent) => void {
  return (event) => {
    if (event.type === 'sla.incident') {
      const { incident } = event;
      const data = { change: event.change, incident: incidentData(incident) };
      const place = placeOf(incident.serviceId);
      const publish = (type: string, id: string) => realtime.publishEntityEvent(type, id, 'sla:incident', data, event.at, place);
      publish('sla', SLA_ENTITY_ALL);
      publish('sla-service', incident.serviceId);
      publish('sla-incident', incident.id);
      for (const id of incident.definitionIds) publish('sla-definition', id);
    } else if (event.type === 'sla.alert') {
      const { alert } = event;
      const data = { change: event.change, alert: alertData(alert) };
      const place = alert.serviceId === null ? undefined : placeOf(alert.serviceId);
      const publish = (type: string, id: string) => realtime.publishEntityEvent(type, id, 'sla:alert', data, event.at, place);
      publish('sla', SLA_ENTITY_ALL);
      if (alert.serviceId !== null) publish('sla-service', alert.serviceId);
      if (alert.definitionId !== null) publish('sla-definition', alert.definitionId);
      publish('sla-alert', alert.id);
    }
  };
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function incidentData(i: SlaIncident): Record<string, unknown> {
  return {
    id: i.id,
    serviceId: i.serviceId,
    definitionIds: i.definitionIds,
    source: i.source,
    title: i.title,
    description: i.description,
    severity: i.severity,
    startedAt: isoOf(i.startedAt),
    endedAt: isoOf(i.endedAt),
    resolution: i.resolution,
    open: i.endedAt === null,
  };
}

export function alertData(a: SlaAlert): Record<string, unknown> {
  return {
    id: a.id,
    kind: a.kind,
    status: a.resolvedAt !== null ? 'RESOLVED' : a.acknowledgedAt !== null ? 'ACKNOWLEDGED' : 'OPEN',
    definitionId: a.definitionId,
    serviceId: a.serviceId,
    slaGroup: a.groupName,
    message: a.message,
    details: a.details,
    raisedAt: isoOf(a.raisedAt),
    acknowledgedAt: isoOf(a.acknowledgedAt),
    acknowledgedBy: a.acknowledgedBy,
    resolvedAt: isoOf(a.resolvedAt),
  };
}
