import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

/** The id of the request that caused a record (X-Request-Id, or the one the server made): a record and its log lines meet. */
export const auditRequestIdSchema: Migration = {
  namespace: 'audit',
  version: 1,
  name: 'audit: the request id of each record',
  async up(trx) {
    // A new column is not an UPDATE: the append-only triggers do not fire.
    await runStatements(
      trx,
      `
      alter table audit_events add column request_id text;
      create index audit_events_request_idx on audit_events (request_id) where request_id is not null;
    `,
    );
  },
};
