import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const initialSchema: Migration = {
  version: 1,
  name: 'initial: hierarchy, services, status intervals, agents, commands, SLA groups, backups',
  async up(trx) {
    await runStatements(
      trx,
      `
      create table nodes (
        path text primary key,
        parent_path text references nodes(path) on delete cascade,
        name text not null,
        depth integer not null,
        created_at timestamptz not null
      );
      create index nodes_parent_idx on nodes (parent_path);

      create table services (
        id uuid primary key,
        node_path text not null references nodes(path),
        name text not null,
        display_name text,
        status text not null,
        status_message text,
        status_since timestamptz not null,
        status_seq integer not null,
        criticality text,
        service_type text,
        tags jsonb not null default '[]',
        metadata jsonb not null default '{}',
        namespace text,
        workload_type text,
        workload_name text,
        replicas integer,
        ready_replicas integer,
        available_replicas integer,
        images jsonb not null default '[]',
        sla_group text,
        backup_expected boolean not null default false,
        backup_max_age_days integer,
        last_backup_at timestamptz,
        last_backup_status text,
        last_backup_size_bytes bigint,
        last_backup_message text,
        last_backup_taken_at timestamptz,
        storage jsonb,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (node_path, name)
      );
      create index services_namespace_idx on services (namespace);
      create index services_sla_group_idx on services (sla_group);

      -- One row per stretch of time a service spent in one status; the SLA engine reads these.
      create table status_intervals (
        service_id uuid not null references services(id) on delete cascade,
        seq integer not null,
        status text not null,
        message text,
        started_at timestamptz not null,
        ended_at timestamptz,
        primary key (service_id, seq)
      );
      create index status_intervals_time_idx on status_intervals (started_at);

      create table agents (
        node_id text primary key,
        version text,
        operator_version text,
        watched_services integer,
        healthy_services integer,
        unhealthy_services integer,
        last_heartbeat_at timestamptz,
        last_status_sync_at timestamptz,
        created_at timestamptz not null
      );

      create table agent_commands (
        id uuid primary key,
        node_id text not null,
        type text not null,
        payload jsonb not null,
        status text not null,
        created_at timestamptz not null,
        delivered_at timestamptz,
        completed_at timestamptz,
        result jsonb
      );
      create index agent_commands_open_idx on agent_commands (node_id) where completed_at is null;

      create table sla_groups (
        name text primary key,
        id uuid not null unique,
        display_name text,
        tier text,
        targets jsonb,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );

      create table backup_reports (
        id uuid primary key,
        service_id uuid not null references services(id) on delete cascade,
        status text not null,
        size_bytes bigint,
        message text,
        mode text not null,
        reported_at timestamptz not null
      );
      create index backup_reports_service_idx on backup_reports (service_id, reported_at);
    `,
    );
  },
};
