/**
 * The SLA plugin as a module (plugin `sla`): definitions, targets and assignments, SLA groups'
 * overrides and members, incidents (automatic from service statuses, and by hand), alerts (backup
 * overdue here; status and burn-rate alerts from the computed figures) and the event log. Listed
 * after realtime, whose entity subscriptions carry `sla:incident` and `sla:alert`.
 *
 * Bus handlers: `staged` runs in the batch of the change that caused it, so an incident opens or
 * closes, and a backup alert is raised or resolved, in the same commit as the status change or
 * backup report (or not at all); `committed` publishes to subscribers. Background work is not
 * gated by the licence: incidents and alerts are recorded while the plugin is off, so turning it on
 * shows a true history.
 */
import { ownsKey } from '../../platform/persistence/shardRouting.js';
import type { CoreServices } from '../../core/coreServices.js';
import type { Origin } from '../../platform/events/domainEvents.js';
import type { ProductModule } from '../../platform/modules/module.js';
import type { RealtimeServices } from '../realtime/realtimeSchema.js';
import { alertSchema } from './alerts/alertSchema.js';
import { AlertStore } from './alerts/alertStore.js';
import { BackupWatch } from './alerts/backupWatch.js';
import { DefinitionCatalog } from './definitions/definitionCatalog.js';
import { DefinitionCommands } from './definitions/definitionCommands.js';
import { definitionSchema } from './definitions/definitionSchema.js';
import { eventLogSchema } from './eventLog/eventLogSchema.js';
import { SlaEventLog } from './eventLog/slaEventLog.js';
import { groupSchema } from './groups/groupSchema.js';
import { GroupSettingsStore } from './groups/groupSettings.js';
import { IncidentBook } from './incidents/incidentBook.js';
import { incidentSchema } from './incidents/incidentSchema.js';
import { slaSchema as slaMigration } from './migrations/0011_sla.js';
import type { SlaModel, SlaServices } from './slaContext.js';
import { slaEntityTypes, slaEventPublisher } from './slaEvents.js';
import { hydrateSla } from './slaHydrate.js';
import { sharedSlaCatalog } from './sharedSlaCatalog.js';
import { slaAlertsTable, slaIncidentsTable, slaTables } from './slaTables.js';
import { EVERYONE, STAFF, type ActionsOf, type PermissionDeclarations } from '../../core/auth/roles.js';

/** The SLA plugin's actions, and the roles allowed each by default. */
export const slaPermissions = {
  'sla:read': EVERYONE,
  'sla:write': STAFF,
} as const satisfies PermissionDeclarations;

declare module '../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof slaPermissions> {}
}

// The licence plugin this module and its companions are gated by (`plugin: 'sla'`).
declare module '../../platform/modules/pluginNames.js' {
  interface PluginNameMap {
    sla: true;
  }
}

