/**
 * What the SLA figures read, and the rules shared by every figure: which services a definition
 * covers, the target that applies to each, a definition's calendar periods.
 */
import type { Fleet } from '../../../core/fleet/fleet.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import type { ServiceRecord } from '../../../core/domain/service.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { DefinitionCatalog } from '../definitions/definitionCatalog.js';
import { effectiveTarget, type SlaDefinition } from '../definitions/slaDefinition.js';
import type { GroupSettingsStore } from '../groups/groupSettings.js';
import { calendarPeriodAt, type CalendarPeriod, type CalendarPeriodType } from '../arithmetic/periods/calendarPeriods.js';
import type { FigurePool } from './figureBatches.js';
import type { PeriodResultStore } from './periodResultStore.js';
import type { TimelineSource } from './timelineLoader.js';

export interface FigureDeps {
  readonly catalog: DefinitionCatalog;
  readonly fleet: Pick<Fleet, 'services' | 'slaGroups'>;
  readonly groupSettings: Pick<GroupSettingsStore, 'overridesOf'>;
  readonly timelines: TimelineSource;
  readonly pool: FigurePool;
  /** Product time: "now" of every figure. */
  readonly clock: Clock;
  readonly writer: BatchWriter;
  readonly store: PeriodResultStore;
  readonly logger: Logger;
}

/** The services a definition covers now (assigned, or members of an assigned group), by id. */
export function coveredServices(deps: Pick<FigureDeps, 'catalog' | 'fleet'>, definitionId: string): ServiceRecord[] {
  const { services } = deps.fleet;
  return deps.catalog
    .coveredServiceIds(definitionId, (group) => services.inSlaGroup(group).map((s) => s.id))
    .map((id) => services.get(id))
    .filter((s): s is ServiceRecord => s !== undefined);
}

/** The target a service is measured against under a definition (service, group, tier, definition). */
export function serviceTarget(
  deps: Pick<FigureDeps, 'catalog' | 'fleet'>,
  definition: SlaDefinition,
  service: Pick<ServiceRecord, 'id' | 'slaGroup'>,
): number {
  const tier = service.slaGroup === null ? null : (deps.fleet.slaGroups.get(service.slaGroup)?.tier ?? null);
  return effectiveTarget(definition, deps.catalog.targetsOf(definition.id), { serviceId: service.id, groupName: service.slaGroup, tier });
}

export function periodTypeOf(definition: Pick<SlaDefinition, 'period'>): CalendarPeriodType {
  return definition.period.toLowerCase() as CalendarPeriodType;
}

export function zoneOf(definition: Pick<SlaDefinition, 'timeZone'>): string {
  return definition.timeZone ?? 'UTC';
}

/** The definition's period holding `at`. */
export function definitionPeriodAt(definition: SlaDefinition, at: number): CalendarPeriod {
  return calendarPeriodAt(periodTypeOf(definition), at, zoneOf(definition));
}
