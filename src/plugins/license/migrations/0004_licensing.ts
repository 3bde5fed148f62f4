import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const licensingSchema: Migration = {
  version: 4,
  name: 'licensing: licence activations and plugin switches',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- Every accepted licence, kept as history; the one in force is chosen at start (latest issuedAt).
      create table license_activations (
        id uuid primary key,
        token text not null,
        license_id text not null,
        customer text not null,
        plugins jsonb not null,
        issued_at timestamptz not null,
        expires_at timestamptz,
        activated_at timestamptz not null,
        source text not null,
        activated_by text
      );

      -- A licensed plugin is on unless an admin turned it off.
      create table plugin_settings (
        name text primary key,
        enabled boolean not null,
        updated_at timestamptz not null,
        updated_by text
      );
    `,
    );
  },
};
