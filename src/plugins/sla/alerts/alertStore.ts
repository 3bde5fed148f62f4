/**
 * SLA alerts: raised and resolved by the product (the backup watch; the computed status and burn
 * rates), acknowledged by people. At most one active (not resolved) alert per condition
 * (alertRules.ts `conditionKey`): raising a condition that is already active answers the active
 * alert, so a condition that holds at every evaluation never opens twice, and resolving one that is
 * not active does nothing.
 *
 * `raise` and `resolve` stage their rows, the event log entry and the `sla.alert` event in the open
 * batch: call them inside a command (commitChange) or a staged bus handler, so they commit with the
 * change that caused them. Active alerts are held in memory (StagedMemory); resolved ones are history
 * in the database.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { SharedRows } from '../../../platform/modules/sharedState.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { SlaEventLog } from '../eventLog/slaEventLog.js';
import { isUuid } from '../slaIds.js';
import { alertData } from '../slaEvents.js';
import { StagedMemory } from '../stagedMemory.js';
import { slaAlertsTable } from '../slaTables.js';
import { conditionKey, type AlertCondition, type SlaAlert } from './alertRules.js';
import { alertToRow, countAlerts, readAlert, readAlerts, rowToAlert, type AlertFilter } from './alertRows.js';

export interface AlertStoreDeps {
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly bus: EventBus;
  readonly clock: Pick<Clock, 'now'>;
  readonly newId: () => string;
  readonly log: SlaEventLog;
  /**
   * Cluster mode: applies what other instances committed (docs/adr/0068), before an acknowledgement gives up on an
   * alert the database holds active that memory does not hold yet. @default none (one process)
   */
  readonly catchUp?: () => Promise<void>;
}

/** What an alert says, beside the condition that keys it. */
export interface AlertInfo {
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>> | null;
  /** The group the subject belongs to, when the condition does not name one (a member's backup): for filters. */
  readonly groupName?: string | null;
}

export class AlertStore {
  /** Active alerts by condition key. */
  private readonly active: StagedMemory<SlaAlert>;

  constructor(private readonly deps: AlertStoreDeps) {
    this.active = new StagedMemory(deps.writer, slaAlertsTable);
  }

  load(alert: SlaAlert): void {
    this.active.load(alert.conditionKey, alert);
  }

  /**
   * Cluster mode (docs/adr/0071): the active alerts of the services `taken` selects, as committed (`active`, read
   * from the database), replace what memory held for them: their previous owner raised and resolved them.
   */
  /**
   * Cluster mode (docs/adr/0068): the alerts other instances commit (raised and resolved by the owner of their
   * subject, acknowledged by people through any instance) reach this memory, so an alert raised through one instance
   * is acknowledged through another, and a shard's new owner resolves what its previous owner raised.
   */
  sharedRows(): SharedRows {
    return {
      table: slaAlertsTable.name,
      apply: (row) => {
        const alert = rowToAlert(row);
        if (alert.resolvedAt === null) this.active.adopt(alert.conditionKey, alert);
        // Resolved: lets go of it, not of an alert raised for the condition since.
        else this.active.adopt(alert.conditionKey, undefined, (held) => held?.id === alert.id);
      },
      remove: (key) => {
        const id = String(key['id']);
        const held = [...this.active.values()].find((alert) => alert.id === id);
        if (held) this.active.adopt(held.conditionKey, undefined, (committed) => committed?.id === id);
      },
    };
  }

  reloadActive(active: readonly SlaAlert[], taken: (alert: SlaAlert) => boolean): void {
    this.active.reload(
      active.filter(taken).map((alert) => [alert.conditionKey, alert] as const),
      taken,
    );
  }

  /** The active alert of a condition, if any. */
  activeFor(condition: AlertCondition): SlaAlert | undefined {
    return this.active.get(conditionKey(condition));
  }

  activeAlerts(): SlaAlert[] {
    return [...this.active.values()];
  }

  /** Staged: raises the condition's alert unless one is active (then answers that one). */
  raise(condition: AlertCondition, info: AlertInfo, at: number, origin: Origin): SlaAlert {
    const key = conditionKey(condition);
    const existing = this.active.get(key);
    if (existing) return existing;
    const alert: SlaAlert = {
      id: this.deps.newId(),
      kind: condition.kind,
      conditionKey: key,
      definitionId: condition.definitionId ?? null,
      serviceId: condition.serviceId ?? null,
      groupName: condition.groupName ?? info.groupName ?? null,
      message: info.message,
      details: info.details ?? null,
      raisedAt: at,
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
    };
    this.write(alert, 'raised', at, origin, null);
    return alert;
  }

