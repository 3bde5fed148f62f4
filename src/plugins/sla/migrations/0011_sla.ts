import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

/**
 * The SLA plugin's model (docs/adr/0035-sla-plugin-model.md). No foreign key to core's tables
 * (services, sla_groups): the plugin cleans up after a service's deletion in that deletion's batch,
 * and history (incidents, alerts, the event log) outlives what it names.
 */
export const slaSchema: Migration = {
  version: 11,
  name: 'sla: definitions, targets, assignments, group overrides, incidents, alerts, event log, period results',
  async up(trx) {
    await runStatements(
      trx,
      `
      create table sla_definitions (
        id uuid primary key,
        name text not null unique,
        description text,
        target_percent double precision not null,
        period text not null,
        degraded_counts_as_down boolean not null,
        time_zone text,
        burn_rates jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      -- A definition's target for one scope: a service (its id), an SLA group (its name) or a tier.
      create table sla_targets (
        id uuid primary key,
        definition_id uuid not null references sla_definitions (id) on delete cascade,
        scope_type text not null,
        scope_value text not null,
        target_percent double precision not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        unique (definition_id, scope_type, scope_value)
      );
      -- A definition covers a service, or every member of an SLA group (by name, members change).
      create table sla_assignments (
        id uuid primary key,
        definition_id uuid not null references sla_definitions (id) on delete cascade,
        service_id uuid,
        group_name text,
        created_at timestamptz not null,
        check ((service_id is null) <> (group_name is null))
      );
      create unique index sla_assignments_service on sla_assignments (definition_id, service_id) where service_id is not null;
      create unique index sla_assignments_group on sla_assignments (definition_id, group_name) where group_name is not null;
      -- What people set on a group that agents declare: kept apart so a sync never overwrites it.
      create table sla_group_settings (
        group_name text primary key,
        target_overrides jsonb,
        updated_at timestamptz not null
      );
      create table sla_incidents (
        id uuid primary key,
        service_id uuid not null,
        definition_ids jsonb not null,
        source text not null,
        title text not null,
        description text,
        severity text not null,
        started_at timestamptz not null,
        ended_at timestamptz,
        resolution text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      create index sla_incidents_by_start on sla_incidents (started_at desc, id);
      create index sla_incidents_by_service on sla_incidents (service_id, started_at desc);
      create index sla_incidents_open on sla_incidents (service_id) where ended_at is null;
      create table sla_alerts (
        id uuid primary key,
        kind text not null,
        condition_key text not null,
        definition_id uuid,
        service_id uuid,
        group_name text,
        message text not null,
        details jsonb,
        raised_at timestamptz not null,
        acknowledged_at timestamptz,
        acknowledged_by uuid,
        resolved_at timestamptz
      );
      create index sla_alerts_by_raise on sla_alerts (raised_at desc, id);
      create index sla_alerts_active on sla_alerts (condition_key) where resolved_at is null;
      -- seq: the order entries were written in (several share an instant under a manual clock or in one batch).
      create table sla_events (
        id uuid primary key,
        seq bigserial not null,
        at timestamptz not null,
        kind text not null,
        origin text not null,
        actor_id uuid,
        definition_id uuid,
        service_id uuid,
        group_name text,
        incident_id uuid,
        alert_id uuid,
        data jsonb not null
      );
      create index sla_events_by_time on sla_events (at desc, seq desc);
      -- Stored period results (written by the computation): one row per (definition, subject, period).
      -- subject_type is service (subject_id a service id) or group (subject_id a group name).
      create table sla_period_results (
        definition_id uuid not null references sla_definitions (id) on delete cascade,
        subject_type text not null,
        subject_id text not null,
        period_key text not null,
        period_start timestamptz not null,
        period_end timestamptz not null,
        target_value double precision not null,
        actual_value double precision,
        coverage_percent double precision,
        downtime_minutes double precision not null,
        excluded_minutes double precision not null,
        error_budget_minutes double precision not null,
        error_budget_used_minutes double precision not null,
        error_budget_remaining_minutes double precision not null,
        burn_rate double precision,
        incident_count integer not null,
        mttr_minutes double precision,
        mtbf_minutes double precision,
        status text not null,
        final boolean not null,
        computed_at timestamptz not null,
        primary key (definition_id, subject_type, subject_id, period_key)
      );
      create index sla_period_results_by_start on sla_period_results (definition_id, period_start desc);
    `,
    );
  },
};
