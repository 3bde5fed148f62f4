import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const signInProvidersSchema: Migration = {
  version: 20,
  name: 'sign-in providers (LDAP, OpenID Connect), provider identities, LDAP groups and group mappings',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- settings: the provider's non-secret configuration (jsonb); secrets: AES-256-GCM sealed JSON
      -- of the bind password or client secret (src/plugins/signInProviders/secretBox.ts), never shown.
      create table auth_providers (
        id uuid primary key,
        type text not null check (type in ('ldap', 'oidc')),
        name text not null unique,
        display_name text,
        enabled boolean not null,
        default_role text not null,
        settings jsonb not null,
        secrets text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );

      -- Which local user a person at a provider is (the user's source). Deleting the user or the
      -- provider deletes the link; a provider's users stay as local users without a password.
      create table auth_identities (
        provider_id uuid not null references auth_providers (id) on delete cascade,
        external_id text not null,
        user_id uuid not null references users (id) on delete cascade,
        dn text,
        last_sign_in_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        primary key (provider_id, external_id)
      );
      create unique index auth_identities_user on auth_identities (user_id);

      -- A directory group synced into a product group (syncLDAPGroups).
      create table ldap_groups (
        id uuid primary key,
        provider_id uuid not null references auth_providers (id) on delete cascade,
        dn text not null,
        group_id uuid not null references groups (id) on delete cascade,
        last_synced_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create unique index ldap_groups_dn on ldap_groups (provider_id, lower(dn));

      -- A provider group -> a product group and/or a role, applied at every sign-in.
      create table group_mappings (
        id uuid primary key,
        provider_id uuid not null references auth_providers (id) on delete cascade,
        external_group text not null,
        group_id uuid references groups (id) on delete cascade,
        role text,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check (group_id is not null or role is not null)
      );
      create unique index group_mappings_external on group_mappings (provider_id, lower(external_group));
    `,
    );
  },
};