  /** Staged: resolves the condition's active alert; undefined when none was active. */
  resolve(condition: AlertCondition, at: number, origin: Origin, actorId: string | null = null): SlaAlert | undefined {
    const active = this.active.get(conditionKey(condition));
    return active ? this.resolveActive(active, at, origin, actorId) : undefined;
  }

  private resolveActive(active: SlaAlert, at: number, origin: Origin, actorId: string | null): SlaAlert {
    const resolved: SlaAlert = { ...active, resolvedAt: at };
    this.write(resolved, 'resolved', at, origin, actorId);
    return resolved;
  }

  /** Staged: resolves every active alert `matches` picks (a deleted definition's, a deleted service's). */
  resolveWhere(matches: (alert: SlaAlert) => boolean, at: number, origin: Origin, actorId: string | null = null): number {
    const picked = [...this.active.values()].filter(matches);
    for (const alert of picked) this.resolveActive(alert, at, origin, actorId);
    return picked.length;
  }

  /**
   * A person has seen the alert: OPEN becomes ACKNOWLEDGED (it stays active until its condition
   * ends). Acknowledging an acknowledged alert answers it as it is; a resolved one is a CONFLICT
   * (there is nothing left to acknowledge).
   */
  acknowledge(viewer: Viewer, id: string): Promise<SlaAlert> {
    return this.acknowledgeActive(viewer, id, false);
  }

  private async acknowledgeActive(viewer: Viewer, id: string, caughtUp: boolean): Promise<SlaAlert> {
    const key = isUuid(id) ? id.toLowerCase() : null;
    const acknowledged = await commitChange(this.deps, (at) => {
      const active = key === null ? undefined : [...this.active.values()].find((a) => a.id === key);
      if (!active) return undefined;
      if (active.acknowledgedAt !== null) return active;
      const next: SlaAlert = { ...active, acknowledgedAt: at, acknowledgedBy: viewer.userId };
      this.write(next, 'acknowledged', at, 'api', viewer.userId);
      return next;
    });
    if (acknowledged) return acknowledged;
    const stored = key === null ? null : await readAlert(this.deps.knex, key);
    if (stored === null) throw new AppError(ErrorCode.NotFound, `no SLA alert with id ${id}`);
    // Cluster mode: raised through another instance a moment ago, not applied here yet.
    if (stored.resolvedAt === null && this.deps.catchUp && !caughtUp) {
      await this.deps.catchUp();
      return this.acknowledgeActive(viewer, id, true);
    }
    if (stored.resolvedAt === null) throw new AppError(ErrorCode.Conflict, `SLA alert ${id} is changing under way; retry`);
    throw new AppError(
      ErrorCode.Conflict,
      `SLA alert ${id} was resolved at ${new Date(stored.resolvedAt!).toISOString()}; only an active alert can be acknowledged`,
    );
  }

  async list(filter: AlertFilter, page: Page): Promise<SlaAlert[]> {
    await this.deps.writer.settled();
    return readAlerts(this.deps.knex, filter, page);
  }

  async count(filter: AlertFilter): Promise<number> {
    await this.deps.writer.settled();
    return countAlerts(this.deps.knex, filter);
  }

  async get(id: string): Promise<SlaAlert | null> {
    if (!isUuid(id)) return null;
    await this.deps.writer.settled();
    return readAlert(this.deps.knex, id.toLowerCase());
  }

  private write(alert: SlaAlert, change: 'raised' | 'acknowledged' | 'resolved', at: number, origin: Origin, actorId: string | null): void {
    this.active.write(alert.conditionKey, alert.resolvedAt === null ? alert : undefined, alertToRow(alert));
    this.deps.log.record({
      kind: change === 'raised' ? 'ALERT_RAISED' : change === 'acknowledged' ? 'ALERT_ACKNOWLEDGED' : 'ALERT_RESOLVED',
      at,
      origin,
      actorId,
      subjects: { definitionId: alert.definitionId, serviceId: alert.serviceId, groupName: alert.groupName, alertId: alert.id },
      data: { alert: alertData(alert) },
    });
    emitOnCommit(this.deps.writer, this.deps.bus, { type: 'sla.alert', change, alert, at, origin });
  }
}
