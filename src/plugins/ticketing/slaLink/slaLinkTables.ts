/** The SLA link's table for the batch writer (commit order 740) and its rows. */
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols, epoch, iso } from '../../../core/storage/tables.js';

export const slaIncidentTicketsTable: TableSpec = {
  name: 'sla_incident_tickets',
  key: ['incident_id'],
  order: 740,
  mode: 'upsert',
  columns: cols({
    incident_id: 'uuid',
    ticket_id: 'uuid',
    service_id: 'uuid',
    definition_id: 'uuid',
    opened_at: 'timestamptz',
    recovered_at: 'timestamptz',
  }),
};

export const SLA_LINK_TABLES: readonly TableSpec[] = [slaIncidentTicketsTable];

/** An SLA incident and the ticket it raised (or was gathered on). */
export interface IncidentTicketLink {
  readonly incidentId: string;
  readonly ticketId: string;
  readonly serviceId: string;
  /** The definition that asked for the ticket. */
  readonly definitionId: string;
  readonly openedAt: number;
  /** When the recovery comment was written; null while the outage lasts. */
  readonly recoveredAt: number | null;
}

export function linkRow(l: IncidentTicketLink): Row {
  return {
    incident_id: l.incidentId,
    ticket_id: l.ticketId,
    service_id: l.serviceId,
    definition_id: l.definitionId,
    opened_at: iso(l.openedAt),
    recovered_at: iso(l.recoveredAt),
  };
}

export function rowToLink(r: Record<string, unknown>): IncidentTicketLink {
  return {
    incidentId: String(r['incident_id']),
    ticketId: String(r['ticket_id']),
    serviceId: String(r['service_id']),
    definitionId: String(r['definition_id']),
    openedAt: epoch(r['opened_at'])!,
    recoveredAt: epoch(r['recovered_at']),
  };
}
