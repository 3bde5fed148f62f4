import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const auditOrderSchema: Migration = {
  version: 6,
  name: 'audit: a sequence number orders records of one millisecond; TRUNCATE refused too',
  async up(trx) {
    // Rows of one batch are inserted in the order they were staged, so the sequence is the order of events.
    await runStatements(
      trx,
      `
      alter table audit_events add column seq bigserial;
      create index audit_events_seq_idx on audit_events (at desc, seq desc);
    `,
    );
    await trx.raw(`create trigger audit_events_no_truncate before truncate on audit_events
      for each statement execute function audit_events_append_only()`);
  },
};
