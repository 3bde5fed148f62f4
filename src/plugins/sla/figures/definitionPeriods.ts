/**
 * `slaPeriodResults(slaDefinitionId, limit)`: a definition's periods, newest first: the current one
 * as of now, then the closed ones before it. Each has the figures of the definition's services
 * pooled (their measures added up, judged against the definition's target) and per service (judged
 * against the target that applies to it).
 *
 * Closed periods are computed once and stored (periodResultStore.ts); they are served from storage
 * until late data or a window change invalidates them (slaFiguresModule.ts), then computed again on
 * the next read. The current period and the missing closed ones are computed together: one timeline
 * load from the oldest missing period's start, one batch of (service x period) assignments.
 *
 * Environments (src/plugins/policy): for a viewer with a place gate, every period is computed from the
 * services they may see (pooled and per service) and nothing is stored: stored periods are the
 * whole fleet's. No gate: as before.
 */
import { visibleServices } from '../../../core/auth/placeGate.js';
import type { PlaceGate } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import { judgePeriod, type PeriodMeasure } from '../../../core/domain/periodArithmetic.js';
import { previousCalendarPeriod, type CalendarPeriod } from '../arithmetic/periods/calendarPeriods.js';
import { addMeasures, EMPTY_MEASURE } from '../arithmetic/trends/pooledMeasure.js';
import { runPeriodResults, type PeriodAssignment } from './figureBatches.js';
import { coveredServices, definitionPeriodAt, serviceTarget, zoneOf, type FigureDeps } from './figureDeps.js';
import type { StoredPeriod, StoredResult, StoredSubjectResult } from './periodResultStore.js';
import { loadTimeline } from './timelineLoader.js';

export const DEFAULT_PERIOD_LIMIT = 12;
export const MAX_PERIOD_LIMIT = 60;

export interface DefinitionPeriod {
  readonly periodKey: string;
  readonly periodStart: number;
  readonly periodEnd: number;
  /** The period has ended: its figures change only by late data or a window. */
  readonly final: boolean;
  /** When these figures were computed (the current period: now). */
  readonly computedAt: number;
  readonly targetValue: number;
  readonly result: StoredResult;
  readonly services: readonly StoredSubjectResult[];
}

export function periodLimit(limit: number | null | undefined): number {
  const value = limit ?? DEFAULT_PERIOD_LIMIT;
  if (!(Number.isInteger(value) && value >= 1 && value <= MAX_PERIOD_LIMIT)) {
    throw new AppError(ErrorCode.BadRequest, `limit must be a whole number of periods from 1 to ${MAX_PERIOD_LIMIT}, got ${value}`);
  }
  return value;
}

export function definitionOrThrow(deps: Pick<FigureDeps, 'catalog'>, id: string): SlaDefinition {
  const definition = deps.catalog.definition(id);
  if (!definition) throw new AppError(ErrorCode.NotFound, `SLA definition ${id} not found`);
  return definition;
}

export async function definitionPeriods(
  deps: FigureDeps,
  definitionId: string,
  limit: number,
  gate: PlaceGate | null = null,
): Promise<DefinitionPeriod[]> {
  const definition = definitionOrThrow(deps, definitionId);
  const now = deps.clock.now();
  const periods: CalendarPeriod[] = [definitionPeriodAt(definition, now)];
  while (periods.length < limit) periods.push(previousCalendarPeriod(periods[periods.length - 1]!, zoneOf(definition)));
  if (gate !== null) {
    const computed = await computePeriods(deps, definition, periods, now, gate);
    return periods.map((p) => computed.get(p.key)!);
  }
  const stored = await deps.store.read(
    definition.id,
    periods.slice(1).map((p) => p.key),
  );
  const missing = periods.filter((p, i) => i === 0 || !stored.has(p.key));
  const computed = await computePeriods(deps, definition, missing, now);
  return periods.map((p) => computed.get(p.key) ?? fromStored(stored.get(p.key)!));
}

