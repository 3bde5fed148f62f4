/**
 * What one evaluation of a definition changes, staged in the open batch: in one piece when it is
 * small (alerts, their event log rows, the burn states and the status events commit together, or not
 * at all), in slices of {@link STAGE_SLICE} moves or burn steps with a turn of the event loop between
 * them when it is large (the start-up catch-up raises thousands of alerts; each slice commits with
 * the batch it lands in, in the same order, and a failed batch stops the rest):
 * - each status move raises or resolves the (definition, service) or (definition) BREACHED /
 *   AT_RISK alert (statusRules.ts `moveEffects`);
 * - the moves of one bucket give one `sla.status_changed` event per webhook name (slaStatusEvents.ts);
 * - each burn step stores its state and raises or resolves the FAST_BURN / SLOW_BURN alert.
 */
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { AlertKind } from '../alerts/alertRules.js';
import type { AlertStore } from '../alerts/alertStore.js';
import type { BurnSeverity } from '../arithmetic/burnRate.js';
import type { PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import type { BurnAlertStates } from './burnAlertStates.js';
import type { BurnStep, DefinitionEvaluation, StatusMove } from './definitionEvaluation.js';
import type { MovedService } from './slaStatusEvents.js';
import { moveEffects, statusAlertMessage, type SlaStatusWebhook } from './statusRules.js';

export interface EffectDeps {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly alerts: AlertStore;
  readonly burnStates: BurnAlertStates;
  /** Whether `sla.*` webhooks go out now (the plugin is active); statuses and alerts are kept either way. */
  readonly sendsWebhooks: () => boolean;
  /**
   * Cluster mode (docs/adr/0071): whether this instance owns the service's shard (null: the definition pooled, by the
   * definition's id). Only what it owns is staged here; every instance evaluates everything. @default everything
   */
  readonly owns?: (serviceId: string | null, definitionId: string) => boolean;
  /** Name, path and group of a service, when it still exists. */
  readonly serviceInfo: (id: string) => { readonly name: string; readonly path: string; readonly slaGroup: string | null } | undefined;
}

export const BURN_ALERT_KINDS: Readonly<Record<BurnSeverity, AlertKind>> = { fast: 'FAST_BURN', slow: 'SLOW_BURN' };

const round = (value: number | null, digits = 3) =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits;

/** Moves (or burn steps) staged per turn of the event loop. */
export const STAGE_SLICE = 100;

/** How a large evaluation is staged in slices. */
export interface StageSlices {
  /** Between two slices: lets the event loop go (and watches the batch staged so far). */
  pause(): Promise<void>;
  /** Whether to go on after a pause (false: the definition was deleted meanwhile, or a batch failed). */
  alive(): boolean;
}

/**
 * Stages the alerts and events of one evaluation of `evaluation` as of `asOf`: synchronously when it
 * has fewer than {@link STAGE_SLICE} moves and burn steps (or no `slices` is given), else in slices.
 */
export async function stageEvaluation(
  deps: EffectDeps,
  evaluation: DefinitionEvaluation,
  moves: readonly StatusMove[],
  burn: readonly BurnStep[],
  asOf: number,
  at: number,
  origin: Origin,
  slices?: StageSlices,
): Promise<void> {
  const { definition, period } = evaluation;
  const pooled = moves.find((m) => m.serviceId === null);
  const byWebhook = new Map<SlaStatusWebhook, MovedService[]>();
  let staged = 0;
  for (const move of moves) {
    if (slices && ++staged % STAGE_SLICE === 0) {
      await slices.pause();
      if (!slices.alive()) return;
    }
    const effects = moveEffects(move.previous, move.status);
    if (!effects) continue;
    // The service's name and place only for what shows them (an alert raised, a webhook): a definition's first
    // evaluation resolves for every covered service, and reading each one's record was a fifth of that tick.
    const info =
      move.serviceId === null || (effects.raise === null && effects.webhook === null) ? undefined : deps.serviceInfo(move.serviceId);
    const condition = (kind: AlertKind) => ({ kind, definitionId: definition.id, serviceId: move.serviceId });
    for (const kind of effects.resolve) deps.alerts.resolve(condition(kind), at, origin);
    if (effects.raise !== null) {
      const subject =
        move.serviceId === null
          ? `SLA "${definition.name}" (all its services)`
          : `${info?.name ?? move.serviceId} under SLA "${definition.name}"`;
      deps.alerts.raise(
        condition(effects.raise),
        {
          groupName: info?.slaGroup ?? null,
          message: statusAlertMessage(
            subject,
            effects.raise === 'BREACHED' ? 'BREACHED' : 'AT_RISK',
            move.targetPercent,
            period.key,
            move.result,
          ),
          details: {
            periodKey: period.key,
            asOf: new Date(asOf).toISOString(),
            targetPercent: move.targetPercent,
            actualValue: move.result.actualValue,
            coveragePercent: move.result.coveragePercent,
            errorBudgetMinutes: move.result.errorBudgetMinutes,
            errorBudgetRemainingMinutes: move.result.errorBudgetRemainingMinutes,
            burnRate: round(move.result.burnRate, 6),
            downtimeMinutes: move.result.downtimeMinutes,
          },
        },
        at,
        origin,
      );
    }
    if (effects.webhook !== null && move.serviceId !== null) {
      const list = byWebhook.get(effects.webhook) ?? [];
      list.push({
        id: move.serviceId,
        name: info?.name ?? null,
        path: info?.path ?? null,
        previousStatus: move.previous,
        targetPercent: move.targetPercent,
        result: move.result,
      });
      byWebhook.set(effects.webhook, list);
    }
  }
  const pooledWebhook = pooled ? (moveEffects(pooled.previous, pooled.status)?.webhook ?? null) : null;
  if (pooledWebhook !== null && !byWebhook.has(pooledWebhook)) byWebhook.set(pooledWebhook, []);
  if (!deps.sendsWebhooks()) byWebhook.clear();
  for (const [webhook, services] of byWebhook) {
    const status: PeriodStatus = webhook === 'sla.breached' ? 'BREACHED' : webhook === 'sla.at_risk' ? 'AT_RISK' : 'MET';
    const changed = pooledWebhook === webhook;
    emitOnCommit(deps.writer, deps.bus, {
      type: 'sla.status_changed',
      webhook,
      status,
      definition: {
        id: definition.id,
        name: definition.name,
        targetPercent: definition.targetPercent,
        period: definition.period,
        timeZone: definition.timeZone,
      },
      period,
      asOf,
      definitionStatus: { previousStatus: changed ? pooled!.previous : evaluation.pooledStatus, changed, result: evaluation.pooledResult! },
      services,
      at,
      origin,
    });
  }
  for (const step of burn) {
    if (slices && ++staged % STAGE_SLICE === 0) {
      await slices.pause();
      if (!slices.alive()) return;
    }
    deps.burnStates.put(definition.id, step.serviceId, step.severity, step.state);
    if (step.change === null) continue;
    const kind = BURN_ALERT_KINDS[step.severity];
    const condition = { kind, definitionId: definition.id, serviceId: step.serviceId };
    if (step.change === 'resolved') {
      deps.alerts.resolve(condition, at, origin);
      continue;
    }
    const rule = evaluation.policy[step.severity];
    const info = deps.serviceInfo(step.serviceId);
    const rate = (value: number | undefined) => (value === undefined ? '?' : Number.isFinite(value) ? `${round(value, 1)}x` : 'unbounded');
    deps.alerts.raise(
      condition,
      {
        groupName: info?.slaGroup ?? null,
        message:
          `${info?.name ?? step.serviceId} is burning the error budget of SLA "${definition.name}" ${step.severity === 'fast' ? 'fast' : 'steadily'}: ` +
          `${rate(step.evaluation?.long)} over ${rule.longMs / 60_000} min and ${rate(step.evaluation?.short)} over ${rule.shortMs / 60_000} min (threshold ${rule.threshold}x)`,
        details: {
          severity: step.severity,
          threshold: rule.threshold,
          longWindowMinutes: rule.longMs / 60_000,
          shortWindowMinutes: rule.shortMs / 60_000,
          longBurnRate: round(step.evaluation?.long ?? null, 6),
          shortBurnRate: round(step.evaluation?.short ?? null, 6),
          asOf: new Date(asOf).toISOString(),
        },
      },
      at,
      origin,
    );
  }
}

/** Staged: a definition's status and burn alerts of services it no longer covers resolve, their burn states go. */
/** Whether a definition covers a service (its evaluation answers; no set of a quarter of a million ids copied to ask). */
export type Covered = Pick<ReadonlySet<string>, 'has'>;

export function stageUncovered(deps: EffectDeps, definitionId: string, covered: Covered, at: number, origin: Origin): void {
  const kinds = new Set<AlertKind>(['BREACHED', 'AT_RISK', 'FAST_BURN', 'SLOW_BURN']);
  const owns = deps.owns ?? (() => true);
  deps.alerts.resolveWhere(
    (a) =>
      a.definitionId === definitionId &&
      a.serviceId !== null &&
      kinds.has(a.kind) &&
      !covered.has(a.serviceId) &&
      owns(a.serviceId, definitionId),
    at,
    origin,
  );
  deps.burnStates.dropUncovered(definitionId, (id) => covered.has(id) || !owns(id, definitionId));
}
