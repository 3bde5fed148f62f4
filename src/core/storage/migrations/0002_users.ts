import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const usersSchema: Migration = {
  version: 2,
  name: 'users: people who sign in, with the bootstrap admin',
  async up(trx) {
    await runStatements(
      trx,
      `
      create table users (
        id uuid primary key,
        username text not null unique,
        email text unique,
        password_hash text,
        role text not null,
        active boolean not null default true,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
    `,
    );
  },
};
