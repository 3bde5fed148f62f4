import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const slaTicketLinkSchema: Migration = {
  version: 23,
  name: 'SLA link: the option on SLA definitions that an outage raises a ticket, and which ticket each SLA incident raised',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- The option lives on the definition (the SLA plugin writes these columns with the rest of the
      -- row, so setting it is one commit); defaults keep existing definitions as they were.
      alter table sla_definitions add column raise_ticket boolean not null default false;
      alter table sla_definitions add column ticket_catalog_item text;

      -- One row per SLA incident that has a ticket: its key makes "at most one ticket per incident"
      -- hold across restarts. Written in the batch of the ticket it names (or of the comment that
      -- gathered the incident on a ticket still open); recovered_at in the batch of the recovery
      -- comment. No foreign keys: incidents and tickets are other modules' history and outlive nothing.
      create table sla_incident_tickets (
        incident_id uuid primary key,
        ticket_id uuid not null,
        service_id uuid not null,
        definition_id uuid not null,
        opened_at timestamptz not null,
        recovered_at timestamptz
      );
      create index sla_incident_tickets_by_ticket on sla_incident_tickets (ticket_id, opened_at desc);
      create index sla_incident_tickets_by_service on sla_incident_tickets (service_id, opened_at desc);
      create index sla_incident_tickets_unrecovered on sla_incident_tickets (incident_id) where recovered_at is null;
    `,
    );
  },
};
