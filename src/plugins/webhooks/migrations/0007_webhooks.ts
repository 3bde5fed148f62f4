import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const webhooksSchema: Migration = {
  version: 7,
  name: 'webhooks: webhooks, the delivery outbox and the execution history',
  async up(trx) {
    await runStatements(
      trx,
      `
      create table webhooks (
        id uuid primary key,
        name text not null,
        url text not null,
        method text not null,
        secret text,
        headers jsonb not null,
        events jsonb not null,
        filters jsonb,
        -- JSON text, not jsonb: jsonb reorders keys, and the body a template gives must not change across a restart.
        custom_payload_template text,
        timeout_ms integer not null,
        retry_max integer not null,
        retry_delay_ms integer not null,
        retry_backoff text not null,
        status text not null,
        status_reason text,
        status_changed_at timestamptz not null,
        consecutive_failures integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        created_by text
      );

      -- The outbox: one row per (event, webhook), staged in the commit of the change that caused the event.
      -- No foreign key to webhooks: deleting a webhook deletes its pending rows itself, and history outlives it.
      create table webhook_deliveries (
        id uuid primary key,
        webhook_id uuid not null,
        event_id uuid not null,
        event text not null,
        body text not null,
        state text not null,
        attempts integer not null,
        next_attempt_at timestamptz,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        last_error text
      );
      -- (webhook_id, event_id) is unique by construction (a fresh event id, one row per webhook); no index
      -- enforces it, since every push that owes a delivery would pay for it.
      create index webhook_deliveries_pending_idx on webhook_deliveries (next_attempt_at) where state = 'pending';
      create index webhook_deliveries_updated_idx on webhook_deliveries (updated_at) where state <> 'pending';

      -- One row per attempt, kept 30 days.
      create table webhook_executions (
        id uuid primary key,
        seq bigserial,
        webhook_id uuid not null,
        delivery_id uuid,
        event_id uuid not null,
        event text not null,
        test boolean not null,
        attempt integer not null,
        status text not null,
        status_code integer,
        duration_ms integer not null,
        response_excerpt text,
        error text,
        url text,
        at timestamptz not null
      );
      create index webhook_executions_webhook_idx on webhook_executions (webhook_id, at desc);
      create index webhook_executions_at_idx on webhook_executions (at desc);
      create index webhook_executions_event_idx on webhook_executions (event_id);
    `,
    );
  },
};
