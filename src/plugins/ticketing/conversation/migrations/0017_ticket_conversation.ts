import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const ticketConversationSchema: Migration = {
  version: 17,
  name: 'ticketing: comments, worklog, watchers and relations of tickets',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- ticket_id is the contract's ticket id (text): no foreign key to the ticket core's table, which
      -- this part never reads (docs/adr/0042-ticket-conversation.md). Tickets are only soft deleted,
      -- so these rows never outlive a ticket row. Person ids have no foreign key either: deleting a
      -- person must never fail a batch; their watches go with them, their comments stay (author shown
      -- as unknown).
      create table ticket_comments (
        id uuid primary key,
        ticket_id text not null,
        author_id uuid,
        body text not null,
        created_at timestamptz not null,
        edited_at timestamptz,
        edited_by uuid
      );
      create index ticket_comments_by_ticket on ticket_comments (ticket_id, created_at, id);
      create table ticket_worklog (
        id uuid primary key,
        ticket_id text not null,
        author_id uuid not null,
        minutes integer not null check (minutes between 1 and 10080),
        note text,
        worked_at timestamptz not null,
        created_at timestamptz not null
      );
      create index ticket_worklog_by_ticket on ticket_worklog (ticket_id, worked_at desc, id);
      create table ticket_watchers (
        ticket_id text not null,
        user_id uuid not null,
        added_by uuid,
        created_at timestamptz not null,
        primary key (ticket_id, user_id)
      );
      create index ticket_watchers_by_user on ticket_watchers (user_id);
      -- One relation per pair of tickets, stored in its active direction (DUPLICATED_BY, BLOCKED_BY
      -- and CHILD_OF are the other side of the same row).
      create table ticket_relations (
        id uuid primary key,
        source_id text not null,
        target_id text not null,
        type text not null check (type in ('RELATES_TO', 'DUPLICATES', 'BLOCKS', 'PARENT_OF')),
        created_by uuid,
        created_at timestamptz not null,
        check (source_id <> target_id)
      );
      create unique index ticket_relations_one_per_pair on ticket_relations (least(source_id, target_id), greatest(source_id, target_id));
      -- A ticket has at most one parent.
      create unique index ticket_relations_one_parent on ticket_relations (target_id) where type = 'PARENT_OF';
    `,
    );
  },
};
