import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const auditSchema: Migration = {
  version: 5,
  name: 'audit: the trail of state-changing calls, append-only',
  async up(trx) {
    await runStatements(
      trx,
      `
      create table audit_events (
        id uuid primary key,
        at timestamptz not null,
        kind text not null,
        action text not null,
        actor_id uuid,
        actor text,
        source_address text,
        outcome text not null,
        error_code text,
        error_message text,
        detail jsonb
      );
      create index audit_events_at_idx on audit_events (at desc);
      create index audit_events_actor_idx on audit_events (actor, at desc);
    `,
    );
    // Records cannot be changed or deleted, not even by a bug in this server. (Run on their own:
    // runStatements splits on semicolons, which a function body contains.)
    await trx.raw(`create function audit_events_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_events is append-only';
      end $$`);
    await trx.raw(`create trigger audit_events_append_only before update or delete on audit_events
      for each row execute function audit_events_append_only()`);
  },
};
