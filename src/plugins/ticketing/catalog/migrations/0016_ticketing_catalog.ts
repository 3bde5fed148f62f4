import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const ticketingCatalogSchema: Migration = {
  version: 16,
  name: 'ticketing: catalog (workflows, categories, items, calendars, priority policy, routing rules) and workflow executions',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- Definitions are small and read whole at start: each row keeps its validated definition as
      -- JSON (the shape of src/plugins/ticketing/ticketContract.ts) beside the columns people query by.
      -- position: the order the definitions were given in (workflowFor takes the first serving a type).
      -- No foreign keys between them: a template import replaces them together in one commit, after
      -- validation checked every reference, and the names are the references templates use.
      create table ticketing_workflows (
        name text primary key,
        position integer not null,
        definition jsonb not null
      );
      create table ticketing_catalog_categories (
        name text primary key,
        position integer not null,
        description text
      );
      create table ticketing_catalog_items (
        name text primary key,
        position integer not null,
        category_name text not null,
        definition jsonb not null
      );
      create table ticketing_calendars (
        name text primary key,
        position integer not null,
        is_default boolean not null,
        definition jsonb not null
      );
      -- At most one default calendar, whatever memory says.
      create unique index ticketing_calendars_one_default on ticketing_calendars (is_default) where is_default;
      -- One row (id 1); none: the built-in policy (src/plugins/ticketing/priority/priorityPolicy.ts).
      create table ticketing_priority_policy (
        id smallint primary key check (id = 1),
        matrix jsonb not null,
        targets jsonb not null
      );
      -- position is the rule's place in the list (ties between equally specific rules go to the first).
      -- group_id: a group of the product (no foreign key: deleting a group never fails a batch; a rule
      -- naming a deleted group routes to nobody and the import refuses it until it is fixed).
      create table ticketing_routing_rules (
        position integer primary key,
        ticket_type text check (ticket_type in ('INCIDENT', 'SERVICE_REQUEST', 'PROBLEM', 'CHANGE')),
        service_id text,
        group_id text not null
      );
      -- One row per run of a transition's steps: what ran, what failed and why (an operator's view).
      -- ticket_id has no foreign key: the ticket core owns its table and deletes softly.
      create table workflow_executions (
        id uuid primary key,
        ticket_id text not null,
        ticket_number text not null,
        workflow_name text not null,
        transition text not null,
        actor_id text,
        status text not null check (status in ('RUNNING', 'COMPLETED', 'FAILED')),
        steps jsonb not null,
        error text,
        started_at timestamptz not null,
        finished_at timestamptz
      );
      create index workflow_executions_by_ticket on workflow_executions (ticket_id, started_at desc);
      create index workflow_executions_by_start on workflow_executions (started_at desc, id desc);
      -- Runs a stop or crash cut short, found at start without reading the history.
      create index workflow_executions_running on workflow_executions (id) where status = 'RUNNING';
    `,
    );
  },
};
