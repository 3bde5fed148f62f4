import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const notificationSettingsSchema: Migration = {
  version: 18,
  name: 'notifications: which kinds of notification each person gets',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- A row per choice a person made; a kind with no row is on (the default). No foreign key to
      -- users, like notifications: a person's settings go in the commit of their deletion.
      create table notification_settings (
        user_id uuid not null,
        type text not null,
        enabled boolean not null,
        updated_at timestamptz not null,
        primary key (user_id, type)
      );
    `,
    );
  },
};
