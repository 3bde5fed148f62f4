/**
 * The last whole-fleet dashboard figures that were slow to compute, kept across restarts (docs/adr/0081): a
 * restarted process answers its first dashboards from them while it computes new ones, instead of making them wait
 * for the whole computation (at a million services about 18 s). A cache, not a record: losing it costs that wait once.
 */
import type { Knex } from 'knex';
import { runStatements, type Migration } from '../../platform/persistence/migration.js';
import type { DashboardFigureStore, DashboardStats } from './dashboardFigures.js';

export const dashboardFiguresSchema: Migration = {
  namespace: 'core',
  version: 2,
  name: 'dashboard figures: the last whole-fleet dashboardStats and when they were computed',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- One row per scope ('' is the whole fleet): the figures as JSON and the product time they were computed at.
      -- compute_ms: how long they took (real time): slow figures are the ones answered while new ones compute.
      create table dashboard_figures (
        scope text primary key,
        computed_at timestamptz not null,
        compute_ms double precision not null,
        figures text not null
      );
    `,
    );
  },
};

const FLEET = '';
const FIELDS = ['totalServices', 'servicesWithSla', 'metCount', 'atRiskCount', 'breachedCount', 'averageUptime'] as const;

export function dashboardFigureStore(knex: Knex): DashboardFigureStore {
  return {
    async load() {
      const row = await knex('dashboard_figures').where({ scope: FLEET }).first('computed_at', 'compute_ms', 'figures');
      if (row === undefined) return undefined;
      const stats = parseFigures(String(row.figures));
      const at = new Date(row.computed_at).getTime();
      const computeMs = Number(row.compute_ms);
      return stats === undefined || !Number.isFinite(at) || !Number.isFinite(computeMs) ? undefined : { at, stats, computeMs };
    },
    async save({ at, stats, computeMs }) {
      await knex('dashboard_figures')
        .insert({ scope: FLEET, computed_at: new Date(at).toISOString(), compute_ms: computeMs, figures: JSON.stringify(stats) })
        .onConflict('scope')
        .merge();
    },
  };
}

/** The stored JSON as figures, or undefined when it is not (a row written by another release is ignored, not trusted). */
function parseFigures(text: string): DashboardStats | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (!FIELDS.every((field) => typeof record[field] === 'number' && Number.isFinite(record[field]))) return undefined;
  return Object.fromEntries(FIELDS.map((field) => [field, record[field]])) as unknown as DashboardStats;
}
