import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const maintenanceWindowsMigration: Migration = {
  version: 12,
  // Recorded in schema_migrations with the version: databases migrated already hold this text, so it stays as written.
  name: 'sla: maintenance (exclusion) windows, one active per service',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- A window belongs to its service: deleting the service deletes its windows (and its SLA history).
      -- held_status/held_message: what the service reported while the window showed it as MAINTENANCE,
      -- the status it returns to when the window ends (also after a restart).
      -- created_by, ended_by_user, deleted_by: a person's id (no foreign key, so deleting a person
      -- never fails a batch; the record keeps the id); *_via says api_key or user.
      create table maintenance_windows (
        id uuid primary key,
        service_id uuid not null references services (id) on delete cascade,
        reason text,
        started_at timestamptz not null,
        expected_end_at timestamptz,
        ended_at timestamptz,
        ended_by text check (ended_by in ('stop', 'expiry', 'delete')),
        created_via text not null check (created_via in ('api_key', 'user')),
        created_by uuid,
        ended_via text check (ended_via in ('api_key', 'user')),
        ended_by_user uuid,
        deleted_at timestamptz,
        deleted_via text check (deleted_via in ('api_key', 'user')),
        deleted_by uuid,
        held_status text not null,
        held_message text,
        check ((ended_at is null) = (ended_by is null))
      );
      -- At most one active window per service, whatever the server's memory says.
      create unique index maintenance_windows_one_active on maintenance_windows (service_id) where ended_at is null;
      -- A service's windows over a time range (the SLA figures), and every service's (lists).
      create index maintenance_windows_by_service on maintenance_windows (service_id, started_at);
      create index maintenance_windows_by_start on maintenance_windows (started_at desc, id desc);
    `,
    );
  },
};
