/**
 * The claims of cluster-wide jobs: one row per (job, period), declared by the once module in its own
 * migration namespace (docs/adr/0066-once-per-cluster-and-shared-sign-in-state.md).
 */
import type { TableSpec } from '../persistence/batchWriter.js';
import { runStatements, type Migration } from '../persistence/migration.js';

export const ONCE_NAMESPACE = 'once';

/**
 * A job's claim for one period, written by `OnceClaims` directly and, for a job whose result commits through the
 * batch writer (the daily report), as its finish mark in the result's own batch (`OnceClaims.finishRow`).
 */
export const onceClaimsTable: TableSpec = {
  name: 'once_claims',
  key: ['job', 'period'],
  // No foreign key: after every table.
  order: 995,
  mode: 'upsert',
  columns: [
    { name: 'job', type: 'text' },
    { name: 'period', type: 'text' },
    { name: 'claimed_by', type: 'text' },
    { name: 'claimed_until', type: 'timestamptz' },
    { name: 'finished_at', type: 'timestamptz' },
  ],
};

export const onceClaimsMigration: Migration = {
  namespace: ONCE_NAMESPACE,
  version: 1,
  name: 'once claims: which instance runs a cluster-wide job for a period, until when, and when it finished',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- job: a stable name (idempotency.prune, sla.daily_report); period: the period's key (its start, or a day).
      -- A claim whose claimed_until passed without finished_at is taken by the next instance that asks.
      create table once_claims (
        job text not null,
        period text not null,
        claimed_by text not null,
        claimed_until timestamptz not null,
        finished_at timestamptz,
        primary key (job, period)
      );
      create index once_claims_claimed_until_idx on once_claims (claimed_until);
      `,
    );
  },
};