export const slaModule: ProductModule<CoreServices & Pick<RealtimeServices, 'realtime'>, SlaServices> = {
  name: 'sla',
  permissions: slaPermissions,
  screens: [{ name: 'sla', label: 'SLA', needs: 'sla:read' }],
  plugin: 'sla',
  migrations: [slaMigration],
  tables: slaTables,
  schema: [definitionSchema, groupSchema, incidentSchema, alertSchema, eventLogSchema],
  create(kit, { fleet, realtime }) {
    const { writer, knex, bus, clock, newId, logger } = kit;
    const eventLog = new SlaEventLog({ writer, knex, newId });
    const catalog = new DefinitionCatalog(writer);
    // Cluster mode: what other instances committed, applied before a decision that must see it (docs/adr/0068).
    const { sharedState } = kit;
    const catchUpOf = (table: string) => (sharedState ? { catchUp: () => sharedState.catchUp([table]) } : {});
    const alerts = new AlertStore({ writer, knex, bus, clock, newId, log: eventLog, ...catchUpOf(slaAlertsTable.name) });
    const definitions = new DefinitionCommands({
      catalog,
      fleet,
      writer,
      bus,
      clock,
      newId,
      log: eventLog,
      resolveAlertsOf: (definitionId, at, actorId) => alerts.resolveWhere((a) => a.definitionId === definitionId, at, 'api', actorId),
    });
    const groupSettings = new GroupSettingsStore({ writer, clock, fleet, log: eventLog });
    const incidents = new IncidentBook({
      writer,
      knex,
      bus,
      clock,
      newId,
      log: eventLog,
      catalog,
      services: fleet.services,
      ...catchUpOf(slaIncidentsTable.name),
    });
    const { routing } = writer;
    const backupWatch = new BackupWatch({
      services: fleet.services,
      alerts,
      writer,
      clock,
      logger,
      // Cluster mode (docs/adr/0071): overdue backups raised by the owner of the service's shard only.
      ...(routing ? { owns: (id: string) => ownsKey(routing, fleet.services.shardKeyOf(id) ?? id) } : {}),
    });
    const sla: SlaModel = { catalog, definitions, groupSettings, incidents, alerts, backupWatch, eventLog };
    return {
      services: { sla },
      hydrate: () => hydrateSla(knex, sla),
      // Cluster mode: definitions, targets, assignments, group settings, open automatic incidents and active alerts
      // committed by any instance (docs/adr/0068).
      shared: [...sharedSlaCatalog(sla), incidents.sharedRows(), alerts.sharedRows()],
      entityTypes: slaEntityTypes({
        serviceExists: (id) => fleet.services.get(id) !== undefined,
        definitionExists: (id) => catalog.definition(id) !== undefined,
        placeOf: (id) => fleet.services.get(id)?.nodePath,
      }),
      busHandlers: {
        staged(event) {
          switch (event.type) {
            case 'service.status_changed':
              incidents.onStatusChanged(event);
              return;
            case 'sla.definition_changed':
              // A definition that starts to count a service already down opens (or extends) its incident now.
              incidents.onCoverageChanged(event.nowCounted, event.at, event.origin);
              return;
            case 'service.created':
              // Checked once the request that created it has done its part: a backup report creates the
              // service, then records the backup, and that backup counts. Still before this batch commits.
              queueMicrotask(() => {
                const service = fleet.services.get(event.service.id);
                if (service) backupWatch.check(service, event.at, event.origin);
              });
              return;
            case 'backup.recorded':
            case 'service.backup_policy_changed': {
              const service = fleet.services.get(event.service.id);
              if (service) backupWatch.check(service, event.at, event.origin);
              return;
            }
            case 'service.deleted':
              forgetService(sla, event.service.id, event.at, event.origin);
              return;
            default:
              return;
          }
        },
        committed: slaEventPublisher(realtime, (id) => fleet.services.get(id)?.nodePath),
      },
      start: () => backupWatch.start(),
      stop: () => backupWatch.stop(),
    };
  },
};

/** In the batch of a service's deletion: its automatic incident ends, its alerts resolve, assignments and targets naming it go. */
function forgetService(sla: SlaModel, serviceId: string, at: number, origin: Origin): void {
  sla.incidents.onServiceDeleted(serviceId, at, origin);
  sla.backupWatch.forget(serviceId, at, origin);
  sla.alerts.resolveWhere((a) => a.serviceId === serviceId, at, origin);
  for (const assignment of sla.catalog.assignmentsNaming({ serviceId })) {
    sla.catalog.removeAssignment(assignment.id);
    sla.eventLog.record({
      kind: 'UNASSIGNED',
      at,
      origin,
      actorId: null,
      subjects: { definitionId: assignment.definitionId, serviceId },
      data: { assignment: { id: assignment.id, definitionId: assignment.definitionId, serviceId, slaGroup: null }, serviceDeleted: true },
    });
  }
  for (const target of sla.catalog.targetsNamingService(serviceId)) {
    sla.catalog.removeTarget(target.id);
    sla.eventLog.record({
      kind: 'TARGET_DELETED',
      at,
      origin,
      actorId: null,
      subjects: { definitionId: target.definitionId, serviceId },
      data: {
        target: {
          id: target.id,
          definitionId: target.definitionId,
          scope: target.scope,
          scopeValue: target.scopeValue,
          targetPercent: target.targetPercent,
        },
        serviceDeleted: true,
      },
    });
  }
}
