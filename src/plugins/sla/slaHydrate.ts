/** The plugin's committed state read at start: definitions, targets, assignments, group overrides, open automatic incidents, active alerts. */
import type { Knex } from 'knex';
import { readActiveAlerts } from './alerts/alertRows.js';
import { rowToAssignment, rowToDefinition, rowToTarget } from './definitions/definitionRows.js';
import { rowToGroupSettings } from './groups/groupSettings.js';
import { readOpenAutomaticIncidents } from './incidents/incidentRows.js';
import type { SlaModel } from './slaContext.js';

export async function hydrateSla(knex: Knex, model: SlaModel): Promise<void> {
  const [definitions, targets, assignments, settings, incidents, alerts] = await Promise.all([
    knex('sla_definitions').select('*'),
    knex('sla_targets').select('*'),
    knex('sla_assignments').select('*'),
    knex('sla_group_settings').select('*'),
    readOpenAutomaticIncidents(knex),
    readActiveAlerts(knex),
  ]);
  model.catalog.load(definitions.map(rowToDefinition), targets.map(rowToTarget), assignments.map(rowToAssignment));
  for (const row of settings) model.groupSettings.load(rowToGroupSettings(row));
  for (const incident of incidents) model.incidents.load(incident);
  for (const alert of alerts) model.alerts.load(alert);
}
