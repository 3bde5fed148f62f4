/**
 * The recorded answers: one row per (caller scope, key), written by the batch writer in the commit of
 * the change it answers, deleted by the prune timer 24 hours later. Declared by the idempotency
 * module in its own migration namespace (docs/adr/0050).
 */
import type { TableSpec } from '../persistence/batchWriter.js';
import { runStatements, type Migration } from '../persistence/migration.js';

export const idempotencyKeysTable: TableSpec = {
  name: 'idempotency_keys',
  key: ['scope', 'key'],
  // No foreign key: after every table, so the answer is written last in its statement.
  order: 990,
  mode: 'upsert',
  // One or two rows per batch, each with an answer's text: sent as it is rather than parsed as JSON twice.
  bind: 'values',
  columns: [
    { name: 'scope', type: 'text' },
    { name: 'key', type: 'text' },
    { name: 'request_hash', type: 'text' },
    { name: 'status', type: 'integer' },
    { name: 'content_type', type: 'text' },
    { name: 'body', type: 'text' },
    { name: 'created_at', type: 'timestamptz' },
  ],
};

export const idempotencyMigration: Migration = {
  namespace: 'idempotency',
  version: 1,
  name: 'idempotency keys: the recorded answer of each keyed request, per caller',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- scope: who asked (operator, agent:<key id>, person:<user id>); request_hash: sha256 of method, path, query and body.
      create table idempotency_keys (
        scope text not null,
        key text not null,
        request_hash text not null,
        status integer not null,
        content_type text not null,
        body text not null,
        created_at timestamptz not null,
        primary key (scope, key)
      );
      create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
      `,
    );
  },
};
