/** The SLA plugin's services, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../../core/coreServices.js';
import type { BackupWatch } from './alerts/backupWatch.js';
import type { AlertStore } from './alerts/alertStore.js';
import type { DefinitionCatalog } from './definitions/definitionCatalog.js';
import type { DefinitionCommands } from './definitions/definitionCommands.js';
import type { SlaEventLog } from './eventLog/slaEventLog.js';
import type { GroupSettingsStore } from './groups/groupSettings.js';
import type { IncidentBook } from './incidents/incidentBook.js';

export interface SlaModel {
  /** Definitions, targets and assignments in memory; which definitions cover a service. */
  readonly catalog: DefinitionCatalog;
  /** People's changes to definitions, targets and assignments. */
  readonly definitions: DefinitionCommands;
  /** Target overrides people set on SLA groups. */
  readonly groupSettings: GroupSettingsStore;
  readonly incidents: IncidentBook;
  /** Raise and resolve (staged, for the product's rules), acknowledge (people), read. */
  readonly alerts: AlertStore;
  readonly backupWatch: BackupWatch;
  readonly eventLog: SlaEventLog;
}

export interface SlaServices {
  readonly sla: SlaModel;
}

export type SlaContext = CoreServices & SlaServices;