/** Figures of `periods` as of `now`; the closed ones are stored (the whole fleet's only: without a gate). */
export async function computePeriods(
  deps: FigureDeps,
  definition: SlaDefinition,
  periods: readonly CalendarPeriod[],
  now: number,
  gate: PlaceGate | null = null,
): Promise<Map<string, DefinitionPeriod>> {
  const generation = deps.store.generation(definition.id);
  const out = await periodFigures(deps, definition, periods, now, gate);
  if (gate !== null) return out;
  let stagedAny = false;
  for (const period of out.values()) if (period.final) stagedAny = storePeriod(deps, definition, generation, period) || stagedAny;
  if (stagedAny) {
    // A read stores what it computed; a failed write only means the next read computes it again.
    await deps.writer.acknowledge().catch((error: unknown) =>
      deps.logger.warn('storing closed SLA period results failed; they are computed again when next read', {
        definitionId: definition.id,
        error,
      }),
    );
  }
  return out;
}

/**
 * Figures of `periods` as of `now`, stored nowhere: one timeline load from the oldest period's start,
 * one batch of (service x period) assignments on the worker pool, each period pooled on this thread.
 */
export async function periodFigures(
  deps: FigureDeps,
  definition: SlaDefinition,
  periods: readonly CalendarPeriod[],
  now: number,
  gate: PlaceGate | null = null,
): Promise<Map<string, DefinitionPeriod>> {
  const out = new Map<string, DefinitionPeriod>();
  if (periods.length === 0) return out;
  const services = gate === null ? coveredServices(deps, definition.id) : visibleServices(gate, coveredServices(deps, definition.id));
  const from = Math.min(...periods.map((p) => p.start));
  const loaded = await loadTimeline(
    deps.timelines,
    services.map((s) => s.id),
    { start: from, end: Math.max(from, now) },
  );
  const targets = services.map((s) => serviceTarget(deps, definition, s));
  const assignments: PeriodAssignment[] = [];
  for (const period of periods) {
    services.forEach((s, i) => {
      assignments.push({
        service: loaded.indexOf(s.id),
        targetPercent: targets[i]!,
        degradedIsDown: definition.degradedCountsAsDown,
        periodStart: period.start,
        periodEnd: period.end,
      });
    });
  }
  const figures = await runPeriodResults(deps.pool, loaded.timeline, now, assignments);
  periods.forEach((period, p) => {
    let pooled: PeriodMeasure = services.length === 0 ? emptyPeriodMeasure(period, now) : EMPTY_MEASURE;
    const perService: StoredSubjectResult[] = services.map((s, i) => {
      const { result, measure } = figures[p * services.length + i]!;
      pooled = addMeasures(pooled, measure);
      return { subjectType: 'service', subjectId: s.id, targetValue: targets[i]!, result: withoutCovered(result) };
    });
    const result = withoutCovered(judgePeriod(pooled, definition.targetPercent));
    out.set(period.key, {
      periodKey: period.key,
      periodStart: period.start,
      periodEnd: period.end,
      final: period.end <= now,
      computedAt: now,
      targetValue: definition.targetPercent,
      result,
      services: perService,
    });
  });
  return out;
}

/**
 * Stages a closed period's rows (the definition's and each service's) in the open batch; false when an
 * invalidation overtook the computation (`generation` taken before its timeline was loaded).
 */
export function storePeriod(
  deps: Pick<FigureDeps, 'store'>,
  definition: SlaDefinition,
  generation: number,
  period: DefinitionPeriod,
): boolean {
  const head: StoredSubjectResult = {
    subjectType: 'definition',
    subjectId: definition.id,
    targetValue: period.targetValue,
    result: period.result,
  };
  return deps.store.write(
    definition.id,
    generation,
    { periodKey: period.periodKey, periodStart: period.periodStart, periodEnd: period.periodEnd, computedAt: period.computedAt },
    [...period.services, head],
  );
}

/** A period with no service: nothing covered, NO_DATA, the period's own length. */
function emptyPeriodMeasure(period: CalendarPeriod, now: number): PeriodMeasure {
  return { ...EMPTY_MEASURE, periodMs: period.end - period.start, elapsedMs: Math.max(0, Math.min(now, period.end) - period.start) };
}

function withoutCovered(result: StoredResult & { coveredMinutes?: number }): StoredResult {
  const { coveredMinutes: _covered, ...rest } = result;
  return rest;
}

function fromStored(period: StoredPeriod): DefinitionPeriod {
  return {
    periodKey: period.periodKey,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    final: true,
    computedAt: period.computedAt,
    targetValue: period.definition.targetValue,
    result: period.definition.result,
    services: period.services,
  };
}
