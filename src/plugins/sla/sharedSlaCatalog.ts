/**
 * The SLA plugin's definitions, targets, assignments and group settings are shared by a cluster's instances
 * (docs/adr/0068): people change them through any instance, and every instance reads them on each status change
 * (which definitions cover a service) and for every figure. Each instance applies the rows the others commit, with
 * the row-to-record code of hydration (slaHydrate.ts). Open incidents and active alerts declare
 * their own (IncidentBook, AlertStore `sharedRows`); the event log is history no instance holds.
 */
import type { SharedRows } from '../../platform/modules/sharedState.js';
import { rowToAssignment, rowToDefinition, rowToTarget } from './definitions/definitionRows.js';
import { rowToGroupSettings } from './groups/groupSettings.js';
import type { SlaModel } from './slaContext.js';
import { slaAssignmentsTable, slaDefinitionsTable, slaGroupSettingsTable, slaTargetsTable } from './slaTables.js';

export function sharedSlaCatalog({ catalog, groupSettings }: Pick<SlaModel, 'catalog' | 'groupSettings'>): readonly SharedRows[] {
  return [
    {
      table: slaDefinitionsTable.name,
      apply: (row) => catalog.adoptDefinition(String(row['id']), rowToDefinition(row)),
      remove: (key) => catalog.adoptDefinition(String(key['id']), undefined),
    },
    {
      table: slaTargetsTable.name,
      apply: (row) => catalog.adoptTarget(String(row['id']), rowToTarget(row)),
      remove: (key) => catalog.adoptTarget(String(key['id']), undefined),
    },
    {
      table: slaAssignmentsTable.name,
      apply: (row) => catalog.adoptAssignment(String(row['id']), rowToAssignment(row)),
      remove: (key) => catalog.adoptAssignment(String(key['id']), undefined),
    },
    {
      table: slaGroupSettingsTable.name,
      apply: (row) => groupSettings.adopt(String(row['group_name']), rowToGroupSettings(row)),
      remove: (key) => groupSettings.adopt(String(key['group_name']), undefined),
    },
  ];
}
