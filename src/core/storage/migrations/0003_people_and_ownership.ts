import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const peopleAndOwnershipSchema: Migration = {
  version: 3,
  name: 'people: sessions, password reset tokens, groups and members; service owner, team and dependencies',
  async up(trx) {
    await runStatements(
      trx,
      `
      alter table users add column display_name text;
      alter table users add column last_login_at timestamptz;
      alter table users add column password_changed_at timestamptz;

      -- One row per sign-in: the refresh-token family. Revoking it ends its access tokens at once.
      create table sessions (
        id uuid primary key,
        user_id uuid not null references users(id) on delete cascade,
        current_token_id uuid not null,
        previous_token_id uuid,
        rotated_at timestamptz,
        created_at timestamptz not null,
        last_used_at timestamptz not null,
        expires_at timestamptz not null,
        ended_at timestamptz,
        end_reason text,
        client_address text,
        user_agent text
      );
      create index sessions_user_idx on sessions (user_id);
      create index sessions_open_idx on sessions (expires_at) where ended_at is null;

      -- Only a hash of a reset token is kept; the token itself is shown once to whoever asked for it.
      create table password_reset_tokens (
        id uuid primary key,
        user_id uuid not null references users(id) on delete cascade,
        token_hash text not null unique,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );

      create table groups (
        id uuid primary key,
        name text not null unique,
        description text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );

      create table group_members (
        group_id uuid not null references groups(id) on delete cascade,
        user_id uuid not null references users(id) on delete cascade,
        added_at timestamptz not null,
        primary key (group_id, user_id)
      );
      create index group_members_user_idx on group_members (user_id);

      -- Owner and team are cleared by the service actors when a user or group is deleted; no
      -- foreign key, so a deletion never rewrites service rows behind the actors' backs.
      alter table services add column owner_id uuid;
      alter table services add column team_id uuid;
      -- Declared outgoing dependencies: [{"targetId": uuid, "type": text}], owned by the service actor.
      alter table services add column dependencies jsonb not null default '[]';
      create index services_owner_idx on services (owner_id);
      create index services_team_idx on services (team_id);
    `,
    );
  },
};
