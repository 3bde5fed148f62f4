import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const notificationsSchema: Migration = {
  version: 8,
  name: 'notifications: in-app notifications per person',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- No foreign key to users: a notification staged in the same batch as its person's deletion
      -- must not fail that batch; a deleted person's notifications are removed after the fact.
      create table notifications (
        id uuid primary key,
        user_id uuid not null,
        type text not null,
        title text not null,
        message text not null,
        entity_type text,
        entity_id text,
        created_at timestamptz not null,
        read_at timestamptz
      );
      create index notifications_by_user on notifications (user_id, created_at desc, id);
      create index notifications_unread on notifications (user_id) where read_at is null;
    `,
    );
  },
};
