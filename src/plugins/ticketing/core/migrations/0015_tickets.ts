import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const ticketsSchema: Migration = {
  version: 15,
  name: 'ticketing: tickets (snapshot of the ticket actor plus the columns lists filter and sort on), status history, number sequences',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- snapshot: the ticket actor's state and context (what a restart or an on-demand load resumes
      -- from); the other columns repeat what lists filter and sort on. People, groups and services
      -- are referred to by id without a foreign key: deleting one never fails a batch, the ticket
      -- keeps the id as its record.
      create table tickets (
        id uuid primary key,
        number text not null unique,
        type text not null,
        title text not null,
        status text not null,
        status_category text not null check (status_category in ('NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED')),
        workflow_name text not null,
        priority text not null,
        impact text not null,
        urgency text not null,
        service_id uuid,
        catalog_item_name text,
        requester_id uuid not null,
        assignee_id uuid,
        group_id uuid,
        response_due_at timestamptz,
        resolution_due_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        deleted_at timestamptz,
        snapshot jsonb not null
      );
      -- Hydration reads the tickets that are not closed.
      create index tickets_open on tickets (status_category) where status_category <> 'CLOSED';
      create index tickets_by_created on tickets (created_at desc, id desc);
      create index tickets_by_requester on tickets (requester_id, created_at desc);
      create index tickets_by_assignee on tickets (assignee_id, created_at desc);
      create index tickets_by_group on tickets (group_id, created_at desc);

      -- seq: the order entries were written in (several may share a millisecond); the writer leaves it to the default.
      create table ticket_status_history (
        id uuid primary key,
        seq bigserial not null,
        ticket_id uuid not null references tickets (id) on delete cascade,
        from_status text,
        to_status text not null,
        transition text,
        actor_id uuid,
        at timestamptz not null
      );
      create index ticket_status_history_by_ticket on ticket_status_history (ticket_id, seq);

      -- The last number given per prefix (INC, REQ, PRB, CHG): written in the batch of the ticket
      -- that took it, so a restart continues after it.
      create table ticket_number_sequences (
        prefix text primary key,
        last_value integer not null
      );
    `,
    );
  },
};
