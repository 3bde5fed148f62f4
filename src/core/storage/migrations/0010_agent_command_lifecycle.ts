import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const agentCommandLifecycleSchema: Migration = {
  version: 10,
  name: 'agent commands: deadlines, who queued and cancelled, history indexes',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- expires_at: the deadline of the open status (fetch by, while queued; report by, once
      -- delivered). Who queued or cancelled a command is a person's id; no foreign key, so deleting
      -- a person never fails a batch holding a command of theirs (the history keeps the id).
      alter table agent_commands add column expires_at timestamptz;
      alter table agent_commands add column requested_by uuid;
      alter table agent_commands add column cancelled_by uuid;
      -- The first statuses were pending/delivered/succeeded/failed; "pending" is now "queued".
      update agent_commands set status = 'queued' where status = 'pending';
      -- Commands queued before deadlines existed get the default ones (15 minutes to fetch, 15 to report).
      update agent_commands set expires_at = coalesce(delivered_at, created_at) + interval '15 minutes';
      alter table agent_commands alter column expires_at set not null;
      -- History reads: newest first, for one node or for all.
      create index agent_commands_by_node on agent_commands (node_id, created_at desc, id desc);
      create index agent_commands_by_time on agent_commands (created_at desc, id desc);
    `,
    );
  },
};
