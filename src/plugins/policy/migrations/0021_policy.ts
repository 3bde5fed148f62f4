import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const policyMigration: Migration = {
  version: 21,
  name: 'policy: permission rules, environments and group access, field settings and permissions, screen permissions',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- subject: a role name or a group id (text, no foreign key: a rule about a deleted group matches nobody,
      -- and deleting a group never fails a batch). environment_id: no foreign key either, the engine ignores
      -- rules of an environment that is gone; deleting an environment deletes its rules and grants in the same batch.
      create table policy_environments (
        id uuid primary key,
        name text not null,
        description text,
        paths jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index policy_environments_name on policy_environments (lower(name));
      create table policy_rules (
        id uuid primary key,
        subject_type text not null check (subject_type in ('role', 'group')),
        subject text not null,
        resource text not null,
        action text not null,
        effect text not null check (effect in ('allow', 'deny')),
        environment_id uuid,
        description text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create table policy_group_environments (
        group_id uuid not null,
        environment_id uuid not null,
        level text not null check (level in ('read', 'write')),
        granted_at timestamptz not null,
        primary key (group_id, environment_id)
      );
      create table policy_field_settings (
        id text primary key,
        label text,
        description text,
        restricted boolean not null,
        updated_at timestamptz not null
      );
      create table policy_field_permissions (
        id uuid primary key,
        field_id text not null,
        subject_type text not null check (subject_type in ('role', 'group')),
        subject text not null,
        can_read boolean not null,
        can_write boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index policy_field_permissions_subject on policy_field_permissions (field_id, subject_type, subject);
      create table policy_screen_permissions (
        id uuid primary key,
        screen text not null,
        subject_type text not null check (subject_type in ('role', 'group')),
        subject text not null,
        allowed boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index policy_screen_permissions_subject on policy_screen_permissions (screen, subject_type, subject);
    `,
    );
  },
};
